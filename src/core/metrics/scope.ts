/**
 * SCOPE `metrics/metric_core.py` (Li et al. 2022), character level: `char-detect-f1` and `char-correct-f1` in %,
 * full float precision. Detection: a predicted changed position is a TP when the target also has an error
 * there; P over all changed positions, R over all target error positions. Correction: a TP is a predicted
 * (position, character) equal to a target one; R is over all target errors, but P is over the correctly
 * detected positions only, so over-corrections on clean positions do not lower correction precision.
 *
 * Same label lists as the realise profile: predictions of another length are refused (ProfileError).
 * Division by zero: where the script raises ZeroDivisionError (no changed position → detection P; no changed
 * position at a target error → correction P; no target error → both R), the F1 is null and a warning says why.
 */
import type { ScoredItem } from '../types.ts';
import { divOrNull, firstReferenceWarning, zeroDivisionWarning } from './item-checks.ts';
import { countOf, defineProfile, sumCounts, type Counts, type MetricValue, type ProfileResult, type SentenceScore } from './profile.ts';
import { labelLists, type SighanEdit } from './sighan-labels.ts';

const f1Of = (p: number | null, r: number | null): number | null =>
  p === null || r === null ? null : p + r > 0 ? (2 * p * r) / (p + r) : 0.0;

/** One sentence's tallies; counted over lists, as the script does (`in` on lists), not over sets. */
export function scopeSentence(pred: readonly SighanEdit[], targ: readonly SighanEdit[]): SentenceScore {
  let detTp = 0;
  let corTp = 0;
  const targPositions = targ.map(([pos]) => pos);
  for (const [pos, c] of pred) {
    if (targPositions.includes(pos)) detTp++;
    if (targ.some(([tp, tc]) => tp === pos && tc === c)) corTp++;
  }
  // Correction P divides by the correctly detected positions, so cor_pred = det_tp.
  return { counts: { det_tp: detTp, det_pred: pred.length, cor_tp: corTp, cor_pred: detTp, targ_total: targ.length } };
}

export function summarizeScope(totals: Counts): ProfileResult {
  const c = (key: string) => countOf(totals, key);
  const detPred = c('det_pred');
  const corPred = c('cor_pred');
  const targTotal = c('targ_total');
  const detF1 = f1Of(divOrNull(c('det_tp'), detPred), divOrNull(c('det_tp'), targTotal));
  const corF1 = f1Of(divOrNull(c('cor_tp'), corPred), divOrNull(c('cor_tp'), targTotal));
  const values: { [key: string]: MetricValue } = {
    'char-detect-f1': detF1 === null ? null : detF1 * 100,
    'char-correct-f1': corF1 === null ? null : corF1 * 100,
  };
  const undefinedKeys = Object.keys(values).filter((key) => values[key] === null);
  const zero = zeroDivisionWarning(undefinedKeys, [
    [detPred === 0, 'no-prediction-change-detection'],
    [detPred > 0 && corPred === 0, 'no-correction-at-error'],
    [targTotal === 0, 'no-target-error'],
  ]);
  return { values, warnings: zero ? [zero] : [] };
}

function labelScores(preds: readonly (readonly SighanEdit[])[], targs: readonly (readonly SighanEdit[])[]): SentenceScore[] {
  if (preds.length !== targs.length) throw new Error('scoreScopeLabels: one prediction per target needed');
  return preds.map((pred, k) => scopeSentence(pred, targs[k]!));
}

/**
 * The script on label lists (one per sentence, in the same order). Returns the values and a warning for any
 * that are undefined; the profile adds its input checks around this.
 */
export function scoreScopeLabels(
  preds: readonly (readonly SighanEdit[])[],
  targs: readonly (readonly SighanEdit[])[],
): ProfileResult {
  return summarizeScope(sumCounts(labelScores(preds, targs)));
}

function score(items: readonly ScoredItem[]) {
  const { preds, targs } = labelLists('scope', items);
  const multi = firstReferenceWarning(items);
  return { sentences: labelScores(preds, targs), warnings: multi ? [multi] : [] };
}

export const scopeProfile = defineProfile({
  name: 'scope',
  version: '1.0.0',
  description:
    'SCOPE metric_core.py, character level: detection and correction F1 in %, full precision; correction P ' +
    'divides by correctly detected positions; predictions must keep the source length',
  score,
  summarize: summarizeScope,
});
