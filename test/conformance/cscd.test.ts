import { describe, expect, it } from 'vitest';
import { cscdProfile } from '../../src/core/metrics/cscd.ts';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import { loadPairs } from './shared-data.ts';

describe('cscd conformance (CSCD-NS evaluation/evaluate.py)', () => {
  const pairs = loadPairs();
  const withKey = pairs.filter((p) => p.expected.cscd !== undefined);

  it('covers all five pairs', () => {
    expect(withKey).toHaveLength(5);
  });

  for (const pair of withKey) {
    it(`${pair.dataset}/${pair.system}: matches the script`, () => {
      const expected = pair.expected.cscd as Record<string, number | string>;
      if (expected.error === 'AssertionError') {
        // The script's length assertion: we refuse and list the rows.
        expect(() => cscdProfile.compute(pair.items)).toThrow(ProfileError);
        expect(() => cscdProfile.compute(pair.items)).toThrow(/330 rows differ in length: .* and 310 more$/);
        return;
      }
      const { values, warnings } = cscdProfile.compute(pair.items);
      if (typeof expected.error === 'string') {
        expect(expected.error).toMatch(/ZeroDivisionError/);
        for (const prefix of ['S_D_', 'S_C_', 'C_D_', 'C_C_']) {
          expect(values[`${prefix}p`]).toBeNull();
          expect(values[`${prefix}f1`]).toBeNull();
        }
        expect(warnings.some((w) => w.message.includes('ZeroDivisionError'))).toBe(true);
        return;
      }
      expect(Object.keys(values).sort()).toEqual(Object.keys(expected).sort());
      // 3-decimal values printed by Python: identical doubles.
      for (const [key, value] of Object.entries(expected)) expect(values[key], key).toBe(value);
      expect(warnings).toEqual([]);
    });
  }
});
