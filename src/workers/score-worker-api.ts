/**
 * What the scoring worker does, and the evaluation worker's side of it: one call per run, the request and the
 * scores cloned once each way, progress per profile. evaluate() receives the same ScoredProfile values it would
 * have computed itself (test/core/evaluate.test.ts checks the clone changes nothing).
 */
import * as Comlink from 'comlink';
import { scoreProfiles, type ScoredProfile, type ScoringProgress, type ScoringRequest } from '../core/score-profiles.ts';
import { nextTask } from './next-task.ts';
import { createWorkerHandle, type WorkerHandle, type WorkerLike } from './worker-handle.ts';

export interface ScoreWorkerApi {
  score(request: ScoringRequest, onProgress: (progress: ScoringProgress) => void): Promise<ScoredProfile[][]>;
}

export function createScoreWorkerApi(): ScoreWorkerApi {
  return {
    score: (request, onProgress) => scoreProfiles(request, { onProgress, yieldNow: nextTask }),
  };
}

/** evaluate's `scoreProfiles` hook; `start()` makes the worker ahead of the first run (it then loads its code). */
export type ScoringElsewhere = ((request: ScoringRequest, onProgress: (progress: ScoringProgress) => void) => Promise<ScoredProfile[][]>) & { start(): void };

/**
 * evaluate's `scoreProfiles` hook on a worker made on first use (or by start()) and kept for later runs. Where the
 * worker cannot start or fails (a browser without workers inside workers, say), the profiles score on this thread
 * instead: scoring is deterministic, so the numbers are the same; the page only loses the overlap.
 */
export function scoringElsewhere(
  makeWorker: () => WorkerLike,
  onFallback: (reason: unknown) => void = (reason) => console.warn('csc-studio: scoring on the evaluation worker instead', reason),
): ScoringElsewhere {
  let handle: WorkerHandle<ScoreWorkerApi> | undefined;
  const started = () => {
    if (!handle || handle.terminated) handle = createWorkerHandle<ScoreWorkerApi>(makeWorker());
    return handle;
  };
  const score = async (request: ScoringRequest, onProgress: (progress: ScoringProgress) => void): Promise<ScoredProfile[][]> => {
    try {
      return await started().call((remote) => remote.score(request, Comlink.proxy(onProgress)));
    } catch (reason) {
      handle?.terminate();
      handle = undefined;
      onFallback(reason);
      return scoreProfiles(request, { onProgress, yieldNow: nextTask });
    }
  };
  return Object.assign(score, { start: () => void started() });
}
