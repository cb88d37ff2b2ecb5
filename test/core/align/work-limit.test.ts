import { afterEach, describe, expect, it } from 'vitest';
import { align, AlignmentTooLongError, DEFAULT_MAX_ALIGN_CELLS, setMaxAlignCells } from '../../../src/core/align/index.ts';

// Deterministic "unrelated" texts over 300 common CJK code points (no shared diagonal runs to stop the search).
function text(n: number, seed: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out += String.fromCodePoint(0x4e00 + (x % 300));
  }
  return out;
}

describe('the transposition search counts against the alignment limit', () => {
  afterEach(() => {
    setMaxAlignCells(DEFAULT_MAX_ALIGN_CELLS);
  });

  it('refuses unrelated texts whose table fits but whose transposition walks do not, naming the search', () => {
    setMaxAlignCells(20_000); // 121 × 121 = 14,641 cells fit; 4 steps a cell (80,000) do not
    let error: unknown;
    try {
      align(text(120, 1), text(120, 2));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AlignmentTooLongError);
    expect((error as AlignmentTooLongError).steps).toBeGreaterThan(80_000);
    expect((error as Error).message).toMatch(/transposition search passed \d+ steps.*--max-align-cells/);
  });

  it('still aligns near-identical texts of the same length under the same limit', () => {
    setMaxAlignCells(20_000);
    const source = text(120, 1);
    const target = source.slice(0, 60) + '错' + source.slice(61);
    const ops = align(source, target);
    expect(ops.filter((op) => op.kind !== 'M')).toHaveLength(1);
  });
});
