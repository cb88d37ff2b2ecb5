import 'fake-indexeddb/auto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { loadOnnxNodeRuntime } from '../../../src/cli/onnx-node-runtime.ts';
import { AppState } from '../../../src/ui/app/app-state.svelte.ts';
import { validateStaged } from '../../../src/workers/import/import-files.ts';
import { typoJudges } from '../../../src/ui/judge-check/typo-judges.ts';
import { inThreadRunner } from '../../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../../src/workers/run-environment.ts';
import { freshRepo, sampleStaged } from '../../db/helpers.ts';

const DEFAULT_MODEL = path.resolve(fileURLToPath(new URL('../../../models/default/', import.meta.url)));

const env = createRunEnvironment({
  segmenter: async () => createNodeJiebaSegmenter(),
  loadModel: async () => {
    const runtime = await loadOnnxNodeRuntime(DEFAULT_MODEL, { threads: 1 });
    return { runtime, name: runtime.info.name, pooling: runtime.info.pooling };
  },
});

describe('typoJudges', () => {
  test('each model with the spelling check and without, at the threshold a run would take', () => {
    const judges = typoJudges([
      { id: 'site:default', name: 'lexical', manifest: { threshold: 0.6, spellingCheckThreshold: 0.55 } },
      { id: 'dropped-1', name: 'bge', manifest: { threshold: 0.8 }, calibrated: 0.75 },
      { id: 'dropped-2', name: 'no threshold', manifest: undefined },
    ]);
    expect(judges.map((j) => [j.key, j.judge.threshold, j.judge.thresholdFrom])).toEqual([
      ['site:default|true', 0.55, 'manifest'],
      ['site:default|false', 0.6, 'manifest'],
      ['dropped-1|true', 0.75, 'calibration'],
      ['dropped-1|false', 0.75, 'calibration'],
    ]);
    expect(judges[0]!.judge.spec).toEqual({ kind: 'model', model: 'site:default', spelling: true });
  });
});

describe("the judge check's typo acceptance", () => {
  test("puts the sample's own errors back and counts what each judge accepts", async () => {
    const app = new AppState(freshRepo(), inThreadRunner(env), undefined);
    await app.load();
    expect(await app.importBundle(validateStaged(sampleStaged()).bundle!)).toBe(true);
    // The exact judge accepts nothing but R itself: no misspelling at all.
    const exact = await app.typoCheck({ spec: { kind: 'exact' } });
    expect(exact.judge).toBe('exact');
    expect(exact.rowsWithErrors).toBeGreaterThan(0);
    expect(exact.acceptance.word.pairs).toBeGreaterThan(0);
    expect(exact.acceptance.word.accepted).toBe(0);
    // The default model with the spelling check, at threshold −1: only what the check lets through is accepted.
    const checked = await app.typoCheck({ spec: { kind: 'model', model: 'site:default', spelling: true }, threshold: -1, thresholdFrom: 'user' });
    expect(checked.judge).toMatch(/^spelling-check-1\+embedding:/);
    expect(checked.acceptance.word.pairs).toBe(exact.acceptance.word.pairs);
    const plain = await app.typoCheck({ spec: { kind: 'model', model: 'site:default', spelling: false }, threshold: -1, thresholdFrom: 'user' });
    expect(plain.acceptance.word.accepted).toBe(plain.acceptance.word.pairs);
    expect(checked.acceptance.word.accepted).toBeLessThan(plain.acceptance.word.accepted);
  }, 60_000);
});
