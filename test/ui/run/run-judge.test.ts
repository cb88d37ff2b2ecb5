import { describe, expect, it, test } from 'vitest';
import { JudgeSpecError } from '../../../src/core/judge-spec.ts';
import { NO_NORMALIZATION, NormalizationOptionError } from '../../../src/core/normalize/options.ts';
import { bytesToLoad, EMPTY_OPTIONS, graphKinds, normalizationFrom, runJudgeFor, siteModelLabel, siteModelLoadable, siteModelRefusal } from '../../../src/ui/run/run-judge.ts';
import { modelOfflineStatus } from '../../../src/platform/offline.ts';
import { MODEL_CACHE_NAME, modelFileUrls, siteModelUsableNow } from '../../../src/platform/offline.ts';
import type { SiteModel } from '../../../src/platform/site-models.ts';
import type { ModelManifest } from '../../../src/core/embed/types.ts';

const model = { kind: 'model' as const, model: 'site:default', name: 'default', userThreshold: null, calibratedThreshold: null, manifestThreshold: null, spelling: false };

describe("the Run tab's judge", () => {
  test('a model threshold: typed by the user > the calibration > the manifest, and where it came from', () => {
    expect(runJudgeFor({ ...model, userThreshold: 0.7, calibratedThreshold: 0.8, manifestThreshold: 0.9 })).toEqual({
      spec: { kind: 'model', model: 'site:default', threshold: 0.7, spelling: false },
      threshold: 0.7,
      thresholdFrom: 'user',
      modelName: 'default',
    });
    expect(runJudgeFor({ ...model, calibratedThreshold: 0.8, manifestThreshold: 0.9 })).toMatchObject({ spec: { kind: 'model', model: 'site:default' }, threshold: 0.8, thresholdFrom: 'calibration' });
    expect(runJudgeFor({ ...model, manifestThreshold: 0.9 })).toMatchObject({ threshold: 0.9, thresholdFrom: 'manifest' });
    // The spec keeps only what the user gave: a resumed run re-resolves nothing, it reads threshold and source.
    expect(runJudgeFor({ ...model, manifestThreshold: 0.9 }).spec).toEqual({ kind: 'model', model: 'site:default', spelling: false });
  });

  test('the spelling check is recorded in the spec, on or off', () => {
    expect(runJudgeFor({ ...model, manifestThreshold: 0.55, spelling: true })).toMatchObject({ spec: { kind: 'model', model: 'site:default', spelling: true }, threshold: 0.55 });
  });

  test('no threshold anywhere, or one outside [-1, 1], is refused with the judge named', () => {
    expect(() => runJudgeFor(model)).toThrow(JudgeSpecError);
    expect(() => runJudgeFor(model)).toThrow(/model:site:default.*give a threshold/);
    expect(() => runJudgeFor({ ...model, userThreshold: 1.5 })).toThrow(/threshold "1.5": give a number in \[-1, 1\]/);
  });

  test('exact and labels judges carry no threshold; labels are stored with the run under their file name', () => {
    expect(runJudgeFor({ kind: 'exact' })).toEqual({ spec: { kind: 'exact' } });
    const labels = [{ id: 's1', system: 'A', start: 0, end: 1, reference: '的', prediction: '地', correct: true }];
    expect(runJudgeFor({ kind: 'labels', labels, name: 'set-labels-majority.csv' })).toEqual({ spec: { kind: 'labels', source: 'set-labels-majority.csv' }, labels });
  });
});

describe("the Run tab's options", () => {
  test('an untouched form is no normalisation; fields map to simple-csc options', () => {
    expect(normalizationFrom(EMPTY_OPTIONS)).toEqual(NO_NORMALIZATION);
    expect(normalizationFrom({ ...EMPTY_OPTIONS, toHalfwidth: true, ignoreChars: '，。', maxLength: ' 128 ', ignoreUnmatchLength: true })).toEqual({
      ...NO_NORMALIZATION,
      toHalfwidth: true,
      ignoreChars: '，。',
      maxLength: 128,
      ignoreUnmatchLength: true,
    });
  });

  test('a max length that is not a whole number is refused, not rounded', () => {
    expect(() => normalizationFrom({ ...EMPTY_OPTIONS, maxLength: '12.5' })).toThrow(NormalizationOptionError);
    expect(() => normalizationFrom({ ...EMPTY_OPTIONS, maxLength: 'abc' })).toThrow(/whole number/);
  });
});

describe('starting a run with a site model while offline', () => {
  const manifest = { name: 'csc-studio-lexical-zh', files: [{ path: 'vectors.bin', sha256: 'c'.repeat(64), size: 16 }] } as unknown as ModelManifest;
  const site: SiteModel = { name: 'default', url: 'https://host/app/models/default/', default: true, bytes: 16, manifest };
  /** A CacheStorage holding the given URLs in the model cache. */
  const caches = (urls: string[]) =>
    ({ open: async (name: string) => ({ match: async (u: string) => (name === MODEL_CACHE_NAME && urls.includes(u) ? new Response('x') : undefined) }) }) as unknown as CacheStorage;
  const usable = (online: boolean, storage: CacheStorage) => (m: SiteModel) => siteModelUsableNow(m, online, storage);

  test('offline and not cached: refused, naming the model (no other judge is tried)', async () => {
    expect(await siteModelRefusal('site:default', [site], usable(false, caches([])))).toBe('csc-studio-lexical-zh');
    // One file of two cached is not enough.
    expect(await siteModelRefusal('site:default', [site], usable(false, caches([modelFileUrls(site)[0]!.url])))).toBe('csc-studio-lexical-zh');
  });

  test('online, or offline with every file cached: the run may start', async () => {
    expect(await siteModelRefusal('site:default', [site], usable(true, caches([])))).toBeNull();
    expect(await siteModelRefusal('site:default', [site], usable(false, caches(modelFileUrls(site).map((f) => f.url))))).toBeNull();
  });

  test('other judges are not site models; a site model the page no longer lists is refused by name', async () => {
    const never = async () => expect.unreachable('not a site model');
    expect(await siteModelRefusal('exact', [site], never)).toBeNull();
    expect(await siteModelRefusal('labels', [site], never)).toBeNull();
    expect(await siteModelRefusal('dropped-1', [site], never)).toBeNull();
    expect(await siteModelRefusal('site:gone', [site], never)).toBe('gone');
  });

  test('"online" with files missing: one missing file is asked for first; no answer refuses', async () => {
    const none = caches([]);
    const asked: string[] = [];
    const checks = (online: boolean, answers: boolean, storage = none) => ({
      usableNow: (m: SiteModel) => siteModelUsableNow(m, online, storage),
      status: (m: SiteModel) => modelOfflineStatus(m, storage),
      probe: async (url: string) => (asked.push(url), answers),
    });
    // navigator.onLine says online but the site is gone (the page was served from the offline copy).
    expect(await siteModelLoadable(site, checks(true, false))).toBe(false);
    expect(asked).toEqual([modelFileUrls(site)[0]!.url]);
    expect(await siteModelLoadable(site, checks(true, true))).toBe(true);
    // Offline and not cached: refused without asking; every file cached: loadable without asking.
    asked.length = 0;
    expect(await siteModelLoadable(site, checks(false, true))).toBe(false);
    expect(await siteModelLoadable(site, checks(false, false, caches(modelFileUrls(site).map((f) => f.url))))).toBe(true);
    expect(asked).toEqual([]);
    expect(await siteModelRefusal('site:default', [site], (m) => siteModelLoadable(m, checks(true, false)))).toBe('csc-studio-lexical-zh');
  });
});


describe('site models in the judge list', () => {
  const files = [
    { path: 'tokenizer.json', size: 10 },
    { path: 'onnx/model.onnx', size: 1000 },
    { path: 'onnx/model_quantized.onnx', size: 300 },
    { path: 'onnx/model_int8_embeddings.onnx', size: 100 },
  ];
  it('counts the bytes a run loads: the files and the one graph it uses (int8 when there is one)', () => {
    expect(bytesToLoad(files)).toBe(310);
    expect(bytesToLoad(files.filter((f) => f.path !== 'onnx/model_quantized.onnx'))).toBe(1010);
  });

  it('names two models of the same name by their folders too', () => {
    const a = { name: 'bench/bge-small-a', manifest: { name: 'bge-small-shape' } };
    const b = { name: 'bench/bge-small-b', manifest: { name: 'bge-small-shape' } };
    const c = { name: 'default', manifest: { name: 'lexical' } };
    expect(siteModelLabel(a, [a, b, c])).toBe('bge-small-shape (bench/bge-small-a)');
    expect(siteModelLabel(c, [a, b, c])).toBe('lexical');
  });

  it('records the graph the user chose with the run judge', () => {
    expect(runJudgeFor({ ...model, manifestThreshold: 0.9, graph: 'fp32' }).graph).toBe('fp32');
    expect('graph' in runJudgeFor({ ...model, manifestThreshold: 0.9 })).toBe(false);
  });

  it('lists a model\'s graph kinds, int8 first', () => {
    expect(graphKinds(files.map((f) => f.path))).toEqual(['int8', 'fp32']);
    expect(graphKinds(['onnx/model.onnx'])).toEqual(['fp32']);
    expect(graphKinds(['onnx/model_int8.onnx'])).toEqual(['int8']);
  });
});
