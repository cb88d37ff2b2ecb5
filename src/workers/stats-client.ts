/**
 * The main-thread side of the stats worker. Each call gets a fresh worker, ended with the call; aborting `signal`
 * terminates it at once and the call rejects with CancelledError. Without workers (Node, tests) the same
 * computation runs on the calling thread.
 */
import * as Comlink from 'comlink';
import { throwIfCancelled, type CancelSignal } from '../core/cancel.ts';
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
import type { StatsWorkerApi } from './stats-worker-api.ts';
import type { Leaderboard } from '../core/compare/leaderboard.ts';
import { createWorkerHandle, type WorkerLike } from './worker-handle.ts';

export interface StatsCallOptions {
  signal?: CancelSignal;
  onProgress?: (p: StatsProgress) => void;
}

export interface StatsRunner {
  readonly where: 'worker' | 'main-thread';
  intervals(input: StatsInput, request: IntervalRequest, options?: StatsCallOptions): Promise<IntervalView>;
  compare(input: StatsInput, request: CompareRequest, options?: StatsCallOptions): Promise<CompareView>;
  leaderboard(input: StatsInput, request: LeaderboardRequest, options?: StatsCallOptions): Promise<Leaderboard>;
}

export const mainThreadStats: StatsRunner = {
  where: 'main-thread',
  intervals: (input, request, o = {}) => computeIntervalView(input, request, o),
  compare: (input, request, o = {}) => computeCompareReport(input, request, o),
  leaderboard: (input, request, o = {}) => computeLeaderboard(input, request, o),
};

export function defaultStatsWorker(): Worker {
  return new Worker(new URL('./stats.worker.ts', import.meta.url), { type: 'module', name: 'csc-stats' });
}

export function defaultStats(): StatsRunner {
  return typeof Worker === 'function' ? createWorkerStats() : mainThreadStats;
}

export function createWorkerStats(options: { createWorker?: () => WorkerLike } = {}): StatsRunner {
  const makeWorker = options.createWorker ?? defaultStatsWorker;

  const inWorker = async <R>(o: StatsCallOptions, run: (remote: Comlink.Remote<StatsWorkerApi>, port?: MessagePort) => Promise<R>): Promise<R> => {
    throwIfCancelled(o.signal);
    let open = true;
    let channel: MessageChannel | undefined;
    let port: MessagePort | undefined;
    if (o.onProgress) {
      channel = new MessageChannel();
      Comlink.expose({ progress: (p: StatsProgress) => open && o.onProgress?.(p) }, channel.port1);
      port = Comlink.transfer(channel.port2, [channel.port2]);
    }
    const handle = createWorkerHandle<StatsWorkerApi>(makeWorker());
    try {
      return await handle.call((remote) => run(remote, port), o.signal);
    } finally {
      open = false;
      channel?.port1.close();
      handle.terminate();
    }
  };

  return {
    where: 'worker',
    intervals: (input, request, o = {}) => inWorker(o, (r, port) => r.intervals(input, request, port)),
    compare: (input, request, o = {}) => inWorker(o, (r, port) => r.compare(input, request, port)),
    leaderboard: (input, request, o = {}) => inWorker(o, (r, port) => r.leaderboard(input, request, port)),
  };
}
