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
