/**
 * simple-csc's unit-cost alignment (ERRANT-style table with Levenshtein costs): at each mismatched cell the first
 * cheapest of substitution, insertion, deletion; equal characters always match; backtracked from the
 * bottom-right. Same edits as the full table, in linear memory for near-identical texts:
 * - the common suffix is matched without a table (the backtrace walks it diagonally; no earlier cell reads it);
 * - the rest is filled in a band of diagonals that doubles until the band's cost B is below the cheapest
 *   path that leaves it (|d| + |m - n - d| for the first diagonal d outside, one indel per diagonal step).
 *   Then every cheapest path lies in the band, the backtrace visits only cells on such paths, and each of
 *   those cells has the full table's value and tied minima, so the same op (the table is a plain shortest-path
 *   DP: a match is always a cheapest step under unit costs).
 * Only the op per cell is stored (1 byte); costs roll over two rows. Characters compare as integers.
 */
import { AlignmentTooLongError, firstHalfWidth, maxAlignCells } from './limits.ts';

/** One non-match operation: source span [srcStart, srcEnd) becomes `text` (one char, or '' for D). */
export interface UnitCostEdit {
  op: 'S' | 'I' | 'D';
  srcStart: number;
  srcEnd: number;
  text: string;
}

const M = 0;
const S = 1;
const I = 2;
const D = 3;

/** Tables up to fullTableCells cells are filled whole; larger ones start with a band of half-width firstBand. */
export const unitBandTuning = { fullTableCells: 1 << 18, firstBand: 8 };
const RETAINED_CELLS = 1 << 22;
let opBuf = new Uint8Array(0);

/** Integer per token: its code point when it is one, else an id above the code point range. */
const otherTokens = new Map<string, number>();
function codes(tokens: readonly string[]): Int32Array {
  const out = new Int32Array(tokens.length);
  for (let k = 0; k < tokens.length; k++) {
    const x = tokens[k]!;
    const c = x.codePointAt(0);
    if (c !== undefined && x.length === (c > 0xffff ? 2 : 1)) out[k] = c;
    else {
      let id = otherTokens.get(x);
      if (id === undefined) otherTokens.set(x, (id = 0x110000 + otherTokens.size));
      out[k] = id;
    }
  }
  return out;
}

interface Filled {
  ops: Uint8Array;
  rowStride: number;
  offset: number;
  cost: number;
}

/** Fill diagonals [lo, hi] of a → b (the whole table when they cover it). */
function fill(a: Int32Array, b: Int32Array, lo: number, hi: number, width: number, banded: boolean): Filled {
  const o = a.length;
  const c = b.length;
  const rowStride = banded ? width - 1 : width;
  const offset = banded ? -lo : 0;
  const cells = (o + 1) * width;
  if (opBuf.length < cells) opBuf = new Uint8Array(cells);
  const op = opBuf;
  // Costs by column, previous and current row; cells outside the band read as unreachable.
  let prev = new Int32Array(c + 2).fill(0x3fffffff);
  let cur = new Int32Array(c + 2).fill(0x3fffffff);
  for (let j = 0; j <= Math.min(c, hi); j++) {
    cur[j] = j;
    op[j + offset] = I;
  }
  for (let i = 1; i <= o; i++) {
    [prev, cur] = [cur, prev];
    const jlo = Math.max(0, i + lo);
    const jhi = Math.min(c, i + hi);
    // The cell left of this row's band: never read as reachable.
    if (jlo > 0) cur[jlo - 1] = 0x3fffffff;
    const base = i * rowStride + offset;
    let j = jlo;
    if (j === 0) {
      cur[0] = i;
      op[base] = D;
      j = 1;
    }
    const ai = a[i - 1]!;
    for (; j <= jhi; j++) {
      if (ai === b[j - 1]) {
        cur[j] = prev[j - 1]!;
        op[base + j] = M;
        continue;
      }
      const sub = prev[j - 1]! + 1;
      const ins = cur[j - 1]! + 1;
      // The cell above is outside the band on its upper edge.
      const del = j - i + 1 <= hi ? prev[j]! + 1 : 0x3fffffff;
      // First of the tied minima in the script's order: substitution, insertion, deletion.
      if (sub <= ins && sub <= del) {
        cur[j] = sub;
        op[base + j] = S;
      } else if (ins <= del) {
        cur[j] = ins;
        op[base + j] = I;
      } else {
        cur[j] = del;
        op[base + j] = D;
      }
    }
  }
  return { ops: op, rowStride, offset, cost: cur[c]! };
}

/** The cheapest cost of any path through a diagonal outside [lo, hi] (Infinity when none exists). */
function outsideCost(o: number, c: number, lo: number, hi: number): number {
  const d = c - o;
  let best = Infinity;
  if (lo > -o) best = Math.min(best, Math.abs(lo - 1) + Math.abs(d - (lo - 1)));
  if (hi < c) best = Math.min(best, Math.abs(hi + 1) + Math.abs(d - (hi + 1)));
  return best;
}

/** The table of a → b, banded as narrowly as provably gives the full table's backtrace. */
function table(a: Int32Array, b: Int32Array, q: number): Filled {
  const o = a.length;
  const c = b.length;
  const d = c - o;
  let w = (o + 1) * (c + 1) <= unitBandTuning.fullTableCells ? Infinity : firstHalfWidth(a, b, unitBandTuning.firstBand);
  for (;;) {
    const lo = Math.max(-o, Math.min(0, d) - w);
    const hi = Math.min(c, Math.max(0, d) + w);
    const banded = lo > -o || hi < c;
    const width = banded ? hi - lo + 1 : c + 1;
    const cells = (o + 1) * width;
    if (cells > maxAlignCells()) throw new AlignmentTooLongError(o + q, c + q, cells, maxAlignCells());
    const filled = fill(a, b, lo, hi, width, banded);
    if (!banded || filled.cost < outsideCost(o, c, lo, hi)) return filled;
    w *= 2;
  }
}

/** The non-match operations turning orig into cor, left to right (simple-csc's levenshtein alignment). */
export function unitCostEdits(orig: readonly string[], cor: readonly string[]): UnitCostEdit[] {
  return editsOf(codes(orig), codes(cor), (j) => cor[j]!);
}

/** unitCostEdits of two texts' code points (see codePoints): the same edits, with no string per character. */
export function unitCostCodeEdits(orig: Int32Array, cor: Int32Array): UnitCostEdit[] {
  return editsOf(orig, cor, (j) => String.fromCodePoint(cor[j]!));
}

function editsOf(a: Int32Array, b: Int32Array, corText: (j: number) => string): UnitCostEdit[] {
  let q = 0;
  while (q < a.length && q < b.length && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  const o = a.length - q;
  const c = b.length - q;
  const edits: UnitCostEdit[] = [];
  if (o + c > 0) {
    const { ops, rowStride, offset } = table(a.subarray(0, o), b.subarray(0, c), q);
    let i = o;
    let j = c;
    while (i + j !== 0) {
      const x = i === 0 ? I : j === 0 ? D : ops[i * rowStride + j + offset]!;
      if (x === M || x === S) {
        if (x === S) edits.push({ op: 'S', srcStart: i - 1, srcEnd: i, text: corText(j - 1) });
        i--;
        j--;
      } else if (x === D) {
        edits.push({ op: 'D', srcStart: i - 1, srcEnd: i, text: '' });
        i--;
      } else {
        edits.push({ op: 'I', srcStart: i, srcEnd: i, text: corText(j - 1) });
        j--;
      }
    }
    if (opBuf.length > RETAINED_CELLS) opBuf = new Uint8Array(0);
  }
  return edits.reverse();
}
