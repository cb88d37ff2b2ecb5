import { describe, expect, it } from 'vitest';
import { levenshteinProfile } from '../../src/core/metrics/levenshtein.ts';
import { loadPairs } from './shared-data.ts';

describe('levenshtein: simple-csc evaluate.py --metric_algorithm levenshtein', () => {
  const pairs = loadPairs().filter((p) => p.expected.simplecsc_levenshtein !== undefined);

  it('has the five pairs to check', () => {
    expect(pairs.map((p) => `${p.dataset}/${p.system}`)).toEqual([
      'sighan15/identity',
      'sighan15/oracle',
      'sighan15/synth-eq',
      'sighan15/synth-llm',
      'sighan15-realise/realise',
    ]);
  });

  for (const pair of pairs) {
    it(`${pair.dataset}/${pair.system}: every key equal (rounded values, ===)`, () => {
      const { values } = levenshteinProfile.compute(pair.items);
      expect(values).toStrictEqual(pair.expected.simplecsc_levenshtein);
    });
  }
});
