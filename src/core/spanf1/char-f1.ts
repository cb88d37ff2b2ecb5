/**
 * Character-level P/R/F1 of error spans (seed 002, the WMT'23 QE span metric), three readings:
 * - `recipe`: the seed's scoring code as Python executes it: true/false positives and negatives over covered
 *   characters, plus `severity_mismatch` added to numerator and denominators alike: 0.5 × the length of `s` for
 *   every gold/predicted pair at the same list index (zip) with the same start and end but a different severity.
 *   The generator has no `s` of its own, so Python takes the enclosing function's `s`: the last span of the
 *   predicted list (pairs exist only when that list is non-empty). A zero denominator gives 0.
 * - `recipe_pair_length`: the same with the pair's own length, what the code was presumably meant to say.
 * - `per_char`: the seed's prose: a character in both gold and predicted spans earns 1, or 0.5 when its severities
 *   differ (a character's severity is that of the first span listing it); P = credit / predicted characters,
 *   R = credit / gold characters; null where a denominator is zero.
 */
import { spanChars, type ErrorSpan } from './spans.ts';

export interface RecipeCounts {
  tp: number;
  fp: number;
  fn: number;
  severity_mismatch: number;
}

export interface PerCharCounts {
  credit: number;
  gold_chars: number;
  pred_chars: number;
}

function severity(s: ErrorSpan): string | null {
  return s.severity ?? null;
}

/** Which length a severity mismatch is credited with: the code as executed, or the pair's own. */
export type RecipeReading = 'recipe' | 'recipe_pair_length';

export function recipeCounts(
  gold: readonly ErrorSpan[],
  pred: readonly ErrorSpan[],
  reading: RecipeReading = 'recipe',
): RecipeCounts {
  const g = spanChars(gold);
  const p = spanChars(pred);
  let tp = 0;
  for (const i of p) if (g.has(i)) tp++;
  let mismatch = 0;
  const last = pred[pred.length - 1];
  // zip() stops at the shorter list.
  for (let k = 0; k < Math.min(gold.length, pred.length); k++) {
    const a = gold[k]!;
    const b = pred[k]!;
    if (severity(a) !== severity(b) && a.start === b.start && a.end === b.end) {
      // As executed, `s` is the predicted loop's last span (it exists: the zip is non-empty).
      const credited = reading === 'recipe' ? last! : b;
      mismatch += 0.5 * (credited.end - credited.start);
    }
  }
  return { tp, fp: p.size - tp, fn: g.size - tp, severity_mismatch: mismatch };
}

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

/** The recipe's formulas on (summed) counts. */
export function recipeScores(c: RecipeCounts): PRF {
  const num = c.tp + c.severity_mismatch;
  const pd = c.tp + c.fp + c.severity_mismatch;
  const rd = c.tp + c.fn + c.severity_mismatch;
  const precision = pd > 0 ? num / pd : 0;
  const recall = rd > 0 ? num / rd : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

function severityByChar(spans: readonly ErrorSpan[]): Map<number, string | null> {
  const map = new Map<number, string | null>();
  for (const s of spans) for (let i = s.start; i < s.end; i++) if (!map.has(i)) map.set(i, severity(s));
  return map;
}

export function perCharCounts(gold: readonly ErrorSpan[], pred: readonly ErrorSpan[]): PerCharCounts {
  const g = severityByChar(gold);
  const p = severityByChar(pred);
  let credit = 0;
  for (const [i, sev] of p) if (g.has(i)) credit += g.get(i) === sev ? 1 : 0.5;
  return { credit, gold_chars: g.size, pred_chars: p.size };
}

export interface NullablePRF {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export function perCharScores(c: PerCharCounts): NullablePRF {
  const precision = c.pred_chars > 0 ? c.credit / c.pred_chars : null;
  const recall = c.gold_chars > 0 ? c.credit / c.gold_chars : null;
  const f1 = precision === null || recall === null ? null : precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
