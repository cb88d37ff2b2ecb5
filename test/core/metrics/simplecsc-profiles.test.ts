import { describe, expect, it } from 'vitest';
import { sumCounts } from '../../../src/core/metrics/profile.ts';
import { DEFAULT_PROFILES, findProfile } from '../../../src/core/metrics/registry.ts';
import { conventionalProfile } from '../../../src/core/metrics/simplecsc-conventional.ts';
import { officialLabelLine, officialProfile, parseOfficialLine } from '../../../src/core/metrics/simplecsc-official.ts';
import { wangProfile } from '../../../src/core/metrics/simplecsc-wang.ts';
import type { ScoredItem } from '../../../src/core/types.ts';
import { EQUAL_ROWS, UNEQUAL_ROWS } from './simplecsc-fixture.ts';

const items = (rows: typeof EQUAL_ROWS): ScoredItem[] =>
  rows.map(([id, source, reference, prediction]) => ({ id, source, references: [reference], prediction }));

describe('conventional, official, wang as profiles', () => {
  it('are registered, but not run by default', () => {
    for (const name of ['conventional', 'official', 'wang']) {
      expect(findProfile(name)?.name).toBe(name);
      expect(DEFAULT_PROFILES.some((p) => p.name === name)).toBe(false);
    }
  });

  it('compute = summarize(sum of per-sentence counts), with one verdict per row', () => {
    for (const profile of [conventionalProfile, officialProfile, wangProfile]) {
      const scored = profile.score(items(EQUAL_ROWS));
      expect(scored.sentences).toHaveLength(EQUAL_ROWS.length);
      expect(profile.summarize(sumCounts(scored.sentences)).values).toEqual(profile.compute(items(EQUAL_ROWS)).values);
      // a1 corrected, a2 over-corrected, a3 missed, a4 mixed.
      expect(scored.sentences.slice(0, 4).map((s) => s.verdict)).toEqual(['correct', 'over-corrected', 'missed', 'mixed']);
    }
  });

  it('warn where the script compares only part of a row', () => {
    expect(conventionalProfile.compute(items([...EQUAL_ROWS, ...UNEQUAL_ROWS])).warnings.map((w) => w.message).join()).toMatch(
      /5 row\(s\) differ in length.*shortest/,
    );
    const longer = items(UNEQUAL_ROWS).filter((i) => i.id === 'b2' || i.id === 'b5');
    expect(wangProfile.compute(longer).warnings.map((w) => w.message).join()).toMatch(/2 row\(s\) have a reference or prediction longer/);
  });

  it("official: the script's label lines, strip() and all", () => {
    expect(officialLabelLine(3, '我门去', '我们去', '我们去', 'b')).toBe('3, 2, 们');
    expect(officialLabelLine(0, 'abc', 'abc', 'abc', 'c')).toBe('0, 0');
    // A change to a space is stripped off the end: the script reads "no change"…
    expect(parseOfficialLine(officialLabelLine(0, '玩了', '玩了', ' 了', 'c'))).toBe('0');
    // …and after another change leaves an odd field count (its IndexError).
    expect(parseOfficialLine(officialLabelLine(0, '门玩', '们玩', '们 ', 'c'))).toBeNull();
    expect(parseOfficialLine('1, 2, ,, 5, x')).toEqual(new Map([['2', ','], ['5', 'x']]));
  });
});
