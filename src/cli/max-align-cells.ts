import { DEFAULT_MAX_ALIGN_CELLS } from '../core/align/limits.ts';
import { UsageError } from './usage-error.ts';

/** The largest typed array Node allocates: a larger limit would fail inside the aligner instead of refusing the row. */
const MAX = 2 ** 32;

/** --max-align-cells N: a whole number of alignment table cells (docs/align.md). */
export function parseMaxAlignCells(text: string): number {
  const cells = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(cells) || cells < 1 || cells > MAX) {
    throw new UsageError(`--max-align-cells "${text}": give a whole number of alignment table cells from 1 to ${MAX} (default ${DEFAULT_MAX_ALIGN_CELLS})`);
  }
  return cells;
}
