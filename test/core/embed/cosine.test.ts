import { describe, expect, it } from 'vitest';
import { cosine } from '../../../src/core/embed/cosine.ts';

describe('cosine', () => {
  it('is 1 for parallel, 0 for orthogonal, -1 for opposite vectors', () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [0, 5])).toBe(0);
    expect(cosine([1, 1], [-3, -3])).toBeCloseTo(-1, 12);
  });

  it('does not depend on length', () => {
    expect(cosine([1, 0, 0, 0], [1, 1, 1, 1])).toBe(0.5);
    expect(cosine([7, 0, 0, 0], [0.25, 0.25, 0.25, 0.25])).toBe(0.5);
  });

  it('never leaves [-1, 1]', () => {
    const v = Float32Array.from([0.1, 0.7, 0.3]);
    const c = cosine(v, v);
    expect(c).toBeLessThanOrEqual(1);
    expect(c).toBeCloseTo(1, 7);
  });

  it('is 0 against a zero vector', () => {
    expect(cosine([0, 0], [1, 2])).toBe(0);
  });

  it('refuses different dimensions', () => {
    expect(() => cosine([1], [1, 2])).toThrow(/dimension 1 and 2/);
  });
});
