/**
 * The evaluation worker in Node: the "worker" is a MessageChannel port whose other end exposes the real worker API
 * over comlink. The phases it computes must equal the main thread's exactly (the report's JSON, keys and order).
 */
import 'fake-indexeddb/auto';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { CancelledError } from '../../src/core/cancel.ts';
import { datasetFingerprint, joinPredictions, readPredictions, readTestSet } from '../../src/core/io/index.ts';
import { exactJudge, type Judge } from '../../src/core/gcsc/judge.ts';
import { DEFAULT_PROFILES } from '../../src/core/metrics/registry.ts';
import { scoredItems, type StepProgress, type SystemItems } from '../../src/ui/logic/evaluate.ts';
import { executeRun } from '../../src/ui/run/run-executor.ts';
import { createWorkerPhases, defaultPhases, mainThreadPhases } from '../../src/workers/eval-client.ts';
import { createEvalWorkerApi } from '../../src/workers/eval-worker-api.ts';
import type { WorkerLike } from '../../src/workers/worker-handle.ts';
import { freshRepo, importSample } from '../db/helpers.ts';
import { constructedPredictions, constructedTestSet, type ConstructedSystem } from '../fixtures/constructed.ts';

interface FakeWorker extends WorkerLike {
  terminated: boolean;
}
const ports: MessagePort[] = [];
afterEach(() => {
  ports.splice(0).forEach((p) => p.close());
});

function fakeWorker(): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(createEvalWorkerApi(), port1);
  const worker = port2 as unknown as FakeWorker;
  worker.terminated = false;
  worker.terminate = () => {
    worker.terminated = true;
    port1.close();
    port2.close();
  };
  return worker;
}

/** The constructed sample set: llm-like changes lengths (like an LLM), bert-like keeps them. */
function constructed(names: ConstructedSystem[], rows?: number) {
  const testSet = readTestSet({ name: 'test.tsv', bytes: constructedTestSet() });
  const n = rows ?? testSet.rows.length;
  const dataset = { file: 'test.tsv', format: testSet.format, encoding: testSet.encoding, rows: n, fingerprint: datasetFingerprint(testSet) };
  const systems: SystemItems[] = names.map((name, i) => {
    const items = joinPredictions(testSet, readPredictions({ name: `${name}.tsv`, bytes: constructedPredictions(name) }, {}, testSet));
    return { systemId: `s${i}`, name, items: scoredItems(testSet.rows.slice(0, n), items.slice(0, n).map((x) => x.prediction)) };
  });
  return { dataset, systems };
}

describe('the evaluation worker', () => {
  it('computes Eval-CSC and Eval-GCSC exactly as the main thread, with the same progress', async () => {
    const { dataset, systems } = constructed(['llm-like', 'bert-like']);
    const workers: FakeWorker[] = [];
    const phases = createWorkerPhases({ createWorker: () => workers[workers.push(fakeWorker()) - 1]! });
    expect(phases.where).toBe('worker');

    const mainProgress: StepProgress[] = [];
    const main = await mainThreadPhases.csc(dataset, systems, { onProgress: (p) => mainProgress.push(p) });
    const progress: StepProgress[] = [];
    const got = await phases.csc(dataset, systems, { onProgress: (p) => progress.push(p) });
    expect(JSON.stringify(got.report)).toBe(JSON.stringify(main.report));
    expect(got.verdicts).toEqual(main.verdicts);
    expect(progress).toEqual(mainProgress);
    expect(progress.at(-1)!.done).toBe(systems.length * (DEFAULT_PROFILES.length + 1));
    expect(progress.some((p) => p.label === 'bert-like · cllm')).toBe(true);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(true); // a worker lives as long as its phase

    const segmenter = createNodeJiebaSegmenter();
    const judged: number[] = [];
    const judge: Judge = { ...exactJudge, judge: (requests, signal) => (judged.push(requests.length), exactJudge.judge(requests, signal)) };
    const mainGcsc = await mainThreadPhases.gcsc(main.report, systems, { segmenter, judge: exactJudge, judgeInfo: { note: 1 }, judgeBatch: 8 });
    const gcscProgress: StepProgress[] = [];
    const gotGcsc = await phases.gcsc(got.report, systems, { segmenter, judge, judgeInfo: { note: 1 }, judgeBatch: 8, onProgress: (p) => gcscProgress.push(p) });
    expect(JSON.stringify(gotGcsc.report)).toBe(JSON.stringify(mainGcsc.report));
    expect(JSON.stringify(gotGcsc.run)).toBe(JSON.stringify(mainGcsc.run));
    expect(gotGcsc.run.segmenter).toBe(segmenter.id);
    expect(judged.length).toBeGreaterThan(1);
    expect(judged.every((n) => n <= 8)).toBe(true);
    expect([...new Set(gcscProgress.map((p) => p.phase))]).toEqual(['segment', 'extract', 'judge']);
    expect(gcscProgress.at(-1)).toMatchObject({ phase: 'judge', done: gotGcsc.run.stats.judged });
    expect(workers).toHaveLength(2);
    expect(workers[1]!.terminated).toBe(true);
  }, 120_000);

  it('cancel terminates the worker in the middle of Eval-CSC (AbortSignal or a bare signal)', async () => {
    const { dataset, systems } = constructed(['llm-like', 'bert-like'], 40);
    for (const kind of ['abort', 'bare'] as const) {
      let worker!: FakeWorker;
      const phases = createWorkerPhases({ createWorker: () => (worker = fakeWorker()) });
      const controller = new AbortController();
      const bare = { aborted: false };
      const seen: StepProgress[] = [];
      const run = phases.csc(dataset, systems, {
        signal: kind === 'abort' ? controller.signal : bare,
        onProgress: (p) => {
          seen.push(p);
          if (p.done === 2) {
            if (kind === 'abort') controller.abort();
            else bare.aborted = true;
          }
        },
      });
      await expect(run).rejects.toBeInstanceOf(CancelledError);
      expect(worker.terminated).toBe(true);
      const count = seen.length;
      await new Promise((r) => setTimeout(r, 100));
      expect(seen.length).toBe(count); // nothing after the cancel
    }
    const aborted = new AbortController();
    aborted.abort();
    let made = 0;
    const phases = createWorkerPhases({ createWorker: () => (made++, fakeWorker()) });
    await expect(phases.csc(dataset, systems, { signal: aborted.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(made).toBe(0);
  }, 60_000);

  it('cancel during Eval-GCSC judging: the worker ends and the judge call sees the signal', async () => {
    const { dataset, systems } = constructed(['llm-like'], 60);
    const csc = await mainThreadPhases.csc(dataset, systems);
    let worker!: FakeWorker;
    const phases = createWorkerPhases({ createWorker: () => (worker = fakeWorker()) });
    const controller = new AbortController();
    let judgeSignalAborted: boolean | undefined;
    const judge: Judge = {
      id: 'slow',
      textOnly: true,
      judge: (requests, signal) =>
        new Promise((resolve) => {
          controller.abort();
          setTimeout(() => {
            judgeSignalAborted = signal?.aborted;
            resolve(requests.map(() => ({ correct: true })));
          }, 20);
        }),
    };
    const run = phases.gcsc(csc.report, systems, { segmenter: createNodeJiebaSegmenter(), judge, signal: controller.signal });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(worker.terminated).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(judgeSignalAborted).toBe(true);
  }, 60_000);

  it("passes the segmenter's or judge's own error through (class and all)", async () => {
    const { dataset, systems } = constructed(['llm-like'], 30);
    const csc = await mainThreadPhases.csc(dataset, systems);
    class DiskFull extends Error {}
    const phases = createWorkerPhases({ createWorker: fakeWorker });
    const judge: Judge = { id: 'broken', textOnly: true, judge: async () => Promise.reject(new DiskFull('no room')) };
    await expect(phases.gcsc(csc.report, systems, { segmenter: createNodeJiebaSegmenter(), judge })).rejects.toBeInstanceOf(DiskFull);
    const segmenter = { id: 'broken', segmentBatch: async () => Promise.reject(new Error('no jieba')) };
    await expect(phases.gcsc(csc.report, systems, { segmenter, judge: exactJudge })).rejects.toThrow('no jieba');
  }, 60_000);

  it('executeRun with worker phases stores what it stores on the main thread; Node defaults to the main thread', async () => {
    expect(defaultPhases()).toBe(mainThreadPhases);
    const platform = { segmenter: async () => createNodeJiebaSegmenter(), judge: async () => ({ judge: exactJudge, info: {}, release: async () => {} }) };
    const reports: string[] = [];
    for (const phases of [mainThreadPhases, createWorkerPhases({ createWorker: fakeWorker })]) {
      const repo = freshRepo();
      const id = await importSample(repo);
      const systems = await repo.listSystems(id);
      const run = await repo.createRun({ datasetId: id, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc', 'gcsc'], judge: { kind: 'exact' } });
      const outcome = await executeRun(repo, run.id, platform, { signal: new AbortController().signal, phases });
      expect(outcome.status).toBe('done');
      const stored = (await repo.getRun(run.id))!;
      reports.push(JSON.stringify(stored.report));
      expect((await repo.getResults(run.id)).length).toBe(systems.length * 2);
    }
    expect(reports[1]).toBe(reports[0]);
  }, 60_000);
});
