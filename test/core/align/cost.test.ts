import { describe, expect, it } from 'vitest';
import { substitutionCost } from '../../../src/core/align/cost.ts';
import { readings, shareReading } from '../../../src/core/align/pinyin.ts';
import { inCherrantMergerPunct, isCherrantPunct } from '../../../src/core/align/punct.ts';

// ChERRANT's char-level formula with an unknown thesaurus class: 4/6 + character term + class term.
const SEM = 4 / 6;

describe('substitutionCost', () => {
  it('is cheapest for Han characters sharing a toneless reading', () => {
    expect(substitutionCost('做', '坐')).toBe(SEM + 0 + 0.25); // zuo / zuo
    expect(substitutionCost('的', '地')).toBe(SEM + 0 + 0.25); // both read de and di
  });

  it('counts every reading of a polyphone', () => {
    expect(substitutionCost('行', '航')).toBe(SEM + 0 + 0.25); // 行 xing/hang, 航 hang
    expect(substitutionCost('长', '张')).toBe(SEM + 0 + 0.25); // 长 chang/zhang
  });

  it('charges 0.5 more for Han characters without a common reading', () => {
    expect(substitutionCost('做', '吃')).toBe(SEM + 0.5 + 0.25);
    expect(substitutionCost('a', 'b')).toBe(SEM + 0.5 + 0.25);
  });

  it('makes punctuation cheap to swap for punctuation and dear to swap for anything else', () => {
    expect(substitutionCost('，', ',')).toBe(SEM + 0.5 + 0);
    expect(substitutionCost('、', '！')).toBe(SEM + 0.5 + 0);
    expect(substitutionCost('，', '的')).toBe(SEM + 0.5 + 0.499);
    expect(substitutionCost('的', '.')).toBe(SEM + 0.5 + 0.499);
  });

  it('keeps ChERRANT\'s list, which lacks 。《’', () => {
    expect(substitutionCost('。', '！')).toBe(SEM + 0.5 + 0.499);
    expect(substitutionCost('。', '的')).toBe(SEM + 0.5 + 0.25);
  });

  it('keeps every substitution below a deletion plus an insertion', () => {
    for (const [a, b] of [['，', '的'], ['做', '吃'], ['x', '。']] as const) {
      expect(substitutionCost(a, b)).toBeLessThan(2);
    }
  });
});

describe('readings and punctuation', () => {
  it('gives toneless readings of Han characters only', () => {
    expect(readings('行')).toEqual(expect.arrayContaining(['xing', 'hang']));
    expect(readings('，')).toEqual([]);
    expect(readings('a')).toEqual([]);
    expect(shareReading('a', 'a')).toBe(false);
    expect(shareReading('他', '她')).toBe(true);
  });

  it('knows full-width and ASCII punctuation as ChERRANT lists it', () => {
    for (const p of ['，', '、', '｡', '“', '”', '》', '‘', '…', ',', '.', '!', '?', "'"]) expect(isCherrantPunct(p)).toBe(true);
    for (const c of ['。', '《', '’', '的', 'a', '1', ' ', '𠮷']) expect(isCherrantPunct(c)).toBe(false);
  });

  it('tests merger punctuation as a substring, as Python `in` does', () => {
    expect(inCherrantMergerPunct('，')).toBe(true);
    expect(inCherrantMergerPunct('“”')).toBe(true);
    expect(inCherrantMergerPunct('，，')).toBe(false);
    expect(inCherrantMergerPunct('。')).toBe(false);
    expect(inCherrantMergerPunct('')).toBe(false);
  });
});
