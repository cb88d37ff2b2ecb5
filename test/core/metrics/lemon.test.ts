import { describe, expect, it } from 'vitest';
import { lemonProfile } from '../../../src/core/metrics/lemon.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

type Group = { p: number; r: number; f1: number; fpr: number };
const groups = (items: ScoredItem[]) => {
  const { values, warnings } = lemonProfile.compute(items);
  return { detect: values.detect as Group, correct: values.correct as Group, warnings };
};

describe('lemon profile (LEMON run.py Metrics, sentence level)', () => {
  it('scores each branch, including a prediction of another length', () => {
    const { detect, correct, warnings } = groups([
      item('over', 'abcd', 'abcd', 'abxd'), // negative, changed → FP
      item('partial', 'xbcy', 'abcd', 'abcy'), // positive, changed, ≠ reference → detected only
      item('wrongfix', 'axcd', 'abcd', 'azcd'), // positive, changed, ≠ reference → detected only
      item('fixed', 'abxd', 'abcd', 'abcd'), // positive, = reference → detected and corrected
      item('missed', 'xbcd', 'abcd', 'xbcd'), // positive, unchanged
      item('clean', 'abcd', 'abcd', 'abcd'), // negative, unchanged
      item('insert', 'abcd', 'abcd', 'abcde'), // negative, longer prediction → FP
    ]);
    // The 1e-12 in every denominator shifts these by ~1e-12, hence 10 decimals.
    // positives 4, negatives 3, changed 5 (over, partial, wrongfix, fixed, insert), FP 2 (over, insert).
    // Correction TP 1: P = 1/5 = 0.2, R = 1/4 = 0.25, F1 = 2·0.05 / 0.45 = 0.2222…, FPR = 2/3.
    expect(correct.p).toBeCloseTo(0.2, 10);
    expect(correct.r).toBeCloseTo(0.25, 10);
    expect(correct.f1).toBeCloseTo(2 / 9, 10);
    expect(correct.fpr).toBeCloseTo(2 / 3, 10);
    // Detection TP 3 (partial, wrongfix, fixed): P = 3/5 = 0.6, R = 3/4 = 0.75, F1 = 0.9 / 1.35 = 2/3.
    expect(detect.p).toBeCloseTo(0.6, 10);
    expect(detect.r).toBeCloseTo(0.75, 10);
    expect(detect.f1).toBeCloseTo(2 / 3, 10);
    expect(detect.fpr).toBeCloseTo(2 / 3, 10);
    expect(warnings).toEqual([]);
  });

  it('keeps the 1e-12 smoothing: a perfect system scores just under 1', () => {
    const { correct } = groups([item('fixed', 'xb', 'ab', 'ab'), item('clean', 'ab', 'ab', 'ab')]);
    // P = R = 1 / (1 + 1e-12) = 1 − 1e-12 (to double precision), not 1.
    expect(correct.p).not.toBe(1);
    expect(correct.p).toBeCloseTo(1 - 1e-12, 15);
    expect(correct.r).toBeCloseTo(1 - 1e-12, 15);
    // F1 = 2·p·r / (p + r + 1e-12) ≈ 1 − 1.5e-12.
    expect(correct.f1).toBeCloseTo(1 - 1.5e-12, 15);
    // FPR = 0 / (1 + 1e-12) = 0 exactly: no epsilon in the numerator.
    expect(correct.fpr).toBe(0);
  });

  it('nothing predicted: every value is 0, never null (the epsilons avoid division by zero)', () => {
    const { detect, correct, warnings } = groups([item('missed', 'xb', 'ab', 'xb'), item('clean', 'ab', 'ab', 'ab')]);
    for (const g of [detect, correct]) expect(g).toEqual({ p: 0, r: 0, f1: 0, fpr: 0 });
    expect(warnings).toEqual([]);
  });

  it('no items at all: still 0 everywhere', () => {
    const { detect } = groups([]);
    expect(detect).toEqual({ p: 0, r: 0, f1: 0, fpr: 0 });
  });

  it('uses the first reference and says so', () => {
    const multi: ScoredItem = { id: 'm', source: 'xb', references: ['ab', 'xb'], prediction: 'ab' };
    const { correct, warnings } = groups([multi]);
    expect(correct.r).toBeCloseTo(1, 11); // positive against 'ab', and corrected
    expect(warnings.map((w) => w.message)).toEqual(['1 item has more than one reference; this script takes one, so only the first was used']);
  });
});
