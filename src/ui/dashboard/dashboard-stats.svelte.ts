/**
 * The dashboard's "Show 95% intervals" toggle and slice selector: computes a run's intervals (and the chosen
 * slice family) in the stats worker, with progress and Cancel, and keeps the last few results per run.
 */
import { CancelledError } from '../../core/cancel.ts';
import { RESAMPLE_DEFAULTS, type ResampleSettings } from '../../core/compare/index.ts';
import type { SliceFamilyName } from '../../core/slices/index.ts';
import type { IntervalView, StatsInput, StatsProgress } from '../../workers/stats-compute.ts';
import type { StatsRunner } from '../../workers/stats-client.ts';

export type DashboardSlice = Extract<SliceFamilyName, 'length' | 'errors' | 'type'>;
export const DASHBOARD_SLICES: readonly DashboardSlice[] = ['length', 'errors', 'type'];

export class DashboardStats {
  showIntervals = $state(false);
  slice = $state<DashboardSlice | ''>('');
  view = $state.raw<IntervalView | null>(null);
  progress = $state.raw<StatsProgress | null>(null);
  error = $state<string | null>(null);
  cancelled = $state(false);
  readonly settings: ResampleSettings;
  #controller: AbortController | null = null;
  #cache = new Map<string, IntervalView>();
  #runKey = '';

  constructor(
    private readonly runner: StatsRunner,
    settings: Partial<ResampleSettings> = {},
  ) {
    this.settings = { ...RESAMPLE_DEFAULTS, ...settings };
  }

  get busy(): boolean {
    return this.progress !== null;
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
    this.cancel(false);
    this.error = null;
    this.cancelled = false;
    if (!this.wanted) return;
    const slices = this.slice ? [this.slice] : [];
    const cacheKey = `${key}|${slices.join(',')}`;
    const hit = this.#cache.get(cacheKey);
    if (hit) {
      this.view = hit;
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.progress = { phase: 'score', done: 0, total: 1 };
    try {
      const view = await this.runner.intervals(await input(), { ci: this.settings, slices }, { signal: controller.signal, onProgress: (p) => this.#controller === controller && (this.progress = p) });
      if (this.#controller !== controller) return;
      this.#cache.set(cacheKey, view);
      while (this.#cache.size > 6) this.#cache.delete(this.#cache.keys().next().value!);
      this.view = view;
    } catch (err) {
      if (this.#controller !== controller) return;
      if (err instanceof CancelledError) this.cancelled = true;
      else this.error = err instanceof Error ? err.message : String(err);
    } finally {
      if (this.#controller === controller) {
        this.#controller = null;
        this.progress = null;
      }
    }
  }

  /** Stops the computation in flight; by the user (`byUser`), the toggle and the slice go back to off. */
  cancel(byUser = true): void {
    const c = this.#controller;
    if (!c) return;
    this.#controller = null;
    this.progress = null;
    c.abort();
    if (byUser) {
      this.cancelled = true;
      this.showIntervals = false;
      this.slice = '';
    }
  }
}
