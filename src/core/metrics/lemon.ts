/**
 * LEMON `run.py` class `Metrics` (Wu et al. 2023), sentence level, as fractions: a sentence is positive when
 * source ≠ reference; correction TP = positive and prediction = reference; detection TP = positive and
 * prediction ≠ source (any change counts); P over sentences the system changed, R over positives, and the
 * false-positive rate over negatives (source = reference) whose prediction differs from the reference.
 * (Older copies of run.py report correction only; the detection rule is the one that reproduces LEMON's numbers.)
 *
 * Whole-sentence comparisons, so predictions of any length are scored. The script adds 1e-12 to every
 * denominator (P, R, F1, FPR), so nothing divides by zero and a perfect system gets 0.9999999999999981, not 1;
 * we keep that exactly.
 */
import type { ScoredItem } from '../types.ts';
import { firstReference, firstReferenceWarning } from './item-checks.ts';
import type { MetricProfile, ProfileResult } from './profile.ts';

const EPS = 1e-12;

function group(tp: number, predPos: number, pos: number, fp: number, neg: number) {
  const p = (1.0 * tp) / (predPos + EPS);
  const r = (1.0 * tp) / (pos + EPS);
  const f1 = (2.0 * (p * r)) / (p + r + EPS);
  const fpr = (1.0 * fp) / (neg + EPS);
  return { p, r, f1, fpr };
}

function compute(items: readonly ScoredItem[]): ProfileResult {
  let pos = 0;
  let neg = 0;
  let correctTp = 0;
  let detectTp = 0;
  let fp = 0;
  let predPos = 0;
  for (const item of items) {
    const s = item.source;
    const t = firstReference(item);
    const p = item.prediction;
    if (s !== t) {
      pos++;
      if (p === t) correctTp++;
      if (p !== s) detectTp++;
    } else {
      neg++;
      if (p !== t) fp++;
    }
    if (s !== p) predPos++;
  }
  const warnings: string[] = [];
  const multi = firstReferenceWarning(items);
  if (multi) warnings.push(multi);
  return {
    values: {
      detect: group(detectTp, predPos, pos, fp, neg),
      correct: group(correctTp, predPos, pos, fp, neg),
    },
    warnings,
  };
}

export const lemonProfile: MetricProfile = {
  name: 'lemon',
  version: '1.0.0',
  description:
    'LEMON run.py Metrics, sentence level: detection and correction P, R, F1 and false-positive rate as fractions, ' +
    'with the script\'s 1e-12 smoothing; any prediction length',
  compute,
};
