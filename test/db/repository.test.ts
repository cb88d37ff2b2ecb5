import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { Dexie } from 'dexie';
import { CscStudioDb, SCHEMA_VERSION, V1_STORES, V2_STORES, V3_STORES } from '../../src/db/schema.ts';
import { IdbEmbeddingCache } from '../../src/db/embedding-cache.ts';
import { Repository } from '../../src/db/repository.ts';
import { isQuotaError, StorageFullError } from '../../src/db/errors.ts';
import { validateStaged } from '../../src/workers/import/import-files.ts';
import { freshRepo, importSample, sampleStaged, staged } from './helpers.ts';

describe('Repository', () => {
  test('imports a dataset and its systems together, and lists them', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const datasets = await repo.listDatasets();
    expect(datasets).toHaveLength(1);
    expect(datasets[0]).toMatchObject({ id, name: 'sample-teaching-set', rowCount: 64, format: 'tsv', encoding: 'utf-8' });
    expect(datasets[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const systems = await repo.listSystems(id);
    expect(systems.map((s) => s.name).sort()).toEqual(['bert-like', 'llm-like']);
    const rows = await repo.getRows(id);
    const preds = await repo.getPredictions(systems[0]!.id);
    expect(preds).toHaveLength(rows.length);
  });

  test('an import that fails half-way stores nothing (one transaction)', async () => {
    const repo = freshRepo();
    const result = validateStaged(sampleStaged());
    const bundle = result.bundle!;
    // Two systems with one name: the second add throws inside the transaction.
    bundle.systems[1]!.name = bundle.systems[0]!.name;
    await expect(repo.importBundle(bundle)).rejects.toThrow(/already has a system named/);
    expect(await repo.listDatasets()).toEqual([]);
    expect(await repo.listSystems()).toEqual([]);
    expect(await repo.db.rows.count()).toBe(0);
  });

  test('a quota error becomes StorageFullError and leaves the stored data as it was', async () => {
    const repo = freshRepo();
    await importSample(repo);
    const before = await repo.db.outputs.count();
    const second = validateStaged(sampleStaged()).bundle!;
    const original = repo.db.outputs.add.bind(repo.db.outputs);
    let calls = 0;
    repo.db.outputs.add = ((...args: Parameters<typeof original>) => {
      if (++calls === 2) return Promise.reject(new DOMException('quota', 'QuotaExceededError'));
      return original(...args);
    }) as typeof original;
    const err = await repo.importBundle(second).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect(isQuotaError((err as StorageFullError).cause)).toBe(true);
    expect(await repo.listDatasets()).toHaveLength(1);
    expect(await repo.db.outputs.count()).toBe(before);
  });

  test('adds systems to an existing dataset, refusing a name already taken', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const dataset = (await repo.getDataset(id))!;
    const rows = await repo.getRows(id);
    const text = 'id\tprediction\n' + rows.map((r) => `${r.id}\t${r.source}`).join('\n');
    const extra = validateStaged([staged('identity.tsv', text, 'predictions', 'identity')], { dataset, rows, systemNames: ['bert-like', 'llm-like'] });
    expect(extra.ok).toBe(true);
    await repo.importBundle(extra.bundle!);
    expect((await repo.listSystems(id)).map((s) => s.name)).toContain('identity');
    const clash = validateStaged([staged('x.tsv', text, 'predictions', 'llm-like')], { dataset, rows, systemNames: ['bert-like', 'llm-like', 'identity'] });
    expect(clash.ok).toBe(false);
    expect(clash.general.join()).toMatch(/two systems are named "llm-like"/);
  });

  test('runs: phases are stored whole, interrupted runs are found at start-up, deletes cascade', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const systems = await repo.listSystems(id);
    const run = await repo.createRun({ datasetId: id, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc', 'gcsc'] }, 1000);
    expect(run.status).toBe('running');
    const report = { tool: { name: 'csc-studio', version: '0' }, dataset: { file: 'x', format: 'tsv', encoding: 'utf-8', rows: 64, fingerprint: 'f' }, profiles: {}, systems: {}, warnings: [] };
    const stored = await repo.savePhase(run.id, 'csc', { report, elapsedMs: 5, results: systems.map((s) => ({ systemId: s.id, csc: { verdicts: [] } })) }, 2000);
    expect(stored.phasesDone).toEqual(['csc']);
    expect(stored.status).toBe('running');
    expect(await repo.getResults(run.id)).toHaveLength(2);

    // The page was closed: the heartbeat stops; a later start-up marks the run interrupted.
    expect(await repo.markInterrupted(2000 + 1000)).toEqual([]);
    expect(await repo.markInterrupted(2000 + 60_000)).toEqual([run.id]);
    expect((await repo.getRun(run.id))!.status).toBe('interrupted');

    const resumed = await repo.resumeRun(run.id);
    expect(resumed).toMatchObject({ status: 'running', phasesDone: ['csc'] });
    const restarted = await repo.restartRun(run.id);
    expect(restarted.phasesDone).toEqual([]);
    expect(restarted.report).toBeUndefined();
    expect(await repo.getResults(run.id)).toHaveLength(0);

    await repo.deleteDataset(id);
    expect(await repo.listRuns()).toEqual([]);
    expect(await repo.listSystems()).toEqual([]);
    expect(await repo.db.outputs.count()).toBe(0);
    expect(await repo.db.rows.count()).toBe(0);
  });

  test('deleting a run keeps the dataset; deleting a system removes the runs that scored it', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const systems = await repo.listSystems(id);
    const a = await repo.createRun({ datasetId: id, systemIds: [systems[0]!.id], systemNames: [systems[0]!.name], phases: ['csc'] });
    const b = await repo.createRun({ datasetId: id, systemIds: [systems[1]!.id], systemNames: [systems[1]!.name], phases: ['csc'] });
    await repo.deleteRun(a.id);
    expect((await repo.listRuns(id)).map((r) => r.id)).toEqual([b.id]);
    await repo.deleteSystem(systems[1]!.id);
    expect(await repo.listRuns(id)).toEqual([]);
    expect(await repo.listSystems(id)).toHaveLength(1);
    expect(await repo.listDatasets()).toHaveLength(1);
  });

  test('a version-1 database is upgraded in place, keeping its data', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(V1_STORES);
    await v1.table('datasets').add({ id: 'd1', name: 'old', createdAt: 1, file: 'a.tsv', format: 'tsv', encoding: 'utf-8', fingerprint: 'f', rowCount: 1, unequalLength: 0 });
    await v1.table('runs').add({ id: 'r1', datasetId: 'd1', systemIds: [], systemNames: [], createdAt: 1, updatedAt: 7, status: 'done' });
    v1.close();
    const repo = new Repository(new CscStudioDb(name));
    expect((await repo.listDatasets())[0]!.name).toBe('old');
    const run = (await repo.getRun('r1'))!;
    expect(run).toMatchObject({ phases: ['csc'], phasesDone: ['csc'], heartbeat: 7, timings: {} });
    expect(await repo.db.embeddings.count()).toBe(0);
    expect(repo.db.verno).toBe(SCHEMA_VERSION);
  });

  test('a version-2 database is upgraded to v3: judgements get an annotator, system name and three-way label', async () => {
    const name = `upgrade3-${Math.random()}`;
    const v2 = new Dexie(name);
    v2.version(1).stores(V1_STORES);
    v2.version(2).stores(V2_STORES);
    await v2.table('judgements').bulkAdd([
      { id: 'a', datasetId: 'd', sentenceId: 's1', systemId: 'sys', span: [0, 1], reference: 'r', rPro: 'p', keepsMeaning: true, createdAt: 1 },
      { id: 'b', datasetId: 'd', sentenceId: 's2', systemId: 'sys', span: [0, 1], reference: 'r', rPro: 'p', keepsMeaning: false, createdAt: 1 },
    ]);
    v2.close();
    const repo = new Repository(new CscStudioDb(name));
    const got = (await repo.listJudgements('d', 'default')).sort((x, y) => x.id.localeCompare(y.id));
    expect(got.map((j) => [j.id, j.label, j.system, j.prediction])).toEqual([
      ['a', 'correct', 'sys', ''],
      ['b', 'wrong', 'sys', ''],
    ]);
    expect(repo.db.verno).toBe(SCHEMA_VERSION);
  });

  test("a version-3 database is upgraded to v4: each run's untyped judge becomes a RunJudge (spec, threshold, source)", async () => {
    const name = `upgrade4-${Math.random()}`;
    const v3 = new Dexie(name);
    v3.version(1).stores(V1_STORES);
    v3.version(2).stores(V2_STORES);
    v3.version(3).stores(V3_STORES);
    const base = { datasetId: 'd', systemIds: [], systemNames: [], createdAt: 1, updatedAt: 1, heartbeat: 1, status: 'done', phases: ['csc', 'gcsc'], phasesDone: [], timings: {} };
    const label = { id: 's1', system: 'A', start: 0, end: 1, reference: '的', prediction: '地', correct: true };
    await v3.table('runs').bulkAdd([
      { ...base, id: 'exact', judge: { kind: 'exact' } },
      { ...base, id: 'model', judge: { kind: 'embedding', modelId: 'site:default', modelName: 'default', threshold: 0.85 } },
      { ...base, id: 'manifest', judge: { kind: 'embedding', modelId: 'm1' } },
      { ...base, id: 'labels', judge: { kind: 'labels', labels: [label], labelsName: 'm.csv' } },
      { ...base, id: 'none', phases: ['csc'] },
    ]);
    v3.close();
    const repo = new Repository(new CscStudioDb(name));
    const judges = Object.fromEntries((await repo.listRuns()).map((r) => [r.id, r.judge]));
    expect(judges).toEqual({
      exact: { spec: { kind: 'exact' } },
      model: { spec: { kind: 'model', model: 'site:default' }, threshold: 0.85, thresholdFrom: 'user', modelName: 'default' },
      manifest: { spec: { kind: 'model', model: 'm1' } },
      labels: { spec: { kind: 'labels', source: 'm.csv' }, labels: [label] },
      none: undefined,
    });
    expect(repo.db.verno).toBe(4);
  });

  test('the embedding cache reads a batch in one go (getMany, prefetch) and writes in batches', async () => {
    const repo = freshRepo();
    const v = (x: number) => new Float32Array([x, x + 1]);
    await repo.db.embeddings.bulkPut([
      { key: 'a', vector: v(1) },
      { key: 'b', vector: v(2) },
    ]);
    const cache = new IdbEmbeddingCache(repo.db, { batchSize: 2 });
    expect((await cache.getMany(['a', 'x', 'b'])).map((x) => (x ? [...x] : null))).toEqual([[1, 2], null, [2, 3]]);
    // After a prefetch, get() answers from memory: the stored row can go and the value is still there.
    await cache.prefetch(['a']);
    await repo.db.embeddings.delete('a');
    expect([...(await cache.get('a'))!]).toEqual([1, 2]);
    expect([cache.hits, cache.misses]).toEqual([1, 0]);
    expect(await cache.get('zz')).toBeUndefined();
    expect(cache.misses).toBe(1);
    // A batch of two starts its write at once, in the background; flush() waits for it.
    await cache.putMany([
      ['c', v(3)],
      ['d', v(4)],
    ]);
    expect((await cache.getMany(['c', 'd'])).map((x) => x && [...x])).toEqual([
      [3, 4],
      [4, 5],
    ]);
    await cache.flush();
    expect((await repo.db.embeddings.bulkGet(['c', 'd'])).map((r) => r && [...r.vector])).toEqual([
      [3, 4],
      [4, 5],
    ]);
    // Written but not yet flushed: getMany sees the pending one.
    await cache.set('e', v(5));
    expect((await cache.getMany(['e'])).map((x) => x && [...x])).toEqual([[5, 6]]);
    await cache.flush();
    expect(await repo.db.embeddings.count()).toBe(4);
  });

  test('a key a prefetch found absent is a miss without another read, until it is set', async () => {
    const repo = freshRepo();
    const cache = new IdbEmbeddingCache(repo.db, { batchSize: 100 });
    await cache.prefetch(['new']);
    let reads = 0;
    const get = repo.db.embeddings.get.bind(repo.db.embeddings);
    repo.db.embeddings.get = ((key: string) => (reads++, get(key))) as never;
    expect(await cache.get('new')).toBeUndefined();
    expect([reads, cache.misses]).toEqual([0, 1]);
    cache.set('new', new Float32Array([7]));
    expect([...(await cache.get('new'))!]).toEqual([7]);
  });

  test('judgements and models are stored and listed', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const base = { datasetId: id, sentenceId: 's01', systemId: 'x', system: 'bert-like', span: [4, 6] as [number, number], reference: 'a', prediction: 'b', rPro: 'b' };
    await repo.saveJudgement({ ...base, id: 'j1', annotator: 'ann', label: 'correct' });
    await repo.saveJudgement({ ...base, id: 'j2', annotator: 'bob', label: 'unsure' });
    expect(await repo.listJudgements(id)).toHaveLength(2);
    expect((await repo.listJudgements(id, 'bob')).map((j) => j.label)).toEqual(['unsure']);
    await repo.saveJudgement({ ...base, id: 'j2', annotator: 'bob', label: 'wrong' });
    expect((await repo.listJudgements(id, 'bob')).map((j) => j.label)).toEqual(['wrong']);
    await repo.saveJudgements([{ ...base, id: 'j3', annotator: 'cy', label: 'wrong', createdAt: 5 }, { ...base, id: 'j4', annotator: 'cy', label: 'correct', createdAt: 5 }]);
    expect(await repo.listJudgements(id, 'cy')).toHaveLength(2);
    await repo.deleteAnnotator(id, 'cy');
    await repo.deleteJudgement('j1');
    expect((await repo.listJudgements(id)).map((j) => j.id)).toEqual(['j2']);
    await repo.saveCalibration({ modelId: 'site:tiny', threshold: 0.8, calibrationAccuracy: 0.9, testAccuracy: 0.85, calibrationN: 10, testN: 10, seed: 1, createdAt: 1 });
    expect((await repo.getCalibration('site:tiny'))!.threshold).toBe(0.8);
    await repo.deleteDataset(id);
    expect(await repo.listJudgements(id)).toEqual([]);
    await repo.addModel({ id: 'm', name: 'tiny', addedAt: 1, threshold: 0.9, files: [{ path: 'tokenizer.json', size: 2, blob: new Blob(['{}']) }], totalBytes: 2 });
    expect((await repo.listModels()).map((m) => m.name)).toEqual(['tiny']);
    await repo.deleteModel('m');
    expect(await repo.listModels()).toEqual([]);
  });
});

test('Repository works on its default database name too', () => {
  expect(new Repository().db.name).toBe('csc-studio');
});
