import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import { realiseProfile } from '../../src/core/metrics/realise.ts';
import { closeFloat } from './close-float.ts';
import { loadPairs } from './shared-data.ts';

const pairs = loadPairs();

function expectNullsWithWarning(result: { values: Record<string, unknown>; warnings: { message: string }[] }) {
  expect(result.values['sent-detect-p']).toBeNull();
  expect(result.values['sent-correct-p']).toBeNull();
  expect(result.warnings.some((w) => w.message.includes('ZeroDivisionError'))).toBe(true);
}

describe('realise conformance (metric_core.py, sentence level)', () => {
  const withKey = pairs.filter((p) => p.expected.realise !== undefined);

  it('covers every pair with realise numbers (synth-llm has none)', () => {
    expect(withKey.map((p) => `${p.dataset}/${p.system}`)).toEqual([
      'sighan15/identity',
      'sighan15/oracle',
      'sighan15/synth-eq',
      'sighan15-realise/realise',
    ]);
  });

  for (const pair of withKey) {
    it(`${pair.dataset}/${pair.system}: every key matches the script`, () => {
      const expected = pair.expected.realise as Record<string, number | string>;
      const result = realiseProfile.compute(pair.items);
      if ('error' in expected) {
        expect(expected.error).toMatch(/ZeroDivisionError/);
        expectNullsWithWarning(result);
        return;
      }
      expect(Object.keys(result.values).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) {
        expect(closeFloat(result.values[key], value as number), `${key}: ${result.values[key]} vs ${value}`).toBe(true);
      }
    });
  }

  it('sighan15/oracle: the 10 no-op truth labels are what keeps the oracle below 100', () => {
    const oracle = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'oracle')!;
    const withoutLabels = oracle.items.map(({ goldLabels: _labels, ...item }) => item);
    for (const v of Object.values(realiseProfile.compute(withoutLabels).values)) expect(v).toBe(100);
  });

  it('sighan15/synth-llm: unequal-length predictions are refused, not zipped (non_normative_naive_zip is no spec)', () => {
    const pair = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'synth-llm')!;
    expect(pair.expected.realise).toBeUndefined();
    expect(() => realiseProfile.compute(pair.items)).toThrow(ProfileError);
    expect(() => realiseProfile.compute(pair.items)).toThrow(/330 rows differ in length/);
  });
});
