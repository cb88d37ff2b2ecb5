import { describe, expect, test } from 'vitest';
import { cscOutcome, cscWalk, disagreement, gcscWalk, PAPER_CASES, sampleCases } from '../../../src/ui/classroom/classroom.ts';
import { exactJudge } from '../../../src/core/gcsc/judge.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';
import { en } from '../../../src/ui/shared/i18n/en.ts';
import { zh } from '../../../src/ui/shared/i18n/zh.ts';

const byKey = (k: string) => PAPER_CASES.find((c) => c.key === k)!;

describe('classroom walk', () => {
  test('Eval-CSC: the length constraint refuses 庆祖但 → 庆祝，但', () => {
    const w = cscWalk(byKey('t12-4'));
    expect(w.sameLength).toBe(false);
    expect(w.positions).toEqual([]);
    expect(w.reasons).toEqual(['length']);
    expect(w.cscd?.kind).toBe('refused');
    expect(cscOutcome(w)).toBe('refused');
  });

  test('Eval-CSC compares position by position as CSCD-NS does: 友人 → 朋友 is two substitutions, not insert/delete', () => {
    const w = cscWalk(byKey('t12-1'));
    expect(w.sameLength).toBe(true);
    // 和友人… → 和朋友…: position 2 友→朋, position 3 人→友 (1-based); the source was right at both.
    expect(w.positions.map((p) => [p.index, p.source, p.reference, p.prediction, p.error, p.changed, p.phonetic])).toEqual([
      [1, '友', '友', '朋', false, true, false],
      [2, '人', '人', '友', false, true, false],
    ]);
    expect(w.reasons).toEqual(['phonetic', 'mismatch']);
    expect(cscOutcome(w)).toBe(false);
    // The character alignment still sees an insertion and a deletion (shown in step 2 only).
    expect(w.predictionEdits.map((e) => e.kind)).toEqual(['M', 'R']);
  });

  test('Eval-CSC: 我以位邻居 → 我以为邻居 leaves the error at 以 and changes the correct 位', () => {
    const w = cscWalk(byKey('t12-3'));
    expect(w.positions.map((p) => [p.source, p.reference, p.prediction, p.error, p.changed])).toEqual([
      ['以', '一', '以', true, false],
      ['位', '位', '为', false, true],
    ]);
    expect(w.positions[1]!.phonetic).toBe(true); // wèi / wéi
    expect(cscOutcome(w)).toBe(false);
  });

  test('the paper’s verdicts next to ours, with the reason when they differ', () => {
    const paper = byKey('t12-1').paper;
    expect(paper).toEqual({ gcsc: true, csc: false });
    expect(disagreement(paper, { gcsc: false, csc: false }, { kind: 'exact' })).toEqual(['exact-stricter']);
    expect(disagreement(paper, { gcsc: false, csc: false }, { kind: 'model', name: 'm', threshold: 0.6, spelling: false })).toEqual(['model-stricter']);
    expect(disagreement(paper, { gcsc: true, csc: false }, { kind: 'model', name: 'm', threshold: 0.6, spelling: false })).toEqual([]);
    expect(disagreement(byKey('t13-2b').paper, { gcsc: true, csc: null }, { kind: 'model', name: 'm', threshold: 0.6, spelling: false })).toEqual(['model-lenient']);
    expect(disagreement(byKey('t12-4').paper, { gcsc: true, csc: false }, { kind: 'exact' })).toEqual(['csc']);
    expect(disagreement(undefined, { gcsc: false, csc: false }, { kind: 'exact' })).toEqual([]);
    for (const d of ['exact-stricter', 'model-stricter', 'model-lenient', 'csc']) {
      expect(en.classroom.disagree[d]).toBeTruthy();
      expect(zh.classroom.disagree[d]).toBeTruthy();
    }
  });

  test('captions in both languages', () => {
    expect(en.classroom.origin(byKey('t12-1').origin)).toBe('Table 12 · ChatGPT');
    expect(zh.classroom.origin(byKey('t13-1b').origin)).toBe('表 13 · SoftBERT');
    expect(zh.classroom.origin(sampleCases()[0]!.origin)).toMatch(/^示例 \S+ · bert-like$/);
  });

  test('Eval-GCSC with jieba and the exact judge: one word operation per changed word', async () => {
    const seg = createNodeJiebaSegmenter();
    const w = await gcscWalk(byKey('t13-1b'), seg, exactJudge);
    expect(w.correct).toBe(true);
    expect(w.words.join('')).toBe(byKey('t13-1b').reference);
    const wrong = await gcscWalk(byKey('t13-2b'), seg, exactJudge);
    expect(wrong.correct).toBe(false);
    expect(wrong.operations.some((s) => !s.identical && !s.judgement.correct)).toBe(true);
    // With the exact judge, case 1 (友人 → 朋友) is not corrected: the paper's GPT-4 said it is.
    expect((await gcscWalk(byKey('t12-1'), seg, exactJudge)).correct).toBe(false);
    expect(sampleCases()).toHaveLength(128);
  });
});
