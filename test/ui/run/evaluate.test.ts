import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { datasetFingerprint, joinPredictions, readPredictions, readTestSet } from '../../../src/core/io/index.ts';
import { buildReport } from '../../../src/core/report.ts';
import { DEFAULT_PROFILES } from '../../../src/core/metrics/registry.ts';
import { addGcscToReport, GCSC_PROFILE_NAMES } from '../../../src/core/gcsc/report.ts';
import { runGcsc } from '../../../src/core/gcsc/pipeline.ts';
import { exactJudge } from '../../../src/core/gcsc/judge.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { runCscPhase, runGcscPhase, scoredItems, withoutOps } from '../../../src/ui/logic/evaluate.ts';
import { executeRun, type GcscPlatform } from '../../../src/ui/run/run-executor.ts';
import { freshRepo, importSample } from '../../db/helpers.ts';
import { CONSTRUCTED_ROWS, constructedPredictions, constructedTestSet, type ConstructedSystem } from '../../fixtures/constructed.ts';

/** What `csc-studio eval` computes for the same files (eval-command.ts, in process). */
async function cliReport(withGcsc: boolean) {
  const testSet = readTestSet({ name: 'test.tsv', bytes: constructedTestSet() });
  const systems = (['llm-like', 'bert-like'] as ConstructedSystem[]).map((name) => ({
    name,
    items: joinPredictions(testSet, readPredictions({ name: `${name}.tsv`, bytes: constructedPredictions(name) }, {}, testSet)),
  }));
  const wanted = [...DEFAULT_PROFILES.map((p) => p.name), ...GCSC_PROFILE_NAMES].filter((n) => withGcsc || n !== 'gcsc');
  const dataset = { file: 'test.tsv', format: testSet.format, encoding: testSet.encoding, rows: testSet.rows.length, fingerprint: datasetFingerprint(testSet) };
  const report = buildReport(dataset, systems, wanted);
  const run = withGcsc ? await runGcsc(systems, { segmenter: createNodeJiebaSegmenter(), judge: exactJudge }) : undefined;
  addGcscToReport(report, systems, wanted, run, {});
  return { report, testSet, systems, dataset };
}

describe('the app computes what the CLI computes', () => {
  test('Eval-CSC phase = the CLI report without gcsc (keys and order too)', async () => {
    const { report, testSet, systems, dataset } = await cliReport(false);
    const progress: number[] = [];
    const app = await runCscPhase(
      dataset,
      systems.map((s, i) => ({ systemId: `s${i}`, name: s.name, items: scoredItems(testSet.rows, s.items.map((x) => x.prediction)) })),
      { onProgress: (p) => progress.push(p.done) },
    );
    expect(JSON.stringify(app.report)).toBe(JSON.stringify(report));
    expect(progress.at(-1)).toBe(systems.length * (DEFAULT_PROFILES.length + 1));
    expect(app.verdicts.get('s0')).toHaveLength(CONSTRUCTED_ROWS);
  }, 60_000);

  test('Eval-GCSC phase (exact judge, jieba) = the CLI report with gcsc', async () => {
    const { report, testSet, systems, dataset } = await cliReport(true);
    const items = systems.map((s, i) => ({ systemId: `s${i}`, name: s.name, items: scoredItems(testSet.rows, s.items.map((x) => x.prediction)) }));
    const csc = await runCscPhase(dataset, items);
    const phases = new Set<string>();
    const { report: full } = await runGcscPhase(csc.report, items, { segmenter: createNodeJiebaSegmenter(), judge: exactJudge, onProgress: (p) => phases.add(p.phase) });
    expect(JSON.stringify(full)).toBe(JSON.stringify(report));
    expect([...phases]).toEqual(['segment', 'extract', 'judge']);
    // withoutOps undoes exactly what the GCSC phase adds.
    expect(JSON.stringify(withoutOps(full))).toBe(JSON.stringify(withoutOps(csc.report)));
  }, 60_000);
});

const nodePlatform: GcscPlatform = {
  segmenter: async () => createNodeJiebaSegmenter(),
  judge: async () => ({ judge: exactJudge, info: {}, release: async () => {} }),
};

describe('executeRun', () => {
  test('runs both phases, storing each whole; results and report are kept', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const systems = await repo.listSystems(id);
    const run = await repo.createRun({ datasetId: id, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc', 'gcsc'], judge: { kind: 'exact' } });
    const outcome = await executeRun(repo, run.id, nodePlatform, { signal: new AbortController().signal });
    expect(outcome.status).toBe('done');
    const stored = (await repo.getRun(run.id))!;
    expect(stored.status).toBe('done');
    expect(stored.phasesDone).toEqual(['csc', 'gcsc']);
    expect(Object.keys(stored.report!.profiles)).toContain('gcsc');
    expect(stored.gcsc!.systems.map((s) => s.name)).toEqual(systems.map((s) => s.name));
    const results = await repo.getResults(run.id);
    expect(results).toHaveLength(4);
    expect(results.find((r) => r.phase === 'gcsc')!.gcsc!.sentences).toHaveLength(64);
  }, 30_000);

  test('cancelled during Eval-GCSC: the Eval-CSC phase stays stored; resuming runs only the rest', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const systems = await repo.listSystems(id);
    const run = await repo.createRun({ datasetId: id, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc', 'gcsc'] });
    const controller = new AbortController();
    const outcome = await executeRun(repo, run.id, nodePlatform, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'segment') controller.abort();
      },
    });
    expect(outcome.status).toBe('cancelled');
    const cancelled = (await repo.getRun(run.id))!;
    expect(cancelled).toMatchObject({ status: 'cancelled', phasesDone: ['csc'] });
    expect(await repo.getResults(run.id, 'gcsc')).toEqual([]);
    const cscReport = JSON.stringify(cancelled.report);

    await repo.resumeRun(run.id);
    const phases = new Set<string>();
    const resumed = await executeRun(repo, run.id, nodePlatform, { signal: new AbortController().signal, onProgress: (p) => phases.add(p.phase) });
    expect(resumed.status).toBe('done');
    expect(phases.has('csc')).toBe(false);
    const done = (await repo.getRun(run.id))!;
    expect(done.phasesDone).toEqual(['csc', 'gcsc']);
    expect(JSON.stringify(withoutOps(done.report!))).toBe(JSON.stringify(withoutOps(JSON.parse(cscReport))));
  }, 30_000);

  test('a failure is stored with its message; without a platform Eval-GCSC fails cleanly', async () => {
    const repo = freshRepo();
    const id = await importSample(repo);
    const systems = await repo.listSystems(id);
    const run = await repo.createRun({ datasetId: id, systemIds: [systems[0]!.id], systemNames: [systems[0]!.name], phases: ['csc', 'gcsc'] });
    const outcome = await executeRun(repo, run.id, undefined, { signal: new AbortController().signal });
    expect(outcome).toMatchObject({ status: 'failed', storageFull: false });
    expect((await repo.getRun(run.id))!).toMatchObject({ status: 'failed', phasesDone: ['csc'] });
  });
});
