import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../../src/core/metrics/profile.ts';
import { realiseProfile, scoreRealiseLabels } from '../../../src/core/metrics/realise.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

// Label lists (1-based position, character) of target and prediction, per item:
const mixed: ScoredItem[] = [
  item('over', 'abcd', 'abcd', 'abxd'), // targ [], pred [(3,x)]
  item('partial', 'xbcy', 'abcd', 'abcy'), // targ [(1,a),(4,d)], pred [(1,a)]
  item('wrongfix', 'axcd', 'abcd', 'azcd'), // targ [(2,b)], pred [(2,z)]
  item('fixed', 'abxd', 'abcd', 'abcd'), // targ [(3,c)], pred [(3,c)]
  item('missed', 'xbcd', 'abcd', 'xbcd'), // targ [(1,a)], pred []
  item('clean', 'abcd', 'abcd', 'abcd'), // targ [], pred []
];

describe('realise profile (metric_core.py, sentence level)', () => {
  it('scores each branch as the script does', () => {
    const { values, warnings } = realiseProfile.compute(mixed);
    // Target errors: partial, wrongfix, fixed, missed = 4; changed: over, partial, wrongfix, fixed = 4.
    // Detection hit (same positions, empty = empty counts): wrongfix, fixed, clean = 3 → acc = 3/6 = 50%.
    // Detection TP (hit and changed): wrongfix, fixed = 2 → P = 2/4 = 50%, R = 2/4 = 50%, F1 = 50%.
    expect(values['sent-detect-acc']).toBe(50);
    expect(values['sent-detect-p']).toBe(50);
    expect(values['sent-detect-r']).toBe(50);
    expect(values['sent-detect-f1']).toBe(50);
    // Correction hit (same positions and characters): fixed, clean = 2 → acc = 2/6 = 33.333…%.
    // Correction TP: fixed = 1 → P = 1/4 = 25%, R = 1/4 = 25%, F1 = 25%.
    expect(values['sent-correct-acc']).toBeCloseTo(100 / 3, 12);
    expect(values['sent-correct-p']).toBe(25);
    expect(values['sent-correct-r']).toBe(25);
    expect(values['sent-correct-f1']).toBe(25);
    expect(Object.keys(values)).toEqual([
      'sent-detect-acc', 'sent-detect-p', 'sent-detect-r', 'sent-detect-f1',
      'sent-correct-acc', 'sent-correct-p', 'sent-correct-r', 'sent-correct-f1',
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps full float precision with the script operation order', () => {
    // 1 TP of 3 changed and 2 target errors: P = 1/3, R = 1/2, F1 = 2·(1/3)·(1/2) / (5/6) = 0.4 → 40%.
    const items = [
      item('fixed', 'xb', 'ab', 'ab'),
      item('missed', 'xb', 'ab', 'xb'),
      item('over1', 'ab', 'ab', 'zb'),
      item('over2', 'ab', 'ab', 'az'),
    ];
    const { values } = realiseProfile.compute(items);
    expect(values['sent-correct-p']).toBeCloseTo(100 / 3, 12);
    expect(values['sent-correct-r']).toBe(50);
    expect(values['sent-correct-f1']).toBeCloseTo(40, 12);
  });

  it('F1 is 0.0 when P + R = 0', () => {
    const { values } = realiseProfile.compute([item('a', 'xbcd', 'abcd', 'xbcz')]);
    // target [(1,a)], pred [(4,z)]: no hit → P = 0/1, R = 0/1, F1 = 0.
    expect(values['sent-detect-f1']).toBe(0);
    expect(values['sent-correct-f1']).toBe(0);
  });

  it('nothing predicted: P and F1 null with a warning; accuracy and R stay', () => {
    const { values, warnings } = realiseProfile.compute([item('a', 'xb', 'ab', 'xb'), item('b', 'ab', 'ab', 'ab')]);
    // hit: b only (empty = empty) → acc = 1/2 = 50%; R = 0/1 = 0.
    expect(values['sent-detect-acc']).toBe(50);
    expect(values['sent-detect-p']).toBeNull();
    expect(values['sent-detect-r']).toBe(0);
    expect(values['sent-detect-f1']).toBeNull();
    expect(values['sent-correct-p']).toBeNull();
    expect(values['sent-correct-f1']).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/sent-detect-p, sent-detect-f1, sent-correct-p, sent-correct-f1 undefined/);
    expect(warnings[0]!.message).toMatch(/ZeroDivisionError/);
  });

  it('no target errors: R and F1 null with a warning', () => {
    const { values, warnings } = realiseProfile.compute([item('a', 'ab', 'ab', 'zb')]);
    expect(values['sent-detect-p']).toBe(0);
    expect(values['sent-detect-r']).toBeNull();
    expect(warnings[0]!.message).toMatch(/no target has an error/);
  });

  it('refuses predictions of another length instead of zipping them, listing the rows', () => {
    const items = [item('ok', 'ab', 'ab', 'ab'), item('long', 'ab', 'ab', 'abc'), item('short', 'abc', 'abc', 'ab')];
    expect(() => realiseProfile.compute(items)).toThrow(ProfileError);
    expect(() => realiseProfile.compute(items)).toThrow(/^realise: .*2 rows differ in length: long, short$/);
  });

  it('scores label lists directly, sorting them as the script does', () => {
    // Sentence 1: target [(2,b),(1,a)] sorts to [(1,a),(2,b)] = prediction → hit at both levels.
    // Sentence 2: a truth label naming the character the source already has (a no-op, as in the SIGHAN15 truth)
    // can never be predicted from text: target [(3,c)], prediction [] → miss, but it counts as an error.
    const { values } = scoreRealiseLabels(
      [[[1, 'a'], [2, 'b']], []],
      [[[2, 'b'], [1, 'a']], [[3, 'c']]],
    );
    // acc = 1/2 = 50%, P = 1/1 = 100%, R = 1/2 = 50%.
    expect(values['sent-correct-acc']).toBe(50);
    expect(values['sent-correct-p']).toBe(100);
    expect(values['sent-correct-r']).toBe(50);
    expect(values['sent-detect-r']).toBe(50);
  });
});

describe('realise profile with SIGHAN truth labels', () => {
  it('takes the targets from the truth labels when the test set came with them', () => {
    // Target [(1, 周)] vs unchanged prediction []: a missed error sentence → accuracy 0/1 = 0, recall 0/1 = 0.
    const item: ScoredItem = { id: 'x', source: '周末见。', references: ['周末见。'], prediction: '周末见。', goldLabels: [[1, '周']] };
    const values = realiseProfile.compute([item]).values;
    expect(values['sent-detect-acc']).toBe(0);
    expect(values['sent-detect-r']).toBe(0);
  });
});
