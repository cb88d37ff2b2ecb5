/** Split into Unicode code points, as Python's str indexing does (not UTF-16 units). */
export function chars(text: string): string[] {
  return Array.from(text);
}

/**
 * The code points of text as integers, one per element of chars(text) (a lone surrogate as its own unit), without
 * allocating a string per character: a CJK character is a fresh string each time, and garbage for the collector.
 */
export function codePoints(text: string): Int32Array {
  const out = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out[n++] = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return n === out.length ? out : out.subarray(0, n);
}

/**
 * Length in code points, as iterating the string counts them: UTF-16 units less one per surrogate pair (a lone
 * surrogate counts as one). A loop over char codes: the string iterator allocated a string per character.
 */
export function charLength(text: string): number {
  let n = text.length;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) {
      const before = text.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) n--;
    }
  }
  return n;
}
