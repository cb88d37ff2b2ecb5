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
import { countOf, defineProfile, type Counts, type ProfileResult, type SentenceScore } from './profile.ts';

const EPS = 1e-12;

function group(tp: number, predPos: number, pos: number, fp: number, neg: number) {
  const p = (1.0 * tp) / (predPos + EPS);
  const r = (1.0 * tp) / (pos + EPS);
  const f1 = (2.0 * (p * r)) / (p + r + EPS);
  const fpr = (1.0 * fp) / (neg + EPS);
  return { p, r, f1, fpr };
}

/** Per sentence: positive (source ≠ reference) or negative, and which of the script's tallies it adds to. */
function score(items: readonly ScoredItem[]) {
  const sentences = items.map((item): SentenceScore => {
    const s = item.source;
    const t = firstReference(item);
    const p = item.prediction;
    const positive = s !== t;
    return {
      counts: {
        pos: positive ? 1 : 0,
        neg: positive ? 0 : 1,
        correct_tp: positive && p === t ? 1 : 0,
        detect_tp: positive && p !== s ? 1 : 0,
        fp: !positive && p !== t ? 1 : 0,
        pred_pos: s !== p ? 1 : 0,
      },
    };
  });
  const multi = firstReferenceWarning(items);
  return { sentences, warnings: multi ? [multi] : [] };
}

function summarize(totals: Counts): ProfileResult {
  const c = (key: string) => countOf(totals, key);
  return {
    values: {
      detect: group(c('detect_tp'), c('pred_pos'), c('pos'), c('fp'), c('neg')),
      correct: group(c('correct_tp'), c('pred_pos'), c('pos'), c('fp'), c('neg')),
    },
    warnings: [],
  };
}

export const lemonProfile = defineProfile({
  name: 'lemon',
  version: '1.0.0',
  description:
    'LEMON run.py Metrics, sentence level: detection and correction P, R, F1 and false-positive rate as fractions, ' +
    'with the script\'s 1e-12 smoothing; any prediction length',
  score,
  summarize,
});
