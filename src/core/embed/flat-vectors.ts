/**
 * Vectors sent between threads as one Float32Array (one transfer, no per-vector clone), and back. The rows come
 * back as separate arrays, not views of one buffer: a view stored in IndexedDB would store the whole buffer.
 */
export function flattenVectors(vectors: readonly Float32Array[], dimension: number): Float32Array<ArrayBuffer> {
  const flat = new Float32Array(vectors.length * dimension);
  vectors.forEach((v, i) => flat.set(v, i * dimension));
  return flat;
}

export function vectorRows(flat: Float32Array, dimension: number): Float32Array[] {
  return Array.from({ length: dimension === 0 ? 0 : flat.length / dimension }, (_, i) => flat.slice(i * dimension, (i + 1) * dimension));
}
