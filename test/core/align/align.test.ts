import { describe, expect, it } from 'vitest';
import { align, alignAllChars } from '../../../src/core/align/aligner.ts';
import type { AlignOp } from '../../../src/core/align/types.ts';

const op = (kind: AlignOp['kind'], srcStart: number, srcEnd: number, tgtStart: number, tgtEnd: number): AlignOp => ({
  kind,
  srcStart,
  srcEnd,
  tgtStart,
  tgtEnd,
});
const kinds = (ops: AlignOp[]): string => ops.map((o) => o.kind).join('');

describe('align', () => {
  it('matches identical strings character by character', () => {
    expect(align('你好', '你好')).toEqual([op('M', 0, 1, 0, 1), op('M', 1, 2, 1, 2)]);
  });

  it('handles empty strings', () => {
    expect(align('', '')).toEqual([]);
    expect(align('', '好的')).toEqual([op('I', 0, 0, 0, 1), op('I', 0, 0, 1, 2)]);
    expect(align('好的', '')).toEqual([op('D', 0, 1, 0, 0), op('D', 1, 2, 0, 0)]);
  });

  it('substitutes rather than deleting and inserting', () => {
    expect(align('我去', '我到')).toEqual([op('M', 0, 1, 0, 1), op('S', 1, 2, 1, 2)]);
  });

  it('always matches equal characters, so a doubled character loses its first copy', () => {
    // 我很很喜欢 → 我很喜欢: the second 很 matches, the first is deleted.
    expect(kinds(align('我很很喜欢', '我很喜欢'))).toBe('MDMMM');
    expect(align('我很很喜欢', '我很喜欢')[1]).toEqual(op('D', 1, 2, 1, 1));
  });

  it('transposes a swapped pair for cost 1', () => {
    expect(align('我很欢喜你', '我很喜欢你')).toEqual([
      op('M', 0, 1, 0, 1),
      op('M', 1, 2, 1, 2),
      op('T', 2, 4, 2, 4),
      op('M', 4, 5, 4, 5),
    ]);
  });

  it('prefers a transposition when it ties with an insertion', () => {
    // 我昨天 → 昨天我: T over three characters (cost 2) ties with delete 我, match 昨天, insert 我.
    expect(align('我昨天去了', '昨天我去了')[0]).toEqual(op('T', 0, 3, 0, 3));
  });

  it('counts code points, not UTF-16 units', () => {
    expect(align('𠮷野', '吉野')).toEqual([op('S', 0, 1, 0, 1), op('M', 1, 2, 1, 2)]);
    expect(align('我𠮷家', '我𠮷野家')).toEqual([
      op('M', 0, 1, 0, 1),
      op('M', 1, 2, 1, 2),
      op('I', 2, 2, 2, 3),
      op('M', 2, 3, 3, 4),
    ]);
  });

  it('is deterministic', () => {
    const pairs = [
      ['今天听天气预报说今天还有天气冷。', '今天听天气预报说今天会冷。'],
      ['甲乙', '乙丙甲'],
    ];
    const first = pairs.map(([a, b]) => align(a!, b!));
    const again = [...pairs].reverse().map(([a, b]) => align(a!, b!)).reverse();
    expect(again).toEqual(first);
  });
});

describe('alignAllChars', () => {
  it('lists every cheapest alignment, insertion branch first', () => {
    // 甲乙 → 乙丙甲 costs 3 two ways: D M I I, or I I M D.
    const all = alignAllChars(['甲', '乙'], ['乙', '丙', '甲']);
    expect(all.map(kinds)).toEqual(['DMII', 'IIMD']);
    expect(all[0]).toEqual(align('甲乙', '乙丙甲'));
  });

  it('keeps only the first when the lengths differ by more than 10, as ChERRANT does', () => {
    // 甲乙 → 乙 丙×k 甲: D M I×(k+1) and I×(k+1) M D both cost k + 2.
    const target = (k: number): string[] => ['乙', ...Array<string>(k).fill('丙'), '甲'];
    expect(alignAllChars(['甲', '乙'], target(10))).toHaveLength(2);
    expect(alignAllChars(['甲', '乙'], target(11)).map(kinds)).toEqual([`DM${'I'.repeat(12)}`]);
  });
});
