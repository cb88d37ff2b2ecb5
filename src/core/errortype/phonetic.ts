/**
 * Phonetic similarity of two characters: some toneless reading of one equals, or is one letter edit away from,
 * some toneless reading of the other (all readings of polyphones, via the aligner's pinyin-pro readings).
 */
import { readings } from '../align/index.ts';
import { levenshtein } from '../align/levenshtein.ts';

/** Levenshtein distance with unit costs, over the strings' code points. */
export function editDistance(a: string, b: string): number {
  return levenshtein(Array.from(a), Array.from(b));
}

/** The smallest edit distance between any reading of a and any reading of b; null when either has no reading. */
export function pinyinDistance(a: string, b: string): number | null {
  const ra = readings(a);
  const rb = readings(b);
  if (ra.length === 0 || rb.length === 0) return null;
  let best = Infinity;
  for (const p of ra) for (const q of rb) best = Math.min(best, editDistance(p, q));
  return best;
}

/** True for two different Han characters whose closest readings are at most one letter edit apart. */
export function phoneticSimilar(a: string, b: string): boolean {
  if (a === b) return false;
  const d = pinyinDistance(a, b);
  return d !== null && d <= 1;
}
