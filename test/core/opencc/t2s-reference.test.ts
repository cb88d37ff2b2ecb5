/**
 * Our conversions against the pinned programs themselves: t2s-reference.json holds what OpenCC 1.1.2 (built from
 * its tag) and opencc-python-reimplemented 0.1.7 print for every dictionary line whose conversion differs between
 * 1.1.2, 0.1.7 and today's OpenCC, for overlapping phrases and for edge cases (reference/make-fixture.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toSimplified } from '../../../src/core/opencc/t2s.ts';
import type { T2sName } from '../../../src/core/opencc/conversions.ts';
import { builtTable, differingKeys } from '../../fixtures/t2s-tables.ts';

type Row = [input: string, opencc112: string, python017: string, why: string];
const fixture = JSON.parse(readFileSync(new URL('t2s-reference.json', import.meta.url), 'utf8')) as { rows: Row[] };
const input = (row: Row) => row[0].replaceAll('\\0', '\u0000');

/** Rows where our conversion differs from the program's, as [input, ours, theirs, why]. */
function misses(name: T2sName, column: 1 | 2): string[][] {
  return fixture.rows.filter((row) => toSimplified(input(row), name) !== row[column]).map((row) => [row[0], toSimplified(input(row), name), row[column], row[3]]);
}

describe('t2s against the programs the scripts pin', () => {
  it('opencc-1.1.2 prints what OpenCC 1.1.2 prints on every row', () => {
    expect(misses('opencc-1.1.2', 1)).toEqual([]);
  });

  it('opencc-python-reimplemented-0.1.7 prints what the Python package prints on every row', () => {
    expect(misses('opencc-python-reimplemented-0.1.7', 2)).toEqual([]);
  });

  it('the rows cover every line on which the two built tables differ', () => {
    // why = "TSPhrases KEY: 1.1.2 / 0.1.7 / current" (make-fixture.ts).
    const why = new Map(fixture.rows.map((row) => [row[3].split(':')[0], row[3]]));
    const [a, b] = [builtTable('opencc-1.1.2'), builtTable('opencc-python-reimplemented-0.1.7')];
    for (const kind of ['phrases', 'characters'] as const) {
      const tag = kind === 'phrases' ? 'TSPhrases' : 'TSCharacters';
      const differing = differingKeys(a, b, kind);
      expect(differing.length, tag).toBeGreaterThan(0);
      const missing = differing.filter((k) => !why.get(`${tag} ${k}`)?.startsWith(`${tag} ${k}: ${a[kind].get(k) ?? '-'} / ${b[kind].get(k) ?? '-'} /`));
      expect(missing, tag).toEqual([]);
    }
  });
});
