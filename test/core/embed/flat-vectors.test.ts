import { describe, expect, it } from 'vitest';
import { flattenVectors, vectorRows } from '../../../src/core/embed/flat-vectors.ts';

describe('flattenVectors / vectorRows', () => {
  it('round-trips vectors through one buffer, and gives back arrays that own their memory', () => {
    const vectors = [Float32Array.from([1, 2, 3]), Float32Array.from([4, 5, 6])];
    const flat = flattenVectors(vectors, 3);
    expect(Array.from(flat)).toEqual([1, 2, 3, 4, 5, 6]);
    const rows = vectorRows(flat, 3);
    expect(rows.map((r) => Array.from(r))).toEqual([[1, 2, 3], [4, 5, 6]]);
    // Not views of the flat buffer: storing one must not store the others.
    expect(rows[1]!.buffer.byteLength).toBe(3 * 4);
    expect(vectorRows(new Float32Array(0), 3)).toEqual([]);
  });
});
