import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../../src/core/metrics/profile.ts';
import { scopeProfile, scoreScopeLabels } from '../../../src/core/metrics/scope.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

const mixed: ScoredItem[] = [
  item('over', 'abcd', 'abcd', 'abxd'), // targ [], pred [(3,x)]
  item('partial', 'xbcy', 'abcd', 'abcy'), // targ [(1,a),(4,d)], pred [(1,a)]
  item('wrongfix', 'axcd', 'abcd', 'azcd'), // targ [(2,b)], pred [(2,z)]
  item('fixed', 'abxd', 'abcd', 'abcd'), // targ [(3,c)], pred [(3,c)]
  item('missed', 'xbcd', 'abcd', 'xbcd'), // targ [(1,a)], pred []
  item('clean', 'abcd', 'abcd', 'abcd'), // targ [], pred []
];

describe('scope profile (SCOPE metric_core.py, character level)', () => {
  it('scores each branch as the script does', () => {
    const { values, warnings } = scopeProfile.compute(mixed);
    // Detection: 4 changed positions, 5 target errors; changed at an error: partial 1, wrongfix 2, fixed 3 = 3.
    // P = 3/4, R = 3/5, F1 = 2·0.75·0.6 / 1.35 = 2/3 → 66.666…%.
    expect(values['char-detect-f1']).toBeCloseTo(200 / 3, 12);
    // Correction: TP = (1,a) and (3,c) = 2; P divides by the 3 correctly detected positions (the over-correction
    // on the clean sentence does not count), R by the 5 target errors.
    // P = 2/3, R = 2/5, F1 = 2·(2/3)·(2/5) / (16/15) = 0.5 → 50%.
    expect(values['char-correct-f1']).toBeCloseTo(50, 12);
    expect(Object.keys(values)).toEqual(['char-detect-f1', 'char-correct-f1']);
    expect(warnings).toEqual([]);
  });

  it('over-corrections lower detection F1 but not correction precision', () => {
    // One fixed error plus one change on a clean sentence.
    const { values } = scopeProfile.compute([item('fixed', 'xb', 'ab', 'ab'), item('over', 'ab', 'ab', 'az')]);
    // Detection P = 1/2, R = 1/1 → F1 = 2·0.5·1 / 1.5 = 2/3 → 66.666…%.
    expect(values['char-detect-f1']).toBeCloseTo(200 / 3, 12);
    // Correction P = 1/1 (only the detected position), R = 1/1 → F1 = 100%.
    expect(values['char-correct-f1']).toBe(100);
  });

  it('nothing predicted: both F1 null with a warning', () => {
    const { values, warnings } = scopeProfile.compute([item('a', 'xb', 'ab', 'xb')]);
    expect(values['char-detect-f1']).toBeNull();
    expect(values['char-correct-f1']).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/char-detect-f1, char-correct-f1 undefined: no prediction changes any character/);
  });

  it('changes only at clean positions: correction F1 null (correction P divides by 0), detection F1 0', () => {
    const { values, warnings } = scopeProfile.compute([item('a', 'xb', 'ab', 'xz')]);
    // Detection: P = 0/1, R = 0/1 → F1 = 0.0. Correction: 0 detected positions → P = 0/0.
    expect(values['char-detect-f1']).toBe(0);
    expect(values['char-correct-f1']).toBeNull();
    expect(warnings[0]!.message).toMatch(/char-correct-f1 undefined: no changed character is at a target error/);
  });

  it('refuses predictions of another length, listing the rows', () => {
    expect(() => scopeProfile.compute([item('long', 'ab', 'ab', 'abc')])).toThrow(ProfileError);
    expect(() => scopeProfile.compute([item('long', 'ab', 'ab', 'abc')])).toThrow(/^scope: .*1 row differs in length: long$/);
  });

  it('scores label lists directly (a no-op truth label counts as an error)', () => {
    // Target [(1,a),(2,b)] where the prediction has [(1,a)]: detection P = 1/1, R = 1/2 → F1 = 2/3.
    const { values } = scoreScopeLabels([[[1, 'a']]], [[[1, 'a'], [2, 'b']]]);
    expect(values['char-detect-f1']).toBeCloseTo(200 / 3, 12);
    expect(values['char-correct-f1']).toBeCloseTo(200 / 3, 12);
  });
});
