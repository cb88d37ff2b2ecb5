/**
 * Every distinct character the aligner sees gets a small integer id, once per process, with the facts the
 * substitution cost needs (punctuation class, toneless reading ids) computed once per id. The DP then reads
 * integers only. The tables grow with the number of distinct characters, never with the texts.
 */
import { CHAR_OTHER, CHAR_SAME_READING, CLASS_BOTH_PUNCT, CLASS_MIXED, CLASS_NEITHER_PUNCT, SUB_HOMOPHONE, SUB_MIXED, SUB_OTHER, SUB_PUNCT } from './cost.ts';
import { readings } from './pinyin.ts';
import { isCherrantPunct } from './punct.ts';

const idOfChar = new Map<string, number>();
const charOfId: string[] = [];
const readingIds = new Map<string, number>();
let punct = new Uint8Array(256);
/** Reading ids of symbol k: readingList[readingStart[k] .. readingStart[k] + readingCount[k]). */
let readingStart = new Int32Array(256);
let readingCount = new Int32Array(256);
let readingList = new Int32Array(1024);
let readingUsed = 0;

function grow<T extends Int32Array | Uint8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

function addSymbol(ch: string): number {
  const id = idOfChar.size;
  idOfChar.set(ch, id);
  charOfId.push(ch);
  punct = grow(punct, id + 1);
  readingStart = grow(readingStart, id + 1);
  readingCount = grow(readingCount, id + 1);
  punct[id] = isCherrantPunct(ch) ? 1 : 0;
  const rs = readings(ch);
  readingList = grow(readingList, readingUsed + rs.length);
  readingStart[id] = readingUsed;
  readingCount[id] = rs.length;
  for (const r of rs) {
    let rid = readingIds.get(r);
    if (rid === undefined) readingIds.set(r, (rid = readingIds.size));
    readingList[readingUsed++] = rid;
  }
  return id;
}

/** The id of one character (any string token), assigning one on first sight. */
export function symbolId(ch: string): number {
  const id = idOfChar.get(ch);
  return id === undefined ? addSymbol(ch) : id;
}

/** Ids of a token list (the aligner's code point arrays). */
export function symbolIds(tokens: readonly string[]): Int32Array {
  const out = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) out[i] = symbolId(tokens[i]!);
  return out;
}

/** How many ids exist: an upper bound for arrays indexed by id. */
export function symbolCount(): number {
  return idOfChar.size;
}

/** The character (token) of an id. */
export function symbolChar(id: number): string {
  return charOfId[id]!;
}

/** True when both symbols have a toneless reading in common. */
function shareReadingById(a: number, b: number): boolean {
  const na = readingCount[a]!;
  const nb = readingCount[b]!;
  if (na === 0 || nb === 0) return false;
  const sa = readingStart[a]!;
  const sb = readingStart[b]!;
  for (let x = 0; x < na; x++) {
    const r = readingList[sa + x]!;
    for (let y = 0; y < nb; y++) if (readingList[sb + y] === r) return true;
  }
  return false;
}

/** substitutionCost (cost.ts) between two different symbols, from the per-symbol facts, without Cilin. */
export function substitutionCostById(a: number, b: number): number {
  const pa = punct[a]!;
  const pb = punct[b]!;
  if (pa !== pb) return SUB_MIXED;
  if (pa === 1) return SUB_PUNCT;
  return shareReadingById(a, b) ? SUB_HOMOPHONE : SUB_OTHER;
}

/** The same with a given semantic term (Cilin's), summed in ChERRANT's order: semantic + char + class. */
export function substitutionCostWithSemantic(a: number, b: number, semantic: number): number {
  const pa = punct[a]!;
  const pb = punct[b]!;
  if (pa !== pb) return semantic + CHAR_OTHER + CLASS_MIXED;
  if (pa === 1) return semantic + CHAR_OTHER + CLASS_BOTH_PUNCT;
  return semantic + (shareReadingById(a, b) ? CHAR_SAME_READING : CHAR_OTHER) + CLASS_NEITHER_PUNCT;
}
