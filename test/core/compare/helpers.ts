/** Hand-made profile-shaped objects and a scripted generator for the resampling tests. */
import type { Rng } from '../../../src/core/stats/random.ts';
import { countTable, type CountTable } from '../../../src/core/compare/count-table.ts';
import type { Counts } from '../../../src/core/metrics/profile.ts';

/** Replays a fixed list of nextInt answers. */
export function scripted(draws: readonly number[]): Rng {
  let k = 0;
  return {
    nextFloat: () => {
      throw new Error('not used');
    },
    nextInt: (bound: number) => {
      const d = draws[k++];
      if (d === undefined || d >= bound) throw new Error(`script exhausted or out of range at draw ${k}`);
      return d;
    },
  };
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Accuracy of per-sentence 0/1 flags: counts {ok, n}, value {acc, counts: {ok, n}}. */
export function accTable(flags: readonly number[]): CountTable {
  return countTable(
    flags.map((ok) => ({ counts: { ok, n: 1 } })),
    (t: Counts) => ({ acc: t.n! === 0 ? null : t.ok! / t.n!, counts: { ok: t.ok!, n: t.n! } }),
  );
}

/** A detection-style toy: per sentence [tp, pred, gold]; P, R, F1 to 4 decimals, TP printed as a count. */
export function prfValues(tp: number, pred: number, gold: number) {
  const p = pred === 0 ? null : r4(tp / pred);
  const r = gold === 0 ? null : r4(tp / gold);
  const f1 = p === null || r === null ? null : p + r === 0 ? 0 : r4((2 * p * r) / (p + r));
  return { p, r, f1, TP: tp, pair_counts: [tp, pred] };
}

export function prfTable(rows: readonly (readonly [number, number, number])[]): CountTable {
  return countTable(
    rows.map(([tp, pred, gold]) => ({ counts: { tp, pred, gold } })),
    (t: Counts) => prfValues(t.tp ?? 0, t.pred ?? 0, t.gold ?? 0),
  );
}
