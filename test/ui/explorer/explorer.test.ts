import { describe, expect, test } from 'vitest';
import { filterCounts, filterRows, flagsFor, rejection, verdictOf, type ExplorerData } from '../../../src/ui/explorer/explorer.ts';
import { scrollToShow, visibleRange } from '../../../src/ui/shared/virtual-list.ts';
import { ExplorerState } from '../../../src/ui/explorer/explorer.svelte.ts';
import { charDiff } from '../../../src/ui/shared/diff.ts';
import type { GcscSentence } from '../../../src/core/gcsc/pipeline.ts';

const rows = [
  { id: 'a', source: '我很高心。', references: ['我很高兴。'], line: 2 },
  { id: 'b', source: '天气很好。', references: ['天气很好。'], line: 3 },
  { id: 'c', source: '他门来了。', references: ['他们来了。'], line: 4 },
  { id: 'd', source: '请查手。', references: ['请查收。'], line: 5 },
];
const gcsc = (correct: boolean): GcscSentence => ({ id: 'x', operations: [], errorWords: [], correct, counts: {} });
const data: ExplorerData = {
  rows,
  systems: [
    { id: 's1', name: 'bert', predictions: ['我很高兴。', '天汽很好。', '他门来了。', '请查收一下。'], gcsc: [gcsc(true), gcsc(false), gcsc(false), gcsc(true)] },
    { id: 's2', name: 'none', predictions: rows.map((r) => r.source), gcsc: null },
  ],
};

describe('explorer classification and filters', () => {
  test('verdicts follow seed 001', () => {
    expect(verdictOf('a', 'b', 'b')).toBe('corrected');
    expect(verdictOf('a', 'b', 'a')).toBe('unchanged_error');
    expect(verdictOf('a', 'b', 'c')).toBe('changed_not_gold');
    expect(verdictOf('a', 'a', 'c')).toBe('changed_clean');
    expect(verdictOf('a', 'a', 'a')).toBe('kept_clean');
  });

  test('flags: unequal lengths and Eval-CSC / Eval-GCSC disagreement', () => {
    const flags = flagsFor(data, 0);
    expect(flags.map((f) => f.verdict)).toEqual(['corrected', 'changed_clean', 'unchanged_error', 'changed_not_gold']);
    expect(flags.map((f) => f.unequal)).toEqual([false, false, false, true]);
    // d: not the reference, but Eval-GCSC judged it correct → they disagree.
    expect(flags.map((f) => f.disagree)).toEqual([false, false, false, true]);
    expect(flagsFor(data, 1).every((f) => f.gcscCorrect === null && !f.disagree)).toBe(true);
  });

  test('filters, counts and search', () => {
    const flags = flagsFor(data, 0);
    expect(filterRows(data, flags, 0, 'changed_clean', '')).toEqual([1]);
    expect(filterRows(data, flags, 0, 'unequal', '')).toEqual([3]);
    expect(filterRows(data, flags, 0, 'gcsc_wrong', '')).toEqual([1, 2]);
    expect(filterRows(data, flags, 0, 'all', '查收一下')).toEqual([3]);
    expect(filterRows(data, flags, 0, 'all', 'C')).toEqual([2]);
    expect(filterCounts(flags)).toMatchObject({ all: 4, corrected: 1, changed_clean: 1, unchanged_error: 1, changed_not_gold: 1, disagree: 1 });
  });

  test('virtual list window', () => {
    expect(visibleRange(0, 500, 50, 10_000, 5)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(50_000, 500, 50, 10_000, 5)).toEqual({ start: 995, end: 1_000 + 11 + 5 });
    expect(visibleRange(10_000_000, 500, 50, 100, 5).end).toBe(100);
    expect(visibleRange(0, 500, 50, 0)).toEqual({ start: 0, end: 0 });
    expect(scrollToShow(20, 0, 500, 50)).toBe(550);
    expect(scrollToShow(2, 500, 500, 50)).toBe(100);
    expect(scrollToShow(12, 500, 500, 50)).toBe(500);
  });
});

describe('ExplorerState', () => {
  test('derives the visible list and moves the selection with the keys', () => {
    const ex = new ExplorerState();
    ex.setData(data);
    expect(ex.visible).toEqual([0, 1, 2, 3]);
    expect(ex.hasGcsc).toBe(true);
    ex.filter = 'gcsc_wrong';
    expect(ex.visible).toEqual([1, 2]);
    expect(ex.move(1)).toBe(0);
    expect(ex.selected).toBe(1);
    ex.move(1);
    ex.move(1);
    expect(ex.selected).toBe(2);
    ex.systemIndex = 1;
    expect(ex.counts.all).toBe(4);
    expect(ex.counts.unchanged_error).toBe(3);
    ex.setData(null);
    expect(ex.visible).toEqual([]);
    expect(ex.selected).toBeNull();
  });

  test('an id typed exactly comes first, and Enter goes to it even where the filter hides it', () => {
    const ids: ExplorerData = {
      rows: ['r1', 'r10', 'r11', 'r1x'].map((id, i) => ({ id, source: '我很高心。', references: ['我很高兴。'], line: i + 2 })),
      systems: [{ id: 's', name: 's', predictions: ['我很高兴。', '我很高心。', '我很高心。', '我很高心。'], gcsc: null }],
    };
    const ex = new ExplorerState();
    ex.setData(ids);
    ex.query = 'r1';
    // Substring matches keep their order after the exact one.
    expect(ex.visible).toEqual([0, 1, 2, 3]);
    ex.query = 'r11';
    expect(ex.visible).toEqual([2]);
    ex.query = 'r1';
    ex.filter = 'unchanged_error';
    expect(ex.visible).toEqual([1, 2, 3]);
    expect(ex.jump()).toBe(0);
    expect(ex.filter).toBe('all');
    expect(ex.visible[0]).toBe(0);
    ex.query = 'r1';
    ex.filter = 'unchanged_error';
    ex.query = '1x';
    expect(ex.jump()).toBe(3); // no exact id: the first row shown
  });

  test('stays quick with tens of thousands of rows', () => {
    const n = 50_000;
    const big: ExplorerData = {
      rows: Array.from({ length: n }, (_, i) => ({ id: `r${i}`, source: '我很高心。', references: ['我很高兴。'], line: i + 2 })),
      systems: [{ id: 's', name: 's', predictions: Array.from({ length: n }, (_, i) => (i % 3 ? '我很高兴。' : '我很高心。')), gcsc: null }],
    };
    const ex = new ExplorerState();
    const started = performance.now();
    ex.setData(big);
    expect(ex.visible).toHaveLength(n);
    ex.filter = 'unchanged_error';
    expect(ex.visible).toHaveLength(Math.ceil(n / 3));
    ex.query = 'r4999';
    expect(ex.visible.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('charDiff', () => {
  test('marks substitutions, insertions and deletions on both sides', () => {
    const d = charDiff('我很高心。', '我非常高兴！');
    expect(d.source.map((s) => s.text).join('')).toBe('我很高心。');
    expect(d.target.map((s) => s.text).join('')).toBe('我非常高兴！');
    expect(d.target.some((s) => s.kind === 'ins' || s.kind === 'sub')).toBe(true);
    expect(d.edits).toBeGreaterThan(0);
    expect(charDiff('一样', '一样')).toEqual({ source: [{ text: '一样', kind: 'same' }], target: [{ text: '一样', kind: 'same' }], edits: 0 });
    const del = charDiff('他们们来了', '他们来了');
    expect(del.source.filter((s) => s.kind === 'del').map((s) => s.text)).toEqual(['们']);
  });
});

describe('rejection', () => {
  test("names the spelling check's finding, or the threshold the score fell below", () => {
    const veto = { kind: 'confusable' as const, reference: '步', predicted: '布', at: 10 };
    expect(rejection({ correct: false, score: -1, veto }, 0.55)).toEqual({ kind: 'confusable', reference: '步', predicted: '布' });
    expect(rejection({ correct: false, score: 0.41 }, 0.55)).toEqual({ kind: 'below-threshold', score: 0.41, threshold: 0.55 });
  });

  test('says nothing for accepted operations or judges without a threshold', () => {
    expect(rejection({ correct: true, score: 0.9 }, 0.55)).toBeNull();
    expect(rejection({ correct: false }, undefined)).toBeNull();
    expect(rejection({ correct: false, score: 0 }, undefined)).toBeNull();
  });
});

