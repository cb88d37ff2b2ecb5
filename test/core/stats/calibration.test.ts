import { describe, expect, it } from 'vitest';
import {
  calibrateThreshold,
  crossValidateThreshold,
  stratifiedFolds,
  stratifiedSplit,
} from '../../../src/core/stats/calibration.ts';
import { isAvailable, type Unavailable } from '../../../src/core/stats/common.ts';
import { bestThreshold, thresholdSweep } from '../../../src/core/stats/judge-eval.ts';
import { SplitMix64 } from '../../../src/core/stats/random.ts';

function ok<T extends object>(result: T | Unavailable): T {
  if (!isAvailable(result)) throw new Error(`unexpected unavailable: ${(result as Unavailable).reason}`);
  return result;
}

// 12 human-correct items scored 0.95 and 8 incorrect ones scored 0.5 (interleaved): any threshold in (0.5, 0.95]
// separates them, and among observed scores only 0.95 does.
const labels = Array.from({ length: 20 }, (_, i) => i % 5 < 3);
const separable = labels.map((l) => (l ? 0.95 : 0.5));

describe('stratifiedSplit', () => {
  it('takes round(share · size) of each label class', () => {
    // 7 correct, 5 incorrect, share 0.5: round(3.5) = 4 and round(2.5) = 3 go to calibration.
    const l = [true, true, true, true, true, true, true, false, false, false, false, false];
    const { calibration, heldOut } = stratifiedSplit(l, 0.5, new SplitMix64(1));
    expect(calibration.filter((i) => l[i]).length).toBe(4);
    expect(calibration.filter((i) => !l[i]).length).toBe(3);
    expect([...calibration, ...heldOut].sort((a, b) => a - b)).toEqual(l.map((_, i) => i));
    expect(calibration).toEqual([...calibration].sort((a, b) => a - b));
  });

  it('is reproducible from the seed and changes with it', () => {
    const a = stratifiedSplit(labels, 0.5, new SplitMix64('seed-a'));
    expect(stratifiedSplit(labels, 0.5, new SplitMix64('seed-a'))).toEqual(a);
    expect(stratifiedSplit(labels, 0.5, new SplitMix64('seed-b'))).not.toEqual(a);
  });
});

describe('stratifiedFolds', () => {
  it('partitions the items into k folds of near-equal size with the classes spread evenly', () => {
    const folds = stratifiedFolds(labels, 3, new SplitMix64(5));
    expect(folds.flat().sort((a, b) => a - b)).toEqual(labels.map((_, i) => i));
    // 20 items in 3 folds: sizes 7, 7, 6. 12 correct dealt first: 4 per fold.
    expect(folds.map((f) => f.length)).toEqual([7, 7, 6]);
    expect(folds.map((f) => f.filter((i) => labels[i]).length)).toEqual([4, 4, 4]);
  });
});

describe('calibrateThreshold', () => {
  it('finds the separating threshold and scores it on the held-out part', () => {
    const r = ok(calibrateThreshold(separable, labels, { seed: 11 }));
    expect(r.objective).toBe('jaccard');
    expect(r.threshold).toBe(0.95);
    expect(r.choice.value).toBe(1);
    expect(r.heldOut).toMatchObject({ jaccard: 1, accuracy: 1, n: 10 });
    expect(r.calibrationIndices.length + r.heldOutIndices.length).toBe(20);
  });

  it('chooses on the calibration part only', () => {
    const scores = labels.map((l, i) => (l ? 0.6 + i / 100 : 0.4 + i / 100));
    const r = ok(calibrateThreshold(scores, labels, { seed: 'x', objective: 'accuracy' }));
    const cal = r.calibrationIndices;
    const sweep = ok(thresholdSweep(cal.map((i) => scores[i] as number), cal.map((i) => labels[i] as boolean)));
    expect(r.threshold).toBe(ok(bestThreshold(sweep.points, 'accuracy')).threshold);
    const held = r.heldOutIndices;
    const expectedCorrect = held.filter((i) => ((scores[i] as number) >= r.threshold) === labels[i]).length;
    expect(r.heldOut.accuracy).toBe(expectedCorrect / held.length);
  });

  it('uses a given candidate grid', () => {
    const r = ok(calibrateThreshold(separable, labels, { seed: 1, thresholds: [0.5, 0.7, 0.9, 1] }));
    // 0.7 and 0.9 both separate perfectly; the run 0.7–0.9 has two members equally near its middle: the lower.
    expect(r.threshold).toBe(0.7);
  });

  it('reports an empty part instead of guessing', () => {
    expect(calibrateThreshold([0.1, 0.9, 0.5], [true, false, true], { seed: 1, calibrationShare: 0.1 })).toEqual({
      value: null,
      reason: 'the calibration part is empty',
    });
    expect(() => calibrateThreshold(separable, labels, { seed: 1, calibrationShare: 1 })).toThrow(RangeError);
  });
});

describe('crossValidateThreshold', () => {
  it('scores every item once with a threshold chosen without it', () => {
    const r = ok(crossValidateThreshold(separable, labels, { seed: 3, k: 4 }));
    expect(r.folds).toHaveLength(4);
    expect(r.folds.every((f) => f.threshold === 0.95)).toBe(true);
    expect(r.pooled).toMatchObject({ n: 20, tp: 12, tn: 8, fp: 0, fn: 0, accuracy: 1, jaccard: 1 });
    expect(r.thresholdMean).toBeCloseTo(0.95, 14);
    expect(r.thresholdSd).toBeCloseTo(0, 14);
  });

  it('needs at least k items', () => {
    expect(crossValidateThreshold([0.1, 0.2], [true, false], { seed: 1, k: 3 })).toEqual({
      value: null,
      reason: '3 folds need at least 3 items, got 2',
    });
    expect(() => crossValidateThreshold(separable, labels, { seed: 1, k: 1 })).toThrow(RangeError);
  });
});
