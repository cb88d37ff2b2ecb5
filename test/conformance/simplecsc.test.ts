import { describe, expect, it } from 'vitest';
import { levenshteinProfile } from '../../src/core/metrics/levenshtein.ts';
import type { MetricProfile } from '../../src/core/metrics/profile.ts';
import { conventionalProfile } from '../../src/core/metrics/simplecsc-conventional.ts';
import { officialProfile } from '../../src/core/metrics/simplecsc-official.ts';
import { wangProfile } from '../../src/core/metrics/simplecsc-wang.ts';
import {
  ignoredCharSet,
  normalizeItems,
  parseNormalizationOptions,
  withIgnoredChars,
} from '../../src/core/normalize/index.ts';
import { loadPairs } from './shared-data.ts';

/**
 * simple-csc evaluate.py --metric_algorithm conventional / official / wang on the shared SIGHAN15 pairs. The
 * expected files hold the printed keys except the F1s; every key they hold must be equal (===).
 */
const CASES: [string, MetricProfile][] = [
  ['simplecsc_conventional', conventionalProfile],
  ['simplecsc_official', officialProfile],
  ['simplecsc_wang', wangProfile],
];

describe('simple-csc conventional, official, wang', () => {
  const pairs = loadPairs();
  for (const [key, profile] of CASES) {
    const withKey = pairs.filter((p) => p.expected[key] !== undefined);

    it(`${key}: has the four SIGHAN15 pairs`, () => {
      expect(withKey.map((p) => `${p.dataset}/${p.system}`)).toEqual([
        'sighan15/identity',
        'sighan15/oracle',
        'sighan15/synth-eq',
        'sighan15/synth-llm',
      ]);
    });

    for (const pair of withKey) {
      const expected = pair.expected[key] as Record<string, unknown>;
      it(`${key} ${pair.dataset}/${pair.system}`, () => {
        if ('error' in expected) {
          // wang on synth-llm: the script's IndexError; we refuse, naming rows.
          expect(expected.error).toMatch(/IndexError/);
          expect(() => profile.compute(pair.items)).toThrow(/IndexError.*row\(s\) are shorter/);
          return;
        }
        const { values } = profile.compute(pair.items);
        for (const k of Object.keys(expected)) expect(values[k], k).toBe(expected[k]);
      });
    }
  }

  const key = 'simplecsc_levenshtein_halfwidth_ignorepunct_ignorespace';
  const withKey = pairs.filter((p) => p.expected[key] !== undefined);
  it(`${key}: has the four SIGHAN15 pairs`, () => expect(withKey).toHaveLength(4));
  for (const pair of withKey) {
    it(`${key} ${pair.dataset}/${pair.system}: levenshtein --to-halfwidth --ignore-punct --ignore-space`, () => {
      const options = parseNormalizationOptions({ toHalfwidth: true, ignorePunct: true, ignoreSpace: true });
      const { items, ignored } = normalizeItems(pair.items, options);
      expect(ignored).toEqual([]);
      const { values } = withIgnoredChars(levenshteinProfile, ignoredCharSet(options)).compute(items);
      const expected = pair.expected[key] as Record<string, unknown>;
      for (const k of Object.keys(expected)) expect(values[k], k).toBe(expected[k]);
    });
  }
});
