/**
 * Turn a char alignment into span edits, following ChERRANT's char-level Merger (merger.py):
 * 1. Split the ops into runs: match runs, single transpositions, and runs of S/I/D.
 *    An S/I/D run becomes one span: all I -> one insertion, all D -> one deletion, any S in it -> one
 *    substitution; a run of only I and D (no S) is NOT merged: each op stays its own edit.
 * 2. Swaps around one match run, scanning left to right (a hit consumes all three spans):
 *    S M S  -> T when the first S's source equals the second's target and vice versa (any side of
 *              one character), or both pairs are within Levenshtein distance 1 (longer sides);
 *    D M I, I M D (the middle may also be a T) -> T when neither the deleted nor the inserted text
 *              is punctuation (a substring of the merger's punctuation string), their lengths differ
 *              by at most 1, and: equal when the shorter is one character, else Levenshtein <= 1 or
 *              (same length) one is a rotation of the other.
 * 3. Drop matches and edits whose two sides are equal, and trim a substitution's common prefix and
 *    suffix (which can turn it into an insertion or a deletion; see trimSubstitution).
 */
import { inCherrantMergerPunct } from './punct.ts';
import { withinOneEdit } from './levenshtein.ts';
import type { AlignOp, AlignOpKind } from './types.ts';

interface Span {
  kind: AlignOpKind;
  srcStart: number;
  srcEnd: number;
  tgtStart: number;
  tgtEnd: number;
}

function span(kind: AlignOpKind, first: Span, last: Span): Span {
  return { kind, srcStart: first.srcStart, srcEnd: last.srcEnd, tgtStart: first.tgtStart, tgtEnd: last.tgtEnd };
}

/** Step 1 for one S/I/D run. */
function mergeRun(run: AlignOp[]): Span[] {
  if (run.length <= 1) return run;
  const kinds = new Set(run.map((op) => op.kind));
  const first = run[0]!;
  const last = run[run.length - 1]!;
  if (kinds.size === 1 && (kinds.has('D') || kinds.has('I'))) return [span(first.kind, first, last)];
  if (!kinds.has('S')) return run;
  return [span('S', first, last)];
}

function groupRuns(ops: readonly AlignOp[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < ops.length) {
    const op = ops[i]!;
    if (op.kind === 'T') {
      out.push(op);
      i++;
      continue;
    }
    const isMatch = op.kind === 'M';
    let j = i + 1;
    while (j < ops.length && ops[j]!.kind !== 'T' && (ops[j]!.kind === 'M') === isMatch) j++;
    const run = ops.slice(i, j);
    out.push(...(isMatch ? [span('M', run[0]!, run[run.length - 1]!)] : mergeRun(run)));
    i = j;
  }
  return out;
}

/** b is a rotation of a (same length checked by the caller). */
function isRotation(a: readonly string[], b: readonly string[]): boolean {
  const aa = a.join('') + a.join('');
  return aa.includes(b.join(''));
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Step 2: S M S. */
function isSwapSMS(src: readonly string[], tgt: readonly string[], e1: Span, e3: Span): boolean {
  const w1 = src.slice(e1.srcStart, e1.srcEnd);
  const w2 = tgt.slice(e1.tgtStart, e1.tgtEnd);
  const w3 = src.slice(e3.srcStart, e3.srcEnd);
  const w4 = tgt.slice(e3.tgtStart, e3.tgtEnd);
  if (Math.min(w1.length, w2.length, w3.length, w4.length) === 1) return same(w1, w4) && same(w2, w3);
  return withinOneEdit(w1, w4) && withinOneEdit(w2, w3);
}

/** Step 2: D M I or I M D (the middle may also be a transposition). */
function isSwapDMI(src: readonly string[], tgt: readonly string[], e1: Span, e3: Span): boolean {
  const [del, ins] = e1.kind === 'D' ? [e1, e3] : [e3, e1];
  let a = src.slice(del.srcStart, del.srcEnd);
  let b = tgt.slice(ins.tgtStart, ins.tgtEnd);
  if (a.length < b.length) [a, b] = [b, a];
  if (inCherrantMergerPunct(a.join('')) || inCherrantMergerPunct(b.join('')) || a.length - b.length > 1) return false;
  if (b.length === 1) return same(a, b);
  return withinOneEdit(a, b) || (a.length === b.length && isRotation(a, b));
}

function detectSwaps(src: readonly string[], tgt: readonly string[], spans: Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < spans.length) {
    const e1 = spans[i]!;
    if (i < spans.length - 2) {
      const e2 = spans[i + 1]!;
      const e3 = spans[i + 2]!;
      const sms = e1.kind === 'S' && e2.kind === 'M' && e3.kind === 'S';
      const dmi =
        (e2.kind === 'M' || e2.kind === 'T') &&
        ((e1.kind === 'D' && e3.kind === 'I') || (e1.kind === 'I' && e3.kind === 'D'));
      if (sms || dmi) {
        if (sms ? isSwapSMS(src, tgt, e1, e3) : isSwapDMI(src, tgt, e1, e3)) {
          out.push(span('T', e1, e3));
          i += 3;
        } else {
          out.push(e1);
          i++;
        }
        continue;
      }
    }
    if (e1.kind !== 'M') out.push(e1);
    i++;
  }
  return out;
}

/** Step 3 for a substitution: ChERRANT's prefix/suffix trim, which checks the suffix against the whole target side. */
function trimSubstitution(src: readonly string[], tgt: readonly string[], e: Span): Span {
  const s = src.slice(e.srcStart, e.srcEnd);
  const t = tgt.slice(e.tgtStart, e.tgtEnd);
  let p = 0;
  while (p < s.length && p < t.length && s[p] === t[p]) p++;
  const srcStart = e.srcStart + p;
  const tgtStart = e.tgtStart + p;
  let q = 0;
  while (q < s.length - p && q < t.length && s[s.length - 1 - q] === t[t.length - 1 - q]) q++;
  // The suffix must fit in what is left of the target side, else ChERRANT keeps the end.
  const fits = q > 0 && q <= e.tgtEnd - tgtStart;
  const srcEnd = fits ? e.srcEnd - q : e.srcEnd;
  const tgtEnd = fits ? e.tgtEnd - q : e.tgtEnd;
  const kind: AlignOpKind = srcStart === srcEnd ? 'I' : tgtStart === tgtEnd ? 'D' : 'S';
  return { kind, srcStart, srcEnd, tgtStart, tgtEnd };
}

function cleanUp(src: readonly string[], tgt: readonly string[], spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const e of spans) {
    if (same(src.slice(e.srcStart, e.srcEnd), tgt.slice(e.tgtStart, e.tgtEnd))) continue;
    out.push(e.kind === 'S' ? trimSubstitution(src, tgt, e) : e);
  }
  return out;
}

/** Merge an alignment of src to tgt into span edits (kinds S, I, D, T), left to right. */
export function mergeOps(src: readonly string[], tgt: readonly string[], ops: readonly AlignOp[]): AlignOp[] {
  return cleanUp(src, tgt, detectSwaps(src, tgt, groupRuns(ops)));
}
