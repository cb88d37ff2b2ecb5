import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreData } from '../../../src/core/core-data.ts';
import { typoAcceptance, typoNegatives } from '../../../src/core/meta/typo-negatives.ts';
import { boundariesFromWords } from '../../../src/core/segment/segmenter.ts';

beforeAll(() => loadCoreData(['readings', 'glyphs', 'lexicon']));

/** References cut by hand, as jieba cuts them. */
const WORDS: Record<string, string[]> = {
  我们晚饭后在公园里散步了: ['我们', '晚饭', '后', '在', '公园', '里', '散步', '了'],
  他慢慢地说这是惟一的办法: ['他', '慢慢', '地', '说', '这', '是', '惟一', '的', '办法'],
  今天天气很好: ['今天', '天气', '很', '好'],
};
const cut = (reference: string) => boundariesFromWords(reference, WORDS[reference]!);

describe('typoNegatives', () => {
  it('puts each misspelt word back, one pair per word, and the whole source once', () => {
    // Two misspelt words: 晚饭 → 晚反, 散步 → 散布.
    const rows = [{ id: 'a', source: '我们晚反后在公园里散布了', references: ['我们晚饭后在公园里散步了'] }];
    const negatives = typoNegatives(rows, cut);
    expect(negatives.pairs).toEqual([
      { id: 'a', kind: 'word', reference: '我们晚饭后在公园里散步了', candidate: '我们晚反后在公园里散步了', word: { reference: '晚饭', misspelt: '晚反', at: 2 } },
      { id: 'a', kind: 'word', reference: '我们晚饭后在公园里散步了', candidate: '我们晚饭后在公园里散布了', word: { reference: '散步', misspelt: '散布', at: 9 } },
      { id: 'a', kind: 'sentence', reference: '我们晚饭后在公园里散步了', candidate: '我们晚反后在公园里散布了' },
    ]);
    expect(negatives.rowsWithErrors).toBe(1);
  });

  it('leaves out variants and 的/地/得, counted by list, and skips clean and unequal-length rows', () => {
    const rows = [
      // "Errors" that are a recorded variant (唯一 for 惟一) and an alternation (的 for 地).
      { id: 'v', source: '他慢慢的说这是唯一的办法', references: ['他慢慢地说这是惟一的办法'] },
      { id: 'clean', source: '今天天气很好', references: ['今天天气很好'] },
      { id: 'long', source: '今天天气很很好', references: ['今天天气很好'] },
    ];
    const negatives = typoNegatives(rows, cut);
    expect(negatives.pairs).toEqual([]);
    expect(negatives.leftOut).toEqual({ word: { variant: 1, alternation: 1 }, sentence: { variant: 1, alternation: 0 } });
    expect(negatives.unequalLength).toBe(1);
    expect(negatives.rowsWithErrors).toBe(2);
  });
});

describe('typoAcceptance', () => {
  it('counts accepted pairs by kind; no pairs is no share', () => {
    const rows = [{ id: 'a', source: '我们晚反后在公园里散布了', references: ['我们晚饭后在公园里散步了'] }];
    const negatives = typoNegatives(rows, cut);
    expect(typoAcceptance(negatives, [true, false, false])).toEqual({
      word: { pairs: 2, accepted: 1, share: 0.5 },
      sentence: { pairs: 1, accepted: 0, share: 0 },
    });
    expect(typoAcceptance({ ...negatives, pairs: [] }, [])).toEqual({
      word: { pairs: 0, accepted: 0, share: null },
      sentence: { pairs: 0, accepted: 0, share: null },
    });
  });
});
