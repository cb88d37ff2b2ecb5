/** Python str semantics the reference scripts rely on, where JavaScript's differ. */

/**
 * Python's str.isspace() for one character (what str.split() and str.strip() use): JS's \s lacks U+001C–U+001F
 * and U+0085 and has U+FEFF, which Python does not count.
 */
const PY_SPACE = /^[\t\n\v\f\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u;

export function isPySpace(ch: string): boolean {
  return PY_SPACE.test(ch);
}

/** `"".join(text.split())`: every Python whitespace character removed. */
export function removePyWhitespace(text: string): string {
  let out = '';
  for (const ch of text) if (!isPySpace(ch)) out += ch;
  return out;
}

/** Python's `text.strip()` with no argument. */
export function pyStrip(text: string): string {
  const cs = Array.from(text);
  let a = 0;
  let b = cs.length;
  while (a < b && isPySpace(cs[a]!)) a++;
  while (b > a && isPySpace(cs[b - 1]!)) b--;
  return cs.slice(a, b).join('');
}

/** `text.replace(c, "□")` for every c in `chars` (single characters), as the simple-csc metrics mask ignored ones. */
export function maskChars(text: string, chars: ReadonlySet<string>): string {
  if (chars.size === 0) return text;
  let out = '';
  for (const ch of text) out += chars.has(ch) ? MASK : ch;
  return out;
}

/** The character simple-csc puts in place of an ignored one. */
export const MASK = '□';
