import { describe, expect, it } from 'vitest';
import { isAvailable, type Unavailable } from '../../../src/core/stats/common.ts';
import {
  averageRanks,
  type CorrelationTest,
  type PartialCorrelationTest,
  partialCorrelation,
  pearson,
  spearman,
} from '../../../src/core/stats/correlation.ts';

function ok<T extends object>(result: T | Unavailable): T {
  if (!isAvailable(result)) throw new Error(`unexpected unavailable: ${(result as Unavailable).reason}`);
  return result;
}

// Hollander & Wolfe (1973), p. 187f: Hunter L lightness (x) against consumer panel scores (y) for 9 lots of tuna;
// the dataset of R's ?cor.test examples.
const tunaX = [44.4, 45.9, 41.9, 53.3, 44.7, 44.1, 50.7, 45.2, 60.1];
const tunaY = [2.6, 3.1, 2.5, 5.0, 3.6, 4.0, 5.2, 2.8, 3.8];

describe('pearson', () => {
  it("matches R's cor.test on the tuna data (two-sided)", () => {
    // R: t = 1.8411, df = 7, p-value = 0.1082; 95 percent CI -0.1497426 0.8955795; cor 0.5711816.
    const r = ok(pearson(tunaX, tunaY)) as CorrelationTest;
    expect(r.value).toBeCloseTo(0.5711816, 7);
    expect(r.t).toBeCloseTo(1.8411, 4);
    expect(r.df).toBe(7);
    expect(r.p).toBeCloseTo(0.1082, 4);
    expect(r.ci?.lower).toBeCloseTo(-0.1497426, 7);
    expect(r.ci?.upper).toBeCloseTo(0.8955795, 7);
  });

  it("matches R's cor.test one-sided alternatives with their one-sided intervals", () => {
    // R, alternative = "greater": p-value = 0.05409, CI -0.02223023 1.00000000.
    const g = ok(pearson(tunaX, tunaY, { alternative: 'greater' })) as CorrelationTest;
    expect(g.p).toBeCloseTo(0.05409, 5);
    expect(g.ci?.lower).toBeCloseTo(-0.02223023, 8);
    expect(g.ci?.upper).toBe(1);
    // R, alternative = "less": p-value = 0.9459, CI -1.0000000 0.8669786.
    const l = ok(pearson(tunaX, tunaY, { alternative: 'less' })) as CorrelationTest;
    expect(l.p).toBeCloseTo(0.9459, 4);
    expect(l.ci?.lower).toBe(-1);
    expect(l.ci?.upper).toBeCloseTo(0.8669786, 7);
  });

  it('matches the scipy.stats.pearsonr docstring example, with its 90% interval', () => {
    // scipy docs: PearsonRResult(statistic=-0.828503883588428, pvalue=0.021280260007523286);
    // confidence_interval(confidence_level=0.9) → (-0.9644331982722841, -0.3460237473272273).
    const r = ok(pearson([1, 2, 3, 4, 5, 6, 7], [10, 9, 2.5, 6, 4, 3, 2], { confidenceLevel: 0.9 }));
    expect(r.value).toBeCloseTo(-0.828503883588428, 14);
    expect(r.p / 0.021280260007523286).toBeCloseTo(1, 7); // jStat's beta function: ~1e-8 relative
    expect(r.ci?.lower).toBeCloseTo(-0.9644331982722841, 12);
    expect(r.ci?.upper).toBeCloseTo(-0.3460237473272273, 12);
  });

  it('gives |r| = 1 with infinite t and p = 0 on an exact line (hand-worked)', () => {
    const r = ok(pearson([1, 2, 3, 4], [3, 5, 7, 9]));
    expect(r.value).toBe(1);
    expect(r.t).toBe(Infinity);
    expect(r.p).toBe(0);
    // atanh(1) = ∞, so the Fisher interval collapses to [1, 1] rather than NaN.
    expect(r.ci).toEqual({ level: 0.95, lower: 1, upper: 1 });
  });

  it('has no interval at n = 3 (Fisher z needs n > 3, as in R)', () => {
    expect(ok(pearson([1, 2, 3], [1, 3, 2])).ci).toBeNull();
  });

  it('returns a reason, never NaN, for too few pairs, constant samples and non-finite values', () => {
    expect(pearson([1, 2], [1, 2])).toEqual({ value: null, reason: 'need at least 3 pairs, got 2' });
    expect(pearson([1, 1, 1], [1, 2, 3])).toEqual({ value: null, reason: 'x is constant (zero variance)' });
    expect(pearson([1, 2, 3], [5, 5, 5])).toEqual({ value: null, reason: 'y is constant (zero variance)' });
    expect(pearson([1, Number.NaN, 3], [1, 2, 3])).toEqual({
      value: null,
      reason: 'x has a non-finite value at index 1',
    });
  });

  it('throws on arrays of different length (a caller bug)', () => {
    expect(() => pearson([1, 2, 3], [1, 2])).toThrow(RangeError);
  });
});

describe('spearman', () => {
  it('matches the scipy.stats.spearmanr docstring example (ties, t-approximation p)', () => {
    // scipy docs: spearmanr([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) → statistic 0.8207826816681233,
    // pvalue 0.08858700531354381.
    const r = ok(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]));
    expect(r.value).toBeCloseTo(0.8207826816681233, 14);
    expect(r.p / 0.08858700531354381).toBeCloseTo(1, 7);
    expect(r.df).toBe(3);
    expect(r.ci).toBeNull();
  });

  it("gives R's rho on the tuna data", () => {
    // R: cor.test(x, y, method = "spearman") → rho 0.6 (its p 0.0968 is the exact AS 89 one, not ours).
    expect(ok(spearman(tunaX, tunaY)).value).toBeCloseTo(0.6, 14);
  });

  it('is unavailable when all ranks tie', () => {
    expect(spearman([2, 2, 2, 2], [1, 2, 3, 4])).toEqual({ value: null, reason: 'x is constant (zero variance)' });
  });
});

describe('averageRanks', () => {
  it('gives tied values the mean of their ranks (hand-worked)', () => {
    // 10 < 20 < 30 = 30: ranks 1, 2, and (3 + 4) / 2 for the pair.
    expect(averageRanks([10, 30, 20, 30])).toEqual([1, 3.5, 2, 3.5]);
    expect(averageRanks([5, 6, 7, 8, 7])).toEqual([1, 2, 3.5, 5, 3.5]);
  });
});

describe('partialCorrelation', () => {
  // The ppcor package's documented example (Kim 2015), y.data with columns hl, disp, deg, BC.
  const hl = [7, 15, 19, 15, 21, 22, 57, 15, 20, 18];
  const disp = [0.0, 0.964, 0.0, 0.0, 0.921, 0.0, 0.0, 1.006, 0.0, 1.011];
  const deg = [9, 2, 3, 4, 1, 3, 1, 3, 6, 1];
  const BC = [1.78e-2, 1.05e-6, 1.37e-5, 7.18e-3, 0, 0, 0, 4.48e-3, 2.1e-6, 0];

  it('matches ppcor::pcor.test(hl, disp, y.data[, c("deg", "BC")])', () => {
    // ppcor: estimate -0.6720863, p.value 0.06789202, statistic -2.223267, n 10, gp 2.
    const r = ok(partialCorrelation(hl, disp, [deg, BC])) as PartialCorrelationTest;
    expect(r.value).toBeCloseTo(-0.6720863, 7);
    // jStat's incomplete beta stops at a 3e-7 relative step, so p agrees to about 7 significant digits.
    expect(r.p / 0.06789202).toBeCloseTo(1, 6);
    expect(r.t).toBeCloseTo(-2.223267, 6);
    expect(r.df).toBe(6);
    expect(r.k).toBe(2);
  });

  it('matches the rest of the ppcor::pcor(y.data) matrix', () => {
    // ppcor::pcor(y.data) $estimate and $p.value, each pair given the other two columns.
    const cases: [number[], number[], number[][], number, number][] = [
      [hl, deg, [disp, BC], -0.6161163, 0.1038362],
      [hl, BC, [disp, deg], 0.1148459, 0.78654997],
      [disp, deg, [hl, BC], -0.7215522, 0.04332869],
      [disp, BC, [hl, deg], 0.285542, 0.49299871],
      [deg, BC, [hl, disp], 0.6940953, 0.05615021],
    ];
    for (const [x, y, z, estimate, p] of cases) {
      const r = ok(partialCorrelation(x, y, z));
      expect(r.value).toBeCloseTo(estimate, 7);
      expect(r.p).toBeCloseTo(p, 7);
    }
  });

  it('with no covariates is Pearson with df = n − 2', () => {
    const partial = ok(partialCorrelation(tunaX, tunaY, []));
    const plain = ok(pearson(tunaX, tunaY));
    expect(partial.value).toBeCloseTo(plain.value, 14);
    expect(partial.p).toBeCloseTo(plain.p, 14);
  });

  it('removes a shared linear confounder entirely (hand-worked)', () => {
    // x = z + a, y = z + b with a ⟂ b after removing [1, z]: residuals are a and b, whose correlation is 0.
    const z = [1, 2, 3, 4, 5, 6];
    const a = [1, -1, -1, 1, 0, 0];
    const b = [0, 1, -1, 0, -1, 1];
    // a and b are orthogonal to 1 and z and to each other: Σa = Σb = 0, Σa·z = Σb·z = 0, Σa·b = 0.
    const x = z.map((v, i) => 10 * v + (a[i] as number));
    const y = z.map((v, i) => -3 * v + (b[i] as number));
    const r = ok(partialCorrelation(x, y, [z]));
    expect(r.value).toBeCloseTo(0, 12);
    expect(r.p).toBeCloseTo(1, 10);
  });

  it('spearman method ranks every variable first', () => {
    // Monotone transforms leave Spearman partial correlation unchanged.
    const exp = (v: number[]) => v.map((x) => Math.exp(x / 10));
    const r1 = ok(partialCorrelation(hl, deg, [disp], { method: 'spearman' }));
    const r2 = ok(partialCorrelation(exp(hl), deg.map((v) => v ** 3), [disp], { method: 'spearman' }));
    expect(r1.method).toBe('spearman');
    expect(r2.value).toBeCloseTo(r1.value, 12);
  });

  it('returns reasons for too few points, collinear covariates and a fully explained variable', () => {
    expect(partialCorrelation([1, 2, 3], [3, 1, 2], [[1, 2, 4]])).toEqual({
      value: null,
      reason: 'need at least 4 observations for 1 covariate(s), got 3',
    });
    const z = [1, 2, 3, 4, 5];
    expect(partialCorrelation([1, 3, 2, 5, 4], [2, 1, 4, 3, 5], [z, z.map((v) => 2 * v + 1)])).toEqual({
      value: null,
      reason: 'the covariates are collinear (with each other or with the intercept)',
    });
    expect(partialCorrelation([1, 3, 2, 5, 4], [2, 1, 4, 3, 5], [[7, 7, 7, 7, 7]])).toEqual({
      value: null,
      reason: 'the covariates are collinear (with each other or with the intercept)',
    });
    expect(partialCorrelation(z.map((v) => 3 * v - 2), [2, 1, 4, 3, 5], [z])).toEqual({
      value: null,
      reason: 'x is fully explained by the covariates',
    });
  });
});
