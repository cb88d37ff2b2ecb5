/**
 * The main-thread side of the evaluation worker: the two phases of a run, with runCscPhase's and runGcscPhase's
 * signatures, computed in a worker so the page stays responsive.
 *
 *   const phases = createWorkerPhases();
 *   const { report, verdicts } = await phases.csc(dataset, systems, { signal, onProgress });
 *
 * Each phase gets a fresh worker, ended when the phase ends. Aborting `signal` terminates the worker at once (in
 * the middle of a profile too) and the phase rejects with CancelledError. During Eval-GCSC the worker calls back
 * for segmentation and judging: the segmenter and judge given here stay on the main thread (or in their own
 * workers); a judge call receives `signal`, so an embedding judge is cancelled with the phase.
 */
import * as Comlink from 'comlink';
import { throwIfCancelled, type CancelSignal } from '../core/cancel.ts';
import type { GcscRun } from '../core/gcsc/pipeline.ts';
import type { DatasetInfo, Report } from '../core/report.ts';
import { runCscPhase, runGcscPhase, type CscPhaseResult, type GcscPhaseOptions, type StepProgress, type SystemItems } from '../ui/logic/evaluate.ts';
import type { EvalWorkerApi, GcscHost, GcscWorkerSettings } from './eval-worker-api.ts';
import { createWorkerHandle, type WorkerLike } from './worker-handle.ts';

export interface CscPhaseOptions {
  signal?: CancelSignal;
  onProgress?: (p: StepProgress) => void;
}

/** Where and how a run's phases are computed; both implementations give identical results. */
export interface PhaseRunner {
  readonly where: 'worker' | 'main-thread';
  csc(dataset: DatasetInfo, systems: readonly SystemItems[], options?: CscPhaseOptions): Promise<CscPhaseResult>;
  gcsc(cscReport: Report, systems: readonly SystemItems[], options: GcscPhaseOptions): Promise<{ run: GcscRun; report: Report }>;
}

/** The phases on the calling thread (Node, tests, a page without workers). */
export const mainThreadPhases: PhaseRunner = { where: 'main-thread', csc: runCscPhase, gcsc: runGcscPhase };

export interface WorkerPhasesOptions {
  /** Makes the worker; tests pass a fake. Default: the bundled eval.worker.ts. */
  createWorker?: () => WorkerLike;
}

export function defaultEvalWorker(): Worker {
  return new Worker(new URL('./eval.worker.ts', import.meta.url), { type: 'module', name: 'csc-eval' });
}

/** The worker where the platform has workers, the calling thread otherwise. */
export function defaultPhases(): PhaseRunner {
  return typeof Worker === 'function' ? createWorkerPhases() : mainThreadPhases;
}

/** Serves `api` to the worker on a fresh channel; close() ends it (late calls from the worker are dropped). */
function serve(api: object): { port: MessagePort; close(): void } {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port1);
  return { port: Comlink.transfer(port2, [port2]), close: () => port1.close() };
}

export function createWorkerPhases(options: WorkerPhasesOptions = {}): PhaseRunner {
  const makeWorker = options.createWorker ?? defaultEvalWorker;

  /** Runs one phase in a fresh worker; the worker ends with the phase, or at once when `signal` aborts. */
  const inWorker = async <R>(signal: CancelSignal | undefined, run: (remote: Comlink.Remote<EvalWorkerApi>) => Promise<R>): Promise<R> => {
    throwIfCancelled(signal);
    const handle = createWorkerHandle<EvalWorkerApi>(makeWorker());
    try {
      return await handle.call(run, signal);
    } finally {
      handle.terminate();
    }
  };

  return {
    where: 'worker',

    async csc(dataset, systems, phaseOptions = {}) {
      const { signal, onProgress } = phaseOptions;
      let open = true;
      const host = onProgress ? serve({ progress: (p: StepProgress) => open && onProgress(p) }) : undefined;
      try {
        return await inWorker(signal, (r) => r.csc(dataset, [...systems], host?.port));
      } finally {
        open = false;
        host?.close();
      }
    },

    async gcsc(cscReport, systems, phaseOptions) {
      const { segmenter, judge, signal, onProgress } = phaseOptions;
      let open = true;
      // An error thrown here crosses the worker as a plain Error: the original (a StorageFullError, say) is rethrown.
      let hostError: unknown;
      const keep = <T>(promise: Promise<T>): Promise<T> =>
        promise.catch((e: unknown) => {
          hostError ??= e;
          throw e;
        });
      const api: GcscHost = {
        segmentBatch: (texts) => keep(segmenter.segmentBatch(texts)),
        judge: (requests) => keep(judge.judge(requests, signal)),
        progress: (p) => {
          if (open) onProgress?.(p);
        },
      };
      const host = serve(api);
      const settings: GcscWorkerSettings = { segmenterId: segmenter.id, judgeId: judge.id, textOnly: judge.textOnly };
      if (phaseOptions.judgeInfo) settings.judgeInfo = phaseOptions.judgeInfo;
      if (phaseOptions.judgeBatch) settings.judgeBatch = phaseOptions.judgeBatch;
      try {
        const result = await inWorker(signal, (r) => r.gcsc(cscReport, [...systems], settings, host.port));
        throwIfCancelled(signal);
        return result;
      } catch (e) {
        throw hostError !== undefined && !signal?.aborted ? hostError : e;
      } finally {
        open = false;
        host.close();
      }
    },
  };
}
