/**
 * Eval-GCSC correction metrics (paper A.4), in %, with P and R rounded to 3 decimals before F1 as the
 * Eval-CSC script (`cscd`) does, so the two can stand side by side.
 * - C_C_p: judged-correct word operations / all word operations.
 * - C_C_r: error words covered by a judged-correct operation / all error words in the sources.
 * - S_C_p: among sentences with at least one operation, those whose every operation is correct and whose
 *   every error word is covered by a correct operation (a clean source needs only the first).
 * - S_C_r: among sentences whose source has errors, those meeting the same condition.
 * A zero denominator gives null and a warning, never a made-up 0.
 */
import type { MetricValue } from '../metrics/profile.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { divOrNull } from '../metrics/item-checks.ts';
import { pyRound } from '../metrics/pyround.ts';

/** One sentence after judging: how many operations, which were correct, and its error words' fate. */
export interface JudgedSentence {
  operationsCorrect: boolean[];
  errorWords: number;
  /** Error words covered by at least one operation judged correct. */
  errorWordsCorrected: number;
}

export interface GcscCounts {
  sentences_modified: number;
  sentences_with_errors: number;
  sentences_correct_modified: number;
  sentences_correct_with_errors: number;
  operations: number;
  operations_correct: number;
  error_words: number;
  error_words_corrected: number;
}

/** One sentence's counts (countGcsc is their sum). */
export function gcscSentenceCounts(sentence: JudgedSentence): GcscCounts {
  return countGcsc([sentence]);
}

export function countGcsc(sentences: readonly JudgedSentence[]): GcscCounts {
  const c: GcscCounts = {
    sentences_modified: 0,
    sentences_with_errors: 0,
    sentences_correct_modified: 0,
    sentences_correct_with_errors: 0,
    operations: 0,
    operations_correct: 0,
    error_words: 0,
    error_words_corrected: 0,
  };
  for (const s of sentences) {
    const correctOps = s.operationsCorrect.filter(Boolean).length;
    const sentenceCorrect = correctOps === s.operationsCorrect.length && s.errorWordsCorrected === s.errorWords;
    c.operations += s.operationsCorrect.length;
    c.operations_correct += correctOps;
    c.error_words += s.errorWords;
    c.error_words_corrected += s.errorWordsCorrected;
    if (s.operationsCorrect.length > 0) {
      c.sentences_modified++;
      if (sentenceCorrect) c.sentences_correct_modified++;
    }
    if (s.errorWords > 0) {
      c.sentences_with_errors++;
      if (sentenceCorrect) c.sentences_correct_with_errors++;
    }
  }
  return c;
}

function percent(num: number, den: number): number | null {
  const v = divOrNull(num, den);
  return v === null ? null : pyRound(v * 100, 3);
}

function f1(p: number | null, r: number | null): number | null {
  if (p === null || r === null) return null;
  return p + r === 0 ? 0 : pyRound((2 * p * r) / (p + r), 3);
}

const GCSC_COUNT_KEYS: readonly (keyof GcscCounts)[] = [
  'sentences_modified',
  'sentences_with_errors',
  'sentences_correct_modified',
  'sentences_correct_with_errors',
  'operations',
  'operations_correct',
  'error_words',
  'error_words_corrected',
];

/**
 * The A.4 values from summed per-sentence counts (`operations_unjudged` included when the judge could not decide
 * some operations: they already count as incorrect, and a warning says how many).
 */
export function summarizeGcsc(totals: { [key: string]: number }): { values: { [key: string]: MetricValue }; warnings: CodedMessage[] } {
  const counts = Object.fromEntries(GCSC_COUNT_KEYS.map((key) => [key, totals[key] ?? 0])) as unknown as GcscCounts;
  const result = gcscValues(counts);
  const unjudged = totals['operations_unjudged'] ?? 0;
  if (unjudged > 0) result.warnings.push(coded('gcsc.unjudged', { count: unjudged }));
  return result;
}

export function gcscValues(counts: GcscCounts): { values: { [key: string]: MetricValue }; warnings: CodedMessage[] } {
  const S_C_p = percent(counts.sentences_correct_modified, counts.sentences_modified);
  const S_C_r = percent(counts.sentences_correct_with_errors, counts.sentences_with_errors);
  const C_C_p = percent(counts.operations_correct, counts.operations);
  const C_C_r = percent(counts.error_words_corrected, counts.error_words);
  const warnings: CodedMessage[] = [];
  if (counts.operations === 0) warnings.push(coded('gcsc.no-operations'));
  if (counts.error_words === 0) warnings.push(coded('gcsc.no-error-words'));
  return {
    values: { S_C_p, S_C_r, S_C_f1: f1(S_C_p, S_C_r), C_C_p, C_C_r, C_C_f1: f1(C_C_p, C_C_r), counts: { ...counts } },
    warnings,
  };
}
