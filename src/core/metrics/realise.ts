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
import type { MetricProfile, MetricValue, ProfileResult } from './profile.ts';
import { labelLists, sameEdits, sortEdits, type SighanEdit } from './sighan-labels.ts';

type Hit = (pred: readonly SighanEdit[], targ: readonly SighanEdit[]) => boolean;

const samePositions: Hit = (pred, targ) => pred.length === targ.length && pred.every((p, k) => p[0] === targ[k]![0]);

/** One of the script's sent_metric_* functions: same loop, same operation order. */
function sentenceMetric(
  kind: 'detect' | 'correct',
  hitFn: Hit,
  preds: readonly (readonly SighanEdit[])[],
  targs: readonly (readonly SighanEdit[])[],
  values: { [key: string]: MetricValue },
  undefinedKeys: string[],
): void {
  let tp = 0;
  let targP = 0;
  let predP = 0;
  let hit = 0;
  preds.forEach((pred, k) => {
    const targ = targs[k]!;
    if (targ.length > 0) targP++;
    if (pred.length > 0) predP++;
    const same = hitFn(pred, targ);
    if (same) hit++;
    if (pred.length > 0 && same) tp++;
  });
  const acc = divOrNull(hit, targs.length);
  const p = divOrNull(tp, predP);
  const r = divOrNull(tp, targP);
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

/**
 * The script on label lists (one per sentence, in the same order; sorted here as the script does). Returns the
 * values and a warning for any that are undefined; the profile adds its input checks around this.
 */
export function scoreRealiseLabels(
  predLists: readonly (readonly SighanEdit[])[],
  targLists: readonly (readonly SighanEdit[])[],
): ProfileResult {
  // The script asserts this too; a mismatch is a caller bug, not a user input problem.
  if (predLists.length !== targLists.length) throw new Error('scoreRealiseLabels: one prediction per target needed');
  const preds = predLists.map(sortEdits);
  const targs = targLists.map(sortEdits);
  const values: { [key: string]: MetricValue } = {};
  const undefinedKeys: string[] = [];
  sentenceMetric('detect', samePositions, preds, targs, values, undefinedKeys);
  sentenceMetric('correct', sameEdits, preds, targs, values, undefinedKeys);
  const zero = zeroDivisionWarning(undefinedKeys, [
    [targs.length === 0, 'there are no items (accuracy divides by 0)'],
    [preds.every((p) => p.length === 0), 'no prediction changes any character (P divides by 0)'],
    [targs.every((t) => t.length === 0), 'no target has an error (R divides by 0)'],
  ]);
  return { values, warnings: zero ? [zero] : [] };
}

function compute(items: readonly ScoredItem[]): ProfileResult {
  const { preds, targs } = labelLists('realise', items);
  const result = scoreRealiseLabels(preds, targs);
  const multi = firstReferenceWarning(items);
  return { values: result.values, warnings: multi ? [multi, ...result.warnings] : result.warnings };
}

export const realiseProfile: MetricProfile = {
  name: 'realise',
  version: '1.0.0',
  description:
    'ReaLiSe / SCOPE / yacsc metric_core.py, sentence level: detection and correction accuracy, P, R, F1 in %, ' +
    'full precision; predictions must keep the source length',
  compute,
};
