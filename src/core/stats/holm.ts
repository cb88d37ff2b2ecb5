/**
 * Holm's step-down adjustment (Holm 1979, "A simple sequentially rejective multiple test procedure"): sort the m
 * p-values ascending, multiply the i-th smallest (1-based) by m − i + 1, cap at 1, and carry the running maximum
 * so adjusted values keep the order of the raw ones. Controls the family-wise error rate; same as R's
 * `p.adjust(p, "holm")`. Null p-values (tests that could not be run) stay null and do not count in m.
 */
export function holm(pValues: readonly (number | null)[]): (number | null)[] {
  const present = pValues.flatMap((p, i) => (p === null ? [] : [{ p, i }]));
  for (const { p } of present) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`holm: p-values must be in [0, 1], got ${p}`);
  }
  // Stable sort: equal p-values keep their input order, so the result does not depend on sort internals.
  present.sort((x, y) => x.p - y.p || x.i - y.i);
  const m = present.length;
  const out: (number | null)[] = pValues.map(() => null);
  let running = 0;
  present.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
