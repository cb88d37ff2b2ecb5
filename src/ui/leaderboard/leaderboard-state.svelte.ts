/**
 * The leaderboard's choices (metric, the visitor's system) and its result, computed in the stats worker. The
 * resampling settings are the CLI's defaults, so the card's command line gives the same numbers.
 */
import { RESAMPLE_DEFAULTS, type Leaderboard } from '../../core/compare/index.ts';
import { parseMetricName } from '../../core/bench/manifest.ts';
import type { LeaderboardRequest, StatsInput, StatsProgress } from '../../workers/stats-compute.ts';
import type { StatsRunner } from '../../workers/stats-client.ts';
import { higherIsBetter } from '../compare/compare-view.ts';
import { WorkerJob } from '../shared/worker-job.svelte.ts';

export class LeaderboardState extends WorkerJob<StatsProgress> {
  metric = $state('');
  /** The visitor's system; '' for none. */
  mine = $state('');
  result = $state.raw<Leaderboard | null>(null);
  /** What the shown result (or the one on its way) was computed for. */
  #for = '';

  constructor(private readonly runner: StatsRunner) {
    super({ phase: 'score', done: 0, total: 1 });
  }

  request(): LeaderboardRequest | null {
    const parsed = parseMetricName(this.metric);
    if (!parsed) return null;
    const request: LeaderboardRequest = { settings: { ...RESAMPLE_DEFAULTS }, ...parsed, higherIsBetter: higherIsBetter(parsed.key) };
    if (this.mine) request.mine = this.mine;
    return request;
  }

  /** Computes for `runKey` unless the result shown (or coming) is already for it and these choices. */
  async update(runKey: string, input: () => Promise<StatsInput>): Promise<void> {
    const request = this.request();
    const key = `${runKey}\u0000${this.metric}\u0000${this.mine}`;
    if (!request || key === this.#for) return;
    this.#for = key;
    this.result = null;
    await this.start(
      async (options) => this.runner.leaderboard(await input(), request, options),
      (result) => (this.result = result),
    );
  }

  /** Forget the last result's key, so the next update computes again (after an error or a cancel). */
  again(): void {
    this.#for = '';
  }
}
