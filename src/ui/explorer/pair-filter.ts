/**
 * The explorer's pairwise filters from sentenceSets: "A ✓ B ✗" (error sentences the explorer's system corrected
 * and the other did not), "B ✓ A ✗", and "both broke a clean sentence". A is the explorer's system, B the one it
 * is compared with; the sets are stored per unordered pair, so a reversed pair swaps a_only and b_only.
 */
import type { PairSets, SentenceSets } from '../../core/compare/sentence-sets.ts';

export const PAIR_FILTERS = ['a_only', 'b_only', 'both_broke'] as const;
export type PairFilter = (typeof PAIR_FILTERS)[number];

function pairOf(sets: SentenceSets, a: string, b: string): { set: PairSets; reversed: boolean } | null {
  for (const set of sets.pairs) {
    if (set.a === a && set.b === b) return { set, reversed: false };
    if (set.a === b && set.b === a) return { set, reversed: true };
  }
  return null;
}

export function pairIds(sets: SentenceSets, a: string, b: string, filter: PairFilter): string[] {
  const found = pairOf(sets, a, b);
  if (!found) return [];
  const { set, reversed } = found;
  if (filter === 'both_broke') return set.both_broke;
  return (filter === 'a_only') !== reversed ? set.a_only : set.b_only;
}

export function pairCounts(sets: SentenceSets, a: string, b: string): Record<PairFilter, number> {
  return { a_only: pairIds(sets, a, b, 'a_only').length, b_only: pairIds(sets, a, b, 'b_only').length, both_broke: pairIds(sets, a, b, 'both_broke').length };
}

/** Keeps the row indices whose id is in the chosen set. */
export function keepIds(rows: readonly { id: string }[], indices: readonly number[], ids: readonly string[]): number[] {
  const keep = new Set(ids);
  return indices.filter((i) => keep.has(rows[i]!.id));
}
