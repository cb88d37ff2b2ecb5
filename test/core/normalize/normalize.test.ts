import { describe, expect, it } from 'vitest';
import { cscdProfile } from '../../../src/core/metrics/cscd.ts';
import { realiseProfile } from '../../../src/core/metrics/realise.ts';
import {
  describeNormalization,
  ignoredCharSet,
  isNormalizing,
  maskItem,
  NO_NORMALIZATION,
  normalizeItems,
  parseNormalizationOptions,
  pyStrip,
  removePyWhitespace,
  SIMPLE_CSC_PUNCT,
  toHalfwidth,
  withIgnoredChars,
} from '../../../src/core/normalize/index.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (source: string, reference: string, prediction: string, id = 'r1'): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

describe('Python string semantics', () => {
  it("removes what str.split() splits on: not U+FEFF, but U+001C and U+0085", () => {
    expect(removePyWhitespace('a b\u3000c\u001cd\u0085e\ufefff')).toBe('abcde\ufefff');
    expect(pyStrip('\u00a0 x y\u2029')).toBe('x y');
  });

  it('to_halfwidth maps U+FF01–U+FF5E only (the ideographic space stays)', () => {
    expect(toHalfwidth('ＡＢＣ，！～\u3000。')).toBe('ABC,!~\u3000。');
  });

  it("--ignore-punct's set is the script's 104 characters: its Chinese list (with 》 and ｡ but no 《 or 。) and ASCII", () => {
    expect(SIMPLE_CSC_PUNCT.size).toBe(104);
    expect(['》', '，', '｡', '…', ',', '~'].every((c) => SIMPLE_CSC_PUNCT.has(c))).toBe(true);
    expect(['《', '。'].some((c) => SIMPLE_CSC_PUNCT.has(c))).toBe(false);
  });
});

describe('options', () => {
  it('parses flags, with -1 and 0 as no length limit like the script', () => {
    const o = parseNormalizationOptions({ toSimplified: true, ignoreChars: '的了', maxLength: '128' });
    expect(o).toMatchObject({ toSimplified: true, ignoreChars: '的了', maxLength: 128, ignoreSpace: false });
    expect(parseNormalizationOptions({ maxLength: '-1' }).maxLength).toBeNull();
    expect(isNormalizing(NO_NORMALIZATION)).toBe(false);
  });

  it('refuses a bad --max-length or an empty --ignore-chars, naming the flag', () => {
    expect(() => parseNormalizationOptions({ maxLength: '12x' })).toThrow(/--max-length needs a whole number.*"12x"/);
    expect(() => parseNormalizationOptions({ ignoreChars: '' })).toThrow(/--ignore-chars/);
  });

  it('describes only the options that are on, under the CLI names', () => {
    const o = parseNormalizationOptions({ toHalfwidth: true, ignorePunct: true, maxLength: 64 });
    expect(describeNormalization(o)).toEqual({ 'to-halfwidth': true, 'ignore-punct': true, 'max-length': 64 });
    expect(ignoredCharSet(parseNormalizationOptions({ ignoreChars: '的的了' }))).toEqual(new Set(['的', '了']));
  });
});

describe('normalizeItems', () => {
  it('is the identity when no option is on', () => {
    const items = [item(' 我門\t', '我們', '我门')];
    expect(normalizeItems(items, NO_NORMALIZATION)).toEqual({ items, ignored: [] });
  });

  it('cleans, then t2s, half-width and space removal, on all three texts', () => {
    const o = parseNormalizationOptions({ toSimplified: true, toHalfwidth: true, ignoreSpace: true });
    const { items } = normalizeItems([item('我門\t去 學校，', '我們去學校，', ' 我们去学校,')], o);
    expect(items[0]).toMatchObject({ source: '我门去学校,', references: ['我们去学校,'], prediction: '我们去学校,' });
  });

  it('drops SIGHAN truth labels once the text changed (they point into the original)', () => {
    const labelled = { ...item('這個', '这个', '这个'), goldLabels: [[1, '这'] as const] };
    const o = parseNormalizationOptions({ toSimplified: true });
    expect(normalizeItems([labelled], o).items[0]!.goldLabels).toBeUndefined();
    const same = { ...item('这个', '这个', '这个'), goldLabels: [] };
    expect(normalizeItems([same], o).items[0]!.goldLabels).toEqual([]);
  });
});

describe('ignored characters in profiles whose script lacks the option', () => {
  it('masks them as □ in every text, labels included', () => {
    const masked = maskItem({ ...item('好，', '好。', '好,'), goldLabels: [[2, '。']] }, new Set(['，', '。', ',']));
    expect(masked).toMatchObject({ source: '好□', references: ['好□'], prediction: '好□', goldLabels: [[2, '□']] });
  });

  it('so a punctuation-only difference is no error there', () => {
    const items = [item('我门好，', '我们好。', '我们好,'), item('他好', '他好', '他好')];
    const strict = realiseProfile.compute(items).values;
    const lenient = withIgnoredChars(realiseProfile, ignoredCharSet(parseNormalizationOptions({ ignorePunct: true })));
    expect(lenient.name).toBe('realise');
    expect(lenient.compute(items).values).not.toEqual(strict);
  });

  it('CSCD-NS (cscd) gives the ignored source position the reference character, as its script', () => {
    // Position 3: source ， is ignored, so neither the reference's 。 nor the prediction's , counts.
    const items = [item('我门好，', '我们好。', '我们好,')];
    const values = withIgnoredChars(cscdProfile, new Set(['，'])).compute(items).values;
    expect(values).toMatchObject({ S_D_p: 100, S_C_p: 100, C_D_p: 100, C_C_r: 100 });
  });
});
