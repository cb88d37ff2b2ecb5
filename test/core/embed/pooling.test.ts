import { describe, expect, it } from 'vitest';
import { l2Normalise, poolHiddenStates, splitSentenceEmbeddings } from '../../../src/core/embed/pooling.ts';

// Two rows, three positions, dimension 2; row 1's last position is padding and must not count.
const hidden = Float32Array.from([
  3, 4, /**/ 1, 0, /**/ 0, 1, // row 0
  0, 2, /**/ 6, 6, /**/ 100, -100, // row 1 (position 2 is padding)
]);
const dims = [2, 3, 2];
const mask = BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]);

describe('poolHiddenStates', () => {
  it('CLS takes position 0 and normalises it', () => {
    const [a, b] = poolHiddenStates(hidden, dims, mask, 'cls');
    expect(Array.from(a!)).toEqual([expect.closeTo(0.6, 7), expect.closeTo(0.8, 7)]);
    expect(Array.from(b!)).toEqual([0, 1]);
  });

  it('mean averages only unmasked positions, then normalises', () => {
    const [a, b] = poolHiddenStates(hidden, dims, mask, 'mean');
    // row 0: mean (4/3, 5/3) → direction (4, 5)/√41; row 1: mean (3, 4) → (0.6, 0.8)
    expect(a![0]).toBeCloseTo(4 / Math.sqrt(41), 6);
    expect(a![1]).toBeCloseTo(5 / Math.sqrt(41), 6);
    expect(b![0]).toBeCloseTo(0.6, 6);
    expect(b![1]).toBeCloseTo(0.8, 6);
  });

  it('accepts a numeric mask too', () => {
    const viaNumbers = poolHiddenStates(hidden, dims, [1, 1, 1, 1, 1, 0], 'mean');
    expect(viaNumbers).toEqual(poolHiddenStates(hidden, dims, mask, 'mean'));
  });

  it('rejects shapes that do not match the data', () => {
    expect(() => poolHiddenStates(hidden, [2, 3], mask, 'cls')).toThrow(/batch, seq, dim/);
    expect(() => poolHiddenStates(hidden, [2, 2, 2], mask, 'cls')).toThrow(/12 values/);
    expect(() => poolHiddenStates(hidden, dims, [1, 1], 'mean')).toThrow(/attention mask/);
  });
});

describe('l2Normalise', () => {
  it('scales to unit length in place', () => {
    const v = Float32Array.from([1, 2, 2]);
    expect(l2Normalise(v)).toBe(v);
    expect(Array.from(v).map((x) => x * 3)).toEqual([expect.closeTo(1, 6), expect.closeTo(2, 6), expect.closeTo(2, 6)]);
  });

  it('leaves a zero vector at zero instead of NaN', () => {
    expect(Array.from(l2Normalise(new Float32Array(3)))).toEqual([0, 0, 0]);
  });
});

describe('splitSentenceEmbeddings', () => {
  it('splits [batch, dim] into normalised rows', () => {
    const rows = splitSentenceEmbeddings(Float32Array.from([0, 5, 3, 4]), [2, 2]);
    expect(Array.from(rows[0]!)).toEqual([0, 1]);
    expect(rows[1]![0]).toBeCloseTo(0.6, 6);
  });

  it('copies each row: the tensor data is left as it was, and float64 or plain arrays round to float32 alike', () => {
    const data = Float32Array.from([0, 5, 3, 4]);
    splitSentenceEmbeddings(data, [2, 2]);
    expect(Array.from(data)).toEqual([0, 5, 3, 4]);
    const wide = [0.1, 0.2, 0.3, 0.4];
    const fromTyped = splitSentenceEmbeddings(Float64Array.from(wide), [2, 2]);
    const fromArray = splitSentenceEmbeddings(wide, [2, 2]);
    const expected = splitSentenceEmbeddings(Float32Array.from(wide), [2, 2]);
    expect(fromTyped).toEqual(expected);
    expect(fromArray).toEqual(expected);
  });

  it('rejects other ranks', () => {
    expect(() => splitSentenceEmbeddings(new Float32Array(4), [1, 2, 2])).toThrow(/\[batch, dim\]/);
  });
});
