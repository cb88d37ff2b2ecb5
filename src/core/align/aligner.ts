/** Character alignment: the cheapest op sequence from source to target (see table.ts for costs). */
import { chars } from '../text.ts';
import { fillTable, OP_D, OP_I, OP_M, OP_S, OP_T, type AlignTable } from './table.ts';
import type { AlignOp, AlignOpKind } from './types.ts';

/** ChERRANT enumerates every cheapest alignment only when the lengths differ by at most this. */
const ALL_PATHS_MAX_LENGTH_GAP = 10;

/** Ops stored in a cell, in backtrace preference order. */
function cellOps(table: AlignTable, i: number, j: number): AlignOpKind[] {
  if (i === 0) return ['I'];
  if (j === 0) return ['D'];
  const mask = table.ops[i * table.width + j]!;
  if (mask & OP_M) return ['M'];
  const out: AlignOpKind[] = [];
  if (mask & OP_T) out.push('T');
  if (mask & OP_S) out.push('S');
  if (mask & OP_I) out.push('I');
  if (mask & OP_D) out.push('D');
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
      const w = table.window[i * table.width + j]!;
      return { kind, srcStart: i - w, srcEnd: i, tgtStart: j - w, tgtEnd: j };
    }
  }
}

/** The first cheapest path: from the end, prefer T, then S, then I, then D (ChERRANT's first alignment). */
function firstPath(table: AlignTable): AlignOp[] {
  const out: AlignOp[] = [];
  let i = table.n;
  let j = table.m;
  while (i + j > 0) {
    const op = stepBack(table, cellOps(table, i, j)[0]!, i, j);
    out.push(op);
    i = op.srcStart;
    j = op.tgtStart;
  }
  return out.reverse();
}

/** Align two code point sequences. */
export function alignChars(src: readonly string[], tgt: readonly string[]): AlignOp[] {
  return firstPath(fillTable(src, tgt));
}

/** The cheapest alignment of source to target, in code points, deterministic. */
export function align(source: string, target: string): AlignOp[] {
  return alignChars(chars(source), chars(target));
}

/**
 * Every cheapest alignment, in ChERRANT's depth-first order (the first equals alignChars'), at most
 * `limit` of them. Like ChERRANT, only the first when the lengths differ by more than 10.
 */
export function alignAllChars(src: readonly string[], tgt: readonly string[], limit = 1000): AlignOp[][] {
  const table = fillTable(src, tgt);
  if (Math.abs(src.length - tgt.length) > ALL_PATHS_MAX_LENGTH_GAP) return [firstPath(table)];
  if (table.n + table.m === 0) return [[]];
  const paths: AlignOp[][] = [];
  // Iterative depth-first search (long sentences would overflow a recursive one).
  const path: AlignOp[] = [];
  const frames: { kinds: AlignOpKind[]; next: number; i: number; j: number }[] = [
    { kinds: cellOps(table, table.n, table.m), next: 0, i: table.n, j: table.m },
  ];
  while (frames.length > 0 && paths.length < limit) {
    const frame = frames[frames.length - 1]!;
    if (frame.next >= frame.kinds.length) {
      frames.pop();
      path.pop();
      continue;
    }
    const op = stepBack(table, frame.kinds[frame.next++]!, frame.i, frame.j);
    path.push(op);
    if (op.srcStart + op.tgtStart === 0) {
      paths.push(path.slice().reverse());
      path.pop();
    } else {
      frames.push({ kinds: cellOps(table, op.srcStart, op.tgtStart), next: 0, i: op.srcStart, j: op.tgtStart });
    }
  }
  return paths;
}
