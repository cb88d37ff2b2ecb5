/** Error types of CSC errors and edits (phonetic, graphic, both, other; length-changing) and per-type breakdowns. */
export type { CharErrorType, ErrorType, ErrorUnit, LengthErrorType } from './types.ts';
export { CHAR_ERROR_TYPES, ERROR_TYPES } from './types.ts';
export { classifyChars, editUnits, errorUnits } from './classify.ts';
export { editDistance, phoneticSimilar, pinyinDistance } from './phonetic.ts';
export { commonChars, glyphChars, glyphNeighbours, glyphSimilar, glyphTableInfo } from './glyphs.ts';
export { similarityShares, typeShares } from './shares.ts';
export type { SimilarityShares, TypeShare } from './shares.ts';
export { byTypeSection, touches, typeBreakdown } from './breakdown.ts';
export type { TypeBreakdown, TypePrecision, TypeRecall, TypeSubsetScores } from './breakdown.ts';
