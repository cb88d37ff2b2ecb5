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

const UNASSIGNED = /\p{Cn}/u;

function isPunctuation(cp: number): boolean {
  return (
    (cp >= 0x3000 && cp <= 0x303f) || // 、。〈〉《》「」『』【】〔〕
    (cp >= 0xff01 && cp <= 0xff65) || // full-width ！，：；？（） and half-width 。「」、
    (cp >= 0x2010 && cp <= 0x2027) || // — ‘ ’ “ ” …
    cp === 0xb7
  );
}

function isSuspicious(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || cp >= 0xf0000 || UNASSIGNED.test(String.fromCodePoint(cp));
}

/** Code point kinds in the table below; 0 = not yet classified. */
const Kind = { Unknown: 0, Ascii: 1, Shared: 2, Simplified: 3, Traditional: 4, Punctuation: 5, Suspicious: 6, Other: 7 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

function classify(cp: number): Kind {
  if ((cp >= 0x20 && cp < 0x7f) || cp === 0x09 || cp === 0x0a || cp === 0x0d) return Kind.Ascii;
  if (isPunctuation(cp)) return Kind.Punctuation;
  return isSuspicious(cp) ? Kind.Suspicious : Kind.Other;
}

/** Kind of every BMP code point, filled on first sight (one byte per code point instead of three set look-ups). */
let bmpKind: Uint8Array | null = null;

function kinds(): Uint8Array {
  if (bmpKind) return bmpKind;
  bmpKind = new Uint8Array(0x10000);
  const mark = (text: string, kind: Kind) => {
    for (const c of text) bmpKind![c.codePointAt(0)!] = kind;
  };
  // The frequent Han sets never hold ASCII or punctuation, so their marks override nothing classify would say.
  mark(FREQUENT_TRADITIONAL, Kind.Traditional);
  mark(FREQUENT_SIMPLIFIED, Kind.Simplified);
  mark(FREQUENT_SHARED, Kind.Shared);
  return bmpKind;
}

export function textEvidence(text: string): TextEvidence {
  const e: TextEvidence = { characters: 0, ascii: 0, frequentHanzi: 0, punctuation: 0, suspicious: 0, other: 0, simplified: 0, traditional: 0 };
  const table = kinds();
  for (let i = 0; i < text.length && e.characters < MAX_EXAMINED; i++) {
    const cp = text.codePointAt(i)!;
    let kind: Kind;
    if (cp > 0xffff) {
      i++;
      kind = classify(cp);
    } else {
      kind = table[cp] as Kind;
      if (kind === Kind.Unknown) table[cp] = kind = classify(cp);
    }
    e.characters++;
    switch (kind) {
      case Kind.Ascii:
        e.ascii++;
        break;
      case Kind.Shared:
        e.frequentHanzi++;
        break;
      case Kind.Simplified:
        e.frequentHanzi++;
        e.simplified++;
        break;
      case Kind.Traditional:
        e.frequentHanzi++;
        e.traditional++;
        break;
      case Kind.Punctuation:
        e.punctuation++;
        break;
      case Kind.Suspicious:
        e.suspicious++;
        break;
      default:
        e.other++;
    }
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
