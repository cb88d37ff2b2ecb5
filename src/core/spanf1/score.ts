/**
 * Span character F1 over a test set: per-sentence counts summed (micro) for each reading (char-f1.ts), and the
 * recipes' per-sentence F1 averaged (macro), as a per-segment metric is.
 */
import {
  perCharCounts,
  perCharScores,
  recipeCounts,
  recipeScores,
  type NullablePRF,
  type PerCharCounts,
  type PRF,
  type RecipeCounts,
  type RecipeReading,
} from './char-f1.ts';
import type { ErrorSpan } from './spans.ts';

export interface SpanPair {
  id: string;
  gold: readonly ErrorSpan[];
  pred: readonly ErrorSpan[];
}

export interface SpanF1Result {
  sentences: number;
  /** Sentences with no gold and no predicted character: the recipe scores each 0. */
  empty_sentences: number;
  /** The seed's code as Python runs it (the quotable reading of its code). */
  recipe: RecipeResult;
  /** The code with each pair's own length (what it presumably meant). */
  recipe_pair_length: RecipeResult;
  per_char: { micro: PerCharCounts & NullablePRF };
}

export interface RecipeResult {
  micro: RecipeCounts & PRF;
  macro_f1: number | null;
}

function recipeOver(pairs: readonly SpanPair[], reading: RecipeReading): RecipeResult {
  const r: RecipeCounts = { tp: 0, fp: 0, fn: 0, severity_mismatch: 0 };
  let sum = 0;
  for (const pair of pairs) {
    const rc = recipeCounts(pair.gold, pair.pred, reading);
    r.tp += rc.tp;
    r.fp += rc.fp;
    r.fn += rc.fn;
    r.severity_mismatch += rc.severity_mismatch;
    sum += recipeScores(rc).f1;
  }
  return { micro: { ...r, ...recipeScores(r) }, macro_f1: pairs.length === 0 ? null : sum / pairs.length };
}

export function spanF1(pairs: readonly SpanPair[]): SpanF1Result {
  const c: PerCharCounts = { credit: 0, gold_chars: 0, pred_chars: 0 };
  let empty = 0;
  for (const pair of pairs) {
    const pc = perCharCounts(pair.gold, pair.pred);
    c.credit += pc.credit;
    c.gold_chars += pc.gold_chars;
    c.pred_chars += pc.pred_chars;
    if (pc.gold_chars === 0 && pc.pred_chars === 0) empty++;
  }
  return {
    sentences: pairs.length,
    empty_sentences: empty,
    recipe: recipeOver(pairs, 'recipe'),
    recipe_pair_length: recipeOver(pairs, 'recipe_pair_length'),
    per_char: { micro: { ...c, ...perCharScores(c) } },
  };
}
