/**
 * What the scoring worker does, and the evaluation worker's side of it: one call per run, the request cloned and
 * the scores packed into transferred arrays (packed-scores.ts), progress per profile. evaluate() receives the same
 * ScoredProfile values it would have computed itself (test/workers/packed-scores.test.ts and
 * test/core/evaluate.test.ts check that the crossing changes nothing).
 */
import * as Comlink from 'comlink';
import { scoreProfiles, type ScoredProfile, type ScoringProgress, type ScoringRequest } from '../core/score-profiles.ts';
import { nextTask } from './next-task.ts';
import { packScores, unpackScores, type PackedProfile } from './packed-scores.ts';
import { createWorkerHandle, type WorkerHandle, type WorkerLike } from './worker-handle.ts';

export interface ScoreWorkerApi {
  /** The scores packed (packed-scores.ts), their arrays transferred. */
  score(request: ScoringRequest, onProgress: (progress: ScoringProgress) => void): Promise<PackedProfile[][]>;
}

export function createScoreWorkerApi(): ScoreWorkerApi {
  return {
    async score(request, onProgress) {
      const { packed, transfer } = packScores(await scoreProfiles(request, { onProgress, yieldNow: nextTask }));
      return Comlink.transfer(packed, transfer);
    },
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
      return unpackScores(await started().call((remote) => remote.score(request, Comlink.proxy(onProgress))));
    } catch (reason) {
      handle?.terminate();
      handle = undefined;
      onFallback(reason);
      return scoreProfiles(request, { onProgress, yieldNow: nextTask });
    }
  };
  return Object.assign(score, { start: () => void started() });
}
