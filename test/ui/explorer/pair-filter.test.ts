import { describe, expect, test } from 'vitest';
import { setsOf } from '../../../src/ui/compare/stats-input.ts';
import { ExplorerState } from '../../../src/ui/explorer/explorer.svelte.ts';
import type { ExplorerData } from '../../../src/ui/explorer/explorer.ts';
import { keepIds, pairCounts, pairIds } from '../../../src/ui/explorer/pair-filter.ts';

// e1–e3 error sentences, c1–c2 clean. X fixes e1, e2 and breaks c1; Y fixes e2, e3 and breaks c1 and c2.
const rows = [
  { id: 'e1', source: '我门', references: ['我们'], line: 2 },
  { id: 'e2', source: '高性', references: ['高兴'], line: 3 },
  { id: 'e3', source: '学效', references: ['学校'], line: 4 },
  { id: 'c1', source: '你好', references: ['你好'], line: 5 },
  { id: 'c2', source: '再见', references: ['再见'], line: 6 },
];
const data: ExplorerData = {
  rows,
  systems: [
    { id: 'x', name: 'X', predictions: ['我们', '高兴', '学效', '你们', '再见'], gcsc: null },
    { id: 'y', name: 'Y', predictions: ['我门', '高兴', '学校', '你们', '在见'], gcsc: null },
  ],
};

describe('pairwise explorer filters', () => {
  test('sets by hand, and a reversed pair swaps A ✓ B ✗ and B ✓ A ✗', () => {
    const sets = setsOf(data);
    expect(pairIds(sets, 'X', 'Y', 'a_only')).toEqual(['e1']);
    expect(pairIds(sets, 'X', 'Y', 'b_only')).toEqual(['e3']);
    expect(pairIds(sets, 'X', 'Y', 'both_broke')).toEqual(['c1']);
    expect(pairIds(sets, 'Y', 'X', 'a_only')).toEqual(['e3']);
    expect(pairCounts(sets, 'Y', 'X')).toEqual({ a_only: 1, b_only: 1, both_broke: 1 });
    expect(sets.oracle).toMatchObject({ error_sentences: 3, clean_sentences: 2, corrected: 3, broke: 1, gain_over_best: 1 });
    expect(keepIds(rows, [0, 1, 2, 3], ['e3', 'c1'])).toEqual([2, 3]);
  });

  test('the explorer state narrows the visible rows with the pair filter', () => {
    const ex = new ExplorerState();
    ex.setData(data);
    expect(ex.visible).toEqual([0, 1, 2, 3, 4]);
    ex.other = 1;
    ex.pairFilter = 'a_only';
    expect(ex.visible).toEqual([0]);
    ex.systemIndex = 1;
    ex.other = 0;
    expect(ex.visible).toEqual([2]);
    ex.pairFilter = 'both_broke';
    expect(ex.visible).toEqual([3]);
    expect(ex.pairCounts).toEqual({ a_only: 1, b_only: 1, both_broke: 1 });
    ex.pairFilter = null;
    expect(ex.visible).toHaveLength(5);
  });
});
