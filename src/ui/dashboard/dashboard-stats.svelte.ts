/**
 * The dashboard's "Show 95% intervals" toggle and slice selector: computes a run's intervals (and the chosen
 * slice family) in the stats worker, with progress and Cancel, and keeps the last few results per run.
 */
import { RESAMPLE_DEFAULTS, type ResampleSettings } from '../../core/compare/index.ts';
import type { SliceFamilyName } from '../../core/slices/index.ts';
import type { IntervalView, StatsInput, StatsProgress } from '../../workers/stats-compute.ts';
import type { StatsRunner } from '../../workers/stats-client.ts';
import { WorkerJob } from '../shared/worker-job.svelte.ts';

export type DashboardSlice = Extract<SliceFamilyName, 'length' | 'errors' | 'type'>;
export const DASHBOARD_SLICES: readonly DashboardSlice[] = ['length', 'errors', 'type'];

export class DashboardStats extends WorkerJob<StatsProgress> {
  showIntervals = $state(false);
  slice = $state<DashboardSlice | ''>('');
  view = $state.raw<IntervalView | null>(null);
  readonly settings: ResampleSettings;
  #cache = new Map<string, IntervalView>();
  #runKey = '';

  constructor(
    private readonly runner: StatsRunner,
    settings: Partial<ResampleSettings> = {},
  ) {
    super({ phase: 'score', done: 0, total: 1 });
    this.settings = { ...RESAMPLE_DEFAULTS, ...settings };
  }

  /** Whether anything asks for numbers from the worker. */
  get wanted(): boolean {
    return this.showIntervals || this.slice !== '';
  }

  /** Computes (or reuses) what the toggle and the slice selector ask for, for the run `key` identifies. */
  async update(key: string, input: () => Promise<StatsInput>): Promise<void> {
    if (key !== this.#runKey) {
      this.#runKey = key;
      this.view = null;
    }
    this.reset();
    if (!this.wanted) return;
    const slices = this.slice ? [this.slice] : [];
    const cacheKey = `${key}|${slices.join(',')}`;
    const hit = this.#cache.get(cacheKey);
    if (hit) {
      this.view = hit;
      return;
    }
    await this.start(
      async (options) => this.runner.intervals(await input(), { ci: this.settings, slices }, options),
      (view) => {
        this.#cache.set(cacheKey, view);
        while (this.#cache.size > 6) this.#cache.delete(this.#cache.keys().next().value!);
        this.view = view;
      },
    );
  }

  /** Stops the computation in flight; by the user (`byUser`), the toggle and the slice go back to off. */
  override cancel(byUser = true): boolean {
    const had = super.cancel(byUser);
    if (had && byUser) {
      this.showIntervals = false;
      this.slice = '';
    }
    return had;
  }
}
