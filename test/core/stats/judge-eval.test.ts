import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../../../src/core/stats/agreement.ts';
import { isAvailable, type Unavailable } from '../../../src/core/stats/common.ts';
import {
  bestThreshold,
  binaryAgreement,
  metricsAtThreshold,
  reliabilityTable,
  rocAuc,
  scoreHistogram,
  type ThresholdMetrics,
  thresholdGrid,
  thresholdSweep,
} from '../../../src/core/stats/judge-eval.ts';

function ok<T extends object>(result: T | Unavailable): T {
  if (!isAvailable(result)) throw new Error(`unexpected unavailable: ${(result as Unavailable).reason}`);
  return result;
}

// Hand-worked example used below: six items, the judge's similarity and the humans' verdict.
const scores = [0.95, 0.9, 0.9, 0.8, 0.7, 0.6];
const labels = [true, true, false, true, false, false];

describe('rocAuc', () => {
  it('matches the scikit-learn roc_auc_score docstring example', () => {
    // sklearn docs: y_true [0, 0, 1, 1], y_scores [0.1, 0.4, 0.35, 0.8] → 0.75.
    const auc = ok(rocAuc([0.1, 0.4, 0.35, 0.8], [false, false, true, true]));
    expect(auc.value).toBe(0.75);
  });

  it("equals U / (n₁·n₂) with scipy's mannwhitneyu docstring example", () => {
    // scipy docs: mannwhitneyu(males, females) → U1 = 17.0 (U_M = 17 in Conover), with nx = 5, ny = 4.
    const males = [19, 22, 16, 29, 24];
    const females = [20, 11, 17, 12];
    const auc = ok(rocAuc([...males, ...females], [...males.map(() => true), ...females.map(() => false)]));
    expect(auc.u).toBe(17);
    expect(auc.value).toBe(17 / 20);
  });

  it('counts a tied pair as one half (hand-worked)', () => {
    // Positives 0.95, 0.9, 0.8 against negatives 0.9, 0.7, 0.6: 3 + (0.5 + 2) + 2 = 7.5 of 9 pairs.
    expect(ok(rocAuc(scores, labels)).value).toBeCloseTo(7.5 / 9, 14);
    expect(ok(rocAuc([0.5, 0.5], [true, false])).value).toBe(0.5);
  });

  it('needs both labels and finite scores', () => {
    expect(rocAuc([0.1, 0.2], [true, true])).toEqual({ value: null, reason: 'no item is labelled incorrect' });
    expect(rocAuc([0.1, 0.2], [false, false])).toEqual({ value: null, reason: 'no item is labelled correct' });
    expect(rocAuc([0.1, Number.NaN], [true, false])).toEqual({
      value: null,
      reason: 'score at index 1 is not a finite number',
    });
    expect(rocAuc([], [])).toEqual({ value: null, reason: 'no items' });
  });
});

describe('binaryAgreement and metricsAtThreshold', () => {
  it('matches the scikit-learn jaccard_score docstring example (binary)', () => {
    // sklearn docs: jaccard_score(y_true[0], y_pred[0]) with y_true[0] = [0, 1, 1], y_pred[0] = [1, 1, 1] → 0.6666...
    // Judge = y_pred, humans = y_true: tp 2, fp 1, fn 0.
    expect(binaryAgreement({ tp: 2, fp: 1, fn: 0, tn: 0 }).jaccard).toBeCloseTo(2 / 3, 14);
  });

  it('computes every measure at a threshold, ≥ counting as correct (hand-worked)', () => {
    // At 0.8 the judge says correct for 0.95, 0.9, 0.9, 0.8: tp 3, fp 1, fn 0, tn 2.
    const m = ok(metricsAtThreshold(scores, labels, 0.8));
    expect(m).toMatchObject({ threshold: 0.8, tp: 3, fp: 1, fn: 0, tn: 2, n: 6 });
    expect(m.accuracy).toBeCloseTo(5 / 6, 14);
    expect(m.precision).toBeCloseTo(3 / 4, 14);
    expect(m.recall).toBe(1);
    expect(m.f1).toBeCloseTo(6 / 7, 14);
    expect(m.jaccard).toBeCloseTo(3 / 4, 14);
    // p_o = 5/6, p_e = (4·3 + 2·3)/36 = 1/2 → κ = 2/3; the same as Cohen's κ of the two decision lists.
    expect(m.kappa).toBeCloseTo(2 / 3, 14);
    const decisions = scores.map((s) => s >= 0.8);
    const k = cohenKappa(decisions, labels);
    expect(isAvailable(k) && k.value).toBeCloseTo(m.kappa as number, 14);
  });

  it('gives null, not NaN, for 0/0 ratios', () => {
    // Nothing judged correct and nothing labelled correct: precision, recall, F1 and Jaccard are all 0/0.
    const m = ok(metricsAtThreshold([0.1, 0.2], [false, false], 0.5));
    expect(m).toMatchObject({ accuracy: 1, precision: null, recall: null, f1: null, jaccard: null, kappa: null });
    // Humans call one item correct, the judge none: recall 0, Jaccard 0, precision undefined.
    expect(ok(metricsAtThreshold([0.1, 0.2], [true, false], 0.5))).toMatchObject({
      precision: null,
      recall: 0,
      jaccard: 0,
      f1: 0,
    });
  });
});

describe('thresholdSweep and bestThreshold', () => {
  it('sweeps every distinct score by default (hand-worked)', () => {
    const sweep = ok(thresholdSweep(scores, labels));
    expect(sweep.points.map((p) => p.threshold)).toEqual([0.6, 0.7, 0.8, 0.9, 0.95]);
    // Judge-correct sets: all 6; top 5; top 4; top 3; top 1.
    expect(sweep.points.map((p) => p.jaccard)).toEqual([3 / 6, 3 / 5, 3 / 4, 2 / 4, 1 / 3]);
    expect(sweep.points.map((p) => p.accuracy)).toEqual([3 / 6, 4 / 6, 5 / 6, 4 / 6, 4 / 6]);
    const best = ok(bestThreshold(sweep.points, 'jaccard'));
    expect(best).toMatchObject({ threshold: 0.8, value: 0.75, run: { from: 0.8, to: 0.8, length: 1 } });
  });

  it('uses a given grid, as in the paper’s Figure 4 (0.80 … 1.00)', () => {
    const grid = thresholdGrid(0.8, 1, 0.01);
    expect(grid).toHaveLength(21);
    expect(grid.slice(0, 4)).toEqual([0.8, 0.81, 0.82, 0.83]);
    expect(grid.at(-1)).toBe(1);
    const sweep = ok(thresholdSweep(scores, labels, grid));
    // At 1.00 nobody is judged correct: Jaccard 0 of 3, precision undefined.
    expect(sweep.points.at(-1)).toMatchObject({ threshold: 1, tp: 0, fp: 0, fn: 3, tn: 3, jaccard: 0 });
    expect(sweep.points.at(-1)?.precision).toBeNull();
    // 0.81 … 0.90 all give the top-3 set {0.95, 0.9, 0.9}: Jaccard 2/4.
    expect(sweep.points.find((p) => p.threshold === 0.85)?.jaccard).toBe(0.5);
  });

  it('breaks ties by the longest run of equal maxima, then its middle (hand-worked)', () => {
    const points = (values: (number | null)[]) =>
      values.map(
        (jaccard, i) => ({ threshold: thresholdGrid(0.1, 1, 0.1)[i], jaccard, accuracy: 0 }) as ThresholdMetrics,
      );
    // One run 0.2–0.4 → middle 0.3.
    expect(ok(bestThreshold(points([0.2, 0.5, 0.5, 0.5, 0.3]), 'jaccard')).threshold).toBe(0.3);
    // Runs 0.1–0.2 and 0.4–0.6: the longer one, middle 0.5.
    expect(ok(bestThreshold(points([0.5, 0.5, 0.1, 0.5, 0.5, 0.5]), 'jaccard'))).toMatchObject({
      threshold: 0.5,
      run: { from: 0.4, to: 0.6, length: 3 },
    });
    // Even run 0.2–0.3: both are 0.05 from the middle; the lower wins.
    expect(ok(bestThreshold(points([0.1, 0.7, 0.7, 0.2]), 'jaccard')).threshold).toBe(0.2);
    // Two equally long runs: the first (lower thresholds).
    expect(ok(bestThreshold(points([0.9, 0.1, 0.9]), 'jaccard')).threshold).toBe(0.1);
    // Null values are skipped; all null is unavailable.
    expect(ok(bestThreshold(points([null, 0.4, null]), 'jaccard')).threshold).toBe(0.2);
    expect(bestThreshold(points([null, null]), 'jaccard')).toEqual({
      value: null,
      reason: 'jaccard is undefined at every candidate threshold',
    });
  });

  it('orders candidates itself and drops duplicates', () => {
    const sweep = ok(thresholdSweep(scores, labels, [0.9, 0.7, 0.9]));
    expect(sweep.points.map((p) => p.threshold)).toEqual([0.7, 0.9]);
  });
});

describe('thresholdGrid', () => {
  it('rounds to the decimals of start and step and includes stop when on the grid', () => {
    expect(thresholdGrid(0, 0.3, 0.1)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(thresholdGrid(0.9, 0.95, 0.02)).toEqual([0.9, 0.92, 0.94]);
    expect(() => thresholdGrid(1, 0, 0.1)).toThrow(RangeError);
    expect(() => thresholdGrid(0, 1, 0)).toThrow(RangeError);
  });
});

describe('scoreHistogram and reliabilityTable', () => {
  const s = [0, 0.25, 0.5, 0.75, 1, -0.1, 1.2, 0.3];
  const l = [false, true, true, false, true, false, true, false];

  it('bins [lower, upper) with the last bin closed, and counts out-of-range scores apart (hand-worked)', () => {
    const h = ok(scoreHistogram(s, l, { min: 0, max: 1, count: 4 }));
    expect(h.bins).toEqual([
      { lower: 0, upper: 0.25, correct: 0, incorrect: 1 },
      { lower: 0.25, upper: 0.5, correct: 1, incorrect: 1 },
      { lower: 0.5, upper: 0.75, correct: 1, incorrect: 0 },
      { lower: 0.75, upper: 1, correct: 1, incorrect: 1 },
    ]);
    expect(h.below).toEqual({ correct: 0, incorrect: 1 });
    expect(h.above).toEqual({ correct: 1, incorrect: 0 });
  });

  it('accepts explicit edges and rejects bad ones', () => {
    const h = ok(scoreHistogram(s, l, [0, 0.5, 1]));
    expect(h.bins.map((b) => b.correct + b.incorrect)).toEqual([3, 3]);
    expect(() => scoreHistogram(s, l, [0, 0])).toThrow(RangeError);
    expect(() => scoreHistogram(s, l, [1])).toThrow(RangeError);
    expect(() => scoreHistogram(s, l, { min: 0, max: 1, count: 0 })).toThrow(RangeError);
  });

  it('gives share labelled correct, count and mean score per bin; empty bins have null share', () => {
    const t = ok(reliabilityTable(s, l, [0, 0.5, 1, 2]));
    // [0, 0.5): 0 (no), 0.25 (yes), 0.3 (no).
    expect(t.bins[0]).toEqual({
      lower: 0,
      upper: 0.5,
      count: 3,
      correct: 1,
      share: 1 / 3,
      meanScore: expect.closeTo(0.55 / 3, 14),
    });
    expect(t.bins[1]).toEqual({ lower: 0.5, upper: 1, count: 2, correct: 1, share: 0.5, meanScore: 0.625 });
    // 1 is the lower edge of [1, 2], not the closed end of [0.5, 1).
    expect(t.bins[2]).toMatchObject({ lower: 1, upper: 2, count: 2, correct: 2, share: 1 });
    expect(t.bins[2]?.meanScore).toBeCloseTo(1.1, 14);
    expect(t.below).toBe(1);
    expect(t.above).toBe(0);
    const empty = ok(reliabilityTable([], [], [0, 1]));
    expect(empty.bins[0]).toMatchObject({ count: 0, share: null, meanScore: null });
  });
});
