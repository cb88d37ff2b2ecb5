/**
 * Confusion sets: for each correct character (key), the characters it is misspelled as (values), in a fixed
 * order. Built from our own pinyin readings and glyph table over a character list, or read from a user's file.
 */
import { readings } from '../align/index.ts';
import { commonChars, glyphNeighbours } from '../errortype/glyphs.ts';
import { IssueList } from '../io/issues.ts';

export type ConfusionSet = ReadonlyMap<string, readonly string[]>;
export type ConfusionKind = 'phonetic' | 'graphic' | 'both';

function byListOrder(chars: readonly string[]): (a: string, b: string) => number {
  const order = new Map(chars.map((c, i) => [c, i]));
  return (a, b) => order.get(a)! - order.get(b)!;
}

/** Homophones: the listed characters sharing a toneless reading with the key (any reading of a polyphone), in list order. */
export function phoneticConfusion(chars: readonly string[] = commonChars()): Map<string, string[]> {
  const byReading = new Map<string, string[]>();
  for (const c of chars) {
    for (const r of readings(c)) {
      let list = byReading.get(r);
      if (!list) byReading.set(r, (list = []));
      list.push(c);
    }
  }
  const order = byListOrder(chars);
  const set = new Map<string, string[]>();
  for (const c of chars) {
    const values = new Set<string>();
    for (const r of readings(c)) for (const v of byReading.get(r) ?? []) if (v !== c) values.add(v);
    if (values.size > 0) set.set(c, [...values].sort(order));
  }
  return set;
}

/** Look-alikes: the listed characters the glyph table pairs with the key, in list order. */
export function graphicConfusion(chars: readonly string[] = commonChars()): Map<string, string[]> {
  const listed = new Set(chars);
  const order = byListOrder(chars);
  const set = new Map<string, string[]>();
  for (const c of chars) {
    const values = glyphNeighbours(c).filter((v) => listed.has(v));
    if (values.length > 0) set.set(c, values.sort(order));
  }
  return set;
}

/** The union, phonetic candidates first. */
export function mergeConfusion(a: ConfusionSet, b: ConfusionSet): Map<string, string[]> {
  const set = new Map<string, string[]>();
  for (const [k, vs] of a) set.set(k, [...vs]);
  for (const [k, vs] of b) {
    const list = set.get(k) ?? [];
    for (const v of vs) if (!list.includes(v)) list.push(v);
    set.set(k, list);
  }
  return set;
}

export function buildConfusion(kind: ConfusionKind, chars: readonly string[] = commonChars()): Map<string, string[]> {
  if (kind === 'phonetic') return phoneticConfusion(chars);
  if (kind === 'graphic') return graphicConfusion(chars);
  return mergeConfusion(phoneticConfusion(chars), graphicConfusion(chars));
}

const SEPARATORS = /[\s,，、;；|]/u;

/**
 * A confusion file: one `char<TAB>candidates` line per key, the candidates written together (的地得) or separated
 * by spaces, commas or 、. Blank lines and lines starting with # are skipped. Throws InputError listing every
 * problem: a key that is not one character, a repeated key, no candidates.
 */
export function parseConfusion(text: string, file: string): Map<string, string[]> {
  const issues = new IssueList();
  const set = new Map<string, string[]>();
  const firstLine = new Map<string, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      if (raw.trim() === '' || raw.startsWith('#')) return;
      const tab = raw.indexOf('\t');
      if (tab < 0) return issues.add(file, line, 'expected "char<TAB>candidates"');
      const key = raw.slice(0, tab).trim();
      if (Array.from(key).length !== 1) return issues.add(file, line, `the key "${key}" is not a single character`);
      const seen = firstLine.get(key);
      if (seen !== undefined) return issues.add(file, line, `the key "${key}" is repeated (first on line ${seen})`);
      firstLine.set(key, line);
      const values: string[] = [];
      for (const ch of raw.slice(tab + 1)) if (!SEPARATORS.test(ch) && ch !== key && !values.includes(ch)) values.push(ch);
      if (values.length === 0) return issues.add(file, line, `the key "${key}" has no candidates`);
      set.set(key, values);
    });
  if (set.size === 0 && issues.size === 0) issues.add(file, null, 'the file has no confusion pairs');
  issues.throwIfAny();
  return set;
}

/** The file form parseConfusion reads: `char<TAB>candidates` lines in key order. */
export function formatConfusion(set: ConfusionSet): string {
  return [...set].map(([k, vs]) => `${k}\t${vs.join('')}\n`).join('');
}

/** Keys and key–value pairs, for metadata. */
export function confusionSize(set: ConfusionSet): { keys: number; pairs: number } {
  let pairs = 0;
  for (const vs of set.values()) pairs += vs.length;
  return { keys: set.size, pairs };
}
