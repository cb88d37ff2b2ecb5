/** Unit-cost edit distance between two code point arrays. */
export function levenshtein(a: readonly string[], b: readonly string[]): number {
  let prev = new Int32Array(b.length + 1).map((_, j) => j);
  let cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** levenshtein(a, b) <= 1, in linear time (spans of long rows can be long). */
export function withinOneEdit(a: readonly string[], b: readonly string[]): boolean {
  if (a.length < b.length) [a, b] = [b, a];
  if (a.length - b.length > 1) return false;
  let p = 0;
  while (p < b.length && a[p] === b[p]) p++;
  let q = 0;
  while (q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  // What is left between the common ends: one substitution, one extra character, or nothing.
  return a.length - p - q <= 1;
}
