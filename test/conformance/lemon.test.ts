import { describe, expect, it } from 'vitest';
import { lemonProfile } from '../../src/core/metrics/lemon.ts';
import { closeFloat } from './close-float.ts';
import { loadPairs } from './shared-data.ts';

type Group = Record<'p' | 'r' | 'f1' | 'fpr', number>;

describe('lemon conformance (LEMON run.py Metrics)', () => {
  const pairs = loadPairs();
  const withKey = pairs.filter((p) => p.expected.lemon !== undefined);

  it('covers all five pairs, synth-llm (unequal lengths) included', () => {
    expect(withKey).toHaveLength(5);
  });

  for (const pair of withKey) {
    it(`${pair.dataset}/${pair.system}: every key matches the script`, () => {
      const expected = pair.expected.lemon as Record<'detect' | 'correct', Group>;
      const { values, warnings } = lemonProfile.compute(pair.items);
      expect(Object.keys(values).sort()).toEqual(Object.keys(expected).sort());
      for (const level of ['detect', 'correct'] as const) {
        const ours = values[level] as Group;
        expect(Object.keys(ours).sort()).toEqual(Object.keys(expected[level]).sort());
        for (const key of ['p', 'r', 'f1', 'fpr'] as const) {
          const want = expected[level][key];
          expect(closeFloat(ours[key], want), `${level}.${key}: ${ours[key]} vs ${want}`).toBe(true);
        }
      }
      expect(warnings).toEqual([]);
    });
  }
});
