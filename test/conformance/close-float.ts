/** |a − b| ≤ 1e-9, absolute or relative to b: the tolerance for full-precision floats printed by the scripts. */
export function closeFloat(a: unknown, b: number): boolean {
  return typeof a === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}
