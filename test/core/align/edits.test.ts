import { describe, expect, it } from 'vitest';
import { extractEdits, extractEditSets } from '../../../src/core/align/edits.ts';
import type { Edit } from '../../../src/core/align/types.ts';

const edit = (
  type: Edit['type'],
  start: number,
  end: number,
  replacement: string,
  targetStart: number,
  targetEnd: number,
): Edit => ({ type, start, end, replacement, targetStart, targetEnd });

describe('extractEdits', () => {
  it('finds nothing between identical strings', () => {
    expect(extractEdits('我喜欢书。', '我喜欢书。')).toEqual([]);
    expect(extractEdits('', '')).toEqual([]);
  });

  it('handles empty sides', () => {
    expect(extractEdits('', '你好')).toEqual([edit('M', 0, 0, '你好', 0, 2)]);
    expect(extractEdits('你好', '')).toEqual([edit('R', 0, 2, '', 0, 0)]);
  });

  it('reports a substitution', () => {
    expect(extractEdits('我跟我朋唷去', '我跟我朋友去')).toEqual([edit('S', 4, 5, '友', 4, 5)]);
  });

  it('lets a homophone decide between a transposition and a deletion plus insertion', () => {
    // 作工作得 → 工作做得: swap 作工 (1) + 作→做, homophones (0.92) = 1.92 < delete 作 + insert 做 (2).
    expect(extractEdits('作工作得', '工作做得')).toEqual([edit('W', 0, 2, '工作', 0, 2), edit('S', 2, 3, '做', 2, 3)]);
    // 作工作得 → 工作吃得: swap + 作→吃 (1.42) = 2.42 > 2.
    expect(extractEdits('作工作得', '工作吃得')).toEqual([edit('R', 0, 1, '', 0, 0), edit('M', 3, 3, '吃', 2, 3)]);
  });

  it('merges an insertion run into one M and a deletion run into one R', () => {
    expect(extractEdits('我北京', '我去了北京')).toEqual([edit('M', 1, 1, '去了', 1, 3)]);
    // The second 非常 matches, so the first is deleted.
    expect(extractEdits('他非常非常好', '他非常好')).toEqual([edit('R', 1, 3, '', 1, 1)]);
  });

  it('merges substitutions with insertions or deletions into one S', () => {
    // 去 → 们到: insert 们 + 去→到 (S preferred over I on the tie at the end).
    expect(extractEdits('我去北京', '我们到北京')).toEqual([edit('S', 1, 2, '们到', 1, 3)]);
    // 无。 → 舞: 无→舞 (homophones) + delete 。
    expect(extractEdits('跳无。', '跳舞')).toEqual([edit('S', 1, 3, '舞', 1, 2)]);
    // Two adjacent substitutions, the second between punctuation marks.
    expect(extractEdits('对不气，最近', '对不起,最近')).toEqual([edit('S', 2, 4, '起,', 2, 4)]);
  });

  it('substitutes punctuation for punctuation', () => {
    expect(extractEdits('你好，我是小明', '你好！我是小明')).toEqual([edit('S', 2, 3, '！', 2, 3)]);
  });

  it('reports swapped characters as W', () => {
    expect(extractEdits('我很欢喜你', '我很喜欢你')).toEqual([edit('W', 2, 4, '喜欢', 2, 4)]);
    // Transposition found by the aligner (tied with delete/insert).
    expect(extractEdits('我昨天去了', '昨天我去了')).toEqual([edit('W', 0, 3, '昨天我', 0, 3)]);
    // S M S with traded texts, found by the merger.
    expect(extractEdits('他说她好', '她说他好')).toEqual([edit('W', 0, 3, '她说他', 0, 3)]);
  });

  it('counts spans in code points', () => {
    expect(extractEdits('𠮷野家', '吉野家')).toEqual([edit('S', 0, 1, '吉', 0, 1)]);
    expect(extractEdits('我𠮷家', '我𠮷野家')).toEqual([edit('M', 2, 2, '野', 2, 3)]);
    expect(extractEdits('𠮷𠮷好', '𠮷好')).toEqual([edit('R', 0, 1, '', 0, 0)]);
  });

  it('is deterministic', () => {
    const run = (): Edit[][] =>
      [
        ['今天听天气预报说今天还有天气冷。', '今天听天气预报说今天会冷。'],
        ['甲乙', '乙丙甲'],
        ['作工作得', '工作做得'],
      ].map(([a, b]) => extractEdits(a!, b!));
    expect(run()).toEqual(run());
  });
});

describe('extractEditSets', () => {
  it('lists the distinct edit lists of all cheapest alignments, extractEdits first', () => {
    // D M I I (the insertions are no swap: 丙甲 ≠ 甲) and I I M D.
    expect(extractEditSets('甲乙', '乙丙甲')).toEqual([
      [edit('R', 0, 1, '', 0, 0), edit('M', 2, 2, '丙甲', 1, 3)],
      [edit('M', 0, 0, '乙丙', 0, 2), edit('R', 1, 2, '', 3, 3)],
    ]);
    expect(extractEditSets('甲乙', '乙丙甲')[0]).toEqual(extractEdits('甲乙', '乙丙甲'));
  });

  it('gives one empty list for identical strings', () => {
    expect(extractEditSets('好', '好')).toEqual([[]]);
  });
});
