import { describe, expect, it } from 'vitest';
import { randomizationTest } from '../../../src/core/compare/randomization.ts';
import { prfTable, prfValues } from './helpers.ts';

// Six sentences, per sentence [tp, pred, gold]. A is the better system on most sentences.
const ROWS_A: [number, number, number][] = [
  [1, 1, 1],
  [2, 2, 2],
  [1, 1, 1],
  [1, 2, 1],
  [0, 1, 1],
  [1, 1, 2],
];
const ROWS_B: [number, number, number][] = [
  [0, 1, 1],
  [1, 2, 2],
  [0, 0, 1],
  [1, 1, 1],
  [0, 0, 1],
  [0, 2, 2],
];

const sum = (rows: [number, number, number][]) => rows.reduce((s, r) => [s[0] + r[0], s[1] + r[1], s[2] + r[2]], [0, 0, 0]);
const f1Of = (rows: [number, number, number][]) => {
  const [tp, pred, gold] = sum(rows);
  return prfValues(tp, pred, gold).f1!;
};

/** The exact permutation p, by listing all 2⁶ ways to swap sentences between the systems (independent of the engine). */
function exactP(): { p: number; observed: number } {
  const observed = f1Of(ROWS_A) - f1Of(ROWS_B);
  let extreme = 0;
  for (let mask = 0; mask < 64; mask++) {
    const a = ROWS_A.map((r, i) => ((mask >> i) & 1 ? ROWS_B[i]! : r));
    const b = ROWS_B.map((r, i) => ((mask >> i) & 1 ? ROWS_A[i]! : r));
    if (Math.abs(f1Of(a) - f1Of(b)) >= Math.abs(observed) - 1e-12) extreme++;
  }
  return { p: extreme / 64, observed };
}

describe('approximate randomization', () => {
  const job = { a: prfTable(ROWS_A), b: prfTable(ROWS_B), paths: [['f1']] };
  const exact = exactP();

  it('the designed case is not trivial', () => {
    // A: tp 6, pred 8, gold 8 → F1 0.75; B: tp 2, pred 6, gold 8 → P 0.3333, R 0.25, F1 0.2857.
    expect(exact.observed).toBeCloseTo(0.75 - 0.2857, 12);
    expect(exact.p).toBeGreaterThan(0.02);
    expect(exact.p).toBeLessThan(0.5);
  });

  it('enumerating all 2ⁿ swaps gives the exact permutation p', () => {
    const r = randomizationTest([job], { samples: 1, seed: 0, exact: true });
    expect(r.samples).toBe(64);
    expect(r.p[0]![0]).toBe(exact.p);
  });

  it('sampling converges to it (with the +1 correction)', () => {
    const samples = 20000;
    const r = randomizationTest([job], { samples, seed: 11 });
    const p = r.p[0]![0]!;
    const se = Math.sqrt((exact.p * (1 - exact.p)) / samples);
    expect(Math.abs(p - exact.p)).toBeLessThan(4 * se + 1 / (samples + 1));
  });

  it('identical systems: every swap is a no-op, p = 1', () => {
    const same = { a: prfTable(ROWS_A), b: prfTable(ROWS_A), paths: [['f1'], ['p']] };
    expect(randomizationTest([same], { samples: 100, seed: 1 }).p).toEqual([[1, 1]]);
    expect(randomizationTest([same], { samples: 1, seed: 1, exact: true }).p).toEqual([[1, 1]]);
  });

  it('the +1 correction: never 0 when sampled', () => {
    // Every sentence: A perfect, B wrong on the same counts; half the swaps still make |δ| smaller, but p > 0 always.
    const r = randomizationTest([job], { samples: 5, seed: 2 });
    expect(r.p[0]![0]!).toBeGreaterThanOrEqual(1 / 6);
  });

  it('refuses exact enumeration beyond 24 sentences', () => {
    const big = prfTable(Array.from({ length: 25 }, () => [1, 1, 1] as [number, number, number]));
    expect(() => randomizationTest([{ a: big, b: big, paths: [['f1']] }], { samples: 1, seed: 0, exact: true })).toThrow(/n ≤ 24/);
  });
});
