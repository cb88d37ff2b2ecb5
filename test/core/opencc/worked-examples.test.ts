/**
 * Each conversion on sentences worked by hand from the dictionary lines (models/opencc tables; opencc-js for
 * today's OpenCC) and each program's algorithm (src/core/opencc/*.ts say which source file it follows).
 */
import { describe, expect, it } from 'vitest';
import { toSimplified } from '../../../src/core/opencc/t2s.ts';

const v112 = (text: string) => toSimplified(text, 'opencc-1.1.2');
const py017 = (text: string) => toSimplified(text, 'opencc-python-reimplemented-0.1.7');
const current = (text: string) => toSimplified(text, 'opencc-current');

describe('where the dictionaries differ', () => {
  it('沈思: no TSPhrases line in 1.1.2 or 1.1.6 (OpenCC 1.4.0 added "沈思 沉思"), and 沈 is no TSCharacters key', () => {
    expect(v112('他在沈思。')).toBe('他在沈思。');
    expect(py017('他在沈思。')).toBe('他在沈思。');
    expect(current('他在沈思。')).toBe('他在沉思。');
  });

  it('覆上: 1.1.2 and 0.1.7 read "覆上 复上", today "覆上 覆上" (and 覆 alone is "覆 覆 复": first value 覆)', () => {
    expect(v112('覆上')).toBe('复上');
    expect(py017('覆上')).toBe('复上');
    expect(current('覆上')).toBe('覆上');
    expect(v112('覆')).toBe('覆');
  });

  it('垻: no TSCharacters line in 1.1.2; "垻 坝" in 0.1.7 (OpenCC 1.1.6\'s tables) and today', () => {
    expect(v112('垻')).toBe('垻');
    expect(py017('垻')).toBe('坝');
    expect(current('垻')).toBe('坝');
  });
});

describe('where the algorithms differ', () => {
  // Both tables: "么麼 幺麽", "麼些族 麽些族", "麼 么 麽" (first value 么); 么, 些, 族 are no keys.
  it('么麼些族: OpenCC takes the phrase at the left (么麼), the Python package the longest anywhere (麼些族)', () => {
    expect(v112('么麼些族')).toBe('幺麽些族');
    expect(py017('么麼些族')).toBe('么麽些族');
    expect(current('么麼些族')).toBe('幺麽些族');
  });

  it('the Python package converts the pieces between separators alone; they are kept as they are', () => {
    expect(py017('么麼，麼些族 么麼')).toBe('幺麽，麽些族 幺麽');
    expect(py017('他說：「乾淨」')).toBe('他说：「干净」');
  });

  it('OpenCC 1.1.2 stops at U+0000 (it walks a NUL-terminated string); the Python package does not', () => {
    expect(v112('乾淨\u0000頭髮')).toBe('干净');
    expect(py017('乾淨\u0000頭髮')).toBe('干净\u0000头发');
  });
});
