/**
 * What the evaluation worker does: one stored run, start to end (runJob). The worker opens the page's IndexedDB
 * itself, reads the run's rows and outputs there, judges with the segmenter, model and embedding cache it holds,
 * and stores the results; the main thread sends the run's id (and where its model's files are) and hears only
 * progress, each stored phase, and the end. Nothing travels per batch.
 *
 * Cancellation is not handled here: the main thread terminates the worker (run-client.ts).
 */
import type { TypoCheckResult } from '../core/meta/typo-check.ts';
import type { RunJudge, RunPhase } from '../db/types.ts';
import type { Repository } from '../db/repository.ts';
import type { ModelSourceSpec } from './model-source.ts';
import { nextTask } from './next-task.ts';
import { runJob, type RunEnvironment, type RunProgress } from './run-job.ts';
import { typoJob } from './typo-job.ts';

/** Where a run's model comes from, as the main thread found it (site URL or a dropped folder's files). */
export interface ModelSourceJob {
  source: ModelSourceSpec;
  /** Load onnx/model_quantized.onnx (older callers; onnxFile says which graph). */
  quantized: boolean;
  /** The graph to load (chooseGraph: the user's choice, else int8 when the folder has it). */
  onnxFile?: string;
  /** WASM threads: 'auto' (every core) or a number; only when the page is cross-origin isolated. */
  threads?: number | 'auto';
}

/** What a loaded model is kept under: a change of model, graph or threads loads it again. */
export function modelKey(model: string, job: ModelSourceJob): string {
  return `${model}\u0000${job.onnxFile ?? (job.quantized ? 'int8' : '')}\u0000${job.threads ?? 'auto'}`;
}

export interface RunJobRequest {
  /** The page's IndexedDB name. */
  dbName: string;
  runId: string;
  model?: ModelSourceJob;
}

/** The main thread's side of a job, called from the worker (a comlink proxy). */
export interface RunListener {
  progress(p: RunProgress): void;
  phaseStored(phase: RunPhase): void;
}

/** What a run would load first, asked for before any run: the model (under its judge's model id) and jieba. */
export interface PrepareRequest {
  model?: { key: string; job: ModelSourceJob };
}

/** A dataset's typo acceptance under one judge (typo-job.ts). */
export interface TypoCheckRequest {
  dbName: string;
  datasetId: string;
  judge: RunJudge;
  model?: ModelSourceJob;
}

export interface RunWorkerApi {
  run(request: RunJobRequest, listener: RunListener): Promise<void>;
  typoCheck(request: TypoCheckRequest): Promise<TypoCheckResult>;
  /**
   * Loads jieba, starts the scoring worker and loads the model, so that a run finds them ready; resolves when all
   * are. A run that starts meanwhile joins what is loading. A failure rejects here and is met again by the run.
   */
  prepare(request: PrepareRequest): Promise<void>;
}

/** How long after a job its leftover work (the embedding cache write) waits, unless another job comes first. */
export const AFTER_JOB_DELAY_MS = 3000;

/** At most one progress message per this many milliseconds, besides every change of stage. */
export const PROGRESS_INTERVAL_MS = 100;

export function createRunWorkerApi(
  openRepo: (dbName: string) => Repository,
  environment: (repo: Repository, request: { model?: ModelSourceJob }) => RunEnvironment,
  now: () => number = () => performance.now(),
  afterJobDelayMs = AFTER_JOB_DELAY_MS,
  prepare: (request: PrepareRequest) => Promise<void> = async () => {},
): RunWorkerApi {
  // What the last job left to do (its embedding cache write): started once the page has had a moment to show the
  // results (IndexedDB would serve the page's reads after a write of megabytes), or at once by the next job.
  let lastJobsWork: (() => Promise<void>) | undefined;
  return {
    prepare,
    async typoCheck(request) {
      await lastJobsWork?.();
      const repo = openRepo(request.dbName);
      return typoJob(repo, request.datasetId, request.judge, environment(repo, request));
    },
    async run(request, listener) {
      await lastJobsWork?.();
      const repo = openRepo(request.dbName);
      // Messages to the page travel on the listener's own port: the job ends only once the page has taken them all.
      const pending = new Set<Promise<unknown>>();
      const send = (message: Promise<unknown> | unknown) => {
        const sent = Promise.resolve(message).catch(() => undefined);
        pending.add(sent);
        void sent.then(() => pending.delete(sent));
      };
      let last = -Infinity;
      let stage = '';
      const onProgress = (p: RunProgress) => {
        const t = now();
        if (p.stage === stage && t - last < PROGRESS_INTERVAL_MS && p.unitsDone < p.unitsTotal) return;
        stage = p.stage;
        last = t;
        send(listener.progress(p));
      };
      try {
        await runJob(repo, request.runId, environment(repo, request), {
          onProgress,
          yieldNow: nextTask,
          onPhaseStored: (phase) => send(listener.phaseStored(phase)),
          afterJob: (work) => {
            // Only a cache: a failed write costs the next run some embedding, never a result.
            let started: Promise<void> | undefined;
            const start = () => (started ??= work().catch((e: unknown) => console.warn('csc-studio: the embedding cache was not written', e)));
            const timer = setTimeout(start, afterJobDelayMs);
            lastJobsWork = () => {
              clearTimeout(timer);
              return start();
            };
          },
        });
      } finally {
        await Promise.all(pending);
      }
    },
  };
}
