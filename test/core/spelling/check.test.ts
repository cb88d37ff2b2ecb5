import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreData } from '../../../src/core/core-data.ts';
import { checkSpelling, substitutionRuns } from '../../../src/core/spelling/check.ts';
import { isRecordedVariant, isWord } from '../../../src/core/spelling/lexicon.ts';

beforeAll(() => loadCoreData(['readings', 'glyphs', 'lexicon']));

describe('checkSpelling', () => {
  it('finds a real word that sounds like the one it replaced', () => {
    expect(checkSpelling('我们晚饭后在公园里散步。', '我们晚饭后在公园里散布。')).toEqual({ kind: 'confusable', reference: '步', predicted: '布', at: 10 });
    // The paper's Table 12: 一位 → 以为, two characters that both sound alike.
    expect(checkSpelling('我们班来了一位新同学。', '我们班来了以为新同学。')).toEqual({ kind: 'confusable', reference: '一位', predicted: '以为', at: 5 });
  });

  it('finds a character that looks like the one it replaced', () => {
    expect(checkSpelling('我自己做饭。', '我自已做饭。')).toMatchObject({ kind: 'confusable', reference: '己', predicted: '已' });
  });

  it('finds a non-word: a character of a word that now stands in none', () => {
    expect(isWord('学习')).toBe(true);
    expect(isWord('学桌')).toBe(false);
    expect(checkSpelling('我们每天学习中文。', '我们每天学桌中文。')).toEqual({ kind: 'non-word', reference: '习', predicted: '桌', at: 5 });
  });

  it('accepts recorded variant spellings and the particles 的/地/得', () => {
    expect(isRecordedVariant('惟一', '唯一')).toBe(true);
    expect(checkSpelling('这是惟一的办法。', '这是唯一的办法。')).toBeNull();
    expect(checkSpelling('请带上你的身份证。', '请带上你的身分证。')).toBeNull();
    // Not declared a variant by CC-CEDICT, but the same reading and the same senses.
    expect(checkSpelling('我很难想像当时的情景。', '我很难想象当时的情景。')).toBeNull();
    expect(checkSpelling('他慢慢地走了过来。', '他慢慢的走了过来。')).toBeNull();
  });

  it('leaves synonyms, co-hyponyms and negations to the model', () => {
    expect(checkSpelling('这种现象在城市里非常普遍。', '这种现象在城市里非常常见。')).toBeNull();
    expect(checkSpelling('今天的天气十分炎热。', '今天的天气非常炎热。')).toBeNull();
    expect(checkSpelling('但是人们只能看到农药的缺点。', '但是人们只能看到农药的缺陷。')).toBeNull();
    expect(checkSpelling('我们用铅笔写字。', '我们用钢笔写字。')).toBeNull();
    expect(checkSpelling('这个方法可行。', '这个方法不可行。')).toBeNull();
  });

  it('judges each run of substitutions on its own', () => {
    // A synonym swap and a misspelling elsewhere in the sentence: the misspelling is found.
    expect(checkSpelling('今天的天气十分炎热，我们去散步。', '今天的天气非常炎热，我们去散布。')).toMatchObject({ kind: 'confusable', reference: '步' });
    expect(checkSpelling('同一句', '同一句')).toBeNull();
  });

  it('marks each substitution with what exempts it', () => {
    const { runs } = substitutionRuns('他慢慢地说这是惟一的办法。', '他慢慢的说这是唯一的办法。');
    expect(runs.map((run) => run.map((s) => [s.x, s.y, s.exempt]))).toEqual([[['地', '的', 'alternation']], [['惟', '唯', 'variant']]]);
  });
});
