/**
 * ChERRANT's Cilin semantic cost (modules/alignment.py read_cilin, _get_semantic_cost, get_sub_cost at char level)
 * on a small constructed Cilin. Expected values are worked by hand from ChERRANT's formulas:
 *   semantic cost  4 if either character is missing; else 2 × (3 − d), d = how many of (code[0], code[1],
 *                  code[2:4]) are equal, each position on its own
 *   substitution   semantic / 6 + char (0 both CJK sharing a pinyin reading, else 0.5) + class (0.25 neither
 *                  punctuation), summed in that order
 */
import { describe, expect, it } from 'vitest';
import { alignAllChars, extractEdits, extractEditSets } from '../../../src/core/align/index.ts';
import { classAgreement, describeCilin, parseCilin, semanticCost } from '../../../src/core/align/cilin.ts';
import { substitutionCost } from '../../../src/core/align/cost.ts';
import { InputError } from '../../../src/core/types.ts';

// Constructed codes (not Cilin's own): 决 and 绝 share a class, 解 is in a class that differs at every level,
// 甲 is listed twice (the second line wins), 乙 shares 甲's second code's middle and minor class only.
const CILIN = [
  'Xa01A01= 决 绝 决定',
  'Yb02B01= 解',
  'Aa01A01= 甲 乙',
  'Ba01A02# 甲',
  'Ab02A01@ 丙',
].join('\n');
const cilin = parseCilin(CILIN, 'small-cilin.txt');

describe('parseCilin (read_cilin)', () => {
  it('maps each word to the code of the LAST line listing it', () => {
    expect(cilin.codes.get('甲')).toBe('Ba01A02#');
    expect(cilin.codes.get('乙')).toBe('Aa01A01=');
    expect(cilin.codes.get('决定')).toBe('Xa01A01=');
    expect(describeCilin(cilin)).toEqual({ file: 'small-cilin.txt', lines: 5, words: 7, sha256: cilin.sha256 });
    expect(cilin.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads \\r\\n and \\r line ends as Python text mode does, and strips the whole text', () => {
    const crlf = parseCilin('\n\r\nAa01A01= 甲 乙\r\nAa01A02= 丙\rAa01A03= 丁\r\n\r\n');
    expect([...crlf.codes]).toEqual([
      ['甲', 'Aa01A01='],
      ['乙', 'Aa01A01='], // not '乙\r'
      ['丙', 'Aa01A02='],
      ['丁', 'Aa01A03='],
    ]);
  });

  it('splits on single spaces: an empty word from a double space is nothing, a tab stays inside a word', () => {
    const c = parseCilin('Aa01A01= 甲  乙\nAa01A02= 丙\t丁');
    expect(c.codes.get('乙')).toBe('Aa01A01=');
    expect(c.codes.get('丙\t丁')).toBe('Aa01A02=');
    expect(c.codes.has('丙')).toBe(false);
  });

  it('refuses a file that is not Cilin, naming the file, each bad line and what it holds', () => {
    const bad = () => parseCilin('\n\nAa01A01= 甲\n人 士 人物\nAa01A0= 乙\nAa01A03=\n', 'mine.txt');
    expect(bad).toThrow(InputError);
    expect(bad).toThrow(/mine\.txt:4: "人" is not a Cilin code/);
    expect(bad).toThrow(/mine\.txt:5: "Aa01A0=" is not a Cilin code/);
    // A code without words (line 6) is nothing to ChERRANT, so not an error.
    expect(bad).not.toThrow(/mine\.txt:6/);
    expect(() => parseCilin(' \n', 'empty.txt')).toThrow(/empty\.txt: no Cilin entries/);
  });
});

describe('semanticCost (_get_semantic_cost)', () => {
  it('compares major, middle and minor class position by position, not as a hierarchy', () => {
    expect(classAgreement('Aa01A01=', 'Aa01B02#')).toBe(3); // code[4:] is not part of the class
    expect(classAgreement('Aa01A01=', 'Ba01A01=')).toBe(2); // major differs, middle and minor still count
    expect(classAgreement('Aa01A01=', 'Ab01A01=')).toBe(2);
    expect(classAgreement('Aa01A01=', 'Aa02A01=')).toBe(2);
    expect(classAgreement('Aa01A01=', 'Ab02A01=')).toBe(1);
    expect(classAgreement('Aa01A01=', 'Bb02A01=')).toBe(0);
  });

  it('is 0 in one class, 2 × (3 − d) across classes, 4 when a character is missing', () => {
    expect(semanticCost(cilin, '决', '绝')).toBe(0); // Xa01 = Xa01
    expect(semanticCost(cilin, '决', '解')).toBe(6); // Xa01 / Yb02: d = 0
    expect(semanticCost(cilin, '甲', '乙')).toBe(2); // Ba01 (second line) / Aa01: a, 01 equal, d = 2
    expect(semanticCost(cilin, '乙', '丙')).toBe(4); // Aa01 / Ab02: A equal, d = 1
    expect(semanticCost(cilin, '决', '好')).toBe(4); // 好 is not in this Cilin
  });
});

describe('substitutionCost with a Cilin (get_sub_cost, char level)', () => {
  it('adds semantic / 6 to the character and class terms', () => {
    expect(substitutionCost('决', '绝', cilin)).toBe(0 / 6 + 0 + 0.25); // 0.25: same class, both jue
    expect(substitutionCost('决', '解', cilin)).toBe(6 / 6 + 0.5 + 0.25); // 1.75: jue / jie xie
    expect(substitutionCost('甲', '乙', cilin)).toBe(2 / 6 + 0.5 + 0.25); // jia / yi
    expect(substitutionCost('乙', '丙', cilin)).toBe(4 / 6 + 0.5 + 0.25); // yi / bing
    // Missing from Cilin: the same as without one.
    expect(substitutionCost('决', '好', cilin)).toBe(substitutionCost('决', '好'));
    expect(substitutionCost('，', '。', cilin)).toBe(substitutionCost('，', '。'));
  });
});

describe('alignment with a Cilin', () => {
  /*
   * 决绝 → 解决 (SIGHAN15 B2-4093-3's pair). Table cost[i][j], source rows 决 绝, target columns 解 决.
   * Without Cilin (4/6 for every pair): sub(决,解) = 4/6 + 0.5 + 0.25 = 1.4167, sub(绝,决) = 4/6 + 0 + 0.25 = 0.9167.
   *   [1][1] = S 1.4167 (ins, del 2); [1][2] = M [0][1] = 1;
   *   [2][2]: S [1][1] + 0.9167 = 2.3333, D [1][2] + 1 = 2, I [2][1] + 1 ≥ 3 → D only:
   *   one alignment, D 绝 · M 决 · I 解 → edits M 0 解 + R 1–2.
   * With Cilin: sub(决,解) = 6/6 + 0.5 + 0.25 = 1.75, sub(绝,决) = 0/6 + 0 + 0.25 = 0.25.
   *   [1][1] = S 1.75; [1][2] = 1; [2][1] = min(S 1 + 1.75, D 1.75 + 1, I 2 + 1) = 2.75;
   *   [2][2]: S 1.75 + 0.25 = 2 (exactly, in doubles), D 1 + 1 = 2, I 3.75 → S and D tie:
   *   two alignments, S S first (S before D), then I M D.
   */
  it('flips a tie: 决绝 → 解决 gets ChERRANT\'s two cheapest alignments, the substitutions first', () => {
    const without = extractEditSets('决绝', '解决');
    expect(without).toEqual([
      [
        { type: 'M', start: 0, end: 0, replacement: '解', targetStart: 0, targetEnd: 1 },
        { type: 'R', start: 1, end: 2, replacement: '', targetStart: 2, targetEnd: 2 },
      ],
    ]);
    const withCilin = extractEditSets('决绝', '解决', undefined, { cilin });
    expect(withCilin).toEqual([[{ type: 'S', start: 0, end: 2, replacement: '解决', targetStart: 0, targetEnd: 2 }], without[0]]);
    expect(extractEdits('决绝', '解决', { cilin })).toEqual(withCilin[0]);
    expect(alignAllChars(Array.from('决绝'), Array.from('解决'), 1000, { cilin }).map((p) => p.map((op) => op.kind).join(''))).toEqual([
      'SS',
      'IMD',
    ]);
  });

  /*
   * 甲丁 → 乙甲: with this Cilin sub(甲,乙) = 2/6 + 0.5 + 0.25 = 1.0833; without, 1.4167 (丁 is in neither).
   * [1][1] = S(甲,乙); [1][2] = M [0][1] = 1; [2][2] = min(S [1][1] + sub(丁,甲) = [1][1] + 1.4167,
   * D [1][2] + 1 = 2, I [2][1] + 1 ≥ 3). Without Cilin S costs 2.8333 → D; with it 2.5 → still D: a cheaper
   * but not cheap enough substitution changes nothing.
   */
  it('leaves alignments alone where the cheaper semantic term does not reach a tie', () => {
    expect(extractEditSets('甲丁', '乙甲', undefined, { cilin })).toEqual(extractEditSets('甲丁', '乙甲'));
  });
});
