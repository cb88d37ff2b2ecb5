/** Type shares of a list of classified errors: each type's count and share, and the phonetic/graphic overlap shares. */
import { ERROR_TYPES, type ErrorType, type ErrorUnit } from './types.ts';

export interface TypeShare {
  count: number;
  /** count / all units; null when there are none. */
  share: number | null;
}

export interface SimilarityShares {
  /** Same-length character substitutions: the denominator of the three shares. */
  substitutions: number;
  /** Phonetic or both. */
  phonetic: number | null;
  /** Graphic or both. */
  graphic: number | null;
  both: number | null;
  other: number | null;
}

export function typeShares(units: readonly ErrorUnit[]): Record<ErrorType, TypeShare> {
  const counts = new Map<ErrorType, number>();
  for (const u of units) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  return Object.fromEntries(
    ERROR_TYPES.map((t) => {
      const count = counts.get(t) ?? 0;
      return [t, { count, share: units.length === 0 ? null : count / units.length }];
    }),
  ) as Record<ErrorType, TypeShare>;
}

export function similarityShares(units: readonly ErrorUnit[]): SimilarityShares {
  let phonetic = 0;
  let graphic = 0;
  let both = 0;
  let other = 0;
  for (const u of units) {
    if (u.type === 'phonetic') phonetic++;
    else if (u.type === 'graphic') graphic++;
    else if (u.type === 'both') both++;
    else if (u.type === 'other') other++;
  }
  const n = phonetic + graphic + both + other;
  const share = (k: number) => (n === 0 ? null : k / n);
  return { substitutions: n, phonetic: share(phonetic + both), graphic: share(graphic + both), both: share(both), other: share(other) };
}
