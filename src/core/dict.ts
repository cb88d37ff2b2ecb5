/**
 * A record keyed by user-given names (systems, files): no prototype, so `__proto__`, `constructor` or `toString`
 * is an ordinary key, never an inherited property or the prototype's setter. JSON.stringify writes it as usual.
 */
export function dict<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (entries) for (const [k, v] of entries) out[k] = v;
  return out;
}
