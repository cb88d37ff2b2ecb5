/** The Compare panel's form and result: systems, metrics, keys, resamples and seed; runs in the stats worker. */
import { CancelledError } from '../../core/cancel.ts';
import { RESAMPLE_DEFAULTS } from '../../core/compare/index.ts';
import { DEFAULT_PROFILES } from '../../core/metrics/registry.ts';
import type { CompareReport, CompareRequest, StatsInput, StatsProgress } from '../../workers/stats-compute.ts';
import type { StatsRunner } from '../../workers/stats-client.ts';
import { parseResamples, parseSeed } from './stats-input.ts';

export const COMPARE_METRICS: readonly string[] = DEFAULT_PROFILES.map((p) => p.name);

export type FormError = 'badResamples' | 'badSeed' | 'needTwo' | 'needMetric';

export class CompareState {
  systems = $state<string[]>([]);
  metrics = $state<string[]>([...COMPARE_METRICS]);
  keys = $state<'headline' | 'all'>('headline');
  resamples = $state(String(RESAMPLE_DEFAULTS.resamples));
  seed = $state(String(RESAMPLE_DEFAULTS.seed));
  result = $state.raw<CompareReport | null>(null);
  progress = $state.raw<StatsProgress | null>(null);
  error = $state<string | null>(null);
  cancelled = $state(false);
  #controller: AbortController | null = null;

  constructor(private readonly runner: StatsRunner) {}

  /** Every system of a new run is chosen; the result of another run is dropped. */
  setSystems(names: readonly string[]): void {
    this.systems = [...names];
    this.result = null;
  }

  /** The request the form describes, or what is wrong with it. */
  request(): CompareRequest | FormError {
    const resamples = parseResamples(this.resamples);
    if (resamples === null) return 'badResamples';
    const seed = parseSeed(this.seed);
    if (seed === null) return 'badSeed';
    if (this.systems.length < 2) return 'needTwo';
    if (this.metrics.length === 0) return 'needMetric';
    const all = COMPARE_METRICS.every((m) => this.metrics.includes(m));
    const request: CompareRequest = { settings: { resamples, seed, confidence: RESAMPLE_DEFAULTS.confidence }, keys: this.keys, systems: [...this.systems] };
    // In the registry's order, as the CLI's --metrics reports them.
    if (!all) request.metrics = COMPARE_METRICS.filter((m) => this.metrics.includes(m));
    return request;
  }

  async run(input: () => Promise<StatsInput>): Promise<void> {
    const request = this.request();
    if (typeof request === 'string') return;
    this.cancel(false);
    this.error = null;
    this.cancelled = false;
    const controller = new AbortController();
    this.#controller = controller;
    this.progress = { phase: 'score', done: 0, total: 1 };
    try {
      const result = await this.runner.compare(await input(), request, { signal: controller.signal, onProgress: (p) => this.#controller === controller && (this.progress = p) });
      if (this.#controller === controller) this.result = result;
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

  cancel(byUser = true): void {
    const c = this.#controller;
    if (!c) return;
    this.#controller = null;
    this.progress = null;
    c.abort();
    if (byUser) this.cancelled = true;
  }
}
