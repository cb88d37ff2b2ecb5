/**
 * The alignment DP table, ChERRANT-style (its Alignment.align at char level), over code points.
 * cost[i][j] = cheapest way to turn src[0..i) into tgt[0..j):
 *   equal characters   cost[i-1][j-1]                 (match only; no other op is considered)
 *   otherwise the min of, in this order:
 *     T  cost[i-k-1][j-k-1] + k  when src[i-k-1..i) and tgt[j-k-1..j) hold the same multiset of
 *        characters; k grows from 1 while the diagonal cost keeps changing, first hit wins
 *     S  cost[i-1][j-1] + substitutionCost
 *     I  cost[i][j-1] + 1
 *     D  cost[i-1][j] + 1
 * Every op whose cost equals the minimum (exact double equality) is kept in the cell's mask;
 * backtraces try them in the order T, S, I, D.
 */
import { DELETE_COST, INSERT_COST, substitutionCost } from './cost.ts';

export const OP_M = 1;
export const OP_T = 2;
export const OP_S = 4;
export const OP_I = 8;
export const OP_D = 16;

export interface AlignTable {
  n: number;
  m: number;
  /** Row width (m + 1). */
  width: number;
  cost: Float64Array;
  /** Bitmask of the cheapest ops per cell. */
  ops: Uint8Array;
  /** Transposition window length per cell (0 when no T). */
  window: Int32Array;
}

export function fillTable(src: readonly string[], tgt: readonly string[]): AlignTable {
  const n = src.length;
  const m = tgt.length;
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width);
  const ops = new Uint8Array((n + 1) * width);
  const window = new Int32Array((n + 1) * width);
  for (let i = 1; i <= n; i++) {
    cost[i * width] = i * DELETE_COST;
    ops[i * width] = OP_D;
  }
  for (let j = 1; j <= m; j++) {
    cost[j] = j * INSERT_COST;
    ops[j] = OP_I;
  }

  // Small integer ids per distinct character: cheap equality, and multiset counting for T.
  const ids = new Map<string, number>();
  const idOf = (ch: string): number => {
    let id = ids.get(ch);
    if (id === undefined) ids.set(ch, (id = ids.size));
    return id;
  };
  const s = Int32Array.from(src, idOf);
  const t = Int32Array.from(tgt, idOf);
  const symbols = Array.from(ids.keys());
  const nsym = symbols.length;
  // Per-pair cost cache, skipped for texts with very many distinct characters (memory grows as nsym²).
  const subCache = nsym <= 1024 ? new Float64Array(nsym * nsym).fill(-1) : null;
  const diff = new Int32Array(nsym);
  let nonzero = 0;
  const bump = (id: number, d: number): void => {
    const before = diff[id]!;
    const after = before + d;
    diff[id] = after;
    if (before === 0) nonzero++;
    else if (after === 0) nonzero--;
  };

  for (let i = 0; i < n; i++) {
    const si = s[i]!;
    for (let j = 0; j < m; j++) {
      const cell = (i + 1) * width + j + 1;
      const diag = i * width + j;
      const tj = t[j]!;
      if (si === tj) {
        cost[cell] = cost[diag]!;
        ops[cell] = OP_M;
        continue;
      }
      const del = cost[i * width + j + 1]! + DELETE_COST;
      const ins = cost[cell - 1]! + INSERT_COST;
      let sc = subCache ? subCache[si * nsym + tj]! : -1;
      if (sc < 0) {
        sc = substitutionCost(symbols[si]!, symbols[tj]!);
        if (subCache) subCache[si * nsym + tj] = sc;
      }
      const sub = cost[diag]! + sc;

      let trans = Infinity;
      let win = 0;
      let added = -1;
      for (let k = 1; i - k >= 0 && j - k >= 0; k++) {
        if (cost[(i - k + 1) * width + j - k + 1] === cost[(i - k) * width + j - k]) break;
        if (added < 0) {
          bump(si, 1);
          bump(tj, -1);
          added = 0;
        }
        bump(s[i - k]!, 1);
        bump(t[j - k]!, -1);
        added = k;
        if (nonzero === 0) {
          trans = cost[(i - k) * width + j - k]! + k;
          win = k + 1;
          break;
        }
      }
      for (let k = 0; k <= added; k++) {
        diff[s[i - k]!] = 0;
        diff[t[j - k]!] = 0;
      }
      nonzero = 0;

      const best = Math.min(trans, sub, ins, del);
      cost[cell] = best;
      let mask = 0;
      if (trans === best) {
        mask |= OP_T;
        window[cell] = win;
      }
      if (sub === best) mask |= OP_S;
      if (ins === best) mask |= OP_I;
      if (del === best) mask |= OP_D;
      ops[cell] = mask;
    }
  }
  return { n, m, width, cost, ops, window };
}
