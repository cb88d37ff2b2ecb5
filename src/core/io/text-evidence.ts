import { FREQUENT_SHARED, FREQUENT_SIMPLIFIED, FREQUENT_TRADITIONAL } from './hanzi-sets.ts';

/** What one decoding of a file looks like, counted by code point. */
export interface TextEvidence {
  /** Code points examined (the first MAX_EXAMINED of the text). */
  characters: number;
  /** Printable ASCII, TAB, LF, CR. */
  ascii: number;
  /** Han characters among the ~1300 most frequent, in either script. */
  frequentHanzi: number;
  /** CJK and full-width punctuation. */
  punctuation: number;
  /** Never in real text: C0/C1 controls (NUL included), DEL, private use, unassigned code points, U+FFFD. */
  suspicious: number;
  /** Everything else: rare Han characters, kana, Hangul, symbols, other scripts. */
  other: number;
  /** Frequent forms that exist only in simplified script (in GB2312, not in Big5). */
  simplified: number;
  /** Frequent forms that exist only in traditional script (in Big5, not in GB2312). */
  traditional: number;
}

/** Enough to judge; a mis-decoding shows on every line, so the rest of a large file adds nothing. */
export const MAX_EXAMINED = 1 << 18;

const codePoints = (s: string) => new Set([...s].map((c) => c.codePointAt(0)!));
const SHARED = codePoints(FREQUENT_SHARED);
const SIMPLIFIED = codePoints(FREQUENT_SIMPLIFIED);
const TRADITIONAL = codePoints(FREQUENT_TRADITIONAL);
const UNASSIGNED = /\p{Cn}/u;
/** Per BMP code point: 0 not yet looked up, 1 assigned, 2 unassigned (the regex is slow on a junk decoding). */
const bmpUnassigned = new Uint8Array(0x10000);

function isPunctuation(cp: number): boolean {
  return (
    (cp >= 0x3000 && cp <= 0x303f) || // 、。〈〉《》「」『』【】〔〕
    (cp >= 0xff01 && cp <= 0xff65) || // full-width ！，：；？（） and half-width 。「」、
    (cp >= 0x2010 && cp <= 0x2027) || // — ‘ ’ “ ” …
    cp === 0xb7
  );
}

function isUnassigned(cp: number): boolean {
  if (cp > 0xffff) return UNASSIGNED.test(String.fromCodePoint(cp));
  if (bmpUnassigned[cp] === 0) bmpUnassigned[cp] = UNASSIGNED.test(String.fromCharCode(cp)) ? 2 : 1;
  return bmpUnassigned[cp] === 2;
}

function isSuspicious(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || cp >= 0xf0000 || isUnassigned(cp);
}

export function textEvidence(text: string): TextEvidence {
  const e: TextEvidence = { characters: 0, ascii: 0, frequentHanzi: 0, punctuation: 0, suspicious: 0, other: 0, simplified: 0, traditional: 0 };
  for (let i = 0; i < text.length && e.characters < MAX_EXAMINED; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    e.characters++;
    if ((cp >= 0x20 && cp < 0x7f) || cp === 0x09 || cp === 0x0a || cp === 0x0d) e.ascii++;
    else if (SHARED.has(cp)) e.frequentHanzi++;
    else if (SIMPLIFIED.has(cp)) {
      e.frequentHanzi++;
      e.simplified++;
    } else if (TRADITIONAL.has(cp)) {
      e.frequentHanzi++;
      e.traditional++;
    } else if (isPunctuation(cp)) e.punctuation++;
    else if (isSuspicious(cp)) e.suspicious++;
    else e.other++;
  }
  return e;
}

/**
 * How much the non-ASCII part reads as Chinese, from -4 to 1: frequent Hanzi and punctuation count for, suspicious
 * code points four times against, and a mix of simplified-only with traditional-only forms against (real text keeps
 * to one script; a wrong legacy decoding scatters over both). 1 when there is nothing but ASCII.
 */
export function plausibility(e: TextEvidence): number {
  const nonAscii = e.characters - e.ascii;
  if (nonAscii === 0) return 1;
  return (e.frequentHanzi + e.punctuation - 4 * e.suspicious - Math.min(e.simplified, e.traditional)) / nonAscii;
}

/**
 * How much the whole text reads as text, ASCII included: separates UTF-16 from byte encodings (ASCII in UTF-16
 * read as bytes is half NULs; bytes read as UTF-16 have no ASCII left).
 */
export function textLikeness(e: TextEvidence): number {
  if (e.characters === 0) return 1;
  return (e.ascii + e.frequentHanzi + e.punctuation - 4 * e.suspicious) / e.characters;
}
