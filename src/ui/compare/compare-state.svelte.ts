/** The Compare panel's form and result: systems, metrics, keys, resamples and seed; runs in the stats worker. */
import { RESAMPLE_DEFAULTS } from '../../core/compare/index.ts';
import { DEFAULT_PROFILES } from '../../core/metrics/registry.ts';
import type { CompareView, CompareRequest, StatsInput, StatsProgress } from '../../workers/stats-compute.ts';
import type { StatsRunner } from '../../workers/stats-client.ts';
import { WorkerJob } from '../shared/worker-job.svelte.ts';
import { parseResamples, parseSeed } from './stats-input.ts';

export const COMPARE_METRICS: readonly string[] = DEFAULT_PROFILES.map((p) => p.name);

export type FormError = 'badResamples' | 'badSeed' | 'needTwo' | 'needMetric';

export class CompareState extends WorkerJob<StatsProgress> {
  systems = $state<string[]>([]);
  metrics = $state<string[]>([...COMPARE_METRICS]);
  keys = $state<'headline' | 'all'>('headline');
  resamples = $state(String(RESAMPLE_DEFAULTS.resamples));
  seed = $state(String(RESAMPLE_DEFAULTS.seed));
  result = $state.raw<CompareView | null>(null);

  constructor(private readonly runner: StatsRunner) {
    super({ phase: 'score', done: 0, total: 1 });
  }

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
    this.reset();
    await this.start(
      async (options) => this.runner.compare(await input(), request, options),
      (result) => (this.result = result),
    );
  }
}
