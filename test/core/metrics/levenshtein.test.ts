import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../fixtures/rng.ts';
import { levenshteinEdits, levenshteinProfile, simpleCscClean } from '../../../src/core/metrics/levenshtein.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});
const edits = (a: string, b: string) =>
  levenshteinEdits([...a], [...b]).map((e) => `${e.op}${e.srcStart}-${e.srcEnd}${e.text}`);

describe('levenshteinEdits', () => {
  it('substitutes, inserts and deletes on source positions', () => {
    expect(edits('你号吗', '你好吗')).toEqual(['S1-2好']);
    // ab → axb: at cell (a, x) insertion costs 1 against substitution 2 and deletion 3.
    expect(edits('ab', 'axb')).toEqual(['I1-1x']);
    // ab → b: the last b matches, the a left over is deleted.
    expect(edits('ab', 'b')).toEqual(['D0-1']);
    expect(edits('', 'ab')).toEqual(['I0-0a', 'I0-0b']);
    expect(edits('ab', '')).toEqual(['D0-1', 'D1-2']);
    expect(edits('同', '同')).toEqual([]);
  });

  it('takes the first cheapest operation: substitution before insertion before deletion', () => {
    // ab → ba: at the last cell sub = ins = del = 2, so substitution wins: two substitutions, not ins + del.
    expect(edits('ab', 'ba')).toEqual(['S0-1b', 'S1-2a']);
  });

  it('indexes by code point', () => {
    expect(edits('𠮷号', '𠮷好')).toEqual(['S1-2好']);
  });
});

describe('simpleCscClean (the script reads every text through clean_text and strip)', () => {
  it('drops control/format characters, U+0000 and U+FFFD, maps whitespace to a space, strips the ends', () => {
    expect(simpleCscClean('\u0000a\uFFFDb')).toBe('ab');
    expect(simpleCscClean('a\u200Bb')).toBe('ab'); // zero-width space is Cf
    expect(simpleCscClean('a\u3000b')).toBe('a b'); // ideographic space is Zs
    expect(simpleCscClean(' a\tb\u3000')).toBe('a b');
    expect(simpleCscClean('\u2028你好\u2029')).toBe('你好');
  });

  it('gives what the character-by-character cleaning gives, with or without anything to clean', () => {
    // The cleaning spelled out once more, character by character, as the script's loop reads.
    const slow = (text: string) =>
      [...text]
        .filter((c) => c !== '\u0000' && c !== '\uFFFD')
        .map((c) => (/^[ \t\n\r]$|^\p{Zs}$/u.test(c) ? ' ' : /^\p{C}$/u.test(c) ? '' : c))
        .join('')
        .trim();
    const alphabet = ['你', '好', 'a', ' ', '\t', '\u3000', '\u00A0', '\u200B', '\uFEFF', '\u2028', '\u0000', '\uFFFD', '\uD842', '𠮷', '。', '\u0085', '\uE000'];
    const random = mulberry32(7);
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]!).join('');
      expect(simpleCscClean(text)).toBe(slow(text));
    }
  });
});

describe('levenshtein profile', () => {
  it('computes every key by hand', () => {
    const items = [
      item('A', '你号吗', '你好吗', '你好吗'), // gold S1-2好, pred S1-2好: both levels right
      item('B', '今天好', '今天好', '今天很好'), // clean; pred I2-2很: a false positive
      item('C', '他来了', '她来了', '他来啦'), // gold S0-1她, pred S2-3啦: wrong place
      item('D', '我爱北京', '我爱北京', '我爱北京'), // clean, untouched
      item('E', '天气很好好', '天气很好', '天气很好'), // gold D3-4 (the first 好), pred the same
      item('F', '再见了', '再见啦', '再见吗'), // gold S2-3啦, pred S2-3吗: right place, wrong char
    ];
    // Char level: gold edits A, C, E, F = 4; predicted A, B, C, E, F = 5.
    //   detection hits (span in gold): A, E, F = 3 → P 3/5 = 60, R 3/4 = 75, F1 2·60·75/135 = 66.667
    //   correction hits (span and text): A, E = 2 → P 2/5 = 40, R 2/4 = 50, F1 2·40·50/90 = 44.444
    // Sentence level: erroneous A, C, E, F = 4; with predictions A, B, C, E, F = 5.
    //   detection (same span set): A, E, F = 3 → same numbers as char detection; correction A, E = 2 → same.
    // Sentence FPR: clean B, D; B changed → 100·1/(2 + 1e-10) = 49.99999… → 50.
    const r = levenshteinProfile.compute(items);
    expect(r.values).toStrictEqual({
      'sentence detection p': 60,
      'sentence detection r': 75,
      'sentence detection f1': 66.667,
      'sentence correction p': 40,
      'sentence correction r': 50,
      'sentence correction f1': 44.444,
      'char detection p': 60,
      'char detection r': 75,
      'char detection f1': 66.667,
      'char correction p': 40,
      'char correction r': 50,
      'char correction f1': 44.444,
      'sentence fpr': 50,
    });
    expect(r.warnings).toEqual([]);
  });

  it('counts every predicted edit, even several at one span (so R can pass 100), as the script does', () => {
    // ab → axb (gold I1-1x); ab → axyb (pred I1-1x, I1-1y).
    // Char: all_error 1, all_predict 2; detection hits 2 (both spans are (1,1)) → P 100, R 200,
    //   F1 2·100·200/300 = 133.333; correction hits 1 → P 50, R 100, F1 2·50·100/150 = 66.667.
    // Sentence: span sets {(1,1)} equal → detection 1/1, 1/1, F1 20000/(200 + 1e-10) = 99.99999… → 100;
    //   edit sets {x} ≠ {x, y} → correction 0/1, 0/1 → 0, 0, F1 0.
    // No clean sentence: FPR = 0/(0 + 1e-10) = 0, with a warning.
    const r = levenshteinProfile.compute([item('x', 'ab', 'axb', 'axyb')]);
    expect(r.values).toStrictEqual({
      'sentence detection p': 100,
      'sentence detection r': 100,
      'sentence detection f1': 100,
      'sentence correction p': 0,
      'sentence correction r': 0,
      'sentence correction f1': 0,
      'char detection p': 100,
      'char detection r': 200,
      'char detection f1': 133.333,
      'char correction p': 50,
      'char correction r': 100,
      'char correction f1': 66.667,
      'sentence fpr': 0,
    });
    expect(r.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/no sentence is error-free/)]);
  });

  it('prints 0 for empty denominators, with warnings', () => {
    // Identity on a clean sentence: nothing predicted, no errors; FPR 0/(1 + 1e-10) = 0.
    const r = levenshteinProfile.compute([item('c', '你好', '你好', '你好')]);
    expect(Object.values(r.values).every((v) => v === 0)).toBe(true);
    expect(Object.keys(r.values)).toHaveLength(13);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]!.message).toMatch(/P \(and F1\).*R \(and F1\)/);
    expect(levenshteinProfile.compute([]).warnings[0]!.message).toMatch(/P.*R.*fpr/);
  });

  it('cleans texts as the script does, and says how many rows changed', () => {
    // Without cleaning the leading space and zero-width space would be deletions; cleaned, the row is A above.
    const r = levenshteinProfile.compute([item('s', ' 你号\u200B吗', '你好吗', '你好吗\n')]);
    expect(r.values['sentence correction p']).toBe(100);
    expect(r.values['char correction r']).toBe(100);
    expect(r.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/^1 row\(s\) changed by the script's text cleaning/));
    // The identical clean sentence is no change: no cleaning warning.
    expect(levenshteinProfile.compute([item('t', '你好', '你好', '你好')]).warnings.map((w) => w.message).join()).not.toMatch(/cleaning/);
  });

  it('uses only the first reference and says so', () => {
    const multi: ScoredItem = { id: 'm', source: '你号吗', references: ['你好吗', '你号吗'], prediction: '你好吗' };
    const r = levenshteinProfile.compute([multi]);
    expect(r.values['sentence correction p']).toBe(100);
    expect(r.warnings.some((w) => w.message.includes('only the first'))).toBe(true);
  });
});
