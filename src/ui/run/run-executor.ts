/**
 * Runs (or resumes) a stored run through a RunRunner (the evaluation worker in a page, the calling thread in
 * tests) and records how it ended: done, cancelled (Cancel terminates the worker at once) or failed with the
 * message (a crashed worker too). Phases the job stored stay stored, so a cancelled, failed or interrupted run
 * resumes with what is missing. A heartbeat marks the run alive while it runs.
 */
import { CancelledError } from '../../core/cancel.ts';
import { StorageFullError } from '../../db/errors.ts';
import type { Repository } from '../../db/repository.ts';
import type { RunPhase, RunRecord } from '../../db/types.ts';
import type { RunProgress } from '../../workers/run-job.ts';
import type { RunRunner } from '../../workers/run-client.ts';

export interface ExecuteOptions {
  signal: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  /** Called after each stored phase. */
  onPhaseStored?: (phase: RunPhase) => void;
  heartbeatMs?: number;
}

export type RunOutcome = { status: 'done'; run: RunRecord } | { status: 'cancelled' } | { status: 'failed'; error: string; storageFull: boolean };

export async function executeRun(repo: Repository, runId: string, runner: RunRunner, options: ExecuteOptions): Promise<RunOutcome> {
  const { signal } = options;
  const beat = setInterval(() => void repo.heartbeat(runId).catch(() => undefined), options.heartbeatMs ?? 5000);
  try {
    const hooks: Parameters<RunRunner['run']>[2] = { signal };
    if (options.onProgress) hooks.onProgress = options.onProgress;
    if (options.onPhaseStored) hooks.onPhaseStored = options.onPhaseStored;
    await runner.run(repo, runId, hooks);
    if (signal.aborted) throw new CancelledError();
    let run = await repo.getRun(runId);
    if (!run) throw new Error('the run was deleted');
    if (run.status !== 'done') {
      await repo.setStatus(runId, 'done');
      run = (await repo.getRun(runId))!;
    }
    return { status: 'done', run };
  } catch (err) {
    if (err instanceof CancelledError || signal.aborted) {
      await repo.setStatus(runId, 'cancelled').catch(() => undefined);
      return { status: 'cancelled' };
    }
    const storageFull = err instanceof StorageFullError;
    const error = err instanceof Error ? err.message : String(err);
    await repo.setStatus(runId, 'failed', error).catch(() => undefined);
    return { status: 'failed', error, storageFull };
  } finally {
    clearInterval(beat);
  }
}
