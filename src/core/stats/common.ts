/**
 * Shared shapes of the statistics module: a statistic that cannot be computed comes back as
 * `{ value: null, reason }` (never NaN), and tests name their alternative hypothesis as R and scipy do.
 */

/** A statistic that could not be computed, with the reason in words. */
export interface Unavailable {
  readonly value: null;
  readonly reason: string;
}

export function unavailable(reason: string): Unavailable {
  return { value: null, reason };
}

/** True when `result` is a computed statistic rather than a reason (no result type has a `reason` field). */
export function isAvailable<T extends object>(result: T | Unavailable): result is T {
  return !('reason' in result);
}

/** Alternative hypothesis: 'greater' means a positive association (R's "greater", scipy's 'greater'). */
export type Alternative = 'two-sided' | 'greater' | 'less';

export interface ConfidenceInterval {
  level: number;
  lower: number;
  upper: number;
}

/** Index of the first value that is not a finite number, or -1. */
export function firstNonFinite(values: readonly number[]): number {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}

/** Arrays that must pair up element by element: a length mismatch is a programming error, so it throws. */
export function assertSameLength(what: string, a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length) throw new RangeError(`${what}: lengths differ (${a.length} vs ${b.length})`);
}

export function assertLevel(level: number): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
}
