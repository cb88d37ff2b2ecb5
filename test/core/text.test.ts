import { describe, expect, it } from 'vitest';
import { charLength, chars, codePoints } from '../../src/core/text.ts';

describe('charLength counts code points as string iteration does', () => {
  it('on BMP text, surrogate pairs and lone surrogates in every order', () => {
    const high = '\ud840';
    const low = '\udc00';
    const cases = ['', '我们明天见。', '𠀀𠀁', `a${high}`, `${low}a`, `${high}${low}${low}`, `${high}${high}${low}`, `${low}${high}${low}`, `${high}${high}${low}${low}`, `x${low}${high}`];
    for (const text of cases) expect(charLength(text), JSON.stringify(text)).toBe([...text].length);
    expect(charLength('𠀀我')).toBe(2); // U+20000 is one character (Python len), two UTF-16 units
    expect(chars('𠀀我')).toEqual(['𠀀', '我']);
  });

  it('agrees with iteration on random mixes of surrogates and other units', () => {
    let state = 7;
    const unit = () => [0x41, 0x6211, 0xd840, 0xdbff, 0xdc00, 0xdfff][(state = (state * 48271) % 2147483647) % 6]!;
    for (let k = 0; k < 2000; k++) {
      const text = String.fromCharCode(...Array.from({ length: k % 9 }, unit));
      expect(charLength(text)).toBe([...text].length);
    }
  });
});

describe('codePoints gives one integer per element of chars()', () => {
  it('on BMP text, surrogate pairs and lone surrogates', () => {
    const high = '\ud840';
    const low = '\udc00';
    const cases = ['', '我们明天见。', '𠀀𠀁', `a${high}`, `${low}a`, `${high}${low}${low}`, `${high}${high}${low}`, `x${low}${high}`];
    for (const text of cases) {
      expect([...codePoints(text)], JSON.stringify(text)).toEqual(chars(text).map((c) => c.codePointAt(0)));
      expect(chars(text).join(''), JSON.stringify(text)).toBe([...codePoints(text)].map((c) => String.fromCodePoint(c)).join(''));
    }
    expect([...codePoints('𠀀我')]).toEqual([0x20000, 0x6211]);
  });
});
