import { describe, expect, it } from 'vitest';
import { carryBoundaries, extractWordOperations, referenceToSourceMap, type CharEdit } from '../../../src/core/gcsc/operations.ts';
import { boundariesFromWords } from '../../../src/core/segment/segmenter.ts';

/** Equal-length source and reference: the reference's boundaries apply to the source unchanged. */
function sameLength(reference: string, words: string[]) {
  return carryBoundaries(boundariesFromWords(reference, words), (x) => x);
}

function summary(source: string, reference: string, prediction: string, words: string[], edits: CharEdit[]) {
  const result = extractWordOperations(source, reference, prediction, sameLength(reference, words), edits);
  return {
    ops: result.operations.map((op) => `${op.source.text}→${op.prediction.text}`),
    rPro: result.operations.map((op) => op.rPro),
    covered: result.operations.map((op) => op.errorWords.length),
    errorWords: result.errorWords.map((w) => `${w.source.text}/${w.reference.text}`),
  };
}

describe('word-level operations: the paper’s worked cases (Tables 12–13)', () => {
  it('和友人一同… → one operation 友人→朋友 on an error-free sentence', () => {
    const s = '和友人一同吃一顿晚餐，也能拥有莫大的快乐。';
    const p = '和朋友一同吃一顿晚餐，也能拥有莫大的快乐。';
    const words = ['和', '友人', '一同', '吃', '一顿', '晚餐', '，', '也', '能', '拥有', '莫大', '的', '快乐', '。'];
    // Two substituted characters [1,3) inside the word 友人 [1,3): one group, one operation.
    const r = summary(s, s, p, words, [{ start: 1, end: 3, replacement: '朋友' }]);
    expect(r.ops).toEqual(['友人→朋友']);
    expect(r.rPro).toEqual([p]);
    expect(r.errorWords).toEqual([]);
  });

  it('我以位邻居 → 以位→以为: the error word 以位 (ref 一位) is the operation’s word', () => {
    const s = '我最感谢的人是我以位邻居。';
    const ref = '我最感谢的人是我一位邻居。';
    const p = '我最感谢的人是我以为邻居。';
    const words = ['我', '最', '感谢', '的', '人', '是', '我', '一位', '邻居', '。'];
    // 位→为 at [9,10) lies in the word [8,10); the boundary 10 is the edit's end, not inside it.
    const r = summary(s, ref, p, words, [{ start: 9, end: 10, replacement: '为' }]);
    expect(r.ops).toEqual(['以位→以为']);
    expect(r.rPro).toEqual(['我最感谢的人是我以为邻居。']);
    expect(r.errorWords).toEqual(['以位/一位']);
    expect(r.covered).toEqual([1]);
  });

  it('庆祖但 → 庆祝，但: an insertion at a boundary joins both neighbours; 祖→祝 is a second operation', () => {
    const s = '今年没帮你庆祖但在这祖您身体健康要多保重。';
    const ref = '今年没帮你庆祝但在这祝您身体健康要多保重。';
    const p = '今年没帮你庆祝，但在这祝您身体健康要多保重。';
    const words = ['今年', '没', '帮', '你', '庆祝', '但', '在', '这', '祝您', '身体健康', '要', '多', '保重', '。'];
    // Source offsets: 庆祝 [5,7), 但 [7,8), 祝您 [10,12). Edits: 祖→祝 [6,7), insert ， at 7 (a boundary), 祖→祝 [10,11).
    const edits = [
      { start: 6, end: 7, replacement: '祝' },
      { start: 7, end: 7, replacement: '，' },
      { start: 10, end: 11, replacement: '祝' },
    ];
    const r = summary(s, ref, p, words, edits);
    expect(r.ops).toEqual(['庆祖但→庆祝，但', '祖您→祝您']);
    // The second group starts after the first's +1 length change: P[11,13) = 祝您.
    expect(r.rPro).toEqual(['今年没帮你庆祝，但在这祝您身体健康要多保重。', ref]);
    expect(r.covered).toEqual([1, 1]);
  });

  it('刻服 → 刻苦服: an insertion inside a word stays in that word', () => {
    const s = '当你一旦经历和刻服了这些关卡时';
    const ref = '当你一旦经历和克服了这些关卡时';
    const p = '当你一旦经历和刻苦服了这些关卡时';
    const words = ['当', '你', '一旦', '经历', '和', '克服', '了', '这些', '关卡', '时'];
    const r = summary(s, ref, p, words, [{ start: 8, end: 8, replacement: '苦' }]);
    expect(r.ops).toEqual(['刻服→刻苦服']);
    expect(r.rPro).toEqual(['当你一旦经历和刻苦服了这些关卡时']);
  });

  it('结少 → 介绍 and the dropped 。 are two operations', () => {
    const s = '没有人来给他们结少网络的用法。';
    const ref = '没有人来给他们介绍网络的用法。';
    const p = '没有人来给他们介绍网络的用法';
    const words = ['没有', '人', '来', '给', '他们', '介绍', '网络', '的', '用法', '。'];
    const edits = [
      { start: 7, end: 9, replacement: '介绍' },
      { start: 14, end: 15, replacement: '' },
    ];
    const r = summary(s, ref, p, words, edits);
    expect(r.ops).toEqual(['结少→介绍', '。→']);
    expect(r.rPro).toEqual([ref, '没有人来给他们介绍网络的用法']);
  });
});

describe('word-level operations: edges', () => {
  const words = ['我们', '学习', '中文'];
  const s = '我们学习中文';

  it('insertions at the very start and end join the first and last word', () => {
    const r = summary(s, s, '啊我们学习中文吧', words, [
      { start: 0, end: 0, replacement: '啊' },
      { start: 6, end: 6, replacement: '吧' },
    ]);
    expect(r.ops).toEqual(['我们→啊我们', '中文→中文吧']);
  });

  it('a substitution across a boundary joins the two words', () => {
    const r = summary(s, s, '我门血习中文', words, [{ start: 1, end: 3, replacement: '门血' }]);
    expect(r.ops).toEqual(['我们学习→我门血习']);
  });

  it('adjacent edits in touching words stay separate operations', () => {
    const r = summary(s, s, '我门穴习中文', words, [
      { start: 1, end: 2, replacement: '门' },
      { start: 2, end: 3, replacement: '穴' },
    ]);
    expect(r.ops).toEqual(['我们→我门', '学习→穴习']);
  });

  it('no edits, no operations; error words are still listed', () => {
    const r = summary('我门学习中文', s, '我门学习中文', words, []);
    expect(r.ops).toEqual([]);
    expect(r.errorWords).toEqual(['我门/我们']);
  });

  it('rejects edits that do not produce the prediction', () => {
    expect(() => summary(s, s, '我们学习', words, [{ start: 0, end: 1, replacement: '你' }])).toThrow(/prediction/);
  });
});

describe('referenceToSourceMap', () => {
  it('maps reference offsets through an insertion in the reference', () => {
    // S = 我学校, R = 我的学校: the reference inserts 的 at source offset 1.
    const map = referenceToSourceMap([{ start: 1, end: 1, replacement: '的' }]);
    expect([0, 1, 2, 3, 4].map(map)).toEqual([0, 1, 1, 2, 3]);
  });

  it('maps reference offsets through a deletion in the reference', () => {
    // S = 我们的的学校, R = 我们的学校: the reference drops the source's [3,4).
    const map = referenceToSourceMap([{ start: 3, end: 4, replacement: '' }]);
    expect([0, 3, 4, 5].map(map)).toEqual([0, 3, 5, 6]);
  });

  it('keeps an empty source word for a word missing from the source', () => {
    const s = '我学校';
    const ref = '我的学校';
    const boundaries = carryBoundaries([0, 1, 2, 4], referenceToSourceMap([{ start: 1, end: 1, replacement: '的' }]));
    const r = extractWordOperations(s, ref, ref, boundaries, [{ start: 1, end: 1, replacement: '的' }]);
    expect(r.errorWords.map((w) => `${w.source.text}/${w.reference.text}`)).toEqual(['/的']);
    // The insertion fills exactly the empty source word that the reference's 的 maps to.
    expect(r.operations.map((op) => `${op.source.text}→${op.prediction.text}`)).toEqual(['→的']);
    expect(r.operations[0]!.rPro).toBe(ref);
    expect(r.operations[0]!.errorWords).toEqual([0]);
  });
});
