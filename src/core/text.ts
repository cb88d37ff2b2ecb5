/** Split into Unicode code points, as Python's str indexing does (not UTF-16 units). */
export function chars(text: string): string[] {
  return Array.from(text);
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
