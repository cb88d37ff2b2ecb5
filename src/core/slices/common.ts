import type { ScoredItem, TestRow } from '../types.ts';
import type { Slice } from './types.ts';

/** Items the slicers read: a test row or a scored item (only source and references matter). */
export type SliceItem = Pick<ScoredItem | TestRow, 'source' | 'references'>;

/** Gold is the first reference, as the single-reference scripts and --by-type use it. */
export function goldOf(item: SliceItem): string {
  return item.references[0] ?? item.source;
}

export function isClean(item: SliceItem): boolean {
  return goldOf(item) === item.source;
}

export function makeSlice(name: string, label: string, indices: number[], items: readonly SliceItem[]): Slice {
  const clean = indices.filter((i) => isClean(items[i]!)).length;
  return { name, label, indices, error_sentences: indices.length - clean, clean_sentences: clean };
}
