/**
 * Building blocks of resampling over sentences (docs/stats.md, "Resampling"): bootstrap draws as multiplicity
 * vectors, weighted sums of a per-sentence count matrix, and percentile intervals. Everything is seeded through
 * an Rng (SplitMix64), so the same seed gives the same numbers in Node and browsers.
 */
import type { Rng } from './random.ts';

/**
 * One bootstrap resample of n sentences as multiplicities: `out[i]` = how often sentence i was drawn in n draws
 * with replacement (Efron & Tibshirani 1993, ch. 6). Summing a count matrix with these weights equals summing the
 * drawn rows one by one, at a cost independent of how the draws fell.
 */
export function drawMultiplicities(n: number, rng: Rng, out: Uint32Array = new Uint32Array(n)): Uint32Array {
  if (out.length !== n) throw new RangeError(`drawMultiplicities: out has length ${out.length}, need ${n}`);
  out.fill(0);
  for (let j = 0; j < n; j++) out[rng.nextInt(n)]!++;
  return out;
}

/** A bootstrap resample within a subset (a slice): |subset| draws from `subset`, counted into `out` (length N). */
export function drawSubsetMultiplicities(subset: readonly number[], rng: Rng, out: Uint32Array): Uint32Array {
  out.fill(0);
  const m = subset.length;
  for (let j = 0; j < m; j++) out[subset[rng.nextInt(m)]!]!++;
  return out;
}

/**
 * Weighted column sums of a row-major n × k matrix: out[c] = Σᵢ weights[i] · rows[i·k + c]. Rows with weight 0
 * are skipped.
 */
export function weightedColumnSums(rows: Float64Array, k: number, weights: ArrayLike<number>, out: Float64Array = new Float64Array(k)): Float64Array {
  out.fill(0);
  const n = weights.length;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    if (w === 0) continue;
    const base = i * k;
    for (let c = 0; c < k; c++) out[c]! += w * rows[base + c]!;
  }
  return out;
}

/**
 * The q-quantile of ascending `sorted` values by linear interpolation between order statistics (Hyndman & Fan
 * type 7: R's default `quantile`, numpy's default `percentile`): h = (m − 1)·q, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const m = sorted.length;
  if (m === 0) throw new RangeError('quantileSorted: no values');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantileSorted: q must be in [0, 1], got ${q}`);
  const h = (m - 1) * q;
  const lo = Math.floor(h);
  const x = sorted[lo]!;
  return lo + 1 < m ? x + (h - lo) * (sorted[lo + 1]! - x) : x;
}

export interface PercentileInterval {
  /** [low, high], or null when too many resamples were undefined (see `maxNullShare`). */
  interval: [number, number] | null;
  /** Resamples in which the statistic was undefined (null in the profile, NaN here). */
  nulls: number;
}

/**
 * The percentile interval at `confidence` of bootstrap replicates (NaN = undefined in that resample): the
 * (1 − confidence)/2 and (1 + confidence)/2 quantiles of the defined replicates. Undefined replicates are
 * dropped; when they are more than `maxNullShare` of all (default 1 − confidence, i.e. more than the interval's
 * own error allowance) the interval is null rather than a statement about a conditional distribution.
 */
export function percentileInterval(replicates: Float64Array, confidence: number, maxNullShare = 1 - confidence): PercentileInterval {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const defined = replicates.filter((x) => !Number.isNaN(x)).sort();
  const nulls = replicates.length - defined.length;
  if (defined.length === 0 || nulls > maxNullShare * replicates.length) return { interval: null, nulls };
  const alpha = 1 - confidence;
  return { interval: [tidy(quantileSorted(defined, alpha / 2)), tidy(quantileSorted(defined, 1 - alpha / 2))], nulls };
}

/**
 * Rounds away binary noise from differences and interpolation of already rounded values (53.188 − 60.906 =
 * −7.718000000000004) to 12 significant digits; no profile prints more than 10.
 */
export function tidy(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(12));
}
