/**
 * How large an alignment table may grow. Alignments are banded (table.ts, aligner.ts, unit-cost.ts): a table holds
 * (rows + 1) × (band width) cells, and the band widens (doubling) only until the result is provably the
 * full table's. A pair of texts that would need more cells than the limit is refused with
 * AlignmentTooLongError; callers refuse that row by name and score the others.
 * Default 2^25 cells: about 300 MB for ChERRANT's table (9 bytes a cell), 32 MB for unit-cost Levenshtein.
 */
import { coded, type CodedMessage } from '../messages.ts';

export const DEFAULT_MAX_ALIGN_CELLS = 2 ** 25;

let maxCells = DEFAULT_MAX_ALIGN_CELLS;

export function maxAlignCells(): number {
  return maxCells;
}

/** Change the limit (e.g. from a CLI flag); returns the previous one. */
export function setMaxAlignCells(cells: number): number {
  if (!Number.isSafeInteger(cells) || cells < 1) throw new Error(`the alignment cell limit must be a positive integer, got ${cells}`);
  const before = maxCells;
  maxCells = cells;
  return before;
}

/** Thrown when aligning two texts would need a table larger than the limit. */
export class AlignmentTooLongError extends Error {
  /** The message's code and parameters (core/messages.ts), for the page. */
  readonly coded: CodedMessage;

  constructor(
    readonly sourceLength: number,
    readonly targetLength: number,
    readonly cells: number,
    readonly limit: number,
    /** Set when the transposition search, not the table, ran past the limit (steps taken so far). */
    readonly steps?: number,
  ) {
    const message =
      steps === undefined
        ? coded('align.too-long', { source: sourceLength, target: targetLength, cells, limit })
        : coded('align.search-too-long', { source: sourceLength, target: targetLength, steps, limit });
    super(message.message);
    this.coded = message;
    this.name = 'AlignmentTooLongError';
  }
}

/**
 * The band half-width to start from: characters one text has more of than the other must each be substituted,
 * inserted or deleted, so the cost is at least about half their number, and a band narrower than that cost
 * cannot hold a provable path. Starting there (a fifth of the excess) saves doublings and refuses hopeless
 * pairs (unrelated texts) before any table is filled.
 */
export function firstHalfWidth(a: Int32Array, b: Int32Array, minimum: number): number {
  const count = new Map<number, number>();
  for (const x of a) count.set(x, (count.get(x) ?? 0) + 1);
  for (const x of b) count.set(x, (count.get(x) ?? 0) - 1);
  let excess = 0;
  for (const c of count.values()) excess += Math.abs(c);
  return Math.max(minimum, Math.floor(excess / 5));
}
