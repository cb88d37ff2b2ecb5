/** The Compare panel's form and result: systems, metrics, keys, resamples and seed; runs in the stats worker. */
import { RESAMPLE_DEFAULTS } from '../../core/compare/index.ts';
import { DEFAULT_PROFILES } from '../../core/metrics/registry.ts';
import { GCSC_PROFILE } from '../../core/gcsc/names.ts';
import type { CompareView, CompareRequest, StatsInput, StatsProgress } from '../../workers/stats-compute.ts';
import type { StatsRunner } from '../../workers/stats-client.ts';
import { WorkerJob } from '../shared/worker-job.svelte.ts';
import { parseResamples, parseSeed } from './stats-input.ts';

export const COMPARE_METRICS: readonly string[] = DEFAULT_PROFILES.map((p) => p.name);
/** Eval-GCSC, compared from the run's stored judgements when it has them. */
export const GCSC_METRIC = GCSC_PROFILE.name;

export type FormError = 'badResamples' | 'badSeed' | 'needTwo' | 'needMetric';

export class CompareState extends WorkerJob<StatsProgress> {
  systems = $state<string[]>([]);
  metrics = $state<string[]>([...COMPARE_METRICS]);
  /** The run judged Eval-GCSC: it can be compared (and is, unless unticked). */
  gcscJudged = $state(false);
  keys = $state<'headline' | 'all'>('headline');
  resamples = $state(String(RESAMPLE_DEFAULTS.resamples));
  seed = $state(String(RESAMPLE_DEFAULTS.seed));
  result = $state.raw<CompareView | null>(null);

  constructor(private readonly runner: StatsRunner) {
    super({ phase: 'score', done: 0, total: 1 });
  }

  /** Every system of a new run is chosen (and Eval-GCSC when it was judged); the result of another run is dropped. */
  setSystems(names: readonly string[], gcscJudged = false): void {
    this.systems = [...names];
    this.gcscJudged = gcscJudged;
    this.metrics = [...COMPARE_METRICS, ...(gcscJudged ? [GCSC_METRIC] : [])];
    this.result = null;
  }

  /** The metrics offered: the Eval-CSC profiles, then Eval-GCSC when the run judged it. */
  get offered(): string[] {
    return [...COMPARE_METRICS, ...(this.gcscJudged ? [GCSC_METRIC] : [])];
  }

  /** The request the form describes, or what is wrong with it. */
  request(): CompareRequest | FormError {
    const resamples = parseResamples(this.resamples);
    if (resamples === null) return 'badResamples';
    const seed = parseSeed(this.seed);
    if (seed === null) return 'badSeed';
    if (this.systems.length < 2) return 'needTwo';
    if (this.metrics.length === 0) return 'needMetric';
    const gcsc = this.gcscJudged && this.metrics.includes(GCSC_METRIC);
    const all = COMPARE_METRICS.every((m) => this.metrics.includes(m)) && !gcsc;
    const request: CompareRequest = { settings: { resamples, seed, confidence: RESAMPLE_DEFAULTS.confidence }, keys: this.keys, systems: [...this.systems] };
    // In the registry's order then Eval-GCSC, as the CLI's --metrics reports them.
    if (!all) request.metrics = this.offered.filter((m) => this.metrics.includes(m));
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
