/**
 * One sentence through Eval-GCSC's extraction: align source→prediction (and source→reference when their
 * lengths differ), carry the reference's word boundaries onto the source, and extract word-level operations.
 */
import { align } from '../align/index.ts';
import type { AlignOp } from '../align/types.ts';
import { chars } from '../text.ts';
import { carryBoundaries, extractWordOperations, referenceToSourceMap, type CharEdit, type SentenceOperations } from './operations.ts';

/** The aligner's single steps as character edits; consecutive insertions at one point become one edit. */
export function charEditsFromAlignment(ops: readonly AlignOp[], target: string): CharEdit[] {
  const tgt = chars(target);
  const edits: CharEdit[] = [];
  for (const op of ops) {
    if (op.kind === 'M') continue;
    const replacement = tgt.slice(op.tgtStart, op.tgtEnd).join('');
    const prev = edits[edits.length - 1];
    if (op.kind === 'I' && prev && prev.start === prev.end && prev.end === op.srcStart) prev.replacement += replacement;
    else edits.push({ start: op.srcStart, end: op.srcEnd, replacement });
  }
  return edits;
}

/** Word-level operations of one sentence, given the reference's word boundaries (code points). */
export function sentenceOperations(source: string, reference: string, prediction: string, referenceBoundaries: readonly number[]): SentenceOperations {
  const sourceLength = chars(source).length;
  const referenceLength = chars(reference).length;
  let toSource = (x: number) => x;
  if (sourceLength !== referenceLength) {
    const viaAlignment = referenceToSourceMap(charEditsFromAlignment(align(source, reference), reference));
    // The ends map to the ends: characters the reference drops at either end stay inside the first/last word.
    toSource = (x) => (x === 0 ? 0 : x === referenceLength ? sourceLength : viaAlignment(x));
  }
  const boundaries = carryBoundaries(referenceBoundaries, toSource);
  const edits = charEditsFromAlignment(align(source, prediction), prediction);
  return extractWordOperations(source, reference, prediction, boundaries, edits);
}
