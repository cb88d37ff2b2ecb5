import { describe, expect, test } from 'vitest';
import { cscWalk, gcscWalk, PAPER_CASES, sampleCases } from '../../../src/ui/classroom/classroom.ts';
import { exactJudge } from '../../../src/core/gcsc/judge.ts';
import { createNodeJiebaSegmenter } from '../../../src/cli/jieba-node.ts';

const byKey = (k: string) => PAPER_CASES.find((c) => c.key === k)!;

describe('classroom walk', () => {
  test('Eval-CSC: the length constraint refuses 庆祖但 → 庆祝，但', () => {
    const w = cscWalk(byKey('t12-4'));
    expect(w.sameLength).toBe(false);
    expect(w.reasons).toEqual(['length']);
    expect(w.cscd?.kind).toBe('refused');
  });

  test('Eval-CSC: 友人 → 朋友 on a clean sentence is a wrong change that does not match the reference', () => {
    const w = cscWalk(byKey('t12-1'));
    expect(w.sameLength).toBe(true);
    expect(w.predictionEdits.map((e) => [e.kind, e.matchesReference])).toEqual([['M', null], ['R', null]]);
    expect(w.reasons).toEqual(['mismatch']);
    const w3 = cscWalk(byKey('t12-3'));
    expect(w3.predictionEdits.map((e) => [e.kind, e.matchesReference])).toEqual([['S_e', false]]);
  });

  test('Eval-GCSC with jieba and the exact judge: one word operation per changed word', async () => {
    const seg = createNodeJiebaSegmenter();
    const w = await gcscWalk(byKey('t13-1b'), seg, exactJudge);
    expect(w.correct).toBe(true);
    expect(w.words.join('')).toBe(byKey('t13-1b').reference);
    const wrong = await gcscWalk(byKey('t13-2b'), seg, exactJudge);
    expect(wrong.correct).toBe(false);
    expect(wrong.operations.some((s) => !s.identical && !s.judgement.correct)).toBe(true);
    expect(sampleCases()).toHaveLength(128);
  });
});
