import { describe, expect, it } from 'vitest';
import { exactJudge, type Judge } from '../../../src/core/gcsc/judge.ts';
import { runGcsc } from '../../../src/core/gcsc/pipeline.ts';
import { boundariesFromWords, type Segmenter } from '../../../src/core/segment/segmenter.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

/** A segmenter from a fixed word list per reference (the jieba output written out), so the core test is pure. */
function fixedSegmenter(words: Record<string, string[]>): Segmenter {
  return {
    id: 'fixed',
    async segmentBatch(texts) {
      return texts.map((t) => {
        const w = words[t];
        if (!w) throw new Error(`no segmentation for ${t}`);
        return boundariesFromWords(t, w);
      });
    },
  };
}

/** The judgement the paper reports for each R_pro (GPT-4 column of Tables 12–13); R_pro = R is always correct. */
function fixedJudge(verdicts: Record<string, boolean>): Judge & { calls: number } {
  const judge = {
    id: 'fixed',
    textOnly: true,
    calls: 0,
    async judge(requests: readonly { reference: string; rPro: string }[]) {
      judge.calls += requests.length;
      return requests.map((r) => {
        if (r.rPro === r.reference) return { correct: true, score: 1 };
        const v = verdicts[r.rPro];
        if (v === undefined) throw new Error(`no verdict for ${r.rPro}`);
        return { correct: v };
      });
    },
  };
  return judge;
}

const CASES: { item: ScoredItem; words: string[] }[] = [
  {
    item: { id: 't12-1', source: '和友人一同吃一顿晚餐，也能拥有莫大的快乐。', references: ['和友人一同吃一顿晚餐，也能拥有莫大的快乐。'], prediction: '和朋友一同吃一顿晚餐，也能拥有莫大的快乐。' },
    words: ['和', '友人', '一同', '吃', '一顿', '晚餐', '，', '也', '能', '拥有', '莫大', '的', '快乐', '。'],
  },
  {
    item: { id: 't12-3', source: '我最感谢的人是我以位邻居。', references: ['我最感谢的人是我一位邻居。'], prediction: '我最感谢的人是我以为邻居。' },
    words: ['我', '最', '感谢', '的', '人', '是', '我', '一位', '邻居', '。'],
  },
  {
    item: { id: 't12-4', source: '今年没帮你庆祖但在这祖您身体健康要多保重。', references: ['今年没帮你庆祝但在这祝您身体健康要多保重。'], prediction: '今年没帮你庆祝，但在这祝您身体健康要多保重。' },
    words: ['今年', '没', '帮', '你', '庆祝', '但', '在', '这', '祝您', '身体健康', '要', '多', '保重', '。'],
  },
];

const VERDICTS = {
  '和朋友一同吃一顿晚餐，也能拥有莫大的快乐。': true,
  '我最感谢的人是我以为邻居。': false,
  '今年没帮你庆祝，但在这祝您身体健康要多保重。': true,
};

describe('runGcsc', () => {
  it('scores the paper’s Table 12 cases with the paper’s judgements (A.4 metrics)', async () => {
    const segmenter = fixedSegmenter(Object.fromEntries(CASES.map((c) => [c.item.references[0]!, c.words])));
    const run = await runGcsc([{ name: 'chatgpt', items: CASES.map((c) => c.item) }], { segmenter, judge: fixedJudge(VERDICTS) });
    const [system] = run.systems;
    expect(system!.sentences.map((s) => s.correct)).toEqual([true, false, true]);
    // Operations: 友人→朋友 ✓, 以位→以为 ✗, 庆祖但→庆祝，但 ✓, 祖您→祝您 ✓ → C_C_p = 3/4 = 75.
    // Error words: 以位 (not corrected), 庆祖, 祖您 (both corrected) → C_C_r = 2/3 = 66.667.
    // Sentences: 3 modified, 2 correct → S_C_p = 66.667; 2 with errors, 1 correct (t12-4) → S_C_r = 50.
    expect(system!.counts).toEqual({
      sentences_modified: 3,
      sentences_with_errors: 2,
      sentences_correct_modified: 2,
      sentences_correct_with_errors: 1,
      operations: 4,
      operations_correct: 3,
      error_words: 3,
      error_words_corrected: 2,
    });
    expect(system!.values).toMatchObject({ S_C_p: 66.667, S_C_r: 50, C_C_p: 75, C_C_r: 66.667 });
    // F1 from the rounded P and R: 2·66.667·50/116.667 = 57.143; 2·75·66.667/141.667 = 70.588.
    expect(system!.values).toMatchObject({ S_C_f1: 57.143, C_C_f1: 70.588 });
  });

  it('judges a (reference, R_pro) pair once across systems when the judge reads only the texts', async () => {
    const segmenter = fixedSegmenter(Object.fromEntries(CASES.map((c) => [c.item.references[0]!, c.words])));
    const judge = fixedJudge(VERDICTS);
    const items = CASES.map((c) => c.item);
    const run = await runGcsc([{ name: 'a', items }, { name: 'b', items }], { segmenter, judge });
    expect(run.stats).toEqual({ operations: 8, judged: 3 });
    expect(judge.calls).toBe(3);
    expect(run.systems[0]!.values).toEqual(run.systems[1]!.values);
  });

  it('returns null P with a warning for a system that changed nothing', async () => {
    const segmenter = fixedSegmenter({ '我们学习中文': ['我们', '学习', '中文'] });
    const run = await runGcsc([{ name: 'copy', items: [{ id: '1', source: '我门学习中文', references: ['我们学习中文'], prediction: '我门学习中文' }] }], { segmenter, judge: exactJudge });
    expect(run.systems[0]!.values).toMatchObject({ S_C_p: null, C_C_p: null, S_C_r: 0, C_C_r: 0 });
    expect(run.systems[0]!.warnings.map((w) => w.message).join(' ')).toMatch(/no operations/);
  });

  it('stops when cancelled', async () => {
    const segmenter = fixedSegmenter({});
    await expect(runGcsc([{ name: 'a', items: CASES.map((c) => c.item) }], { segmenter, judge: exactJudge, signal: { aborted: true } })).rejects.toThrow(/cancelled/);
  });
});
