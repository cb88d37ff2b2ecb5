import type { Cilin } from './cilin.ts';

/**
 * One step of a character alignment between a source and a target, in code points.
 * M match, S substitution, I insertion, D deletion, T transposition of a window
 * (source and target windows hold the same characters in another order).
 */
export type AlignOpKind = 'M' | 'S' | 'I' | 'D' | 'T';

export interface AlignOp {
  kind: AlignOpKind;
  /** Source span [srcStart, srcEnd) in code points. */
  srcStart: number;
  srcEnd: number;
  /** Target span [tgtStart, tgtEnd) in code points. */
  tgtStart: number;
  tgtEnd: number;
}

/** ChERRANT's char-level edit types: S replace, M missing (insert), R redundant (delete), W word order. */
export type EditType = 'S' | 'M' | 'R' | 'W';

export interface Edit {
  type: EditType;
  /** Source span [start, end) in code points; start === end for an insertion (M). */
  start: number;
  end: number;
  /** Target text that replaces the span; '' for R. */
  replacement: string;
  /** Where the replacement sits in the target, in code points. */
  targetStart: number;
  targetEnd: number;
}

/** How the aligner costs substitutions. */
export interface AlignOptions {
  /** ChERRANT's Cilin thesaurus (cilin.ts): its semantic term instead of 4/6 for every pair. */
  cilin?: Cilin | undefined;
}
