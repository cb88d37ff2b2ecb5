/**
 * Vectors sent between threads as one Float32Array (one transfer, no per-vector clone), and back as views of it:
 * copying 1,355 rows of 2,048 floats back out cost the CLI's judging 80 ms. A view stored as it is would store the
 * whole buffer; the IndexedDB embedding cache copies each before storing it (db/embedding-cache.ts).
 */
export function flattenVectors(vectors: readonly Float32Array[], dimension: number): Float32Array<ArrayBuffer> {
  const flat = new Float32Array(vectors.length * dimension);
  vectors.forEach((v, i) => flat.set(v, i * dimension));
  return flat;
}

export function vectorRows(flat: Float32Array, dimension: number): Float32Array[] {
  return Array.from({ length: dimension === 0 ? 0 : flat.length / dimension }, (_, i) => flat.subarray(i * dimension, (i + 1) * dimension));
}
