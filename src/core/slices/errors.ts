/**
 * Number of gold errors per sentence: differing positions when source and (first) reference have equal length,
 * else the unit-cost Levenshtein distance between them. Slices 0 (clean), 1, 2 and 3+.
 */
import { levenshtein } from '../align/levenshtein.ts';
import { chars } from '../text.ts';
import { goldOf, makeSlice, type SliceItem } from './common.ts';
import type { SliceFamily } from './types.ts';

export function goldErrorCount(item: SliceItem): number {
  const src = chars(item.source);
  const ref = chars(goldOf(item));
  if (src.length !== ref.length) return levenshtein(src, ref);
  let n = 0;
  for (let i = 0; i < src.length; i++) if (src[i] !== ref[i]) n++;
  return n;
}

export function errorCountSlices(items: readonly SliceItem[]): SliceFamily {
  const counts = items.map(goldErrorCount);
  const bucket = (n: number) => (n >= 3 ? '3+' : String(n));
  const names = ['0', '1', '2', '3+'];
  const slices = names.map((name) =>
    makeSlice(name, name === '3+' ? 'three or more gold errors' : `${name} gold error${name === '1' ? '' : 's'}`, counts.flatMap((n, i) => (bucket(n) === name ? [i] : [])), items),
  );
  return { family: 'errors', slices, unassigned: null };
}
