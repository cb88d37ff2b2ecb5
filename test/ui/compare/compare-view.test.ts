import { describe, expect, test } from 'vitest';
import type { Comparison } from '../../../src/core/compare/index.ts';
import { byPair, compareCsv, comparisonSentence, formatPs, higherIsBetter, isSignificant, metricLabel, pointsScale } from '../../../src/ui/compare/compare-view.ts';
import { en, zh } from '../../../src/ui/shared/i18n/index.ts';

const base: Comparison = {
  a: 'A',
  b: 'B',
  profile: 'cscd',
  key: 'S_C_f1',
  a_value: 60,
  b_value: 62.1,
  delta: -2.1,
  ci: [-3.4, -0.8],
  p_bootstrap: 0.004,
  p_randomization: 0.0015,
  p_randomization_floor: 1 / 1001,
  p_holm: 0.002,
  resamples: 1000,
  seed: 1,
};

describe('the plain sentence of a comparison', () => {
  test('a significant difference names the better system, in points, with the interval of winner − loser', () => {
    expect(comparisonSentence(base, en.compare)).toBe('B is better than A on cscd · sentence correction F1 by 2.1 points (95% CI 0.8–3.4, p = 0.002).');
    expect(comparisonSentence(base, zh.compare)).toBe('B 在 cscd · sentence correction F1 上比 A 好 2.1 个百分点（95% 置信区间 0.8–3.4，p = 0.002）。');
    const aWins = { ...base, delta: 2.1, a_value: 62.1, b_value: 60, ci: [0.8, 3.4] as [number, number] };
    expect(comparisonSentence(aWins, en.compare)).toBe('A is better than B on cscd · sentence correction F1 by 2.1 points (95% CI 0.8–3.4, p = 0.002).');
  });

  test('fractions (lemon, sighan, cherrant, proofread) are turned into percentage points', () => {
    const c = { ...base, profile: 'lemon', key: 'correct.f1', a_value: 0.64, b_value: 0.619, delta: 0.021, ci: [0.008, 0.034] as [number, number] };
    expect(comparisonSentence(c, en.compare)).toBe('A is better than B on lemon · correction F1 by 2.1 points (95% CI 0.8–3.4, p = 0.002).');
  });

  test('not significant (Holm p ≥ 0.05) is said plainly', () => {
    const c = { ...base, ci: [-4, 0.5] as [number, number], p_holm: 0.31 };
    expect(isSignificant(c)).toBe(false);
    expect(comparisonSentence(c, en.compare)).toBe(
      'A and B do not differ significantly on cscd · sentence correction F1: the difference is -2.1 points (95% CI -4.0–0.5, p = 0.310); it could be chance.',
    );
    expect(comparisonSentence(c, zh.compare)).toContain('差异不显著');
  });

  test('identical systems score the same; an undefined delta cannot be compared', () => {
    expect(comparisonSentence({ ...base, delta: 0, ci: [0, 0], p_holm: 1 }, en.compare)).toBe('A and B score the same on cscd · sentence correction F1.');
    expect(comparisonSentence({ ...base, delta: null, ci: null, p_holm: null }, en.compare)).toContain('undefined');
  });

  test('rates where lower is better get neutral wording', () => {
    expect(higherIsBetter('S_C_f1')).toBe(true);
    expect(higherIsBetter('cs.F0.5')).toBe(true);
    expect(higherIsBetter('sent-correct-p')).toBe(true);
    expect(higherIsBetter('detect.fpr')).toBe(false);
    expect(higherIsBetter('rates.changed_clean_rate')).toBe(false);
    const c = { ...base, profile: 'sighan', key: 'FPR', delta: 0.05, ci: [0.01, 0.09] as [number, number] };
    expect(comparisonSentence(c, en.compare)).toBe('A is higher than B on sighan · FPR by 5.0 points (95% CI 1.0–9.0, p = 0.002).');
  });
});

describe('a p at the floor of its resamples', () => {
  // 1,000 resamples and no randomization sample as extreme: p = 1/1001; Holm over 17 keys: 17/1001.
  const floored = { ...base, p_bootstrap: 1 / 1001, p_randomization: 1 / 1001, p_holm: 17 / 1001 };

  test('is said to be a bound, with what would make it finer', () => {
    expect(comparisonSentence(floored, en.compare)).toBe(
      'B is better than A on cscd · sentence correction F1 by 2.1 points (95% CI 0.8–3.4, p ≤ 0.017, the smallest p that 1,000 resamples can give for this pair; raise resamples for a finer p).',
    );
    expect(comparisonSentence(floored, zh.compare)).toContain('p ≤ 0.017，这是 1000 次重抽样');
  });

  test('prints as "≤" in the table, rounded up, never as 1.0e-3', () => {
    expect(formatPs(floored)).toEqual({ bootstrap: '≤ 0.001', randomization: '≤ 0.001', holm: '≤ 0.017' });
    // Above the floor, a measured p.
    expect(formatPs(base)).toEqual({ bootstrap: '0.004', randomization: '0.002', holm: '0.002' });
  });
});

describe('helpers', () => {
  test('scale, labels, p formatting, grouping, CSV', () => {
    expect(pointsScale('cscd')).toBe(1);
    expect(pointsScale('sighan')).toBe(100);
    expect(metricLabel('levenshtein', 'sentence correction f1')).toBe('levenshtein · sentence correction F1');
    // Every headline key reads the same way, family or not: profile · level task measure.
    expect(metricLabel('cherrant', 'cs.F0.5')).toBe('cherrant · span correction F0.5');
    expect(metricLabel('cherrant', 'dt.F0.5')).toBe('cherrant · token detection F0.5');
    expect(metricLabel('lemon', 'detect.f1')).toBe('lemon · detection F1');
    expect(metricLabel('lemon', 'correct.f1')).toBe('lemon · correction F1');
    expect(metricLabel('scope', 'char-detect-f1')).toBe('scope · character detection F1');
    expect(metricLabel('sighan', 'D_f1')).toBe('sighan · detection F1');
    expect(metricLabel('gcsc', 'C_C_f1')).toBe('Eval-GCSC · operation correction F1');
    expect(metricLabel('proofread', 'rates.changed_clean_rate')).toBe('proofread · clean-changed rate');
    expect(metricLabel('cherrant', 'cs.F0.5', zh.compare.keyWords)).toBe('cherrant · 片段级纠正 F0.5');
    expect(metricLabel('x', 'weird')).toBe('x · weird');
    expect(formatPs({ ...base, p_bootstrap: 0.25, p_randomization: 0.0004, p_randomization_floor: 1 / 100_001, p_holm: null, resamples: 100_000 })).toEqual({
      bootstrap: '0.250',
      randomization: '4.0e-4',
      holm: '—',
    });
    const rows = [base, { ...base, key: 'S_D_f1' }, { ...base, b: 'C' }];
    expect(byPair(rows).map((g) => [g.a, g.b, g.rows.length])).toEqual([
      ['A', 'B', 2],
      ['A', 'C', 1],
    ]);
    const csv = compareCsv([base]).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('a,b,profile,key,a_value,b_value,delta,ci_low,ci_high,p_bootstrap,p_randomization,p_randomization_floor,p_holm,resamples,seed');
    expect(csv[1]).toBe(`A,B,cscd,S_C_f1,60,62.1,-2.1,-3.4,-0.8,0.004,0.0015,${1 / 1001},0.002,1000,1`);
  });
});
