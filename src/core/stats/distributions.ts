/**
 * The few distribution functions the statistics need: Student's t tail probabilities (through the regularised
 * incomplete beta function) and the standard normal CDF and quantile, all from jStat (pure JS, no dependencies).
 */
import jStat from 'jstat';
import type { Alternative } from './common.ts';

/**
 * Two-sided p-value P(|T| ≥ |t|) for Student's t with `df` degrees of freedom, as I_{df/(df+t²)}(df/2, 1/2).
 * Evaluating the beta function at the small argument keeps relative precision in the tail, where
 * 2·(1 − CDF(|t|)) would round to 0.
 */
export function tTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  if (t === 0) return 1;
  return clamp01(jStat.ibeta(df / (df + t * t), df / 2, 0.5));
}

/** p-value of a t statistic for the given alternative ('greater': P(T ≥ t); 'less': P(T ≤ t)). */
export function tPValue(t: number, df: number, alternative: Alternative): number {
  const two = tTwoSidedP(t, df);
  if (alternative === 'two-sided') return two;
  const upper = t >= 0 ? two / 2 : 1 - two / 2; // P(T ≥ t)
  return alternative === 'greater' ? upper : 1 - upper;
}

/** Standard normal CDF Φ(z). Absolute accuracy about 1e-15 (jStat computes it through erf). */
export function normalCdf(z: number): number {
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  return clamp01(jStat.normal.cdf(z, 0, 1));
}

/** p-value of a standard normal statistic for the given alternative. */
export function normalPValue(z: number, alternative: Alternative): number {
  if (alternative === 'greater') return normalCdf(-z);
  if (alternative === 'less') return normalCdf(z);
  return Math.min(1, 2 * normalCdf(-Math.abs(z)));
}

/** Standard normal quantile Φ⁻¹(p) for 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile needs 0 < p < 1, got ${p}`);
  return jStat.normal.inv(p, 0, 1);
}

function clamp01(p: number): number {
  return p < 0 ? 0 : p > 1 ? 1 : p;
}
