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

/**
 * evaluate's `scoreProfiles` hook on a worker made on first use and kept for later runs. Where the worker cannot
 * start or fails (a browser without workers inside workers, say), the profiles score on this thread instead:
 * scoring is deterministic, so the numbers are the same; the page only loses the overlap.
 */
export function scoringElsewhere(
  makeWorker: () => WorkerLike,
  onFallback: (reason: unknown) => void = (reason) => console.warn('csc-studio: scoring on the evaluation worker instead', reason),
): (request: ScoringRequest, onProgress: (progress: ScoringProgress) => void) => Promise<ScoredProfile[][]> {
  let handle: WorkerHandle<ScoreWorkerApi> | undefined;
  return async (request, onProgress) => {
    try {
      if (!handle || handle.terminated) handle = createWorkerHandle<ScoreWorkerApi>(makeWorker());
      return await handle.call((remote) => remote.score(request, Comlink.proxy(onProgress)));
    } catch (reason) {
      handle?.terminate();
      handle = undefined;
      onFallback(reason);
      return scoreProfiles(request, { onProgress, yieldNow: nextTask });
    }
  };
}
