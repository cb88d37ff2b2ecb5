import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreData } from '../../../src/core/core-data.ts';
import { soundAlike, syllablesAlike } from '../../../src/core/spelling/sound-alike.ts';

beforeAll(() => loadCoreData(['readings']));

describe('syllablesAlike', () => {
  it.each([
    ['zai', 'zai', 'the same syllable'],
    ['zhang', 'zang', 'fuzzy zh/z'],
    ['nan', 'lan', 'fuzzy n/l'],
    ['fu', 'hu', 'fuzzy f/h'],
    ['da', 'ta', 'one place of articulation: d/t'],
    ['ji', 'qi', 'one place of articulation: j/q'],
    ['bian', 'pian', 'one place of articulation: b/p'],
    ['jin', 'jing', 'in/ing'],
    ['lü', 'lu', 'ü/u'],
    ['xie', 'xue', 'ie/ue'],
  ])('%s ~ %s (%s)', (p, q) => {
    expect(syllablesAlike(p, q)).toBe(true);
    expect(syllablesAlike(q, p)).toBe(true);
  });

  it.each([
    ['dian', 'xian', 'd and x are made in different places'],
    ['fan', 'can', 'f and c'],
    ['ma', 'shu', 'nothing in common'],
    ['gao', 'sheng', 'nothing in common'],
    ['jian', 'jiong', 'finals two letters apart'],
  ])('%s is not %s (%s)', (p, q) => {
    expect(syllablesAlike(p, q)).toBe(false);
  });
});

describe('soundAlike', () => {
  it('reads every reading of a polyphone', () => {
    // 的 reads de, di; 得 reads de, dei.
    expect(soundAlike('的', '得')).toBe(true);
    expect(soundAlike('在', '再')).toBe(true);
    expect(soundAlike('张', '章')).toBe(true);
  });

  it('keeps unrelated characters apart, and a character from itself', () => {
    expect(soundAlike('点', '陷')).toBe(false);
    expect(soundAlike('饭', '餐')).toBe(false);
    expect(soundAlike('在', '在')).toBe(false);
    expect(soundAlike('a', 'b')).toBe(false);
  });
});
