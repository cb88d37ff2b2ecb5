/**
 * Character alignment: the cheapest op sequence from source to target (see table.ts for costs).
 * Memory stays linear in the text length for near-identical texts: the common suffix is matched without a
 * table (equal characters always match, and no cell before the suffix depends on it, so the backtrace from
 * the end walks it diagonally and then continues as on the shorter pair), and the rest is filled in a band of
 * diagonals that doubles until every cell the backtrace visits is provably the full table's (table.ts).
 * The common prefix is NOT stripped: a backtrace can slide a deletion back into it (aab → ab deletes the first a).
 */
import { chars } from '../text.ts';
import { AlignmentTooLongError, firstHalfWidth, maxAlignCells } from './limits.ts';
import { symbolIds } from './symbols.ts';
import { bandOf, fillTable, OP_D, OP_I, OP_M, OP_S, OP_T, releaseTable, TAINT, type AlignTable } from './table.ts';
import { cilinSymbols } from './cilin-symbols.ts';
import type { AlignOp, AlignOpKind, AlignOptions } from './types.ts';

/** ChERRANT enumerates every cheapest alignment only when the lengths differ by at most this. */
const ALL_PATHS_MAX_LENGTH_GAP = 10;
/** Tables up to fullTableCells cells are filled whole; larger ones start with a band of half-width firstBand. */
export const bandTuning = { fullTableCells: 1 << 16, firstBand: 8 };

/** A visited cell of a banded table might not be the full table's: widen the band. */
class Tainted extends Error {}

function mask(table: AlignTable, i: number, j: number): number {
  const x = table.ops[i * table.rowStride + j + table.offset]!;
  if (x & TAINT) throw new Tainted();
  return x;
}

/** Ops stored in a cell, in backtrace preference order. */
function cellOps(table: AlignTable, i: number, j: number): AlignOpKind[] {
  if (i === 0) return ['I'];
  if (j === 0) return ['D'];
  const x = mask(table, i, j);
  if (x & OP_M) return ['M'];
  const out: AlignOpKind[] = [];
  if (x & OP_T) out.push('T');
  if (x & OP_S) out.push('S');
  if (x & OP_I) out.push('I');
  if (x & OP_D) out.push('D');
  return out;
}

/** The op ending at cell (i, j). */
function stepBack(table: AlignTable, kind: AlignOpKind, i: number, j: number): AlignOp {
  switch (kind) {
    case 'M':
    case 'S':
      return { kind, srcStart: i - 1, srcEnd: i, tgtStart: j - 1, tgtEnd: j };
    case 'I':
      return { kind, srcStart: i, srcEnd: i, tgtStart: j - 1, tgtEnd: j };
    case 'D':
      return { kind, srcStart: i - 1, srcEnd: i, tgtStart: j, tgtEnd: j };
    case 'T': {
      const w = table.windows.get(i * table.rowStride + j + table.offset)!;
      return { kind, srcStart: i - w, srcEnd: i, tgtStart: j - w, tgtEnd: j };
    }
  }
}

/** The first op kind of a cell without building a list (the hot path of firstPath). */
function firstKind(table: AlignTable, i: number, j: number): AlignOpKind {
  if (i === 0) return 'I';
  if (j === 0) return 'D';
  const x = mask(table, i, j);
  return x & OP_M ? 'M' : x & OP_T ? 'T' : x & OP_S ? 'S' : x & OP_I ? 'I' : 'D';
}

/** The first cheapest path: from the end, prefer T, then S, then I, then D (ChERRANT's first alignment). */
function firstPath(table: AlignTable): AlignOp[] {
  const out: AlignOp[] = [];
  let i = table.n;
  let j = table.m;
  while (i + j > 0) {
    const op = stepBack(table, firstKind(table, i, j), i, j);
    out.push(op);
    i = op.srcStart;
    j = op.tgtStart;
  }
  return out.reverse();
}

/**
 * Every cheapest path in ChERRANT's depth-first order, at most `limit`, each handed to `visit` as found.
 * `delivered` counts the paths already handed over by an earlier, narrower band (the order is the same).
 */
function allPaths(table: AlignTable, limit: number, visit: (path: AlignOp[]) => void, delivered: { count: number }): void {
  let found = 0;
  const emit = (path: AlignOp[]) => {
    if (found++ < delivered.count) return;
    delivered.count++;
    visit(path);
  };
  if (table.n + table.m === 0) return emit([]);
  // Iterative depth-first search (long sentences would overflow a recursive one). A frame is kept only where a
  // cell offers several ops; runs of single-op cells (nearly all of a long row) are followed without one.
  const path: AlignOp[] = [];
  const frames: { kinds: AlignOpKind[]; next: number; i: number; j: number; depth: number }[] = [];
  /** Follow the path from cell (i, j) until the origin (a path found) or a cell with a choice (a new frame). */
  const descend = (i: number, j: number): void => {
    for (;;) {
      if (i + j === 0) {
        emit(path.slice().reverse());
        return;
      }
      const kinds = cellOps(table, i, j);
      if (kinds.length > 1) {
        frames.push({ kinds, next: 0, i, j, depth: path.length });
        return;
      }
      const op = stepBack(table, kinds[0]!, i, j);
      path.push(op);
      i = op.srcStart;
      j = op.tgtStart;
    }
  };
  descend(table.n, table.m);
  while (frames.length > 0 && found < limit) {
    const frame = frames[frames.length - 1]!;
    if (frame.next >= frame.kinds.length) {
      frames.pop();
      continue;
    }
    path.length = frame.depth;
    const op = stepBack(table, frame.kinds[frame.next++]!, frame.i, frame.j);
    path.push(op);
    descend(op.srcStart, op.tgtStart);
  }
}

/** Length of the common suffix of two id arrays. */
function commonSuffix(s: Int32Array, t: Int32Array): number {
  let q = 0;
  while (q < s.length && q < t.length && s[s.length - 1 - q] === t[t.length - 1 - q]) q++;
  return q;
}

/** Fill and walk the table of s → t, widening the band until the walk visits clean cells only. */
function walkTable<T>(s: Int32Array, t: Int32Array, q: number, options: AlignOptions, walk: (table: AlignTable) => T): T {
  // After symbolIds, so every id of s and t has its class.
  const cilin = options.cilin ? cilinSymbols(options.cilin) : undefined;
  const n = s.length;
  const m = t.length;
  let w = (n + 1) * (m + 1) <= bandTuning.fullTableCells ? Infinity : firstHalfWidth(s, t, bandTuning.firstBand);
  for (;;) {
    const band = bandOf(n, m, w);
    if (band.cells > maxAlignCells()) throw new AlignmentTooLongError(n + q, m + q, band.cells, maxAlignCells());
    const table = fillTable(s, t, band, cilin);
    try {
      return walk(table);
    } catch (e) {
      if (!(e instanceof Tainted)) throw e;
    } finally {
      releaseTable(table);
    }
    w *= 2;
  }
}

/** The suffix's matches, appended to a path of the pair without it. */
function withSuffix(path: AlignOp[], n: number, m: number, q: number): AlignOp[] {
  for (let k = 0; k < q; k++) path.push({ kind: 'M', srcStart: n + k, srcEnd: n + k + 1, tgtStart: m + k, tgtEnd: m + k + 1 });
  return path;
}

function alignIds(s: Int32Array, t: Int32Array, options: AlignOptions): AlignOp[] {
  const q = commonSuffix(s, t);
  const n = s.length - q;
  const m = t.length - q;
  return withSuffix(walkTable(s.subarray(0, n), t.subarray(0, m), q, options, firstPath), n, m, q);
}

/** Align two code point sequences. */
export function alignChars(src: readonly string[], tgt: readonly string[], options: AlignOptions = {}): AlignOp[] {
  return alignIds(symbolIds(src), symbolIds(tgt), options);
}

/** The cheapest alignment of source to target, in code points, deterministic. */
export function align(source: string, target: string, options: AlignOptions = {}): AlignOp[] {
  return alignChars(chars(source), chars(target), options);
}

/**
 * Every cheapest alignment, in ChERRANT's depth-first order (the first equals alignChars'), at most
 * `limit` of them, each handed to `visit` in turn (so a long row's alignments need not all be held at once).
 * Like ChERRANT, only the first when the lengths differ by more than 10.
 */
export function forEachAlignment(
  src: readonly string[],
  tgt: readonly string[],
  limit: number,
  visit: (ops: AlignOp[]) => void,
  options: AlignOptions = {},
): void {
  const s = symbolIds(src);
  const t = symbolIds(tgt);
  const q = commonSuffix(s, t);
  const n = s.length - q;
  const m = t.length - q;
  const withEnd = (p: AlignOp[]) => visit(withSuffix(p, n, m, q));
  if (Math.abs(src.length - tgt.length) > ALL_PATHS_MAX_LENGTH_GAP) {
    withEnd(walkTable(s.subarray(0, n), t.subarray(0, m), q, options, firstPath));
    return;
  }
  const delivered = { count: 0 };
  walkTable(s.subarray(0, n), t.subarray(0, m), q, options, (table) => allPaths(table, limit, withEnd, delivered));
}

/** Every cheapest alignment (see forEachAlignment), as a list. */
export function alignAllChars(src: readonly string[], tgt: readonly string[], limit = 1000, options: AlignOptions = {}): AlignOp[][] {
  const paths: AlignOp[][] = [];
  forEachAlignment(src, tgt, limit, (p) => paths.push(p), options);
  return paths;
}
