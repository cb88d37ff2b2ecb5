import { describe, expect, it } from 'vitest';
import { flattenVectors, vectorRows } from '../../../src/core/embed/flat-vectors.ts';

describe('flattenVectors / vectorRows', () => {
  it('round-trips vectors through one buffer, and gives back views of it (no copy)', () => {
    const vectors = [Float32Array.from([1, 2, 3]), Float32Array.from([4, 5, 6])];
    const flat = flattenVectors(vectors, 3);
    expect(Array.from(flat)).toEqual([1, 2, 3, 4, 5, 6]);
    const rows = vectorRows(flat, 3);
    expect(rows.map((r) => Array.from(r))).toEqual([[1, 2, 3], [4, 5, 6]]);
    // Views: the IndexedDB embedding cache copies a view before storing it (test/db/workspace.test.ts).
    expect(rows.map((r) => [r.buffer === flat.buffer, r.byteOffset])).toEqual([
      [true, 0],
      [true, 12],
    ]);
    expect(vectorRows(new Float32Array(0), 3)).toEqual([]);
  });
});
