/** Span-level character F1 (seed 002) for systems that output error spans, or spans of any system's corrections. */
export type { ErrorSpan } from './spans.ts';
export { spanChars, spansFromEdits } from './spans.ts';
export { perCharCounts, perCharScores, recipeCounts, recipeScores } from './char-f1.ts';
export type { NullablePRF, PerCharCounts, PRF, RecipeCounts, RecipeReading } from './char-f1.ts';
export { spanF1 } from './score.ts';
export type { RecipeResult, SpanF1Result, SpanPair } from './score.ts';
export { looksLikeSpans, readSpans } from './read.ts';
export type { SpanTable } from './read.ts';
export { pairSpans } from './pair.ts';
