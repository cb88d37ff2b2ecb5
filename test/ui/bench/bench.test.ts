import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { SiteDatasetError, type SiteDataset } from '../../../src/platform/site-datasets.ts';
import type { SiteModel } from '../../../src/platform/site-models.ts';
import { sampleDataset } from '../../../src/platform/vite/site-datasets.ts';
import { benchLink, parseBenchLink } from '../../../src/ui/bench/bench-link.ts';
import { benchRunJudge, NoDefaultModelError, scoreBenchmark } from '../../../src/ui/bench/bench-run.ts';
import { BenchState } from '../../../src/ui/bench/bench-state.svelte.ts';
import { textLang } from '../../../src/ui/bench/text-lang.ts';
import { ImportStaging } from '../../../src/ui/import/staging.svelte.ts';
import { en } from '../../../src/ui/shared/i18n/en.ts';
import { freshRepo } from '../../db/helpers.ts';

const sample = sampleDataset();
const site: SiteDataset = { name: sample.manifest.name, url: 'https://host/app/datasets/sample-teaching-set/', manifest: sample.manifest };
const siteFiles = () => sample.manifest.files.map((f) => ({ path: f.path, bytes: sample.files.get(f.path)!.slice() }));
const enc = new TextEncoder();

describe('the link to a benchmark', () => {
  it('reads #bench=NAME and an optional metric, and writes them back', () => {
    expect(parseBenchLink('#bench=sighan15&metric=cherrant.cs.F0.5')).toEqual({ bench: 'sighan15', metric: 'cherrant.cs.F0.5' });
    expect(parseBenchLink('#bench=x')).toEqual({ bench: 'x', metric: null });
    expect(parseBenchLink('#other=1')).toBeNull();
    expect(parseBenchLink('')).toBeNull();
    const link = benchLink('a.b', 'levenshtein.sentence correction f1');
    expect(link).toBe('#bench=a.b&metric=levenshtein.sentence%20correction%20f1');
    expect(parseBenchLink(link)).toEqual({ bench: 'a.b', metric: 'levenshtein.sentence correction f1' });
  });

  it('marks a publisher’s text Chinese when it has Han characters', () => {
    expect(textLang('王 et al. (2024)，中文拼写纠错')).toBe('zh');
    expect(textLang('CC BY 4.0')).toBe('en');
  });
});

describe('the benchmarks the page offers', () => {
  it('keeps one request until the import panel takes it, with the link’s metric', () => {
    const bench = new BenchState(async () => [site], async () => siteFiles());
    bench.request('sample-teaching-set', 'gcsc.C_C_f1');
    expect(bench.metricFor('sample-teaching-set')).toBe('gcsc.C_C_f1');
    expect(bench.metricFor('another')).toBeNull();
    expect(bench.take()).toBe('sample-teaching-set');
    expect(bench.take()).toBeNull();
  });

  it('gives the checked files, or a refusal that names the file', async () => {
    const good = new BenchState(async () => [site], async () => siteFiles());
    const loaded = await good.files('sample-teaching-set');
    expect('files' in loaded && loaded.files.map((f) => f.path)).toEqual(sample.manifest.files.map((f) => f.path));
    expect(await good.files('nope')).toEqual({ kind: 'unknown', file: 'nope', detail: '' });
    const tampered = new BenchState(
      async () => [site],
      async () => {
        throw new SiteDatasetError('hash', 'sample-teaching-set/systems/llm-like.tsv', 'sha-256 x where its manifest says y');
      },
    );
    expect(await tampered.files('sample-teaching-set')).toEqual({ kind: 'hash', file: 'sample-teaching-set/systems/llm-like.tsv', detail: 'datasets/sample-teaching-set/systems/llm-like.tsv: sha-256 x where its manifest says y' });
    const broken = new BenchState(async () => {
      throw new SiteDatasetError('index', 'index.json', 'not JSON');
    });
    await broken.refresh();
    expect(broken.listError).toMatchObject({ kind: 'index', file: 'index.json' });
    expect(await broken.files('sample-teaching-set')).toMatchObject({ kind: 'index' });
  });
});

describe('staging a benchmark', () => {
  it('stages its files with the manifest’s roles and names; the visitor adds predictions; the import carries the manifest', async () => {
    const repo = freshRepo();
    const s = new ImportStaging(undefined, () => repo.db.name);
    await s.stageBench({ name: site.name, bench: site.manifest }, siteFiles());
    expect(s.files.map((f) => [f.path, f.role, f.systemName])).toEqual([
      ['sample-teaching-set/sample-teaching-set.tsv', 'test', ''],
      ['sample-teaching-set/systems/bert-like.tsv', 'predictions', 'bert-like'],
      ['sample-teaching-set/systems/llm-like.tsv', 'predictions', 'llm-like'],
    ]);
    expect(s.locked.size).toBe(3);
    const mine = new TextDecoder().decode(sample.files.get('systems/bert-like.tsv')).replace('高兴', '高心');
    expect(await s.add([{ path: 'mine.tsv', bytes: enc.encode(mine) }])).toBe(1);
    await s.settled();
    expect(s.result?.ok).toBe(true);
    expect(s.result?.systemCount).toBe(3);
    expect(s.locked.size).toBe(3); // the visitor's file is theirs to change
    const outcome = await s.importValidated();
    expect(outcome).toMatchObject({ systems: 3, name: 'sample-teaching-set' });
    const [dataset] = await repo.listDatasets();
    expect(dataset).toMatchObject({ name: 'sample-teaching-set', file: 'sample-teaching-set.tsv', fingerprint: site.manifest.fingerprint });
    expect(dataset!.bench).toEqual(site.manifest);
    expect(dataset!.sample).toBeUndefined();
    expect((await repo.listSystems()).map((x) => x.name).sort()).toEqual(['bert-like', 'llm-like', 'mine']);
    s.clear();
    expect(s.bench).toBeNull();
    expect(s.locked.size).toBe(0);
  });
});

const model = (name: string, isDefault: boolean): SiteModel =>
  ({ name, default: isDefault, url: `https://host/models/${name}/`, bytes: 1, manifest: { name: 'csc-studio-lexical-zh', threshold: 0.8, spellingCheckThreshold: 0.7, files: [] } }) as unknown as SiteModel;

describe('scoring a benchmark', () => {
  it('judges as the manifest says: exact, none, or the site’s default model at its manifest threshold with the spelling check', () => {
    expect(benchRunJudge('exact', [])).toEqual({ spec: { kind: 'exact' } });
    expect(benchRunJudge(null, [])).toBeNull();
    expect(benchRunJudge('model:default', [model('other', false), model('default', true)])).toEqual({
      spec: { kind: 'model', model: 'site:default', spelling: true },
      threshold: 0.7,
      thresholdFrom: 'manifest',
      modelName: 'csc-studio-lexical-zh',
    });
    expect(() => benchRunJudge('model:default', [model('other', false)])).toThrow(NoDefaultModelError);
  });

  it('runs every system of the dataset, then opens the leaderboard; a judge the site lacks is said, not replaced', async () => {
    const app = {
      datasetSystems: [{ id: 'a' }, { id: 'b' }] as never,
      startRun: vi.fn(async () => ({ status: 'done' }) as never),
      go: vi.fn(),
    };
    expect(await scoreBenchmark(app, 'exact', async () => [])).toBeNull();
    expect(app.startRun).toHaveBeenCalledWith(['a', 'b'], { spec: { kind: 'exact' } });
    expect(app.go).toHaveBeenCalledWith('leaderboard', { focus: true });
    app.startRun.mockClear();
    expect(await scoreBenchmark(app, 'model:default', async () => [])).toBe(en.bench.noDefaultModel);
    expect(app.startRun).not.toHaveBeenCalled();
  });
});

