/** Progress counts and a time estimate, as plain functions (the UI class wraps them in state). */

/** Milliseconds left at the rate seen so far; null until there is enough to go on. */
export function estimateRemainingMs(done: number, total: number, elapsedMs: number): number | null {
  if (total <= 0 || done <= 0 || elapsedMs < 300 || done >= total) return done >= total && total > 0 ? 0 : null;
  return Math.round((elapsedMs / done) * (total - done));
}

/** "12 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

export function percent(done: number, total: number): number {
  return total <= 0 ? 0 : Math.min(100, Math.round((done / total) * 1000) / 10);
}
