/**
 * The main-thread side of a run: where runJob executes. In a page, the evaluation worker (run.worker.ts), kept
 * between runs so jieba and the model stay loaded; aborting `signal` terminates it at once, and a worker that
 * crashed is reported as the run's failure (the next run starts a fresh one). In Node and tests, the calling thread.
 *
 *   const runner = createWorkerRunner({ modelFor });
 *   await runner.run(repo, runId, { signal, onProgress, onPhaseStored });
 */
import * as Comlink from 'comlink';
import { throwIfCancelled, type CancelSignal } from '../core/cancel.ts';
import { StorageFullError } from '../db/errors.ts';
import type { Repository } from '../db/repository.ts';
import type { RunJudge, RunPhase } from '../db/types.ts';
import type { TypoCheckResult } from '../core/meta/typo-check.ts';
import { runJob, type RunEnvironment, type RunProgress } from './run-job.ts';
import { typoJob } from './typo-job.ts';
import { modelKey, type ModelSourceJob, type RunListener, type RunWorkerApi } from './run-worker-api.ts';
import { createWorkerHandle, type WorkerHandle, type WorkerLike } from './worker-handle.ts';

export interface RunnerHooks {
  signal?: CancelSignal;
  onProgress?: (p: RunProgress) => void;
  onPhaseStored?: (phase: RunPhase) => void;
}

/** Computes a stored run's missing phases and stores them; rejects with CancelledError or the failure. */
export interface RunRunner {
  readonly where: 'worker' | 'main-thread';
  run(repo: Repository, runId: string, hooks?: RunnerHooks): Promise<void>;
  /** Loads what a run with this judge would load first (RunWorkerApi.prepare); where absent, runs load it themselves. */
  prepare?(judge: RunJudge): Promise<void>;
  /** The share of a dataset's own misspellings the judge accepts (the judge check's typo acceptance). */
  typoCheck(repo: Repository, datasetId: string, judge: RunJudge): Promise<TypoCheckResult>;
  dispose?(): void;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** runJob on the calling thread, yielding between chunks so Cancel is heard. */
export function inThreadRunner(env: RunEnvironment | undefined): RunRunner {
  return {
    where: 'main-thread',
    run: (repo, runId, hooks = {}) => runJob(repo, runId, env, { ...hooks, yieldNow: nextTask }),
    typoCheck: (repo, datasetId, judge) => typoJob(repo, datasetId, judge, env),
  };
}

export interface WorkerRunnerOptions {
  /** Makes the worker; tests pass a fake. Default: the bundled run.worker.ts. */
  createWorker?: () => WorkerLike;
  /** Where the run's model files are (site URL or a dropped folder), for model judges. */
  modelFor?: (judge: RunJudge) => Promise<ModelSourceJob | undefined>;
}

export function defaultRunWorker(): Worker {
  return new Worker(new URL('./run.worker.ts', import.meta.url), { type: 'module', name: 'csc-eval' });
}

export function createWorkerRunner(options: WorkerRunnerOptions = {}): RunRunner {
  const makeWorker = options.createWorker ?? defaultRunWorker;
  let handle: WorkerHandle<RunWorkerApi> | undefined;
  const started = () => {
    if (!handle || handle.terminated) handle = createWorkerHandle<RunWorkerApi>(makeWorker());
    return handle;
  };
  return {
    where: 'worker',
    async prepare(judge) {
      const job = judge.spec.kind === 'model' && options.modelFor ? await options.modelFor(judge) : undefined;
      const model = job && judge.spec.kind === 'model' ? { key: modelKey(judge.spec.model, job), job } : undefined;
      try {
        await started().call((r) => r.prepare(model ? { model } : {}));
      } catch (e) {
        throw fromWorker(e);
      }
    },
    async typoCheck(repo, datasetId, judge) {
      const model = judge.spec.kind === 'model' && options.modelFor ? await options.modelFor(judge) : undefined;
      try {
        return await started().call((r) => r.typoCheck({ dbName: repo.db.name, datasetId, judge, ...(model ? { model } : {}) }));
      } catch (e) {
        throw fromWorker(e);
      }
    },
    async run(repo, runId, hooks = {}) {
      const { signal } = hooks;
      throwIfCancelled(signal);
      const stored = await repo.getRun(runId);
      const model = stored?.judge?.spec.kind === 'model' && options.modelFor ? await options.modelFor(stored.judge) : undefined;
      const current = started();
      let open = true;
      const listener: RunListener = {
        progress: (p) => open && hooks.onProgress?.(p),
        phaseStored: (phase) => open && hooks.onPhaseStored?.(phase),
      };
      const proxy = Comlink.proxy(listener);
      try {
        await current.call((r) => r.run({ dbName: repo.db.name, runId, ...(model ? { model } : {}) }, proxy), signal);
      } catch (e) {
        throw fromWorker(e);
      } finally {
        open = false;
      }
    },
    dispose() {
      handle?.terminate();
      handle = undefined;
    },
  };
}

/** An error from the worker arrives as a plain Error with the original name: a full disk stays a StorageFullError. */
function fromWorker(e: unknown): unknown {
  if (e instanceof Error && e.name === 'StorageFullError' && !(e instanceof StorageFullError)) {
    const what = /while saving (.*)$/.exec(e.message)?.[1] ?? 'the results';
    return new StorageFullError(what, e);
  }
  return e;
}

/** The worker where the platform has workers, the calling thread otherwise. */
export function defaultRunner(env: RunEnvironment | undefined, options: WorkerRunnerOptions = {}): RunRunner {
  return typeof Worker === 'function' ? createWorkerRunner(options) : inThreadRunner(env);
}
