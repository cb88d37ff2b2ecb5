import { describe, expect, it } from 'vitest';
import { toSimplified } from '../../../src/core/opencc/t2s.ts';

describe('OpenCC t2s (opencc-js dictionaries)', () => {
  // Expected strings from Debian's `opencc -c t2s.json` (OpenCC 1.1.6) on the same input.
  it("matches OpenCC's phrase and character conversion", () => {
    expect(toSimplified('這個軟體很好，回覆我。乾淨的頭髮')).toBe('这个软体很好，回复我。干净的头发');
  });

  it('leaves simplified text, Latin and punctuation alone', () => {
    const text = '我们去学校吧！ABC, 123。';
    expect(toSimplified(text)).toBe(text);
  });
});
