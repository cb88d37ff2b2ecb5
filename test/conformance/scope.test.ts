import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import { scopeProfile } from '../../src/core/metrics/scope.ts';
import { closeFloat } from './close-float.ts';
import { loadPairs } from './shared-data.ts';

const pairs = loadPairs();

describe('scope conformance (SCOPE metric_core.py, character level)', () => {
  const withKey = pairs.filter((p) => p.expected.scope !== undefined);

  it('covers every pair with scope numbers (synth-llm has none)', () => {
    expect(withKey.map((p) => `${p.dataset}/${p.system}`)).toEqual([
      'sighan15/identity',
      'sighan15/oracle',
      'sighan15/synth-eq',
      'sighan15-realise/realise',
    ]);
  });

  for (const pair of withKey) {
    it(`${pair.dataset}/${pair.system}: every key matches the script`, () => {
      const expected = pair.expected.scope as Record<string, number | string>;
      const result = scopeProfile.compute(pair.items);
      if ('error' in expected) {
        expect(expected.error).toMatch(/ZeroDivisionError/);
        for (const r of [result]) {
          expect(r.values['char-detect-f1']).toBeNull();
          expect(r.values['char-correct-f1']).toBeNull();
          expect(r.warnings.some((w) => w.message.includes('ZeroDivisionError'))).toBe(true);
        }
        return;
      }
      expect(Object.keys(result.values).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) {
        expect(closeFloat(result.values[key], value as number), `${key}: ${result.values[key]} vs ${value}`).toBe(true);
      }
    });
  }

  it('sighan15/synth-llm: unequal-length predictions are refused, not zipped', () => {
    const pair = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'synth-llm')!;
    expect(pair.expected.scope).toBeUndefined();
    expect(() => scopeProfile.compute(pair.items)).toThrow(ProfileError);
  });
});
