/** simple-csc `utils.to_halfwidth`: U+FF01–U+FF5E become U+0021–U+007E; nothing else changes (not U+3000). */
export function toHalfwidth(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0xff01 && cp <= 0xff5e ? String.fromCodePoint(cp - 0xfee0) : ch;
  }
  return out;
}
