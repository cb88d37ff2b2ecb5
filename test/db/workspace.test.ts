import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { exportWorkspace, importWorkspace, parseWorkspace, WorkspaceFileError } from '../../src/db/workspace-file.ts';
import { IdbEmbeddingCache } from '../../src/db/embedding-cache.ts';
import { freshRepo, importSample } from './helpers.ts';

const tool = { name: 'csc-studio', version: '0.1.0' };

describe('workspace file', () => {
  test('export → JSON → import into an empty workspace gives the same records', async () => {
    const a = freshRepo();
    const id = await importSample(a);
    const systems = await a.listSystems(id);
    const run = await a.createRun({ datasetId: id, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc'] });
    await a.saveJudgement({ datasetId: id, annotator: 'ann', sentenceId: 's01', systemId: systems[0]!.id, system: systems[0]!.name, span: [4, 6], reference: 'r', prediction: 'p', rPro: 'p', label: 'wrong' });
    await a.saveCalibration({ modelId: 'site:tiny', threshold: 0.81, calibrationAccuracy: 0.9, testAccuracy: 0.8, calibrationN: 10, testN: 10, seed: 3, createdAt: 1 });
    await a.addModel({ id: 'm1', name: 'tiny', addedAt: 1, threshold: 0.9, files: [{ path: 'tokenizer.json', size: 3, blob: new Blob(['{"a"']) }], totalBytes: 3 });

    const withoutModels = await exportWorkspace(a.db, tool);
    expect(withoutModels.models).toEqual([]);
    const file = JSON.parse(JSON.stringify(await exportWorkspace(a.db, tool, { models: true })));
    expect(file).toMatchObject({ format: 'csc-studio-workspace', version: 1 });

    const b = freshRepo();
    const summary = await importWorkspace(b.db, parseWorkspace(file));
    expect(summary).toEqual({ datasets: 1, systems: 2, runs: 1, judgements: 1, models: 1 });
    expect(await b.listDatasets()).toEqual(await a.listDatasets());
    expect(await b.getRows(id)).toEqual(await a.getRows(id));
    expect((await b.getCalibration('site:tiny'))?.threshold).toBe(0.81);
    expect(await b.listJudgements(id, 'ann')).toEqual(await a.listJudgements(id, 'ann'));
    expect(await b.getPredictions(systems[1]!.id)).toEqual(await a.getPredictions(systems[1]!.id));
    // A run that was running when exported comes back interrupted (no page is running it).
    expect((await b.getRun(run.id))!.status).toBe('interrupted');
    const model = (await b.getModel('m1'))!;
    expect(await model.files[0]!.blob.text()).toBe('{"a"');
    // Importing twice merges by id: nothing is duplicated.
    await importWorkspace(b.db, parseWorkspace(file));
    expect(await b.listDatasets()).toHaveLength(1);
  });

  test('refuses other files with a reason, storing nothing', async () => {
    expect(() => parseWorkspace([])).toThrow(WorkspaceFileError);
    expect(() => parseWorkspace({ format: 'x' })).toThrow(/not a CSC Studio workspace/);
    expect(() => parseWorkspace({ format: 'csc-studio-workspace', version: 99 })).toThrow(/version 99/);
    const base = { format: 'csc-studio-workspace', version: 1, datasets: [], rows: [], systems: [], outputs: [], runs: [], results: [], judgements: [] };
    expect(parseWorkspace(base).models).toEqual([]);
    expect(() => parseWorkspace({ ...base, systems: [{ id: 's', datasetId: 'nope', name: 'x' }] })).toThrow(/belongs to no dataset/);
    expect(() => parseWorkspace({ ...base, datasets: [{ id: 'd', name: 'n', fingerprint: 'f' }] })).toThrow(/has no rows/);
  });
});

describe('workspace files from before schema v3', () => {
  test('judgements without annotator or label are imported as annotator "default" with the label of keepsMeaning', async () => {
    const a = freshRepo();
    const id = await importSample(a);
    const file = JSON.parse(JSON.stringify(await exportWorkspace(a.db, tool)));
    delete file.calibrations;
    file.judgements = [{ id: 'old', datasetId: id, sentenceId: 's01', systemId: 'x', span: [0, 1], reference: 'r', rPro: 'p', keepsMeaning: false, createdAt: 1 }];
    const b = freshRepo();
    await importWorkspace(b.db, parseWorkspace(file));
    expect(await b.listJudgements(id, 'default')).toMatchObject([{ id: 'old', label: 'wrong', system: 'x', prediction: '' }]);
    expect(() => parseWorkspace({ ...file, calibrations: [{ threshold: 1 }] })).toThrow(/calibration/);
  });
});

describe('IdbEmbeddingCache', () => {
  test('buffers writes, flushes them in batches, and reads them back after a "reload"', async () => {
    const repo = freshRepo();
    const cache = new IdbEmbeddingCache(repo.db, { batchSize: 3 });
    expect(await cache.get('k1')).toBeUndefined();
    await cache.set('k1', new Float32Array([1, 2]));
    await cache.set('k2', new Float32Array([3, 4]));
    expect(await repo.countEmbeddings()).toBe(0);
    expect(Array.from((await cache.get('k2'))!)).toEqual([3, 4]);
    await cache.set('k3', new Float32Array([5, 6]));
    await cache.flush();
    expect(await repo.countEmbeddings()).toBe(3);
    const fresh = new IdbEmbeddingCache(repo.db);
    expect(Array.from((await fresh.get('k3'))!)).toEqual([5, 6]);
    expect((await fresh.getMany(['k1', 'zz'])).map((v) => (v ? Array.from(v) : null))).toEqual([[1, 2], null]);
    await repo.clearEmbeddingCache();
    expect(await repo.countEmbeddings()).toBe(0);
  });

  test('stores a view of a larger buffer as its own values only', async () => {
    const repo = freshRepo();
    const cache = new IdbEmbeddingCache(repo.db);
    const batch = new Float32Array([1, 2, 3, 4, 5, 6]);
    await cache.set('k', batch.subarray(2, 4));
    await cache.flush();
    const stored = (await repo.db.embeddings.get('k'))!.vector;
    expect([Array.from(stored), stored.buffer.byteLength]).toEqual([[3, 4], 8]);
  });

  test('a full disk stops the cache writing, without failing the run', async () => {
    const repo = freshRepo();
    const errors: unknown[] = [];
    const cache = new IdbEmbeddingCache(repo.db, { batchSize: 1, onError: (e) => errors.push(e) });
    repo.db.embeddings.bulkPut = (() => Promise.reject(new DOMException('full', 'QuotaExceededError'))) as never;
    cache.set('k', new Float32Array([1]));
    await cache.flush(); // resolves: a full disk is not the run's failure
    expect(cache.full).toBe(true);
    expect(errors).toHaveLength(1);
    cache.set('k2', new Float32Array([2]));
    await cache.flush();
    expect(errors).toHaveLength(1); // no second write was tried
    expect(Array.from((await cache.get('k2'))!)).toEqual([2]);
  });
});
