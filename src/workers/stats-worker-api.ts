/**
 * What the stats worker does: intervals (with slices) and the pairwise comparison of a stored run, off the main
 * thread. No statistics live here: stats-compute.ts calls the core. Progress goes back on a MessagePort the main
 * thread exposes (`{ progress }`); cancel is the main thread terminating the worker (stats-client.ts).
 */
import { loadCoreData } from '../core/core-data.ts';
import * as Comlink from 'comlink';
import {
  computeCompareReport,
  computeIntervalView,
  computeLeaderboard,
  type LeaderboardRequest,
  type CompareView,
  type CompareRequest,
  type IntervalRequest,
  type IntervalView,
  type StatsInput,
  type StatsProgress,
} from './stats-compute.ts';
import type { Leaderboard } from '../core/compare/leaderboard.ts';

export interface StatsHost {
  progress(p: StatsProgress): void;
}

export interface StatsWorkerApi {
  intervals(input: StatsInput, request: IntervalRequest, host?: MessagePort): Promise<IntervalView>;
  compare(input: StatsInput, request: CompareRequest, host?: MessagePort): Promise<CompareView>;
  leaderboard(input: StatsInput, request: LeaderboardRequest, host?: MessagePort): Promise<Leaderboard>;
}

/**
 * Progress that never makes the work wait for the page: a report per phase change, per finished phase and at most
 * one per 100 ms otherwise. settled() resolves once the page has taken them, so the last arrives before the result.
 */
function reporter(port: MessagePort | undefined): { report?: (p: StatsProgress) => void; settled: () => Promise<void> } {
  if (!port) return { settled: async () => undefined };
  const host = Comlink.wrap<StatsHost>(port);
  const pending = new Set<Promise<unknown>>();
  let last = 0;
  let phase = '';
  return {
    report(p) {
      const now = Date.now();
      if (p.phase === phase && p.done < p.total && now - last < 100) return;
      last = now;
      phase = p.phase;
      const sent = Promise.resolve(host.progress(p)).catch(() => undefined);
      pending.add(sent);
      void sent.then(() => pending.delete(sent));
    },
    settled: async () => void (await Promise.all(pending)),
  };
}

async function withProgress<R>(port: MessagePort | undefined, run: (onProgress?: (p: StatsProgress) => void) => Promise<R>): Promise<R> {
  // Slices and error types classify characters synchronously: their tables first. Not at the worker's top level:
  // a module worker awaiting there loses the messages that arrive before Comlink listens.
  await loadCoreData();
  const r = reporter(port);
  const result = await run(r.report);
  await r.settled();
  return result;
}

export function createStatsWorkerApi(): StatsWorkerApi {
  return {
    intervals: (input, request, port) => withProgress(port, (onProgress) => computeIntervalView(input, request, { onProgress })),
    compare: (input, request, port) => withProgress(port, (onProgress) => computeCompareReport(input, request, { onProgress })),
    leaderboard: (input, request, port) => withProgress(port, (onProgress) => computeLeaderboard(input, request, { onProgress })),
  };
}
