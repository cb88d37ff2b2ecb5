import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { AppState } from '../../../src/ui/app/app-state.svelte.ts';
import { validateStaged } from '../../../src/workers/import/import-files.ts';
import { generatedBundle, runGenerator, uniqueName } from '../../../src/ui/import/generate-form.ts';
import { checkName, renameSystemInRun } from '../../../src/ui/workspace/rename.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { inThreadRunner } from '../../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../../src/workers/run-environment.ts';
import { datasetFingerprint, readTestSet } from '../../../src/core/io/index.ts';
import { formatRows } from '../../../src/core/generate/index.ts';
import type { RunRecord } from '../../../src/db/types.ts';
import { freshRepo, sampleStaged } from '../../db/helpers.ts';

const platform = inThreadRunner(createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() }));
const storage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

async function appWithRun(): Promise<AppState> {
  const app = new AppState(freshRepo(), platform, storage());
  await app.load();
  await app.importBundle(validateStaged(sampleStaged()).bundle!);
  const outcome = await app.startRun(app.datasetSystems.map((s) => s.id), { spec: { kind: 'exact' } });
  expect(outcome?.status).toBe('done');
  return app;
}

/** Everything stored, for before/after comparisons. */
async function dump(app: AppState) {
  const db = app.repo.db;
  const [datasets, rows, systems, outputs, runs, results, judgements] = await Promise.all([
    db.datasets.toArray(),
    db.rows.toArray(),
    db.systems.toArray(),
    db.outputs.toArray(),
    db.runs.toArray(),
    db.results.toArray(),
    db.judgements.toArray(),
  ]);
  return { datasets, rows, systems, outputs, runs, results, judgements };
}

describe('names', () => {
  test('checkName trims and refuses empty or taken names', () => {
    expect(checkName('  test 2 ', ['test'])).toBe('test 2');
    expect(checkName('  ', [])).toEqual(new Error('empty'));
    expect(checkName('test', ['test'])).toEqual(new Error('taken'));
    expect(uniqueName('test', [])).toBe('test');
    expect(uniqueName('test', ['test', 'test (2)'])).toBe('test (3)');
  });

  test('renaming a system renames it in a run: names, report keys (order kept) and the Eval-GCSC summary', () => {
    const run = {
      systemIds: ['a', 'b'],
      systemNames: ['bert', 'llm'],
      report: { systems: { bert: { cscd: { x: 1 } }, llm: { cscd: { x: 2 } } } },
      gcsc: { systems: [{ systemId: 'a', name: 'bert' }, { systemId: 'b', name: 'llm' }] },
    } as unknown as RunRecord;
    const next = renameSystemInRun(run, 'a', 'BERT v2');
    expect(next.systemNames).toEqual(['BERT v2', 'llm']);
    expect(Object.keys(next.report!.systems)).toEqual(['BERT v2', 'llm']);
    expect(next.report!.systems['BERT v2']).toEqual({ cscd: { x: 1 } });
    expect(next.gcsc!.systems.map((s) => s.name)).toEqual(['BERT v2', 'llm']);
    expect(renameSystemInRun(run, 'zzz', 'x')).toBe(run);
    expect(run.systemNames).toEqual(['bert', 'llm']); // not mutated
  });
});

describe('workspace comforts through the app state', () => {
  test('rename a dataset and a system; stored runs follow the system', async () => {
    const app = await appWithRun();
    const dataset = app.dataset!;
    const system = app.datasetSystems[0]!;
    expect(await app.rename('dataset', dataset.id, 'teaching set')).toBe(true);
    expect(app.dataset!.name).toBe('teaching set');
    expect(await app.rename('system', system.id, 'my bert')).toBe(true);
    expect(app.systems.find((s) => s.id === system.id)!.name).toBe('my bert');
    const run = app.run!;
    expect(run.systemNames[run.systemIds.indexOf(system.id)]).toBe('my bert');
    expect(Object.keys(run.report!.systems)).toContain('my bert');
    expect(Object.keys(run.report!.systems)).not.toContain(system.name);
    expect(run.gcsc!.systems.find((s) => s.systemId === system.id)!.name).toBe('my bert');
  }, 60_000);

  test('delete a dataset, then undo: every record is back as it was', async () => {
    const app = await appWithRun();
    const before = await dump(app);
    expect(before.results.length).toBeGreaterThan(0);
    const snapshot = await app.deleteUndoable('dataset', app.dataset!.id);
    expect(snapshot?.name).toBe('sample-teaching-set');
    expect(app.datasets).toEqual([]);
    expect((await dump(app)).results).toEqual([]);
    expect(await app.undoDelete(snapshot!)).toBe(true);
    expect(await dump(app)).toEqual(before);
    expect(app.dataset?.id).toBe(before.datasets[0]!.id);
  }, 60_000);

  test('delete a system (its runs go with it), then undo', async () => {
    const app = await appWithRun();
    const before = await dump(app);
    const system = app.datasetSystems[1]!;
    const snapshot = await app.deleteUndoable('system', system.id);
    expect(app.systems.map((s) => s.id)).not.toContain(system.id);
    expect(app.runs).toEqual([]);
    await app.undoDelete(snapshot!);
    expect(await dump(app)).toEqual(before);
    expect(await app.deleteUndoable('system', 'no-such-id')).toBeUndefined();
  }, 60_000);

  test('a generated set is added as a dataset in one step, identical to its downloaded TSV imported by hand', async () => {
    const app = new AppState(freshRepo(), platform, storage());
    await app.load();
    const [set] = runGenerator({ sentences: '今天天气很好。\n我们一起去学校。', pes: '0.3', kind: 'phonetic', seed: '7' }).sets;
    const bundle = generatedBundle(set!, ['x']);
    const byHand = readTestSet({ name: `${set!.name}.tsv`, bytes: new TextEncoder().encode(formatRows(set!.rows, 'tsv')) });
    expect(bundle.dataset!.fingerprint).toBe(datasetFingerprint(byHand));
    expect(bundle.dataset!.rows).toEqual(byHand.rows);
    expect(bundle.dataset!.rows.map((r) => [r.id, r.source, r.references[0]])).toEqual(set!.rows.map((r) => [r.id, r.source, r.reference]));
    expect(await app.importBundle(bundle)).toBe(true);
    expect(app.dataset?.name).toBe(set!.name);
    // A second click would not make two datasets with one name.
    expect(generatedBundle(set!, app.datasets.map((d) => d.name)).dataset!.name).toBe(`${set!.name} (2)`);
  }, 60_000);
});
