/**
 * Span character F1 over a test set: per-sentence counts summed (micro) for the seed's recipe and for the
 * per-character reading (char-f1.ts), and the recipe's per-sentence F1 averaged (macro), as a per-segment metric is.
 */
import { perCharCounts, perCharScores, recipeCounts, recipeScores, type NullablePRF, type PerCharCounts, type PRF, type RecipeCounts } from './char-f1.ts';
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
  recipe: { micro: RecipeCounts & PRF; macro_f1: number | null };
  per_char: { micro: PerCharCounts & NullablePRF };
}

export function spanF1(pairs: readonly SpanPair[]): SpanF1Result {
  const r: RecipeCounts = { tp: 0, fp: 0, fn: 0, severity_mismatch: 0 };
  const c: PerCharCounts = { credit: 0, gold_chars: 0, pred_chars: 0 };
  let recipeSum = 0;
  let empty = 0;
  for (const pair of pairs) {
    const rc = recipeCounts(pair.gold, pair.pred);
    r.tp += rc.tp;
    r.fp += rc.fp;
    r.fn += rc.fn;
    r.severity_mismatch += rc.severity_mismatch;
    recipeSum += recipeScores(rc).f1;
    const pc = perCharCounts(pair.gold, pair.pred);
    c.credit += pc.credit;
    c.gold_chars += pc.gold_chars;
    c.pred_chars += pc.pred_chars;
    if (pc.gold_chars === 0 && pc.pred_chars === 0) empty++;
  }
  const n = pairs.length;
  return {
    sentences: n,
    empty_sentences: empty,
    recipe: { micro: { ...r, ...recipeScores(r) }, macro_f1: n === 0 ? null : recipeSum / n },
    per_char: { micro: { ...c, ...perCharScores(c) } },
  };
}
