/** Span edits between a source and a target, ChERRANT char-level style (types S, M, R, W). */
import { chars } from '../text.ts';
import { alignChars, forEachAlignment } from './aligner.ts';
import { mergeOps } from './merge.ts';
import type { AlignOp, AlignOptions, Edit, EditType } from './types.ts';

// mergeOps never returns matches; M maps to S only to keep the table total.
const TYPE_OF: Record<AlignOp['kind'], EditType> = { S: 'S', I: 'M', D: 'R', T: 'W', M: 'S' };

function toEdits(tgt: readonly string[], spans: readonly AlignOp[]): Edit[] {
  return spans.map((e) => ({
    type: TYPE_OF[e.kind],
    start: e.srcStart,
    end: e.srcEnd,
    replacement: tgt.slice(e.tgtStart, e.tgtEnd).join(''),
    targetStart: e.tgtStart,
    targetEnd: e.tgtEnd,
  }));
}

/** The edits turning source into target, left to right; [] when they are equal. */
export function extractEdits(source: string, target: string, options: AlignOptions = {}): Edit[] {
  if (source === target) return [];
  const src = chars(source);
  const tgt = chars(target);
  return toEdits(tgt, mergeOps(src, tgt, alignChars(src, tgt, options)));
}

function sameEdits(a: readonly Edit[], b: readonly Edit[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => {
      const f = b[i]!;
      return e.type === f.type && e.start === f.start && e.end === f.end && e.replacement === f.replacement;
    })
  );
}

/**
 * Every distinct edit list over the cheapest alignments (ChERRANT's T{n}-A0, -A1, ...), the first
 * being extractEdits'. `limit` caps the alignments enumerated.
 */
export function extractEditSets(source: string, target: string, limit = 1000, options: AlignOptions = {}): Edit[][] {
  if (source === target) return [[]];
  const src = chars(source);
  const tgt = chars(target);
  const sets: Edit[][] = [];
  forEachAlignment(src, tgt, limit, (ops) => {
    const edits = toEdits(tgt, mergeOps(src, tgt, ops));
    if (!sets.some((s) => sameEdits(s, edits))) sets.push(edits);
  }, options);
  return sets;
}
