import { describe, expect, it } from 'vitest';
import { levenshteinProfile } from '../../../src/core/metrics/levenshtein.ts';
import type { MetricProfile } from '../../../src/core/metrics/profile.ts';
import { conventionalProfile } from '../../../src/core/metrics/simplecsc-conventional.ts';
import { officialProfile } from '../../../src/core/metrics/simplecsc-official.ts';
import { wangProfile } from '../../../src/core/metrics/simplecsc-wang.ts';
import {
  ignoredCharSet,
  normalizeItems,
  parseNormalizationOptions,
  withIgnoredChars,
} from '../../../src/core/normalize/index.ts';
import type { ScoredItem } from '../../../src/core/types.ts';
import { CRASH_ROWS, EQUAL_ROWS, OPTION_SETS, type Row, SCRIPT_OUTPUT, UNEQUAL_ROWS } from './simplecsc-fixture.ts';

const PROFILES: Record<string, MetricProfile> = {
  levenshtein: levenshteinProfile,
  conventional: conventionalProfile,
  official: officialProfile,
  wang: wangProfile,
};
const SETS: Record<string, readonly Row[]> = { eq: EQUAL_ROWS, all: [...EQUAL_ROWS, ...UNEQUAL_ROWS], crash: CRASH_ROWS };

const items = (rows: readonly Row[]): ScoredItem[] =>
  rows.map(([id, source, reference, prediction]) => ({ id, source, references: [reference], prediction }));

/** Our pipeline for one evaluate.py run: normalise the rows, then the profile under the ignored characters. */
function run(algo: string, set: string, optionName: keyof typeof OPTION_SETS) {
  const options = parseNormalizationOptions(OPTION_SETS[optionName]);
  const normalized = normalizeItems(items(SETS[set]!), options);
  const profile = withIgnoredChars(PROFILES[algo]!, ignoredCharSet(options));
  return { normalized, compute: () => profile.compute(normalized.items) };
}

describe("simple-csc evaluate.py: every algorithm under every option, against the script's output", () => {
  for (const [key, expected] of Object.entries(SCRIPT_OUTPUT)) {
    const [algo, set, optionName] = key.split('/') as [string, string, keyof typeof OPTION_SETS];
    it(key, () => {
      const { normalized, compute } = run(algo, set, optionName);
      expect(normalized.ignored.length).toBe(expected.ignored ?? 0);
      if (typeof expected.error === 'string') {
        // The script stops with IndexError; we refuse with the rows.
        expect(expected.error).toMatch(/^IndexError/);
        expect(compute).toThrow(/IndexError/);
        return;
      }
      const { values } = compute();
      const printed = Object.fromEntries(Object.entries(expected).filter(([k]) => k !== 'ignored'));
      expect(values).toStrictEqual(printed);
    });
  }

  it('names the rows it refuses', () => {
    expect(() => run('wang', 'all', 'none').compute()).toThrow(/1 row\(s\) are shorter: b3$/);
    expect(() => run('official', 'crash', 'none').compute()).toThrow(/IndexError on 1 row\(s\).*: c1$/);
  });

  it('lists the rows left out and why', () => {
    expect(run('levenshtein', 'all', 'all').normalized.ignored).toEqual([
      { id: 'b1', reason: 'source has 6 characters, reference 7 (--ignore-unmatch-length)' },
      { id: 'b3', reason: 'source has 9 characters, reference 8 (--ignore-unmatch-length)' },
      { id: 'b4', reason: 'source has 29 characters, more than --max-length 20' },
    ]);
  });
});
