/** Cosine similarity in [-1, 1]; 0 when either vector is zero. Vectors need not be normalised. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`cannot compare vectors of dimension ${a.length} and ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  // Rounding can push |cos| of (anti)parallel vectors just past 1.
  return Math.max(-1, Math.min(1, dot / Math.sqrt(na * nb)));
}
