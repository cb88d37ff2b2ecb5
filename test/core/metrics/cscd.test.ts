import { describe, expect, it } from 'vitest';
import { cscdProfile } from '../../../src/core/metrics/cscd.ts';
import { ProfileError } from '../../../src/core/metrics/profile.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

// One item per branch. Character errors (source ≠ reference) and predictions (source ≠ prediction), 0-based:
const mixed: ScoredItem[] = [
  item('over', 'abcd', 'abcd', 'abxd'), // clean sentence changed at 2: 0 errors, 1 prediction
  item('partial', 'xbcy', 'abcd', 'abcy'), // errors at 0 and 3, fixed only 0: 2 errors, 1 prediction (right)
  item('wrongfix', 'axcd', 'abcd', 'azcd'), // error at 1 found but changed to z: 1 error, 1 prediction (wrong)
  item('fixed', 'abxd', 'abcd', 'abcd'), // error at 2 fixed: 1 error, 1 prediction (right)
  item('missed', 'xbcd', 'abcd', 'xbcd'), // error at 0 untouched: 1 error, 0 predictions
];

describe('cscd profile', () => {
  it('scores each branch as evaluate.py does', () => {
    const { values, warnings } = cscdProfile.compute(mixed);
    // Sentences with an error: partial, wrongfix, fixed, missed = 4; changed: over, partial, wrongfix, fixed = 4.
    // Detection hit (same changed positions): wrongfix, fixed = 2 → P = 2/4 = 50, R = 2/4 = 50,
    // F1 = 2·50·50 / (100 + 1e-10) = 49.99999999995 → 50.
    expect(values.S_D_p).toBe(50);
    expect(values.S_D_r).toBe(50);
    expect(values.S_D_f1).toBe(50);
    // Correction hit (prediction = reference among changed): fixed = 1 → P = 1/4 = 25, R = 1/4 = 25, F1 = 25.
    expect(values.S_C_p).toBe(25);
    expect(values.S_C_r).toBe(25);
    expect(values.S_C_f1).toBe(25);
    // Characters: errors 2 + 1 + 1 + 1 = 5; changed 1 + 1 + 1 + 1 = 4.
    // Detection TP (changed at an error): partial, wrongfix, fixed = 3 → P = 3/4 = 75, R = 3/5 = 60,
    // F1 = 2·75·60 / 135 = 66.666… → 66.667.
    expect(values.C_D_p).toBe(75);
    expect(values.C_D_r).toBe(60);
    expect(values.C_D_f1).toBe(66.667);
    // Correction TP (changed and now = reference): partial, fixed = 2 → P = 2/4 = 50, R = 2/5 = 40,
    // F1 = 2·50·40 / 90 = 44.444… → 44.444.
    expect(values.C_C_p).toBe(50);
    expect(values.C_C_r).toBe(40);
    expect(values.C_C_f1).toBe(44.444);
    expect(Object.keys(values)).toEqual([
      'S_D_p', 'S_D_r', 'S_D_f1', 'S_C_p', 'S_C_r', 'S_C_f1',
      'C_D_p', 'C_D_r', 'C_D_f1', 'C_C_p', 'C_C_r', 'C_C_f1',
    ]);
    expect(warnings).toEqual([]);
  });

  it('rounds P with Python round() (half-even on exact ties) before F1', () => {
    // 64 changed sentences, one of them the only erroneous one and fixed: P = 1/64·100 = 1.5625 exactly,
    // a tie → 1.562 (not 1.563); R = 1/1 = 100; F1 = 2·1.562·100 / (101.562 + 1e-10) = 3.07595… → 3.076.
    const items = [item('e', 'xb', 'ab', 'ab')];
    for (let k = 0; k < 63; k++) items.push(item(`c${k}`, 'ab', 'ab', 'zb'));
    const { values } = cscdProfile.compute(items);
    expect(values.S_C_p).toBe(1.562);
    expect(values.S_C_r).toBe(100);
    expect(values.S_C_f1).toBe(3.076);
  });

  it('gives 100 for a perfect system despite the 1e-10 in the F1 denominator', () => {
    const { values } = cscdProfile.compute([item('a', 'xbcd', 'abcd', 'abcd'), item('b', 'abcd', 'abcd', 'abcd')]);
    // 2·100·100 / (200 + 1e-10) = 99.99999999995 → 100
    expect(values.S_C_f1).toBe(100);
    expect(values.C_D_f1).toBe(100);
  });

  it('F1 is 0 when every prediction is wrong (P = R = 0)', () => {
    const { values } = cscdProfile.compute([item('a', 'xbcd', 'abcd', 'xbcz')]);
    // error at 0, change at 3: detection TP 0 of 1 predicted, 1 error → P = R = 0, F1 = 0 / 1e-10 = 0.
    expect(values.C_D_p).toBe(0);
    expect(values.C_D_r).toBe(0);
    expect(values.C_D_f1).toBe(0);
  });

  it('nothing predicted: P and F1 are null with a warning (the script raises ZeroDivisionError)', () => {
    const { values, warnings } = cscdProfile.compute([item('a', 'xbcd', 'abcd', 'xbcd'), item('b', 'abcd', 'abcd', 'abcd')]);
    // R = 0 / 1 = 0 stays defined.
    for (const prefix of ['S_D_', 'S_C_', 'C_D_', 'C_C_']) {
      expect(values[`${prefix}p`]).toBeNull();
      expect(values[`${prefix}r`]).toBe(0);
      expect(values[`${prefix}f1`]).toBeNull();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/S_D_p.*C_C_f1 undefined: no prediction changes any character/);
  });

  it('no errors in the references: R and F1 are null with a warning', () => {
    const { values, warnings } = cscdProfile.compute([item('a', 'abcd', 'abcd', 'abzd')]);
    // 1 change, 0 errors: P = 0/1 = 0, R = 0/0 undefined.
    expect(values.S_D_p).toBe(0);
    expect(values.S_D_r).toBeNull();
    expect(values.S_D_f1).toBeNull();
    expect(warnings[0]!.message).toMatch(/no reference differs from its source/);
  });

  it('refuses unequal lengths, listing every offending row (capped with a count)', () => {
    const items = [item('ok', 'ab', 'ab', 'ab')];
    for (let k = 1; k <= 25; k++) items.push(item(`r${k}`, 'ab', 'ab', 'abc'));
    items.push(item('refshort', 'ab', 'a', 'ab'));
    let caught: unknown;
    try {
      cscdProfile.compute(items);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ProfileError);
    const message = (caught as Error).message;
    expect(message).toMatch(/^cscd: /);
    expect(message).toContain('26 rows differ in length');
    expect(message).toContain('r1, r2, r3');
    expect(message).toContain('r20 and 6 more');
    expect(message).not.toContain('ok');
  });

  it('counts code points, not UTF-16 units', () => {
    // 𠀀 (U+20000) is one character of two UTF-16 units: source and reference both have 2 characters.
    const { values } = cscdProfile.compute([item('a', '𠀀b', 'ab', 'ab')]);
    expect(values.C_C_p).toBe(100);
    expect(values.C_C_r).toBe(100);
  });

  it('uses the first reference and says so', () => {
    const multi: ScoredItem = { id: 'm', source: 'xb', references: ['ab', 'xb'], prediction: 'ab' };
    const { values, warnings } = cscdProfile.compute([multi]);
    expect(values.S_C_p).toBe(100); // scored against 'ab'
    expect(warnings.map((w) => w.message)).toEqual(['1 item has more than one reference; this script takes one, so only the first was used']);
  });
});
