/**
 * Runs (or resumes) a stored run: loads its dataset and systems, runs every phase not yet stored, and stores each
 * phase's results in one transaction when the phase ends. A cancelled, failed or interrupted run keeps the phases
 * it finished; resuming runs only the rest. Nothing is written half-way through a phase.
 *
 * In a page the phases are computed in a worker (src/workers/eval-client.ts): the page stays responsive, progress
 * comes back per (system, profile) step, and Cancel terminates the worker at once. Without workers (Node, tests)
 * they run on the calling thread; the results are the same.
 */
import { CancelledError } from '../../core/cancel.ts';
import type { Judge } from '../../core/gcsc/judge.ts';
import type { Segmenter } from '../../core/segment/segmenter.ts';
import { StorageFullError } from '../../db/errors.ts';
import { defaultPhases, type PhaseRunner } from '../../workers/eval-client.ts';
import type { Repository } from '../../db/repository.ts';
import type { GcscSummary, JudgeSettings, RunRecord } from '../../db/types.ts';
import { datasetInfo, scoredItems, type GcscPhaseOptions, type StepProgress, type SystemItems } from '../logic/evaluate.ts';

export interface LoadedJudge {
  judge: Judge;
  /** Recorded under report.gcsc (model, threshold, pooling…), as the CLI does. */
  info: Record<string, unknown>;
  /** Backend, cache and timing figures for the run log. */
  details?: () => Record<string, unknown>;
  /** Called when the phase ends (flush caches, free the model). */
  release(): Promise<void>;
}

/** What the page provides to Eval-GCSC: a segmenter and judges (workers in the browser, Node code in tests). */
export interface GcscPlatform {
  segmenter(): Promise<Segmenter>;
  judge(settings: JudgeSettings, onProgress: (p: StepProgress) => void, signal: AbortSignal): Promise<LoadedJudge>;
}

export interface ExecuteOptions {
  signal: AbortSignal;
  onProgress?: (p: StepProgress) => void;
  /** Called after each stored phase with the updated run. */
  onPhaseStored?: (run: RunRecord) => void;
  heartbeatMs?: number;
  /** Where the phases are computed; default: a worker where the page has workers, else the calling thread. */
  phases?: PhaseRunner;
}

export type RunOutcome = { status: 'done'; run: RunRecord } | { status: 'cancelled' } | { status: 'failed'; error: string; storageFull: boolean };

export async function loadSystems(repo: Repository, run: RunRecord): Promise<SystemItems[]> {
  const rows = await repo.getRows(run.datasetId);
  return Promise.all(
    run.systemIds.map(async (systemId, i) => ({ systemId, name: run.systemNames[i]!, items: scoredItems(rows, await repo.getPredictions(systemId)) })),
  );
}

export async function executeRun(repo: Repository, runId: string, platform: GcscPlatform | undefined, options: ExecuteOptions): Promise<RunOutcome> {
  const { signal, onProgress } = options;
  const phases = options.phases ?? defaultPhases();
  const beat = setInterval(() => void repo.heartbeat(runId).catch(() => undefined), options.heartbeatMs ?? 5000);
  try {
    let run = await repo.getRun(runId);
    if (!run) throw new Error('the run was deleted');
    const dataset = await repo.getDataset(run.datasetId);
    if (!dataset) throw new Error('the run\'s dataset was deleted');
    const systems = await loadSystems(repo, run);
    const info = datasetInfo(dataset);

    if (run.phases.includes('csc') && !run.phasesDone.includes('csc')) {
      const started = performance.now();
      const phaseOptions: Parameters<PhaseRunner['csc']>[2] = { signal };
      if (onProgress) phaseOptions.onProgress = onProgress;
      const { report, verdicts } = await phases.csc(info, systems, phaseOptions);
      if (signal.aborted) throw new CancelledError();
      run = await repo.savePhase(runId, 'csc', {
        report,
        elapsedMs: Math.round(performance.now() - started),
        results: systems.map((s) => ({ systemId: s.systemId, csc: { verdicts: verdicts.get(s.systemId)! } })),
      });
      options.onPhaseStored?.(run);
    }

    if (run.phases.includes('gcsc') && !run.phasesDone.includes('gcsc')) {
      if (!platform) throw new Error('Eval-GCSC is not available in this page (no segmenter)');
      if (!run.report) throw new Error('Eval-GCSC needs the Eval-CSC phase first');
      const settings: JudgeSettings = run.judge ?? { kind: 'exact' };
      const started = performance.now();
      onProgress?.({ phase: 'load', done: 0, total: 1, label: 'segmenter' });
      const segmenter = await platform.segmenter();
      const loaded = await platform.judge(settings, (p) => onProgress?.(p), signal);
      try {
        const phaseOptions: GcscPhaseOptions = { segmenter, judge: loaded.judge, signal, judgeInfo: loaded.info };
        if (onProgress) phaseOptions.onProgress = onProgress;
        const { run: gcscRun, report } = await phases.gcsc(run.report, systems, phaseOptions);
        if (signal.aborted) throw new CancelledError();
        const summary: GcscSummary = {
          judge: gcscRun.judge,
          segmenter: gcscRun.segmenter,
          settings,
          stats: gcscRun.stats,
          systems: gcscRun.systems.map((s, i) => ({ systemId: systems[i]!.systemId, name: s.name, counts: s.counts, values: s.values, warnings: s.warnings })),
        };
        const details = loaded.details?.();
        if (details) summary.details = details;
        run = await repo.savePhase(runId, 'gcsc', {
          report,
          gcsc: summary,
          elapsedMs: Math.round(performance.now() - started),
          results: gcscRun.systems.map((s, i) => ({ systemId: systems[i]!.systemId, gcsc: { sentences: s.sentences } })),
        });
        options.onPhaseStored?.(run);
      } finally {
        await loaded.release();
      }
    }
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
