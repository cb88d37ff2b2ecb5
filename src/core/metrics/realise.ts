/**
 * ReaLiSe / SCOPE / yacsc `metric_core.py`, sentence level: detection and correction accuracy, P, R and F1 in %,
 * full float precision. A sentence is detected when its predicted changed positions equal the target's, and
 * corrected when the positions and characters both equal; P counts sentences the system changed, R sentences
 * with a target error, and accuracy all sentences (an unchanged clean sentence is a hit).
 *
 * The script reads SIGHAN label lists; predictions are converted from text (see sighan-labels.ts), so a
 * prediction of another length is refused (ProfileError listing the rows) rather than zipped naively.
 * Division by zero: where the script raises ZeroDivisionError (no sentence changed → P; no target error → R;
 * no items → accuracy), the value and its F1 are null and a warning says which and why.
 */
import type { ScoredItem } from '../types.ts';
import { divOrNull, firstReferenceWarning, zeroDivisionWarning } from './item-checks.ts';
import { countOf, defineProfile, sumCounts, type Counts, type MetricValue, type ProfileResult, type SentenceScore } from './profile.ts';
import { labelLists, sameEdits, sortEdits, type SighanEdit } from './sighan-labels.ts';

type Hit = (pred: readonly SighanEdit[], targ: readonly SighanEdit[]) => boolean;

const samePositions: Hit = (pred, targ) => pred.length === targ.length && pred.every((p, k) => p[0] === targ[k]![0]);

/** One sentence of the script's sent_metric_* loops, on sorted label lists. */
export function realiseSentence(pred: readonly SighanEdit[], targ: readonly SighanEdit[]): SentenceScore {
  const detectHit = samePositions(pred, targ);
  const correctHit = sameEdits(pred, targ);
  const changed = pred.length > 0;
  return {
    counts: {
      sentences: 1,
      targ_error: targ.length > 0 ? 1 : 0,
      pred_change: changed ? 1 : 0,
      detect_hit: detectHit ? 1 : 0,
      detect_tp: changed && detectHit ? 1 : 0,
      correct_hit: correctHit ? 1 : 0,
      correct_tp: changed && correctHit ? 1 : 0,
    },
  };
}

/** The script's values (same operation order) from summed counts, with a warning for undefined ones. */
export function summarizeRealise(totals: Counts): ProfileResult {
  const c = (key: string) => countOf(totals, key);
  const values: { [key: string]: MetricValue } = {};
  const undefinedKeys: string[] = [];
  for (const kind of ['detect', 'correct'] as const) {
    const acc = divOrNull(c(`${kind}_hit`), c('sentences'));
    const p = divOrNull(c(`${kind}_tp`), c('pred_change'));
    const r = divOrNull(c(`${kind}_tp`), c('targ_error'));
    const f1 = p === null || r === null ? null : p + r > 0 ? (2 * p * r) / (p + r) : 0.0;
    const entries: [string, number | null][] = [
      [`sent-${kind}-acc`, acc],
      [`sent-${kind}-p`, p],
      [`sent-${kind}-r`, r],
      [`sent-${kind}-f1`, f1],
    ];
    for (const [key, v] of entries) {
      values[key] = v === null ? null : v * 100;
      if (v === null) undefinedKeys.push(key);
    }
  }
  const zero = zeroDivisionWarning(undefinedKeys, [
    [c('sentences') === 0, 'no-items'],
    [c('pred_change') === 0, 'no-prediction-change'],
    [c('targ_error') === 0, 'no-target-error'],
  ]);
  return { values, warnings: zero ? [zero] : [] };
}

function labelScores(predLists: readonly (readonly SighanEdit[])[], targLists: readonly (readonly SighanEdit[])[]): SentenceScore[] {
  // The script asserts this too; a mismatch is a caller bug, not a user input problem.
  if (predLists.length !== targLists.length) throw new Error('scoreRealiseLabels: one prediction per target needed');
  return predLists.map((pred, k) => realiseSentence(sortEdits(pred), sortEdits(targLists[k]!)));
}

/**
 * The script on label lists (one per sentence, in the same order; sorted here as the script does). Returns the
 * values and a warning for any that are undefined; the profile adds its input checks around this.
 */
export function scoreRealiseLabels(
  predLists: readonly (readonly SighanEdit[])[],
  targLists: readonly (readonly SighanEdit[])[],
): ProfileResult {
  return summarizeRealise(sumCounts(labelScores(predLists, targLists)));
}

function score(items: readonly ScoredItem[]) {
  const { preds, targs } = labelLists('realise', items);
  const multi = firstReferenceWarning(items);
  return { sentences: labelScores(preds, targs), warnings: multi ? [multi] : [] };
}

export const realiseProfile = defineProfile({
  name: 'realise',
  version: '1.0.0',
  description:
    'ReaLiSe / SCOPE / yacsc metric_core.py, sentence level: detection and correction accuracy, P, R, F1 in %, ' +
    'full precision; predictions must keep the source length',
  score,
  summarize: summarizeRealise,
});
