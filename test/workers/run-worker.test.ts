/**
 * The evaluation worker in Node: the "worker" is a MessageChannel port whose other end exposes the real worker API
 * (createRunWorkerApi) over comlink, opening the same (fake) IndexedDB by name as a real worker would. What it
 * stores must equal the calling thread's exactly; cancel terminates it; a crash is reported and the run resumes.
 */
import 'fake-indexeddb/auto';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { exactJudge } from '../../src/core/gcsc/judge.ts';
import { StorageFullError } from '../../src/db/errors.ts';
import { Repository } from '../../src/db/repository.ts';
import { CscStudioDb } from '../../src/db/schema.ts';
import type { RunJudge } from '../../src/db/types.ts';
import { executeRun } from '../../src/ui/run/run-executor.ts';
import { createWorkerRunner, defaultRunner, inThreadRunner } from '../../src/workers/run-client.ts';
import { createRunEnvironment } from '../../src/workers/run-environment.ts';
import type { RunEnvironment, RunProgress } from '../../src/workers/run-job.ts';
import { createRunWorkerApi, modelKey, type PrepareRequest } from '../../src/workers/run-worker-api.ts';
import { createScoreWorkerApi, scoringElsewhere } from '../../src/workers/score-worker-api.ts';
import type { WorkerLike } from '../../src/workers/worker-handle.ts';
import { freshRepo, importSample } from '../db/helpers.ts';

const nodeEnv = createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter() });
const exact: RunJudge = { spec: { kind: 'exact' } };

interface FakeWorker extends WorkerLike {
  terminated: boolean;
  crash(message: string): void;
}
const ports: MessagePort[] = [];
afterEach(() => {
  ports.splice(0).forEach((p) => p.close());
});

function fakeWorker(env: RunEnvironment = nodeEnv, afterJobDelayMs?: number, prepare?: (request: PrepareRequest) => Promise<void>): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  // A terminated worker writes nothing more: here, its database connections are closed.
  const opened: CscStudioDb[] = [];
  const open = (name: string) => {
    opened.push(new CscStudioDb(name));
    return new Repository(opened.at(-1)!);
  };
  Comlink.expose(createRunWorkerApi(open, () => env, undefined, afterJobDelayMs, prepare), port1);
  const worker = port2 as unknown as FakeWorker;
  worker.terminated = false;
  worker.terminate = () => {
    worker.terminated = true;
    opened.forEach((db) => db.close());
    port1.close();
    port2.close();
  };
  worker.crash = (message) => port2.dispatchEvent(Object.assign(new Event('error'), { message }));
  return worker;
}

/** A new run of the sample on a fresh database, run by `runner`: its outcome's status. */
async function runToTheEnd(runner: Parameters<typeof executeRun>[2]): Promise<string> {
  const repo = freshRepo();
  const run = await newRun(repo);
  return (await executeRun(repo, run.id, runner, { signal: new AbortController().signal })).status;
}

async function newRun(repo: Repository, judge: RunJudge = exact) {
  const id = await importSample(repo);
  const systems = await repo.listSystems(id);
  return repo.createRun({ datasetId: id, systemIds: systems.map((s) => s.id), systemNames: systems.map((s) => s.name), phases: ['csc', 'gcsc'], judge });
}

describe('the evaluation worker', () => {
  it('stores exactly what the calling thread stores; progress arrives, ending at the total', async () => {
    const repo = freshRepo();
    const inWorker = await newRun(repo);
    const onThread = await newRun(repo);
    const progress: RunProgress[] = [];
    const stored: string[] = [];
    const runner = createWorkerRunner({ createWorker: () => fakeWorker() });
    const outcome = await executeRun(repo, inWorker.id, runner, {
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
      onPhaseStored: (p) => stored.push(p),
    });
    expect(outcome.status).toBe('done');
    expect(await executeRun(repo, onThread.id, inThreadRunner(nodeEnv), { signal: new AbortController().signal })).toMatchObject({ status: 'done' });
    const [a, b] = [(await repo.getRun(inWorker.id))!, (await repo.getRun(onThread.id))!];
    expect(JSON.stringify(a.report)).toBe(JSON.stringify(b.report));
    const bySystem = (run: typeof a) => run.gcsc!.systems.map(({ systemId: _id, ...rest }) => rest);
    expect(bySystem(a)).toEqual(bySystem(b));
    expect({ ...a.gcsc, systems: [] }).toEqual({ ...b.gcsc, systems: [] });
    // In system order (results are keyed by random system ids).
    const sentences = async (run: typeof a) => {
      const results = await repo.getResults(run.id, 'gcsc');
      return run.systemIds.map((id) => results.find((r) => r.systemId === id)!.gcsc!.sentences);
    };
    expect(await sentences(a)).toEqual(await sentences(b));
    // Progress and stored phases come over their own port: wait for the last messages.
    await expect.poll(() => stored).toEqual(['csc', 'gcsc']);
    await expect.poll(() => progress.at(-1)?.unitsDone).toBe(progress.at(-1)?.unitsTotal);
    expect(progress.some((p) => p.stage === 'judge')).toBe(true);
  }, 60_000);

  it('keeps one worker between runs, and Cancel terminates it at once (the next run gets a fresh one)', async () => {
    const repo = freshRepo();
    const workers: FakeWorker[] = [];
    const runner = createWorkerRunner({ createWorker: () => (workers.push(fakeWorker()), workers.at(-1)!) });
    const first = await newRun(repo);
    await executeRun(repo, first.id, runner, { signal: new AbortController().signal });
    const second = await newRun(repo);
    const controller = new AbortController();
    const outcome = await executeRun(repo, second.id, runner, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'score') controller.abort();
      },
    });
    expect(outcome.status).toBe('cancelled');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(true);
    expect((await repo.getRun(second.id))!.status).toBe('cancelled');

    await repo.resumeRun(second.id);
    expect((await executeRun(repo, second.id, runner, { signal: new AbortController().signal })).status).toBe('done');
    expect(workers).toHaveLength(2);
    expect((await repo.getRun(second.id))!.phasesDone).toEqual(['csc', 'gcsc']);
  }, 60_000);

  it("prepares on the worker the runs use: the model's id and files for a model judge, nothing but jieba otherwise", async () => {
    const asked: PrepareRequest[] = [];
    const workers: FakeWorker[] = [];
    const job = { source: { kind: 'url' as const, url: 'http://site/models/default/' }, quantized: false };
    const runner = createWorkerRunner({
      createWorker: () => (workers.push(fakeWorker(nodeEnv, undefined, async (request) => void asked.push(request))), workers.at(-1)!),
      modelFor: async (judge) => (judge.spec.kind === 'model' && judge.spec.model === 'site:default' ? job : undefined),
    });
    await runner.prepare!({ spec: { kind: 'model', model: 'site:default' } });
    await runner.prepare!(exact);
    expect(asked).toEqual([{ model: { key: modelKey('site:default', job), job } }, {}]);
    // The run that follows goes to the same worker.
    expect(await runToTheEnd(runner)).toBe('done');
    expect(workers).toHaveLength(1);
  }, 60_000);

  it("a preparation's failure reaches the caller, and the worker stays for the run", async () => {
    const workers: FakeWorker[] = [];
    const runner = createWorkerRunner({
      createWorker: () => (workers.push(fakeWorker(nodeEnv, undefined, () => Promise.reject(new Error('the model folder has no tokenizer.json')))), workers.at(-1)!),
      modelFor: async () => ({ source: { kind: 'url' as const, url: 'http://site/models/gone/' }, quantized: false }),
    });
    await expect(runner.prepare!({ spec: { kind: 'model', model: 'site:gone' } })).rejects.toThrow('no tokenizer.json');
    expect(await runToTheEnd(runner)).toBe('done');
    expect(workers).toHaveLength(1);
  }, 60_000);

  it('a crashed worker is reported as the run failing; what it stored stays, and the run resumes', async () => {
    const repo = freshRepo();
    const run = await newRun(repo);
    let worker: FakeWorker | undefined;
    // The judge is never answered: the worker "crashes" while Eval-GCSC judges, after Eval-CSC was stored.
    const stuck = createRunEnvironment({ segmenter: nodeEnv.segmenter });
    const hanging: RunEnvironment = {
      segmenter: stuck.segmenter,
      judge: async () => ({
        resolved: { spec: { kind: 'exact' }, judge: { id: 'exact', textOnly: true, judge: () => new Promise(() => worker!.crash('out of memory')) } },
        release: async () => {},
      }),
    };
    const runner = createWorkerRunner({ createWorker: () => (worker = fakeWorker(hanging)) });
    const outcome = await executeRun(repo, run.id, runner, { signal: new AbortController().signal });
    expect(outcome).toMatchObject({ status: 'failed', error: 'out of memory' });
    expect((await repo.getRun(run.id))!).toMatchObject({ status: 'failed', error: 'out of memory', phasesDone: ['csc'] });

    await repo.resumeRun(run.id);
    const healthy = createWorkerRunner({ createWorker: () => fakeWorker() });
    expect((await executeRun(repo, run.id, healthy, { signal: new AbortController().signal })).status).toBe('done');
  }, 60_000);

  it("passes the job's own errors through; a full disk stays a StorageFullError", async () => {
    const repo = freshRepo();
    const run = await newRun(repo);
    const failing = (error: Error): RunEnvironment => ({ segmenter: async () => Promise.reject(error), judge: nodeEnv.judge });
    const plain = await executeRun(repo, run.id, createWorkerRunner({ createWorker: () => fakeWorker(failing(new Error('jieba did not load'))) }), {
      signal: new AbortController().signal,
    });
    expect(plain).toMatchObject({ status: 'failed', error: 'jieba did not load', storageFull: false });
    await repo.resumeRun(run.id);
    const full = await executeRun(repo, run.id, createWorkerRunner({ createWorker: () => fakeWorker(failing(new StorageFullError('the Eval-GCSC results'))) }), {
      signal: new AbortController().signal,
    });
    expect(full).toMatchObject({ status: 'failed', storageFull: true, error: 'storage full while saving the Eval-GCSC results' });
  }, 60_000);

  it('Node has no Worker: the default runner is the calling thread', () => {
    expect(defaultRunner(nodeEnv).where).toBe('main-thread');
    void exactJudge;
  });

  it('scores the profiles on a second worker (as a page does) and stores exactly what the calling thread stores', async () => {
    const repo = freshRepo();
    const split = await newRun(repo);
    const onThread = await newRun(repo);
    let scoringWorkers = 0;
    const scoreWorker = (): WorkerLike => {
      scoringWorkers++;
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      Comlink.expose(createScoreWorkerApi(), port1);
      return Object.assign(port2, { terminate: () => port2.close() }) as unknown as WorkerLike;
    };
    const remote = scoringElsewhere(scoreWorker);
    // Started ahead (a page's preparation): the run then scores on that same worker.
    remote.start();
    expect(scoringWorkers).toBe(1);
    const heard: string[] = [];
    const env = createRunEnvironment({
      segmenter: async () => createNodeJiebaSegmenter(),
      scoreProfiles: (request, onProgress) => remote(request, (p) => (heard.push(`${p.system} · ${p.profile}`), onProgress(p))),
    });
    const runner = createWorkerRunner({ createWorker: () => fakeWorker(env) });
    expect(await executeRun(repo, split.id, runner, { signal: new AbortController().signal })).toMatchObject({ status: 'done' });
    expect(await executeRun(repo, onThread.id, inThreadRunner(nodeEnv), { signal: new AbortController().signal })).toMatchObject({ status: 'done' });
    const [a, b] = [(await repo.getRun(split.id))!, (await repo.getRun(onThread.id))!];
    expect(JSON.stringify(a.report)).toBe(JSON.stringify(b.report));
    expect(scoringWorkers).toBe(1);
    // The scoring worker reported each (system, profile) it scored, across the port.
    const systems = a.systemNames.length;
    expect(heard.length).toBeGreaterThanOrEqual(systems * 5);
    expect(new Set(heard).size).toBe(heard.length);
  });

  it('scores on the evaluation worker when the scoring worker cannot start, with the same numbers', async () => {
    const repo = freshRepo();
    const split = await newRun(repo);
    const onThread = await newRun(repo);
    const fallbacks: unknown[] = [];
    // A worker whose script fails to load: an error event, no answer.
    const broken = (): WorkerLike => {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      setTimeout(() => port2.dispatchEvent(Object.assign(new Event('error'), { message: 'nested workers are not supported' })), 10);
      return Object.assign(port2, { terminate: () => port2.close() }) as unknown as WorkerLike;
    };
    const env = createRunEnvironment({ segmenter: async () => createNodeJiebaSegmenter(), scoreProfiles: scoringElsewhere(broken, (e) => fallbacks.push(e)) });
    expect(await executeRun(repo, split.id, createWorkerRunner({ createWorker: () => fakeWorker(env) }), { signal: new AbortController().signal })).toMatchObject({ status: 'done' });
    expect(await executeRun(repo, onThread.id, inThreadRunner(nodeEnv), { signal: new AbortController().signal })).toMatchObject({ status: 'done' });
    expect(fallbacks.map((e) => (e as Error).message)).toEqual(['nested workers are not supported']);
    expect(JSON.stringify((await repo.getRun(split.id))!.report)).toBe(JSON.stringify((await repo.getRun(onThread.id))!.report));
  });

  it('ends a job before its embedding cache is written; the write waits a moment, or until the next job, which waits for it', async () => {
    const repo = freshRepo();
    const [first, second, third] = [await newRun(repo), await newRun(repo), await newRun(repo)];
    const events: string[] = [];
    const writes: (() => void)[] = [];
    const env: RunEnvironment = {
      segmenter: nodeEnv.segmenter,
      judge: async (judge) => ({
        resolved: { spec: judge.spec, judge: exactJudge },
        release: () => {
          events.push('write started');
          return new Promise<void>((resolve) => writes.push(() => (events.push('written'), resolve())));
        },
      }),
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const runner = createWorkerRunner({ createWorker: () => fakeWorker(env, 200) });
    await runner.run(repo, first.id);
    events.push('first ended');
    await sleep(50);
    expect(events).toEqual(['first ended']);
    // The next job starts the write at once and waits for it.
    const next = runner.run(repo, second.id).then(() => events.push('second ended'));
    await sleep(50);
    expect(events).toEqual(['first ended', 'write started']);
    writes[0]!();
    await next;
    expect(events).toEqual(['first ended', 'write started', 'written', 'second ended']);
    // With no next job, the write starts by itself after the delay.
    await sleep(300);
    expect(events.at(-1)).toBe('write started');
    writes[1]!();
    await runner.run(repo, third.id);
    expect(events.slice(4)).toEqual(['write started', 'written']);
  });
});
