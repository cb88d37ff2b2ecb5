/**
 * Percentile bootstrap over sentences (Efron & Tibshirani 1993, ch. 13): B resamples of the sentence indices,
 * shared by every table (every system and profile), so intervals and deltas are paired. Each resample sums each
 * table's count rows with the resample's multiplicities and calls the profile's summarize.
 */
import { throwIfCancelled, type CancelSignal } from '../cancel.ts';
import { SplitMix64, type Rng, type Seed } from '../stats/random.ts';
import { drawMultiplicities, drawSubsetMultiplicities, weightedColumnSums } from '../stats/resample.ts';
import { countsOf, type CountTable } from './count-table.ts';
import { ratioPaths, valueAt, type KeyPath } from './keys.ts';

export interface ResampleSettings {
  /** B, the number of resamples. */
  resamples: number;
  /** A number or a string (hashed, see random.ts): both print in JSON as given. */
  seed: number | string;
  /** Interval coverage, in (0, 1). */
  confidence: number;
}

export const RESAMPLE_DEFAULTS: ResampleSettings = { resamples: 1000, seed: 1, confidence: 0.95 };

export interface ResampleProgress {
  done: number;
  total: number;
}

export interface BootstrapOptions {
  resamples: number;
  seed: Seed;
  /** Resample within these sentence indices (a slice) instead of all n. */
  subset?: readonly number[];
  /** Which keys to collect per table; default its ratio keys. */
  paths?: (table: CountTable, t: number) => KeyPath[];
  onProgress?: (p: ResampleProgress) => void;
  signal?: CancelSignal;
  /** A generator to use instead of SplitMix64(seed) (tests script the draws with it). */
  rng?: Rng;
}

/** Per table, per key: the B replicates (NaN where the profile gave null). */
export interface TableReplicates {
  paths: KeyPath[];
  replicates: Float64Array[];
}

export function checkSettings(s: ResampleSettings): void {
  if (!Number.isInteger(s.resamples) || s.resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${s.resamples}`);
  if (!(s.confidence > 0 && s.confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${s.confidence}`);
}

/**
 * The bootstrap stream: SplitMix64 seeded with `seed`. Resample b's multiplicities depend only on the seed, n
 * (or the subset) and b, so eval --ci and compare see the same resamples for the same seed.
 */
export function bootstrapReplicates(tables: readonly CountTable[], options: BootstrapOptions): TableReplicates[] {
  const { resamples, seed, subset, onProgress, signal } = options;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  const n = tables[0]?.n ?? 0;
  for (const t of tables) if (t.n !== n) throw new RangeError(`bootstrap: tables have ${t.n} and ${n} sentences; all must score the same sentences`);
  if (subset) for (const i of subset) if (!(Number.isInteger(i) && i >= 0 && i < n)) throw new RangeError(`bootstrap: subset index ${i} is outside 0…${n - 1}`);
  const out: TableReplicates[] = tables.map((t, k) => {
    const paths = options.paths ? options.paths(t, k) : ratioPaths(t);
    return { paths, replicates: paths.map(() => new Float64Array(resamples)) };
  });
  if (n === 0 || (subset && subset.length === 0)) {
    for (const o of out) for (const r of o.replicates) r.fill(NaN);
    return out;
  }
  const rng = options.rng ?? new SplitMix64(seed);
  const weights = new Uint32Array(n);
  const sums = tables.map((t) => new Float64Array(t.keys.length));
  for (let b = 0; b < resamples; b++) {
    if ((b & 63) === 0) {
      throwIfCancelled(signal);
      onProgress?.({ done: b, total: resamples });
    }
    if (subset) drawSubsetMultiplicities(subset, rng, weights);
    else drawMultiplicities(n, rng, weights);
    tables.forEach((t, k) => {
      const { paths, replicates } = out[k]!;
      if (paths.length === 0) return;
      weightedColumnSums(t.rows, t.keys.length, weights, sums[k]);
      const values = t.summarize(countsOf(t.keys, sums[k]!));
      paths.forEach((path, p) => (replicates[p]![b] = valueAt(values, path) ?? NaN));
    });
  }
  onProgress?.({ done: resamples, total: resamples });
  return out;
}
