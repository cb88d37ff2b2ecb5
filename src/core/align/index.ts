/**
 * Character alignment and span edits, ChERRANT char-level style (docs/align.md).
 * Costs: match 0 (equal characters always match), insert 1, delete 1, substitute 4/6 (with a Cilin: its
 * semantic cost / 6) + (0 if both Han sharing a toneless reading, else 0.5) + (0 both punctuation, 0.25
 * neither, 0.499 one of each),
 * transpose a window of k+1 characters k. Ties: backtrace from the end preferring T, S, I, D.
 * Long rows: banded tables, provably equal to the full table's result; beyond maxAlignCells() a pair is refused
 * with AlignmentTooLongError (limits.ts), which callers turn into a refusal naming the row.
 */
export type { AlignOp, AlignOpKind, AlignOptions, Edit, EditType } from './types.ts';
export { align, alignChars, alignAllChars, forEachAlignment } from './aligner.ts';
export { unitCostEdits, type UnitCostEdit } from './unit-cost.ts';
export { AlignmentTooLongError, DEFAULT_MAX_ALIGN_CELLS, maxAlignCells, setMaxAlignCells } from './limits.ts';
export { extractEdits, extractEditSets } from './edits.ts';
export { mergeOps } from './merge.ts';
export { substitutionCost } from './cost.ts';
export { parseCilin, describeCilin, semanticCost, type Cilin, type CilinInfo } from './cilin.ts';
export { isCherrantPunct, inCherrantMergerPunct } from './punct.ts';
export { loadReadings, readings, shareReading } from './pinyin.ts';
export { parseM2, toM2, toM2Block, parallelToM2, parallelToM2Block, stripWhitespace, NO_ERROR, NOT_ANNOTATABLE } from './m2.ts';
export type { M2Block, M2Annotation, M2Edit, M2Annotator, ParallelToM2Options } from './m2.ts';
export { measureAgreement, formatEdits } from './agreement.ts';
export type { Agreement, DifferenceKind, DifferenceExample } from './agreement.ts';
