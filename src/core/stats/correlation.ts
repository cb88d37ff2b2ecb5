/**
 * Correlation between paired samples. Pearson's r measures linear association; Spearman's ρ is Pearson's r of
 * the ranks (ties get their average rank); the partial correlation of x and y given z is the correlation of what
 * is left of x and y after a least-squares fit on z (with intercept).
 *
 * Tests: t = r·√(df / (1 − r²)) against Student's t, df = n − 2 (Pearson, Spearman) or n − 2 − k (partial,
 * k covariates). Spearman's p uses this t approximation as scipy.stats.spearmanr does, not R's exact
 * small-sample distribution, so it differs from cor.test(method = "spearman") for small n. Pearson also gets the
 * Fisher-z confidence interval tanh(atanh r ± z_q / √(n − 3)) (R's cor.test; one-sided for one-sided tests).
 */
import {
  type Alternative,
  assertLevel,
  assertSameLength,
  type ConfidenceInterval,
  firstNonFinite,
  type Unavailable,
  unavailable,
} from './common.ts';
import { normalQuantile, tPValue } from './distributions.ts';

export interface CorrelationOptions {
  /** Default 'two-sided'. */
  alternative?: Alternative;
  /** Level of the Pearson confidence interval, default 0.95. */
  confidenceLevel?: number;
}

export interface CorrelationTest {
  /** r (Pearson) or ρ (Spearman), in [−1, 1]. */
  value: number;
  method: 'pearson' | 'spearman';
  n: number;
  df: number;
  /** ±Infinity when |r| = 1. */
  t: number;
  p: number;
  alternative: Alternative;
  /** Fisher-z interval for Pearson when n ≥ 4; null for Spearman and for n = 3. */
  ci: ConfidenceInterval | null;
}

export interface PartialCorrelationOptions {
  method?: 'pearson' | 'spearman';
  alternative?: Alternative;
}

export interface PartialCorrelationTest {
  value: number;
  method: 'pearson' | 'spearman';
  n: number;
  /** Number of covariates controlled for. */
  k: number;
  df: number;
  t: number;
  p: number;
  alternative: Alternative;
}

/** Pearson's r with its t test and Fisher-z confidence interval. Needs n ≥ 3 and neither sample constant. */
export function pearson(
  x: readonly number[],
  y: readonly number[],
  options: CorrelationOptions = {},
): CorrelationTest | Unavailable {
  assertSameLength('pearson', x, y);
  const bad = checkSamples(x, y);
  if (bad) return bad;
  const r = pearsonR(x, y);
  if (r === null) return unavailable(constantReason(x, y));
  return test(r, 'pearson', x.length, x.length - 2, options);
}

/** Spearman's ρ (Pearson on average ranks) with scipy's t-approximation p-value. */
export function spearman(
  x: readonly number[],
  y: readonly number[],
  options: CorrelationOptions = {},
): CorrelationTest | Unavailable {
  assertSameLength('spearman', x, y);
  const bad = checkSamples(x, y);
  if (bad) return bad;
  const rho = pearsonR(averageRanks(x), averageRanks(y));
  if (rho === null) return unavailable(constantReason(x, y));
  return test(rho, 'spearman', x.length, x.length - 2, options);
}

/**
 * Partial correlation of x and y controlling for the covariates z (each an array as long as x): the correlation
 * of the least-squares residuals of x and of y on [1, z₁, …, z_k]. With method 'spearman' every variable is
 * replaced by its ranks first. Needs n ≥ k + 3, covariates that are not collinear with each other or the
 * intercept, and x, y not fully explained by them.
 */
export function partialCorrelation(
  x: readonly number[],
  y: readonly number[],
  z: readonly (readonly number[])[],
  options: PartialCorrelationOptions = {},
): PartialCorrelationTest | Unavailable {
  assertSameLength('partialCorrelation', x, y);
  for (const column of z) assertSameLength('partialCorrelation covariate', x, column);
  const method = options.method ?? 'pearson';
  const alternative = options.alternative ?? 'two-sided';
  const n = x.length;
  const k = z.length;
  const df = n - 2 - k;
  if (df < 1) return unavailable(`need at least ${k + 3} observations for ${k} covariate(s), got ${n}`);
  const named: [string, readonly number[]][] = [
    ['x', x],
    ['y', y],
    ...z.map((c, i): [string, readonly number[]] => [`covariate ${i + 1}`, c]),
  ];
  for (const [name, column] of named) {
    const i = firstNonFinite(column);
    if (i >= 0) return unavailable(`${name} has a non-finite value at index ${i}`);
  }
  const prep = method === 'spearman' ? averageRanks : (v: readonly number[]) => v;
  const px = prep(x);
  const py = prep(y);
  const basis = orthonormalBasis([new Array<number>(n).fill(1), ...z.map(prep)]);
  if (basis === null) return unavailable('the covariates are collinear (with each other or with the intercept)');
  const ex = residual(px, basis);
  const ey = residual(py, basis);
  const nx = norm(ex);
  const ny = norm(ey);
  // Residuals at rounding level of the input mean "fully explained", not a tiny real variation.
  if (nx <= 1e-12 * norm(px)) return unavailable('x is fully explained by the covariates');
  if (ny <= 1e-12 * norm(py)) return unavailable('y is fully explained by the covariates');
  const r = clampR(dot(ex, ey) / (nx * ny));
  const t = tStatistic(r, df);
  return { value: r, method, n, k, df, t, p: tPValue(t, df, alternative), alternative };
}

/** Ranks 1…n with ties given the mean of the ranks they span (R's rank(ties.method = "average")). */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1] as number] === values[order[i] as number]) j++;
    const rank = (i + j) / 2 + 1;
    for (let m = i; m <= j; m++) ranks[order[m] as number] = rank;
    i = j + 1;
  }
  return ranks;
}

function test(
  r: number,
  method: 'pearson' | 'spearman',
  n: number,
  df: number,
  options: CorrelationOptions,
): CorrelationTest {
  const alternative = options.alternative ?? 'two-sided';
  const level = options.confidenceLevel ?? 0.95;
  assertLevel(level);
  const t = tStatistic(r, df);
  const ci = method === 'pearson' && n >= 4 ? fisherInterval(r, n, level, alternative) : null;
  return { value: r, method, n, df, t, p: tPValue(t, df, alternative), alternative, ci };
}

function tStatistic(r: number, df: number): number {
  const rest = 1 - r * r;
  if (rest <= 0) return r > 0 ? Infinity : -Infinity;
  return r * Math.sqrt(df / rest);
}

// R's cor.test: one-sided alternatives get a one-sided interval, bounded by ±1 on the open side.
function fisherInterval(r: number, n: number, level: number, alternative: Alternative): ConfidenceInterval {
  const z = Math.atanh(r);
  const se = 1 / Math.sqrt(n - 3);
  if (alternative === 'greater') return { level, lower: Math.tanh(z - normalQuantile(level) * se), upper: 1 };
  if (alternative === 'less') return { level, lower: -1, upper: Math.tanh(z + normalQuantile(level) * se) };
  const q = normalQuantile((1 + level) / 2);
  return { level, lower: Math.tanh(z - q * se), upper: Math.tanh(z + q * se) };
}

function checkSamples(x: readonly number[], y: readonly number[]): Unavailable | null {
  if (x.length < 3) return unavailable(`need at least 3 pairs, got ${x.length}`);
  const ix = firstNonFinite(x);
  if (ix >= 0) return unavailable(`x has a non-finite value at index ${ix}`);
  const iy = firstNonFinite(y);
  if (iy >= 0) return unavailable(`y has a non-finite value at index ${iy}`);
  return null;
}

function constantReason(x: readonly number[], y: readonly number[]): string {
  if (isConstant(x)) return 'x is constant (zero variance)';
  return isConstant(y) ? 'y is constant (zero variance)' : 'zero variance';
}

function isConstant(v: readonly number[]): boolean {
  return v.every((value) => value === v[0]);
}

/** r from centred sums (two passes, for precision); null when a sample is constant. */
function pearsonR(x: readonly number[], y: readonly number[]): number | null {
  if (isConstant(x) || isConstant(y)) return null;
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] as number;
    my += y[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return clampR(sxy / Math.sqrt(sxx * syy));
}

function clampR(r: number): number {
  return r > 1 ? 1 : r < -1 ? -1 : r;
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

function norm(a: readonly number[]): number {
  return Math.sqrt(dot(a, a));
}

/** Modified Gram–Schmidt with one re-orthogonalisation pass; null when a column is (numerically) dependent. */
function orthonormalBasis(columns: readonly (readonly number[])[]): number[][] | null {
  const basis: number[][] = [];
  for (const column of columns) {
    const v = [...column];
    const original = norm(v);
    for (let pass = 0; pass < 2; pass++) {
      for (const q of basis) {
        const c = dot(q, v);
        for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) - c * (q[i] as number);
      }
    }
    const length = norm(v);
    if (original === 0 || length <= 1e-10 * original) return null;
    basis.push(v.map((value) => value / length));
  }
  return basis;
}

function residual(v: readonly number[], basis: readonly (readonly number[])[]): number[] {
  const out = [...v];
  for (let pass = 0; pass < 2; pass++) {
    for (const q of basis) {
      const c = dot(q, out);
      for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) - c * (q[i] as number);
    }
  }
  return out;
}
