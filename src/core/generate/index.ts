/** Controlled test sets (seed 003 §3): confusion sets, substitution at probability Pe, seen/unseen splits. */
export { buildConfusion, confusionSize, formatConfusion, graphicConfusion, mergeConfusion, parseConfusion, phoneticConfusion } from './confusion.ts';
export type { ConfusionKind, ConfusionSet } from './confusion.ts';
export { corrupt } from './corrupt.ts';
export type { CleanSentence, Corruption, CorruptionStats, GeneratedRow } from './corrupt.ts';
export { seenConfusion, SPLIT_DEFAULTS, splitConfusion, splitDefaults } from './split.ts';
export type { ConfusionSplit, SplitOptions } from './split.ts';
export { generate, peLabel, SPLIT_NAMES, streamName } from './plan.ts';
export type { GenerateOptions, GeneratedConfusion, GeneratedSet, GenerationMeta, GenerationResult, SplitName } from './plan.ts';
export { parseSentences } from './sentences.ts';
export { formatRows, metaDocument, type RowFormat } from './output.ts';
