/**
 * Eval-GCSC word-level operations (paper Algorithm 1 and steps 1–5 of Algorithm 2).
 *
 * The reference's word boundaries are carried onto the source. The character edits source→prediction are the
 * aligner's single steps (not ChERRANT's merged spans, which hide where an insertion sits). Every edit deletes
 * the boundaries strictly inside its span. A pure insertion at a boundary x belongs to neither word for sure:
 * when exactly one neighbouring word holds another edit or is an error word, and the insertion is not
 * punctuation, it joins that word
 * (友人→朋友 aligned as insert 朋 + delete 人 stays one word); otherwise x is deleted and both neighbours join
 * (the paper's ≤ test: 庆祖但→庆祝，但). Each edit then widens to its enclosing word group; edits whose groups
 * overlap become one operation. The group is carried onto the prediction by the length change of every edit to
 * its left, giving R_pro = R[:S_r] + P[S_p:E_p] + R[E_r:], the reference with the predicted words spliced in.
 */
import { chars } from '../text.ts';

/** A character edit on the source: replace code points [start, end) with `replacement`. */
export interface CharEdit {
  start: number;
  end: number;
  replacement: string;
}

/** A word boundary on both sides: reference offset and the source offset it maps to. */
export interface BoundaryPair {
  reference: number;
  source: number;
}

export interface Span {
  start: number;
  end: number;
  text: string;
}

export interface WordOperation {
  source: Span;
  reference: Span;
  prediction: Span;
  /** The character edits this operation joins, in source order. */
  edits: CharEdit[];
  /** Indices (into SentenceOperations.errorWords) of the error words this operation covers. */
  errorWords: number[];
  /** The reference with the predicted words spliced in. Equal to the reference when the words match it. */
  rPro: string;
}

export interface SentenceOperations {
  operations: WordOperation[];
  /** Source words that differ from the reference's word at the same place. */
  errorWords: { source: Span; reference: Span }[];
}

/** Punctuation or symbols only: inserted between words, it belongs to neither. */
function isPunctuation(text: string): boolean {
  return /^[\p{P}\p{S}]+$/u.test(text);
}

/** a[a0, a1) and b[b0, b1) hold the same code points. */
function sameText(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number): boolean {
  if (a1 - a0 !== b1 - b0) return false;
  for (let k = 0; k < a1 - a0; k++) if (a[a0 + k] !== b[b0 + k]) return false;
  return true;
}

function span(cps: readonly string[], start: number, end: number): Span {
  return { start, end, text: cps.slice(start, end).join('') };
}

function checkEdits(edits: readonly CharEdit[], sourceLength: number): void {
  let prev: CharEdit | undefined;
  for (const e of edits) {
    const insertion = e.start === e.end;
    const badOrder = prev !== undefined && (e.start < prev.end || (insertion && prev.start === prev.end && prev.end === e.start));
    if (badOrder || e.end < e.start || e.start < 0 || e.end > sourceLength) {
      // Two insertions at one point must be one edit, or their order would be ambiguous.
      throw new Error(`edits must be sorted, non-overlapping and inside the source: ${JSON.stringify(e)}`);
    }
    prev = e;
  }
}

/**
 * Boundaries of the reference carried onto the source. `referenceToSource` maps every reference offset
 * 0…|R| to a source offset (identity when S and R have equal length; through their alignment otherwise).
 */
export function carryBoundaries(referenceBoundaries: readonly number[], referenceToSource: (offset: number) => number): BoundaryPair[] {
  return referenceBoundaries.map((reference) => ({ reference, source: referenceToSource(reference) }));
}

/**
 * Reference offset → source offset through source→reference edits: offsets outside an edit shift by the
 * length change to their left; offsets inside an edit's replacement map to the edit's source start, so a
 * changed span never splits across words differently on the two sides.
 */
export function referenceToSourceMap(sourceToReferenceEdits: readonly CharEdit[]): (offset: number) => number {
  const pieces: { refStart: number; refEnd: number; srcStart: number; srcEnd: number }[] = [];
  let delta = 0;
  for (const e of sourceToReferenceEdits) {
    const replacementLength = chars(e.replacement).length;
    pieces.push({ refStart: e.start + delta, refEnd: e.start + delta + replacementLength, srcStart: e.start, srcEnd: e.end });
    delta += replacementLength - (e.end - e.start);
  }
  return (offset) => {
    let shift = 0;
    for (const p of pieces) {
      if (offset <= p.refStart) break;
      if (offset < p.refEnd) return p.srcStart;
      shift = p.srcEnd - p.refEnd;
    }
    return offset + shift;
  };
}

/**
 * Extracts the word-level operations of one sentence.
 * @param boundaries reference word boundaries carried onto the source (first {0,0}, last {|R|,|S|})
 */
export function extractWordOperations(
  source: string,
  reference: string,
  prediction: string,
  boundaries: readonly BoundaryPair[],
  edits: readonly CharEdit[],
): SentenceOperations {
  const S = chars(source);
  const R = chars(reference);
  const P = chars(prediction);
  checkEdits(edits, S.length);
  const first = boundaries[0];
  const last = boundaries[boundaries.length - 1];
  if (!first || !last || first.source !== 0 || first.reference !== 0 || last.source !== S.length || last.reference !== R.length) {
    throw new Error('boundaries must start at 0 and end at the lengths of source and reference');
  }

  const errorWords: SentenceOperations['errorWords'] = [];
  const errorWordOf: number[] = []; // boundary index i (word i..i+1) → error word index or -1
  for (let i = 0; i + 1 < boundaries.length; i++) {
    const a = boundaries[i]!;
    const b = boundaries[i + 1]!;
    if (!sameText(S, a.source, b.source, R, a.reference, b.reference)) {
      errorWordOf.push(errorWords.length);
      errorWords.push({ source: span(S, a.source, b.source), reference: span(R, a.reference, b.reference) });
    } else errorWordOf.push(-1);
  }
  // Source offsets of the boundaries never decrease when carried through an alignment: search them by bisection.
  const sorted = boundaries.every((b, i) => i === 0 || boundaries[i - 1]!.source <= b.source);
  /** The first boundary index in [from, to) whose source offset is >= x (to when none). */
  const firstAtLeast = (x: number, from: number, to: number): number => {
    if (!sorted) {
      let i = from;
      while (i < to && boundaries[i]!.source < x) i++;
      return i;
    }
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (boundaries[mid]!.source < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  // Step 1: every edit deletes the boundaries strictly inside it (the first and last boundary always stay).
  const kept = boundaries.map(() => true);
  const lastIdx = boundaries.length - 1;
  for (const e of edits) {
    if (!sorted) {
      for (let i = 1; i < lastIdx; i++) {
        const x = boundaries[i]!.source;
        if (e.start < x && x < e.end) kept[i] = false;
      }
      continue;
    }
    for (let i = firstAtLeast(e.start + 1, 1, lastIdx); i < lastIdx && boundaries[i]!.source < e.end; i++) kept[i] = false;
  }
  // Step 2: an insertion at a boundary joins the one neighbour holding another edit, else both neighbours.
  const joinsRight = new Map<CharEdit, number>(); // insertion → the boundary it starts its word at
  for (const e of edits) {
    if (e.start !== e.end) continue;
    // The first kept inner boundary at the insertion point.
    let at = -1;
    if (sorted) {
      for (let i = firstAtLeast(e.start, 1, lastIdx); i < lastIdx && boundaries[i]!.source === e.start; i++) {
        if (kept[i]) {
          at = i;
          break;
        }
      }
    } else at = boundaries.findIndex((b, i) => i > 0 && i < lastIdx && kept[i] && b.source === e.start);
    if (at < 0) continue;
    let lo = at - 1;
    while (!kept[lo]) lo--;
    let hi = at + 1;
    while (!kept[hi]) hi++;
    // A neighbour is involved when it holds another edit or is (part of) an error word.
    const involved = (from: number, to: number) => {
      const a = boundaries[from]!.source;
      const b = boundaries[to]!.source;
      const edited = edits.some((o) => o !== e && (o.start === o.end ? a < o.start && o.start < b : o.start < b && o.end > a));
      return edited || errorWordOf.slice(from, to).some((w) => w >= 0);
    };
    const left = involved(lo, at);
    const right = involved(at, hi);
    if (left === right || isPunctuation(e.replacement)) {
      // Every boundary at this source offset goes: words missing from the source leave several there.
      for (let i = sorted ? firstAtLeast(e.start, 1, lastIdx) : 1; i < lastIdx && (!sorted || boundaries[i]!.source === e.start); i++) {
        if (boundaries[i]!.source === e.start) kept[i] = false;
      }
    } else if (right) {
      joinsRight.set(e, at);
    }
  }
  const keptIdx = boundaries.map((_, i) => i).filter((i) => kept[i]);
  const keptPosition = new Map(keptIdx.map((b, k) => [b, k]));

  // Step 3: each edit widens to its enclosing group of kept boundaries; overlapping groups merge.
  const groups: { lo: number; hi: number; edits: CharEdit[] }[] = []; // lo/hi index into keptIdx
  const srcAt = (k: number) => boundaries[keptIdx[k]!]!.source;
  for (const e of edits) {
    let lo: number;
    let hi: number;
    const startsAt = joinsRight.get(e);
    if (startsAt !== undefined) {
      lo = keptPosition.get(startsAt)!;
      hi = lo + 1;
    } else {
      // hi: first kept boundary at or after the edit's end (never the first); lo: last one at or before its start.
      hi = 1;
      if (sorted) {
        let top = keptIdx.length - 1;
        while (hi < top) {
          const mid = (hi + top) >>> 1;
          if (srcAt(mid) < e.end) hi = mid + 1;
          else top = mid;
        }
      } else while (hi < keptIdx.length - 1 && srcAt(hi) < e.end) hi++;
      lo = hi - 1;
      while (lo > 0 && srcAt(lo) > e.start) lo--;
    }
    const prev = groups[groups.length - 1];
    if (prev && lo < prev.hi) {
      prev.hi = Math.max(prev.hi, hi);
      prev.edits.push(e);
    } else groups.push({ lo, hi, edits: [e] });
  }

  // Step 4: carry each group onto the prediction with the length change of the edits before it.
  // Code point offset → UTF-16 offset in the reference, so R_pro is two slices (not two joins) per operation.
  const units = new Int32Array(R.length + 1);
  for (let k = 0; k < R.length; k++) units[k + 1] = units[k]! + R[k]!.length;
  const unitOffset = (cp: number) => units[cp]!;
  const deltaOf = (e: CharEdit) => chars(e.replacement).length - (e.end - e.start);
  const operations: WordOperation[] = [];
  let shiftBefore = 0;
  for (const g of groups) {
    const a = boundaries[keptIdx[g.lo]!]!;
    const b = boundaries[keptIdx[g.hi]!]!;
    const inner = g.edits.reduce((sum, e) => sum + deltaOf(e), 0);
    const pStart = a.source + shiftBefore;
    const pEnd = b.source + shiftBefore + inner;
    shiftBefore += inner;
    const predicted = span(P, pStart, pEnd);
    const covered: number[] = [];
    for (let w = keptIdx[g.lo]!; w < keptIdx[g.hi]!; w++) if (errorWordOf[w]! >= 0) covered.push(errorWordOf[w]!);
    operations.push({
      source: span(S, a.source, b.source),
      reference: span(R, a.reference, b.reference),
      prediction: predicted,
      edits: g.edits,
      errorWords: covered,
      rPro: reference.slice(0, unitOffset(a.reference)) + predicted.text + reference.slice(unitOffset(b.reference)),
    });
  }
  if (shiftBefore !== P.length - S.length) throw new Error('edits do not turn the source into the prediction');
  return { operations, errorWords };
}
