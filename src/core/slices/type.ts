/**
 * Error type slices (docs/errortypes.md): the error sentences whose gold errors are all of one type, each with
 * every clean sentence added, as --by-type does, so false positives still count. Sentences mixing types are in
 * no slice (counted in `unassigned`).
 */
import { errorUnits, ERROR_TYPES, type ErrorType } from '../errortype/index.ts';
import { goldOf, isClean, makeSlice, type SliceItem } from './common.ts';
import type { SliceFamily } from './types.ts';

/** The one type all of a sentence's gold errors share; null for a clean sentence, 'mixed' otherwise. */
export function sentenceErrorType(item: SliceItem): ErrorType | 'mixed' | null {
  const units = errorUnits(item.source, goldOf(item));
  if (units.length === 0) return null;
  const first = units[0]!.type;
  return units.every((u) => u.type === first) ? first : 'mixed';
}

export function errorTypeSlices(items: readonly SliceItem[]): SliceFamily {
  const types = items.map(sentenceErrorType);
  const clean = items.flatMap((it, i) => (isClean(it) ? [i] : []));
  const slices = ERROR_TYPES.map((type) => {
    const own = types.flatMap((t, i) => (t === type ? [i] : []));
    return makeSlice(type, `error sentences of type ${type} and every clean sentence`, [...own, ...clean].sort((a, b) => a - b), items);
  });
  const mixed = types.filter((t) => t === 'mixed').length;
  return { family: 'type', slices, unassigned: mixed > 0 ? { count: mixed, reason: 'gold errors of more than one type' } : null };
}
