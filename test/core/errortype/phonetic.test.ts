import { describe, expect, it } from 'vitest';
import { editDistance, phoneticSimilar, pinyinDistance } from '../../../src/core/errortype/index.ts';

describe('editDistance', () => {
  it('counts unit-cost insertions, deletions and substitutions', () => {
    expect(editDistance('shi', 'shi')).toBe(0);
    expect(editDistance('shi', 'si')).toBe(1); // delete h
    expect(editDistance('zhang', 'chang')).toBe(1); // z → c
    expect(editDistance('de', 'di')).toBe(1);
    expect(editDistance('xian', 'gui')).toBe(4); // x→g, i→u, a→i, delete n
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('phoneticSimilar', () => {
  it('pairs characters with the same toneless reading (seed 003: 适 and 是 are both shi4)', () => {
    expect(phoneticSimilar('适', '是')).toBe(true);
    expect(phoneticSimilar('在', '再')).toBe(true); // zai4 / zai4
    expect(phoneticSimilar('他', '她')).toBe(true); // ta / ta
  });

  it('pairs readings one letter apart', () => {
    expect(pinyinDistance('是', '四')).toBe(1); // shi / si
    expect(phoneticSimilar('是', '四')).toBe(true);
  });

  it('uses every reading of a polyphone', () => {
    // 行 reads xing and hang: it shares hang with 杭 and xing with 星.
    expect(pinyinDistance('行', '杭')).toBe(0);
    expect(pinyinDistance('行', '星')).toBe(0);
  });

  it('rejects distant readings, equal characters and non-Han characters', () => {
    expect(phoneticSimilar('现', '规')).toBe(false); // xian / gui: 4 edits
    expect(phoneticSimilar('你', '我')).toBe(false); // ni / wo: 2 edits
    expect(phoneticSimilar('是', '是')).toBe(false);
    expect(phoneticSimilar('，', '。')).toBe(false);
    expect(pinyinDistance('a', '是')).toBeNull();
  });
});
