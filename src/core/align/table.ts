/**
 * The alignment DP table, ChERRANT-style (its Alignment.align at char level), over symbol ids (symbols.ts).
 * cost[i][j] = cheapest way to turn src[0..i) into tgt[0..j):
 *   equal characters   cost[i-1][j-1]                 (match only; no other op is considered)
 *   otherwise the min of, in this order:
 *     T  cost[i-k-1][j-k-1] + k  when src[i-k-1..i) and tgt[j-k-1..j) hold the same multiset of
 *        characters; k grows from 1 while the diagonal cost keeps changing, first hit wins (the search stops
 *        once k alone exceeds the other ops' minimum: no later hit could be among the cheapest)
 *     S  cost[i-1][j-1] + substitutionCost (with Cilin's semantic term when one is given)
 *     I  cost[i][j-1] + 1
 *     D  cost[i-1][j] + 1
 * Every op whose cost equals the minimum (exact double equality) is kept in the cell's mask;
 * backtraces try them in the order T, S, I, D.
 *
 * Banded tables keep only the diagonals d = j - i in [lo, hi]. A cell outside them is unknown, so each band
 * cell also says whether its value or mask might differ from the full table's (TAINT): a cell is clean when
 * every candidate read from a tainted or missing cell provably loses, in the band and in the full table alike
 * (a full-table value is at least its lower bound: |d| outside the band, by induction otherwise; a
 * transposition reached only past a tainted read at step k costs at least k, and at least the bound of its
 * start cell plus its length). A backtrace that
 * visits clean cells only is therefore the full table's; aligner.ts widens the band until it does.
 */
import { DELETE_COST, INSERT_COST } from './cost.ts';
import type { CilinSymbols } from './cilin-symbols.ts';
import { substitutionCostById, symbolCount } from './symbols.ts';
import { AlignmentTooLongError, maxAlignCells } from './limits.ts';

export const OP_M = 1;
export const OP_T = 2;
export const OP_S = 4;
export const OP_I = 8;
export const OP_D = 16;
/** The cell's value or ops may differ from the full table's (banded tables only). */
export const TAINT = 32;

export interface AlignTable {
  n: number;
  m: number;
  /** Cell (i, j) sits at i * rowStride + j + offset, for lo <= j - i <= hi. */
  rowStride: number;
  offset: number;
  lo: number;
  hi: number;
  /** False when the band covers the whole table (no cell is tainted). */
  banded: boolean;
  cost: Float64Array;
  /** Bitmask of the cheapest ops per cell, plus TAINT. */
  ops: Uint8Array;
  /** Transposition window length of the cells whose mask holds T. */
  windows: Map<number, number>;
}

export interface Band {
  lo: number;
  hi: number;
  banded: boolean;
  /** Cells per row. */
  width: number;
  cells: number;
}

/** The band of half-width `w` around the diagonals 0 and m - n (Infinity: the whole table). */
export function bandOf(n: number, m: number, w: number): Band {
  const lo = Math.max(-n, Math.min(0, m - n) - w);
  const hi = Math.min(m, Math.max(0, m - n) + w);
  const banded = lo > -n || hi < m;
  const width = banded ? hi - lo + 1 : m + 1;
  return { lo, hi, banded, width, cells: (n + 1) * width };
}

/** Transposition-search steps allowed per table cell of the limit (see fillTable). */
const TRANSPOSITION_STEPS_PER_CELL = 4;

/** Tables up to this many cells stay allocated for the next row; larger ones are dropped after use. */
const RETAINED_CELLS = 1 << 20;
let costBuf = new Float64Array(0);
let opsBuf = new Uint8Array(0);
let diffBuf = new Int32Array(0);

/** Let go of a table too large to keep between rows. */
export function releaseTable(table: AlignTable): void {
  if (table.cost.length > RETAINED_CELLS) {
    costBuf = new Float64Array(0);
    opsBuf = new Uint8Array(0);
  }
}

/**
 * Fill the table of s → t (symbol ids) inside `band`, substitutions costed with `cilin`'s semantic term when
 * given (up to date with the ids of s and t). The arrays are shared: the table is valid until the next call
 * (read it, then call releaseTable).
 */
export function fillTable(s: Int32Array, t: Int32Array, band: Band, cilin?: CilinSymbols): AlignTable {
  const n = s.length;
  const m = t.length;
  const { lo, hi, banded, width } = band;
  const rowStride = banded ? width - 1 : width;
  const offset = banded ? -lo : 0;
  if (costBuf.length < band.cells) {
    costBuf = new Float64Array(band.cells);
    opsBuf = new Uint8Array(band.cells);
  }
  const cost = costBuf;
  const ops = opsBuf;
  const windows = new Map<number, number>();
  if (diffBuf.length < symbolCount()) diffBuf = new Int32Array(Math.max(symbolCount(), diffBuf.length * 2));
  const diff = diffBuf;
  // Lower bounds of the full table's values, previous and current row, by position j - i - lo (banded only).
  let lbPrev = new Float64Array(banded ? width : 0);
  let lbCur = new Float64Array(banded ? width : 0);
  // Per diagonal, min over the cells folded so far of (lower bound - row): a transposition ending at row i
  // from a cell r rows up costs at least that cell's bound + (i - 1 - r).
  const diagLow = new Float64Array(banded ? width : 0).fill(Infinity);

  const rowEnd0 = Math.min(m, hi);
  for (let j = 0; j <= rowEnd0; j++) {
    cost[j + offset] = j * INSERT_COST;
    ops[j + offset] = j === 0 ? 0 : OP_I;
    if (banded) lbCur[j - lo] = j * INSERT_COST;
  }

  let nonzero = 0;
  const bump = (id: number, d: number): void => {
    const before = diff[id]!;
    const after = before + d;
    diff[id] = after;
    if (before === 0) nonzero++;
    else if (after === 0) nonzero--;
  };
  const diagStep = rowStride + 1;
  // The transposition search walks back along a diagonal until it meets a match: on unrelated texts that walk is
  // long at every cell (cubic time), so its steps count against the same limit as the table's cells.
  const workLimit = maxAlignCells() * TRANSPOSITION_STEPS_PER_CELL;
  let work = 0;

  for (let i = 1; i <= n; i++) {
    if (banded) [lbPrev, lbCur] = [lbCur, lbPrev];
    const si = s[i - 1]!;
    let j = Math.max(0, i + lo);
    const jEnd = Math.min(m, i + hi);
    const rowBase = i * rowStride + offset;
    if (j === 0) {
      cost[rowBase] = i * DELETE_COST;
      ops[rowBase] = OP_D;
      if (banded) lbCur[-i - lo] = i * DELETE_COST;
      j = 1;
    }
    for (; j <= jEnd; j++) {
      const cell = rowBase + j;
      const diag = cell - diagStep;
      const p = j - i - lo;
      const tj = t[j - 1]!;
      let transLow = 0;
      if (banded) {
        transLow = diagLow[p]! + (i - 1);
        diagLow[p] = Math.min(diagLow[p]!, lbPrev[p]! - (i - 1));
      }
      if (si === tj) {
        cost[cell] = cost[diag]!;
        ops[cell] = OP_M | (ops[diag]! & TAINT);
        if (banded) lbCur[p] = lbPrev[p]!;
        continue;
      }
      const hasUp = !banded || j - i + 1 <= hi;
      const hasLeft = !banded || j - i - 1 >= lo;
      const del = hasUp ? cost[cell - rowStride]! + DELETE_COST : Infinity;
      const ins = hasLeft ? cost[cell - 1]! + INSERT_COST : Infinity;
      const sc = cilin ? cilin.substitution(si, tj) : substitutionCostById(si, tj);
      const sub = cost[diag]! + sc;

      let trans = Infinity;
      let win = 0;
      let added = -1;
      let taintedAt = 0;
      // A window of k + 1 characters costs at least k: past the cheapest other op it cannot be among the best.
      const other = Math.min(sub, ins, del);
      let stoppedAt = 0;
      for (let k = 1; k < i && k < j; k++) {
        if (k > other) {
          stoppedAt = k;
          break;
        }
        const a = cell - k * diagStep;
        const b = a - diagStep;
        if (banded && taintedAt === 0 && (ops[a]! | ops[b]!) & TAINT) taintedAt = k;
        if (cost[a] === cost[b]) break;
        if (added < 0) {
          bump(si, 1);
          bump(tj, -1);
          added = 0;
        }
        bump(s[i - 1 - k]!, 1);
        bump(t[j - 1 - k]!, -1);
        added = k;
        if (nonzero === 0) {
          trans = cost[b]! + k;
          win = k + 1;
          break;
        }
      }
      for (let k = 0; k <= added; k++) {
        diff[s[i - 1 - k]!] = 0;
        diff[t[j - 1 - k]!] = 0;
      }
      nonzero = 0;
      work += added + 1;
      if (work > workLimit) throw new AlignmentTooLongError(n, m, band.cells, maxAlignCells(), work);

      const best = Math.min(trans, sub, ins, del);
      cost[cell] = best;
      let mask = 0;
      if (trans === best) {
        mask |= OP_T;
        windows.set(cell, win);
      }
      if (sub === best) mask |= OP_S;
      if (ins === best) mask |= OP_I;
      if (del === best) mask |= OP_D;

      if (banded) {
        // Candidates read from clean cells are the full table's; the others must lose in both tables.
        let bestClean = Infinity;
        let lossLow = Infinity; // lowest the unsure candidates can be, in the band or in the full table
        if (taintedAt > 0) lossLow = Math.min(stoppedAt > 0 ? stoppedAt : trans, Math.max(taintedAt, transLow));
        else if (stoppedAt > 0) lossLow = stoppedAt;
        else bestClean = trans;
        if (!(ops[diag]! & TAINT)) bestClean = Math.min(bestClean, sub);
        else lossLow = Math.min(lossLow, sub, lbPrev[p]! + sc);
        if (hasLeft && !(ops[cell - 1]! & TAINT)) bestClean = Math.min(bestClean, ins);
        else lossLow = Math.min(lossLow, ins, (hasLeft ? lbCur[p - 1]! : Math.abs(j - i - 1)) + INSERT_COST);
        if (hasUp && !(ops[cell - rowStride]! & TAINT)) bestClean = Math.min(bestClean, del);
        else lossLow = Math.min(lossLow, del, (hasUp ? lbPrev[p + 1]! : Math.abs(j - i + 1)) + DELETE_COST);
        if (lossLow <= bestClean) {
          mask |= TAINT;
          lbCur[p] = Math.min(bestClean, lossLow);
        } else lbCur[p] = best;
      }
      ops[cell] = mask;
    }
  }
  return { n, m, rowStride, offset, lo, hi, banded, cost, ops, windows };
}
