import { charLength } from '../text.ts';
import type { TestRow } from '../types.ts';

export interface UnequalLengthRow {
  id: string;
  sourceLength: number;
  referenceLengths: number[];
}

/**
 * Rows where some reference has a different code-point length from the source. Not a load error: only the
 * metric profiles that need equal lengths refuse such rows; this lets a UI say so before scoring.
 */
export function unequalLengthRows(items: readonly Pick<TestRow, 'id' | 'source' | 'references'>[]): UnequalLengthRow[] {
  const out: UnequalLengthRow[] = [];
  for (const item of items) {
    const sourceLength = charLength(item.source);
    const referenceLengths = item.references.map(charLength);
    if (referenceLengths.some((n) => n !== sourceLength)) out.push({ id: item.id, sourceLength, referenceLengths });
  }
  return out;
}
