import { describe, expect, it } from 'vitest';
import { perCharCounts, perCharScores, recipeCounts, recipeScores, spanF1, type ErrorSpan } from '../../../src/core/spanf1/index.ts';

const s = (start: number, end: number, severity?: string): ErrorSpan => (severity === undefined ? { start, end } : { start, end, severity });

describe("the seed's recipe", () => {
  it('scores overlapping spans character by character', () => {
    // gold {0,1,2}, pred {1,2,3}: tp 2, fp 1, fn 1 → P = R = 2/3, F1 = 2/3.
    const c = recipeCounts([s(0, 3, 'major')], [s(1, 4, 'major')]);
    expect(c).toEqual({ tp: 2, fp: 1, fn: 1, severity_mismatch: 0 });
    const r = recipeScores(c);
    expect(r.precision).toBeCloseTo(2 / 3, 12);
    expect(r.recall).toBeCloseTo(2 / 3, 12);
    expect(r.f1).toBeCloseTo(2 / 3, 12);
  });

  it('adds 0.5 per character of a same-span pair whose severity differs, to numerator and denominators', () => {
    // tp 2, sev 0.5 · 2 = 1: P = (2 + 1) / (2 + 0 + 1) = 1, R likewise: as written, a wrong severity costs nothing.
    const c = recipeCounts([s(0, 2, 'major')], [s(0, 2, 'minor')]);
    expect(c).toEqual({ tp: 2, fp: 0, fn: 0, severity_mismatch: 1 });
    expect(recipeScores(c)).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('pairs spans by list position, as zip does', () => {
    // gold {0,1,5}, pred {0,1,7,8}: tp 2, fp 2, fn 1; zip pairs (0,2)/(0,2) with another severity → +1,
    // (5,6)/(7,9) differ in span → 0. P = 3/5, R = 3/4, F1 = 2·0.6·0.75/1.35 = 2/3.
    const c = recipeCounts([s(0, 2, 'major'), s(5, 6, 'minor')], [s(0, 2, 'minor'), s(7, 9, 'minor')]);
    expect(c).toEqual({ tp: 2, fp: 2, fn: 1, severity_mismatch: 1 });
    const r = recipeScores(c);
    expect(r.precision).toBeCloseTo(0.6, 12);
    expect(r.recall).toBeCloseTo(0.75, 12);
    expect(r.f1).toBeCloseTo(2 / 3, 12);
    // A matching span at another list index is not paired: gold (3,4) is second, the prediction first.
    expect(recipeCounts([s(0, 1, 'a'), s(3, 4, 'b')], [s(3, 4, 'c')]).severity_mismatch).toBe(0);
  });

  it('counts a character covered by two spans once', () => {
    expect(recipeCounts([s(0, 3), s(2, 4)], [s(3, 4)])).toEqual({ tp: 1, fp: 0, fn: 3, severity_mismatch: 0 });
  });

  it('scores 0 where a denominator is zero, so empty gold and prediction give F1 = 0', () => {
    expect(recipeScores(recipeCounts([], []))).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(recipeScores(recipeCounts([], [s(0, 1)]))).toEqual({ precision: 0, recall: 0, f1: 0 }); // fp 1; R's denominator 0
    expect(recipeScores(recipeCounts([s(0, 1)], []))).toEqual({ precision: 0, recall: 0, f1: 0 }); // fn 1; P's denominator 0
  });
});

describe('the per-character reading', () => {
  it('gives 0.5 for a character found with the wrong severity', () => {
    // Characters 0, 1 in both, major vs minor: credit 1; P = 1/2, R = 1/2, F1 = 1/2.
    const c = perCharCounts([s(0, 2, 'major')], [s(0, 2, 'minor')]);
    expect(c).toEqual({ credit: 1, gold_chars: 2, pred_chars: 2 });
    expect(perCharScores(c)).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it('agrees with the recipe when there are no severities', () => {
    const c = perCharCounts([s(0, 3)], [s(1, 4)]);
    expect(c).toEqual({ credit: 2, gold_chars: 3, pred_chars: 3 });
  });

  it('scores the mixed case differently from the recipe', () => {
    // gold {0:major,1:major,5:minor}, pred {0:minor,1:minor,7,8}: credit 0.5 + 0.5 = 1; P = 1/4, R = 1/3,
    // F1 = 2·(1/12)/(7/12) = 2/7.
    const r = perCharScores(perCharCounts([s(0, 2, 'major'), s(5, 6, 'minor')], [s(0, 2, 'minor'), s(7, 9, 'minor')]));
    expect(r.precision).toBe(0.25);
    expect(r.recall).toBeCloseTo(1 / 3, 12);
    expect(r.f1).toBeCloseTo(2 / 7, 12);
  });

  it('leaves undefined ratios null', () => {
    expect(perCharScores(perCharCounts([], []))).toEqual({ precision: null, recall: null, f1: null });
    expect(perCharScores(perCharCounts([], [s(0, 1)]))).toEqual({ precision: 0, recall: null, f1: null });
  });
});

describe('spanF1 over a test set', () => {
  it('sums counts (micro) and averages the recipe per sentence (macro)', () => {
    // s1: gold = pred = {0,1} → F1 1. s2: nothing on either side → the recipe's 0. s3: gold {2}, pred {3} → 0.
    const r = spanF1([
      { id: 's1', gold: [s(0, 2)], pred: [s(0, 2)] },
      { id: 's2', gold: [], pred: [] },
      { id: 's3', gold: [s(2, 3)], pred: [s(3, 4)] },
    ]);
    expect(r.sentences).toBe(3);
    expect(r.empty_sentences).toBe(1);
    // micro: tp 2, fp 1, fn 1 → P = R = F1 = 2/3.
    expect(r.recipe.micro).toMatchObject({ tp: 2, fp: 1, fn: 1, severity_mismatch: 0 });
    expect(r.recipe.micro.f1).toBeCloseTo(2 / 3, 12);
    expect(r.recipe.macro_f1).toBeCloseTo(1 / 3, 12); // (1 + 0 + 0) / 3
    expect(r.per_char.micro).toMatchObject({ credit: 2, gold_chars: 3, pred_chars: 3 });
    expect(r.per_char.micro.f1).toBeCloseTo(2 / 3, 12);
  });

  it('has no macro mean for an empty set', () => {
    const r = spanF1([]);
    expect(r.recipe.macro_f1).toBeNull();
    expect(r.recipe.micro.f1).toBe(0);
    expect(r.per_char.micro.f1).toBeNull();
  });
});

describe("the seed's code as Python executes it, against its own output", () => {
  // compute_char_f1 from seed 002 run verbatim in python3 on these spans (namedtuples start, end, severity).
  const cases: [string, ErrorSpan[], ErrorSpan[], number][] = [
    ['issue', [s(0, 2, 'major'), s(4, 8, 'minor')], [s(0, 2, 'minor'), s(4, 8, 'minor'), s(10, 13, 'major')], 0.8333333333333333],
    ['no_pred', [s(0, 3, 'major')], [], 0],
    ['no_gold', [], [s(1, 2, 'minor')], 0],
    ['both_empty', [], [], 0],
    ['short_last', [s(0, 4, 'major'), s(5, 9, 'major'), s(12, 13, 'minor')], [s(0, 4, 'minor'), s(5, 9, 'minor'), s(20, 21, 'minor')], 0.9],
    ['zip_truncates', [s(0, 2, 'major'), s(3, 6, 'minor'), s(8, 9, 'major')], [s(0, 2, 'minor')], 0.6],
    ['overlap', [s(0, 5, 'major')], [s(0, 5, 'minor'), s(2, 4, 'major')], 1.0],
    ['all_match', [s(1, 3, 'minor'), s(5, 6, 'major')], [s(1, 3, 'minor'), s(5, 6, 'major')], 1.0],
  ];
  for (const [name, gold, pred, f1] of cases) {
    it(`${name}: F1 ${f1}`, () => expect(recipeScores(recipeCounts(gold, pred)).f1).toBe(f1));
  }

  it('credits each mismatch with the last predicted span; the pair-length and per-character readings differ', () => {
    const [, gold, pred] = cases[0]!;
    expect(recipeCounts(gold, pred).severity_mismatch).toBe(1.5); // 0.5 × |[10,13)|
    expect(recipeCounts(gold, pred, 'recipe_pair_length').severity_mismatch).toBe(1); // 0.5 × |[0,2)|
    expect(recipeScores(recipeCounts(gold, pred, 'recipe_pair_length')).f1).toBeCloseTo(14 / 17, 15); // 0.8235
    // Per character: 0, 1 wrong severity (0.5 each), 4–7 right: credit 5 of 9 predicted, 6 gold → F1 2/3.
    expect(perCharScores(perCharCounts(gold, pred)).f1).toBeCloseTo(2 / 3, 15);
    const r = spanF1([{ id: 'x', gold, pred }]);
    expect([r.recipe.micro.f1, r.recipe_pair_length.micro.f1]).toEqual([0.8333333333333333, recipeScores(recipeCounts(gold, pred, 'recipe_pair_length')).f1]);
  });
});
