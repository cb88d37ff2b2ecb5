/**
 * Rows left out of one profile's counts because their alignment would need more table cells than the limit
 * (align/limits.ts). Such a row is refused by name; every other row and system is still scored.
 */
import { AlignmentTooLongError } from './align/limits.ts';
import { coded, type CodedMessage, type MessageCode, type MessageParams } from './messages.ts';

export interface RefusedRow {
  /** Position in the system's items. */
  index: number;
  id: string;
  /** Why (the AlignmentTooLongError's message). */
  message: string;
  /** Why, as a code and parameters (absent in runs stored before codes). */
  code?: MessageCode;
  params?: MessageParams;
}

/** The warning for a refused row ("row ID left out: why"), coded when the row's reason is. */
export function leftOut(row: Pick<RefusedRow, 'id' | 'message' | 'code' | 'params'>): CodedMessage | string {
  return row.code === undefined ? `row ${row.id} left out: ${row.message}` : coded('row.left-out', { ...row.params, row: row.id, reason: row.code });
}

/** The warning text for a refused row. */
export function leftOutMessage(row: Pick<RefusedRow, 'id' | 'message' | 'code' | 'params'>): string {
  const m = leftOut(row);
  return typeof m === 'string' ? m : m.message;
}

/** `work()`'s value, or the row's refusal when it throws AlignmentTooLongError (any other error propagates). */
export function unlessTooLong<T>(index: number, id: string, work: () => T): { ok: true; value: T } | { ok: false; row: RefusedRow } {
  try {
    return { ok: true, value: work() };
  } catch (err) {
    if (!(err instanceof AlignmentTooLongError)) throw err;
    return { ok: false, row: { index, id, message: err.message, code: err.coded.code, params: err.coded.params } };
  }
}

/** The item indices that were kept, in order (scores of the kept items line up with these). */
export function keptIndices(count: number, refused: readonly RefusedRow[]): number[] {
  const out = new Set(refused.map((r) => r.index));
  const kept: number[] = [];
  for (let i = 0; i < count; i++) if (!out.has(i)) kept.push(i);
  return kept;
}
