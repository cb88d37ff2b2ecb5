import { describe, expect, it } from 'vitest';
import { sentenceOutcome, sentenceSets } from '../../../src/core/compare/sentence-sets.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

// e1, e2, e3 have errors; c1, c2 are clean. Constructed.
const ROWS: [string, string, string[]][] = [
  ['e1', '我门好', ['我们好']],
  ['e2', '天气很号', ['天气很好']],
  ['e3', '在见', ['再见', '在见了']],
  ['c1', '你好', ['你好']],
  ['c2', '谢谢你', ['谢谢你', '谢谢您']],
];
const sys = (name: string, preds: string[]) => ({
  name,
  items: ROWS.map(([id, source, references], i): ScoredItem => ({ id, source, references, prediction: preds[i]! })),
});
// A fixes e1 and e3 (second reference), breaks c1, changes c2 to its other reference (not a break).
const A = sys('A', ['我们好', '天气很号', '在见了', '你号', '谢谢您']);
// B fixes e1 and e2, breaks c1 and c2.
const B = sys('B', ['我们好', '天气很好', '再会', '你号', '谢谢']);
// C fixes nothing and keeps both clean sentences.
const C = sys('C', ['我门好', '天气很号', '在见', '你好', '谢谢你']);

describe('sentence sets', () => {
  it('classifies one sentence', () => {
    expect(sentenceOutcome(A.items[2]!)).toEqual({ error: true, ok: true });
    expect(sentenceOutcome(A.items[4]!)).toEqual({ error: false, ok: true });
    expect(sentenceOutcome(B.items[4]!)).toEqual({ error: false, ok: false });
  });

  it('lists A ✓ B ✗, B ✓ A ✗ and both-broke per pair, worked by hand', () => {
    const { pairs } = sentenceSets([A, B, C]);
    expect(pairs[0]).toEqual({ a: 'A', b: 'B', a_only: ['e3'], b_only: ['e2'], both_corrected: 1, both_broke: ['c1'] });
    expect(pairs[1]).toEqual({ a: 'A', b: 'C', a_only: ['e1', 'e3'], b_only: [], both_corrected: 0, both_broke: [] });
    expect(pairs[2]).toEqual({ a: 'B', b: 'C', a_only: ['e1', 'e2'], b_only: [], both_corrected: 0, both_broke: [] });
  });

  it('the oracle takes the best system per sentence', () => {
    const { oracle } = sentenceSets([A, B, C]);
    expect(oracle).toEqual({
      error_sentences: 3,
      clean_sentences: 2,
      systems: { A: { corrected: 2, broke: 1 }, B: { corrected: 2, broke: 2 }, C: { corrected: 0, broke: 0 } },
      corrected: 3, // e1 (A, B), e2 (B), e3 (A)
      broke: 0, // C keeps both clean sentences
      gain_over_best: 1,
    });
    expect(sentenceSets([A, B]).oracle.broke).toBe(1); // c1 broken by both
  });

  it('refuses systems whose items are not the same sentences in the same order', () => {
    const shuffled = { name: 'D', items: [...C.items].reverse() };
    expect(() => sentenceSets([A, shuffled])).toThrow(/item 0 is c2 in D but e1 in A/);
  });
});
