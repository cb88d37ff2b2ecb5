import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { AppState } from '../../../src/ui/app/app-state.svelte.ts';
import { ImportStaging } from '../../../src/ui/import/staging.svelte.ts';
import { validateStaged } from '../../../src/workers/import/import-files.ts';
import { modelRecordFrom, stripTopFolder } from '../../../src/ui/workspace/model-folder.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { inThreadRunner } from '../../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../../src/workers/run-environment.ts';
import type { RunEnvironment } from '../../../src/workers/run-job.ts';
import { exactJudge } from '../../../src/core/gcsc/judge.ts';
import { CscStudioDb } from '../../../src/db/schema.ts';
import { Repository } from '../../../src/db/repository.ts';
import { freshRepo, sampleStaged } from '../../db/helpers.ts';

const env = createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() });
const platform = inThreadRunner(env);

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('AppState', () => {
  test('import, run, and a reload (new state on the same database) shows everything as it was', async () => {
    const repo = freshRepo();
    const storage = memoryStorage();
    const app = new AppState(repo, platform, storage);
    await app.load();
    expect(app.loaded).toBe(true);
    expect(app.datasets).toEqual([]);

    expect(await app.importBundle(validateStaged(sampleStaged()).bundle!)).toBe(true);
    expect(app.dataset?.name).toBe('sample-teaching-set');
    expect(app.notice?.kind).toBe('success');
    expect(app.datasetSystems).toHaveLength(2);

    const phases: string[] = [];
    const outcome = await app.startRun(
      app.datasetSystems.map((s) => s.id),
      { spec: { kind: 'exact' } },
    );
    expect(outcome?.status).toBe('done');
    expect(app.active).toBeNull();
    expect(app.run?.status).toBe('done');
    expect(app.run?.report?.profiles).toHaveProperty('gcsc');
    app.go('dashboard');
    void phases;

    const again = new AppState(new Repository(new CscStudioDb(repo.db.name)), platform, storage);
    await again.load();
    expect(again.tab).toBe('dashboard');
    expect(again.run?.id).toBe(app.run?.id);
    expect(again.run?.report).toEqual(app.run?.report);
    expect(again.interrupted).toEqual([]);
  }, 30_000);

  test('progress and ETA while running; cancel keeps finished phases; resume completes', async () => {
    const repo = freshRepo();
    const app = new AppState(repo, platform, memoryStorage());
    await app.load();
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    const seen: string[] = [];
    const notices: (string | null)[] = [];
    let cancelling: AppState;
    const slow: RunEnvironment = {
      segmenter: env.segmenter,
      judge: async () => ({
        resolved: {
          spec: { kind: 'exact' },
          judge: {
            id: 'slow-exact',
            textOnly: true,
            async judge(requests, signal) {
              seen.push(cancelling.active!.progress.stage);
              notices.push(cancelling.notice?.text ?? null);
              expect(cancelling.active!.progress.unitsTotal).toBeGreaterThan(cancelling.active!.progress.unitsDone);
              cancelling.cancel();
              return exactJudge.judge(requests, signal);
            },
          },
        },
        release: async () => {},
      }),
    };
    cancelling = new AppState(repo, { ...inThreadRunner(slow), prepare: async () => undefined }, memoryStorage());
    await cancelling.load();
    await cancelling.preparation.prepare({ spec: { kind: 'exact' } });
    expect(cancelling.preparation.current).toEqual({ model: null, key: null, state: 'ready' });
    const outcome = await cancelling.startRun(cancelling.datasetSystems.map((s) => s.id), { spec: { kind: 'exact' } });
    expect(outcome?.status).toBe('cancelled');
    // Cancel ends the evaluation worker: what it had loaded ahead is gone, and the page no longer says "loaded".
    expect(cancelling.preparation.current).toBeNull();
    // The judge is called while the stage says so: progress names the work being done.
    expect(seen).toEqual(['judge']);
    expect(cancelling.run).toMatchObject({ status: 'cancelled', phasesDone: ['csc'] });
    expect(cancelling.notice?.text).toMatch(/Cancelled/);
    // The next run starts without the earlier run's "Cancelled" standing beside its progress.
    expect((await cancelling.resume(cancelling.run!.id))?.status).toBe('cancelled');
    expect(notices).toEqual([null, null]);

    await app.refresh();
    const resumed = await app.resume(cancelling.run!.id);
    expect(resumed?.status).toBe('done');
    expect(app.run?.phasesDone).toEqual(['csc', 'gcsc']);
  }, 30_000);

  test('a run left running by a closed page is found interrupted at start-up', async () => {
    const repo = freshRepo();
    let now = 1_000_000;
    const app = new AppState(repo, platform, memoryStorage(), () => now);
    await app.load();
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    const run = await repo.createRun({ datasetId: app.datasetId!, systemIds: [app.datasetSystems[0]!.id], systemNames: ['bert-like'], phases: ['csc'] }, now);
    now += 60_000;
    const later = new AppState(repo, platform, memoryStorage(), () => now);
    await later.load();
    expect(later.interrupted).toEqual([run.id]);
    expect(later.notice?.text).toMatch(/interrupted/);
    expect((await repo.getRun(run.id))!.status).toBe('interrupted');
  });

  test('deleting a dataset removes its runs and moves the selection', async () => {
    const repo = freshRepo();
    const app = new AppState(repo, platform, memoryStorage());
    await app.load();
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    const first = app.datasetId!;
    await app.importBundle(validateStaged(sampleStaged()).bundle!);
    await app.startRun([app.datasetSystems[0]!.id], null);
    expect(app.runs).toHaveLength(1);
    await app.deleteDataset(app.datasetId!);
    expect(app.datasets.map((d) => d.id)).toEqual([first]);
    expect(app.datasetId).toBe(first);
    expect(app.runs).toEqual([]);
    expect(app.runId).toBeNull();
  });

  test('workspace export and import through the state', async () => {
    const a = new AppState(freshRepo(), platform, memoryStorage());
    await a.load();
    await a.importBundle(validateStaged(sampleStaged()).bundle!);
    const text = await a.exportWorkspaceText(false);
    const b = new AppState(freshRepo(), platform, memoryStorage());
    await b.load();
    expect(await b.importWorkspaceText('not json')).toBeNull();
    expect(b.notice?.text).toMatch(/not JSON/);
    expect(await b.importWorkspaceText(text)).toMatchObject({ datasets: 1, systems: 2 });
    expect(b.datasets).toHaveLength(1);
    expect(b.datasetId).toBe(b.datasets[0]!.id);
  });
});

describe('ImportStaging', () => {
  const enc = new TextEncoder();
  const file = (path: string, text: string) => ({ path, bytes: enc.encode(text) });

  test('guesses roles, names systems, skips notes and model files, validates as it goes', async () => {
    const s = new ImportStaging();
    const added = await s.add([
      file('run/test.tsv', 'id\tsource\treference\na\t我很高心。\t我很高兴。\n'),
      file('run/bert.tsv', 'id\tprediction\na\t我很高兴。\n'),
      file('run/README.md', '# x'),
      file('run/model/tokenizer.json', '{}'),
      file('run/.DS_Store', ''),
    ]);
    expect(added).toBe(2);
    const size = (text: string) => enc.encode(text).length;
    expect(s.files.map((f) => [f.role, f.systemName, f.size])).toEqual([
      ['test', '', size('id\tsource\treference\na\t我很高心。\t我很高兴。\n')],
      ['predictions', 'bert', size('id\tprediction\na\t我很高兴。\n')],
    ]);
    await s.settled();
    expect(s.result?.ok).toBe(true);
    expect(s.result?.systemCount).toBe(1);
    s.setSystemName(s.files[1]!.key, '');
    await s.settled();
    expect(s.result?.ok).toBe(false);
    s.setSystemName(s.files[1]!.key, 'BERT');
    s.setRole(s.files[1]!.key, 'ignore');
    await s.settled();
    expect(s.result?.general.join()).toMatch(/no system predictions/);
    s.setRole(s.files[1]!.key, 'predictions');
    await s.settled();
    expect(s.result?.ok).toBe(true);
    // Adding the same path twice is ignored.
    expect(await s.add([file('run/bert.tsv', 'x')])).toBe(0);
    s.remove(s.files[1]!.key);
    expect(s.files).toHaveLength(1);
    s.clear();
    expect(s.result).toBeNull();
  });

  test('column overrides, format and header choices reach the reader', async () => {
    const s = new ImportStaging();
    await s.add([file('set.csv', 'key,original,gold\na,我很高心。,我很高兴。\n'), file('p.tsv', 'id\tprediction\na\t我很高兴。\n')]);
    const key = s.files[0]!.key;
    expect(s.files[0]!.role).toBe('test');
    await s.settled();
    expect(s.result?.files[0]!.mappingHelps).toBe(true);
    s.setColumn(key, 'id', 'key');
    await s.settled();
    expect(s.result?.ok).toBe(true);
    s.setColumn(key, 'references', 'gold');
    expect(s.files[0]!.columns).toEqual({ id: 'key', references: ['gold'] });
    s.setColumn(key, 'references', undefined);
    s.setColumn(key, 'id', undefined);
    expect(s.files[0]!.columns).toBeUndefined();
    s.setFormat(key, 'tsv');
    await s.settled();
    expect(s.result?.ok).toBe(false);
    s.setFormat(key, undefined);
    s.setHeader(key, false);
    expect(s.files[0]!.header).toBe(false);
    s.setHeader(key, undefined);
    expect('header' in s.files[0]!).toBe(false);
    s.setMatchByLineOrder(s.files[1]!.key, true);
    expect(s.files[1]!.matchByLineOrder).toBe(true);
  });

  test('an older validation never overwrites a newer one, and the import stores what the newest found', async () => {
    const repo = freshRepo();
    const app = new AppState(repo, platform, memoryStorage());
    await app.load();
    const s = new ImportStaging(undefined, () => repo.db.name);
    await s.add([file('t.tsv', 'id\tsource\treference\na\t我很高心。\t我很高兴。\n'), file('p.tsv', 'id\tprediction\na\t我很高兴。\n')]);
    s.setSystemName(s.files[1]!.key, 'first');
    s.setSystemName(s.files[1]!.key, 'second');
    await s.settled();
    expect(await app.importStaged(s)).toBe(true);
    expect(app.datasetSystems.map((x) => x.name)).toEqual(['second']);
    expect(app.notice?.next).toBe('run');
    // Adding a system to the stored dataset: its rows are read where the files are.
    const more = new ImportStaging(undefined, () => repo.db.name);
    more.setTarget({ dataset: app.dataset!, systemNames: ['second'] });
    await more.add([file('q.tsv', 'id\tprediction\na\t我很高心。\n')]);
    await more.settled();
    expect(more.result?.ok).toBe(true);
    expect(await app.importStaged(more)).toBe(true);
    expect(app.datasetSystems.map((x) => x.name).sort()).toEqual(['q', 'second']);
  });
});

describe('dropped model folders', () => {
  const enc = new TextEncoder();
  test('need a tokenizer and a graph; the manifest gives name and threshold', () => {
    const manifest = { name: 'tiny', pooling: 'cls', threshold: 0.8, maxLength: 8, files: [], licence: 'MIT', attribution: 'x', source: 'y' };
    const files = [
      { path: 'tiny/tokenizer.json', bytes: enc.encode('{}') },
      { path: 'tiny/onnx/model.onnx', bytes: new Uint8Array(4) },
      { path: 'tiny/manifest.json', bytes: enc.encode(JSON.stringify(manifest)) },
    ];
    expect(stripTopFolder(files).map((f) => f.path)).toEqual(['tokenizer.json', 'onnx/model.onnx', 'manifest.json']);
    const record = modelRecordFrom(files, 'tiny');
    expect(record).toMatchObject({ name: 'tiny', threshold: 0.8, totalBytes: files.reduce((n, f) => n + f.bytes.length, 0) });
    expect(record.files.map((f) => f.path)).toContain('onnx/model.onnx');
    expect(() => modelRecordFrom(files.slice(1), 'tiny')).toThrow(/tokenizer\.json/);
    expect(() => modelRecordFrom([files[0]!], 'tiny')).toThrow(/ONNX graph/);
    expect(modelRecordFrom(files.slice(0, 2), 'folder', 0.95)).toMatchObject({ name: 'folder', threshold: 0.95 });
  });
});
