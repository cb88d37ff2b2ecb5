/**
 * What the evaluation worker does: the two phases of a run, off the main thread. No metric logic lives here: the
 * phases are exactly the page's runCscPhase / runGcscPhase (src/ui/logic/evaluate.ts), which call the core
 * (buildReport with the registry's profiles, addGcscToReport, runGcsc), so the numbers are the main thread's.
 *
 * Eval-GCSC needs a segmenter and a judge that live elsewhere (the segmentation worker, the embedding worker, the
 * page's caches): the main thread serves them on a MessagePort it hands over (a `GcscHost` exposed with comlink),
 * and the worker wraps that port into a core Segmenter and Judge. Progress goes back the same way.
 *
 * Cancellation is not handled here: the main thread terminates the worker (see eval-client.ts).
 */
import * as Comlink from 'comlink';
import type { Judge, Judgement, JudgeRequest } from '../core/gcsc/judge.ts';
import type { GcscRun } from '../core/gcsc/pipeline.ts';
import type { DatasetInfo, Report } from '../core/report.ts';
import type { Segmenter } from '../core/segment/segmenter.ts';
import { runCscPhase, runGcscPhase, type CscPhaseResult, type GcscPhaseOptions, type StepProgress, type SystemItems } from '../ui/logic/evaluate.ts';

/** What the main thread serves to the worker during Eval-GCSC. */
export interface GcscHost {
  segmentBatch(texts: string[]): Promise<number[][]>;
  judge(requests: JudgeRequest[]): Promise<Judgement[]>;
  progress(p: StepProgress): void;
}

/** The plain (cloneable) parts of the segmenter and judge, and the phase's settings. */
export interface GcscWorkerSettings {
  segmenterId: string;
  judgeId: string;
  textOnly: boolean;
  judgeInfo?: Record<string, unknown>;
  judgeBatch?: number;
}

export interface EvalWorkerApi {
  /**
   * Eval-CSC (every default profile, then the operation statistics); with `host` (a port on which the main thread
   * exposes `{ progress }`), progress per (system, profile) step.
   */
  csc(dataset: DatasetInfo, systems: SystemItems[], host?: MessagePort): Promise<CscPhaseResult>;
  /** Eval-GCSC; `host` is a MessagePort on which the main thread exposes a GcscHost. */
  gcsc(cscReport: Report, systems: SystemItems[], settings: GcscWorkerSettings, host: MessagePort): Promise<{ run: GcscRun; report: Report }>;
}

/**
 * Progress that never makes the phase wait for the page to draw it; settled() resolves once the page has taken
 * every report sent so far, so a phase's last report arrives before its result.
 */
function progressSender(send: (p: StepProgress) => Promise<unknown>): { report: (p: StepProgress) => void; settled: () => Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  return {
    report(p) {
      const sent = send(p).catch(() => undefined);
      pending.add(sent);
      void sent.then(() => pending.delete(sent));
    },
    async settled() {
      await Promise.all(pending);
    },
  };
}

export function createEvalWorkerApi(): EvalWorkerApi {
  return {
    async csc(dataset, systems, port) {
      if (!port) return runCscPhase(dataset, systems);
      const host = Comlink.wrap<Pick<GcscHost, 'progress'>>(port);
      const progress = progressSender((p) => host.progress(p));
      const result = await runCscPhase(dataset, systems, { onProgress: progress.report });
      await progress.settled();
      return result;
    },
    async gcsc(cscReport, systems, settings, port) {
      const host = Comlink.wrap<GcscHost>(port);
      const progress = progressSender((p) => host.progress(p));
      const segmenter: Segmenter = { id: settings.segmenterId, segmentBatch: (texts) => host.segmentBatch([...texts]) };
      const judge: Judge = { id: settings.judgeId, textOnly: settings.textOnly, judge: (requests) => host.judge([...requests]) };
      const options: GcscPhaseOptions = { segmenter, judge, onProgress: progress.report };
      if (settings.judgeInfo) options.judgeInfo = settings.judgeInfo;
      if (settings.judgeBatch) options.judgeBatch = settings.judgeBatch;
      const result = await runGcscPhase(cscReport, systems, options);
      await progress.settled();
      return result;
    },
  };
}
