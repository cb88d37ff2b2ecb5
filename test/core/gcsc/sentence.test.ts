import { describe, expect, it } from 'vitest';
import { sentenceOperations } from '../../../src/core/gcsc/sentence.ts';
import { boundariesFromWords } from '../../../src/core/segment/segmenter.ts';

/** The paper's worked cases (Tables 12–13) through the real aligner, with jieba's segmentation of each reference. */
function ops(source: string, reference: string, prediction: string, words: string[]) {
  const result = sentenceOperations(source, reference, prediction, boundariesFromWords(reference, words));
  return result.operations.map((op) => ({ op: `${op.source.text}→${op.prediction.text}`, rPro: op.rPro, errorWords: op.errorWords.length }));
}

describe('Eval-GCSC extraction with the aligner (paper Tables 12–13)', () => {
  it('和友人一同… → one operation 友人→朋友 (aligned as insert 朋 + delete 人)', () => {
    const s = '和友人一同吃一顿晚餐，也能拥有莫大的快乐。';
    const p = '和朋友一同吃一顿晚餐，也能拥有莫大的快乐。';
    expect(ops(s, s, p, ['和', '友人', '一同', '吃', '一顿', '晚餐', '，', '也', '能', '拥有', '莫大', '的', '快乐', '。'])).toEqual([
      { op: '友人→朋友', rPro: p, errorWords: 0 },
    ]);
  });

  it('我以位邻居 → 以位→以为 covering the error word', () => {
    const r = ops('我最感谢的人是我以位邻居。', '我最感谢的人是我一位邻居。', '我最感谢的人是我以为邻居。', ['我', '最', '感谢', '的', '人', '是', '我', '一位', '邻居', '。']);
    expect(r).toEqual([{ op: '以位→以为', rPro: '我最感谢的人是我以为邻居。', errorWords: 1 }]);
  });

  it('庆祖但 → 庆祝，但 (the inserted comma joins both words) and 祖您→祝您', () => {
    const ref = '今年没帮你庆祝但在这祝您身体健康要多保重。';
    const r = ops('今年没帮你庆祖但在这祖您身体健康要多保重。', ref, '今年没帮你庆祝，但在这祝您身体健康要多保重。', ['今年', '没', '帮', '你', '庆祝', '但', '在', '这', '祝您', '身体健康', '要', '多', '保重', '。']);
    expect(r).toEqual([
      { op: '庆祖但→庆祝，但', rPro: '今年没帮你庆祝，但在这祝您身体健康要多保重。', errorWords: 1 },
      { op: '祖您→祝您', rPro: ref, errorWords: 1 },
    ]);
  });

  it('刻服 → 刻苦服', () => {
    const r = ops('当你一旦经历和刻服了这些关卡时', '当你一旦经历和克服了这些关卡时', '当你一旦经历和刻苦服了这些关卡时', ['当', '你', '一旦', '经历', '和', '克服', '了', '这些', '关卡', '时']);
    expect(r).toEqual([{ op: '刻服→刻苦服', rPro: '当你一旦经历和刻苦服了这些关卡时', errorWords: 1 }]);
  });

  it('结少 → 介绍 and the dropped 。', () => {
    const ref = '没有人来给他们介绍网络的用法。';
    const r = ops('没有人来给他们结少网络的用法。', ref, '没有人来给他们介绍网络的用法', ['没有', '人', '来', '给', '他们', '介绍', '网络', '的', '用法', '。']);
    expect(r).toEqual([
      { op: '结少→介绍', rPro: ref, errorWords: 1 },
      { op: '。→', rPro: '没有人来给他们介绍网络的用法', errorWords: 0 },
    ]);
  });

  it('carries boundaries through a source that misses a reference character', () => {
    // S 我去学校 vs R 我们去学校: the source misses 们; the prediction restores it.
    const r = ops('我去学校', '我们去学校', '我们去学校', ['我们', '去', '学校']);
    expect(r).toEqual([{ op: '我→我们', rPro: '我们去学校', errorWords: 1 }]);
  });
});
