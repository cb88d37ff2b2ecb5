/** Split into Unicode code points, as Python's str indexing does (not UTF-16 units). */
export function chars(text: string): string[] {
  return Array.from(text);
}

/** Length in code points. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
