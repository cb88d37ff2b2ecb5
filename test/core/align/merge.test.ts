import { describe, expect, it } from 'vitest';
import { mergeOps } from '../../../src/core/align/merge.ts';
import type { AlignOp } from '../../../src/core/align/types.ts';

const op = (kind: AlignOp['kind'], srcStart: number, srcEnd: number, tgtStart: number, tgtEnd: number): AlignOp => ({
  kind,
  srcStart,
  srcEnd,
  tgtStart,
  tgtEnd,
});
const merge = (src: string, tgt: string, ops: AlignOp[]): AlignOp[] => mergeOps(Array.from(src), Array.from(tgt), ops);

describe('mergeOps', () => {
  it('keeps an adjacent deletion and insertion apart when no substitution joins them', () => {
    const ops = [op('M', 0, 1, 0, 1), op('D', 1, 2, 1, 1), op('I', 2, 2, 1, 2), op('M', 2, 3, 2, 3)];
    expect(merge('甲乙丙', '甲丁丙', ops)).toEqual([op('D', 1, 2, 1, 1), op('I', 2, 2, 1, 2)]);
  });

  it('merges a run that contains a substitution into one S', () => {
    const ops = [op('D', 0, 1, 0, 0), op('S', 1, 2, 0, 1), op('I', 2, 2, 1, 2)];
    expect(merge('甲乙', '丙丁', ops)).toEqual([op('S', 0, 2, 0, 2)]);
  });

  it('trims a common prefix from a merged substitution', () => {
    const ops = [op('S', 0, 1, 0, 1), op('S', 1, 2, 1, 2)];
    expect(merge('甲乙', '甲丙', ops)).toEqual([op('S', 1, 2, 1, 2)]);
  });

  it('turns a substitution whose source is a prefix of its target into an insertion', () => {
    const ops = [op('S', 0, 1, 0, 1), op('S', 1, 2, 1, 2), op('I', 2, 2, 2, 3)];
    expect(merge('甲乙', '甲乙丙', ops)).toEqual([op('I', 2, 2, 2, 3)]);
  });

  it('keeps the end when the common suffix would overlap the trimmed prefix (ChERRANT checks the whole target)', () => {
    // Prefix 甲 is trimmed; the suffix 甲 is the same target character, so nothing is left to trim it from.
    const ops = [op('S', 0, 1, 0, 1), op('D', 1, 2, 1, 1), op('D', 2, 3, 1, 1)];
    expect(merge('甲乙甲', '甲', ops)).toEqual([op('D', 1, 3, 1, 1)]);
  });

  it('trims a substitution into a deletion', () => {
    const ops = [op('D', 0, 1, 0, 0), op('S', 1, 2, 0, 1)];
    expect(merge('甲甲', '甲', ops)).toEqual([op('D', 1, 2, 1, 1)]);
  });

  it('drops an edit whose two sides are equal', () => {
    expect(merge('甲', '甲', [op('S', 0, 1, 0, 1)])).toEqual([]);
  });

  it('turns S M S with traded single characters into one transposition', () => {
    const ops = [op('S', 0, 1, 0, 1), op('M', 1, 2, 1, 2), op('M', 2, 3, 2, 3), op('S', 3, 4, 3, 4)];
    expect(merge('甲乙丙丁', '丁乙丙甲', ops)).toEqual([op('T', 0, 4, 0, 4)]);
  });

  it('leaves S M S alone when the texts are not traded', () => {
    const ops = [op('S', 0, 1, 0, 1), op('M', 1, 2, 1, 2), op('S', 2, 3, 2, 3)];
    expect(merge('甲乙丙', '丁乙戊', ops)).toEqual([op('S', 0, 1, 0, 1), op('S', 2, 3, 2, 3)]);
  });

  it('accepts traded words within one edit of each other', () => {
    // 冬阴功 对 外国人 → 外国人 对 冬阴工: w1 = 冬阴功 vs w4 = 冬阴工 differ by one.
    const ops = [op('S', 0, 3, 0, 3), op('M', 3, 4, 3, 4), op('S', 4, 7, 4, 7)];
    expect(merge('冬阴功对外国人', '外国人对冬阴工', ops)).toEqual([op('T', 0, 7, 0, 7)]);
  });

  it('turns D M I moving one character into a transposition, but not for punctuation', () => {
    const move = [op('D', 0, 1, 0, 0), op('M', 1, 3, 0, 2), op('I', 3, 3, 2, 3)];
    expect(merge('我昨天', '昨天我', move)).toEqual([op('T', 0, 3, 0, 3)]);
    expect(merge('，昨天', '昨天，', move)).toEqual([op('D', 0, 1, 0, 0), op('I', 3, 3, 2, 3)]);
  });

  it('needs the moved texts to be equal when one is a single character', () => {
    const ops = [op('I', 0, 0, 0, 1), op('M', 0, 2, 1, 3), op('D', 2, 3, 3, 3)];
    expect(merge('昨天我', '你昨天', ops)).toEqual([op('I', 0, 0, 0, 1), op('D', 2, 3, 3, 3)]);
  });

  it('accepts a moved word that is a rotation of the removed one', () => {
    // 学习 removed, 习学 inserted: equal length and a rotation.
    const ops = [op('D', 0, 2, 0, 0), op('M', 2, 3, 0, 1), op('I', 3, 3, 1, 3)];
    expect(merge('学习好', '好习学', ops)).toEqual([op('T', 0, 3, 0, 3)]);
  });
});
