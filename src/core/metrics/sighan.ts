/**
 * SIGHAN 2015 sentence-level scores as the official tool `sighan15csc.jar` prints them: false positive rate, and
 * detection/correction accuracy, precision, recall and F1 to 4 decimals, with counts. A sentence is a detection TP
 * when its predicted position set equals the gold one (correction: the (position, char) sets), else FN; on a clean
 * sentence any prediction is FP. So precision = TP / (TP + FP) counts only false alarms on clean sentences.
 *
 * Label lines are derived from texts: 1-based code-point positions where source and text differ, so every text
 * must have the source's length (else ProfileError listing the rows). A 0/0 ratio is NaN in the jar and printed
 * as no number: its key and counts are left out (as in the expected output for an identity system), with a
 * warning. Deviation: an edit to ',' or a blank breaks the jar's comma-separated labels (it fails); we still score
 * it and warn.
 */
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { coded, LIST_SEPARATOR, type CodedMessage } from '../messages.ts';
import { firstReference, firstReferenceWarning, listIds, requireEqualLengths } from './item-checks.ts';
import { countOf, defineProfile, sumCounts, type Counts, type MetricValue, type ProfileResult, type SentenceScore } from './profile.ts';
import { pyRound } from './pyround.ts';
import { goldEdits, textEdits, type SighanEdit } from './sighan-labels.ts';

/** One sentence's edits in label form: 1-based code-point positions with their characters; empty = "id, 0". */
export type SighanEdits = readonly SighanEdit[];

export type SighanOutcome = 'TP' | 'FP' | 'TN' | 'FN';

export interface SighanSentence {
  id: string;
  gold: SighanEdits;
  predicted: SighanEdits;
}

/** Positions (1-based, by code point) where `text` differs from `source`, with the new character. */
export function sighanEdits(source: string, text: string): SighanEdit[] {
  return textEdits(chars(source), chars(text));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  if (sa.size !== sb.size) return false;
  for (const x of sa) if (!sb.has(x)) return false;
  return true;
}

/** Detection and correction outcome of one sentence, as the official tool classifies it. */
export function sighanOutcome(gold: SighanEdits, predicted: SighanEdits): { detection: SighanOutcome; correction: SighanOutcome } {
  if (gold.length === 0) {
    const o: SighanOutcome = predicted.length === 0 ? 'TN' : 'FP';
    return { detection: o, correction: o };
  }
  const positions = (e: SighanEdits) => e.map(([p]) => String(p));
  const pairs = (e: SighanEdits) => e.map(([p, c]) => `${p}\u0000${c}`);
  return {
    detection: sameSet(positions(gold), positions(predicted)) ? 'TP' : 'FN',
    correction: sameSet(pairs(gold), pairs(predicted)) ? 'TP' : 'FN',
  };
}

/**
 * Rounds to 4 decimals like java.text.DecimalFormat (default RoundingMode.HALF_EVEN; since JDK 8 decided on the
 * double's exact binary value), which is what CPython's round() does too, so pyRound serves. Only true binary ties
 * (odd multiples of 1/32, e.g. 0.03125 → 0.0312) go to the even digit. No value in our data is such a tie, so the
 * numbers alone cannot exclude HALF_UP; DecimalFormat is the formatter that prints 1 and 0 as the jar does
 * (Double.toString would print 1.0), and its default mode is HALF_EVEN.
 */
export function javaRound4(x: number): number {
  return pyRound(x, 4);
}

/** One sentence's detection and correction outcome as one-hot counts (det_tp … cor_fn). */
export function sighanSentence(gold: SighanEdits, predicted: SighanEdits): SentenceScore {
  const o = sighanOutcome(gold, predicted);
  const counts: Counts = {};
  for (const [prefix, outcome] of [['det', o.detection], ['cor', o.correction]] as const) {
    for (const k of ['TP', 'FP', 'TN', 'FN'] as const) counts[`${prefix}_${k.toLowerCase()}`] = outcome === k ? 1 : 0;
  }
  return { counts };
}

/** The jar's printed values from summed outcomes; NaN ratios leave their keys out. */
export function summarizeSighan(totals: Counts): ProfileResult {
  const c = (key: string) => countOf(totals, key);
  const values: { [key: string]: MetricValue } = {};
  const missing: string[] = [];
  const ratio = (key: string, num: number, den: number): number | null => {
    if (den === 0) {
      missing.push(key);
      return null;
    }
    values[key] = javaRound4(num / den);
    values[`${key}_counts`] = [num, den];
    return num / den;
  };
  ratio('FPR', c('det_fp'), c('det_fp') + c('det_tn'));
  for (const [prefix, g] of [['D', 'det'], ['C', 'cor']] as const) {
    const [tp, fp, tn, fn] = [c(`${g}_tp`), c(`${g}_fp`), c(`${g}_tn`), c(`${g}_fn`)];
    const n = tp + fp + tn + fn;
    ratio(`${prefix}_acc`, tp + tn, n);
    const p = ratio(`${prefix}_p`, tp, tp + fp);
    const r = ratio(`${prefix}_r`, tp, tp + fn);
    // F1 from the unrounded P and R (the toy example prints 0.6667, not 0.6666 from 0.8 and 0.5714).
    if (p === null || r === null || p + r === 0) missing.push(`${prefix}_f1`);
    else values[`${prefix}_f1`] = javaRound4((2 * p * r) / (p + r));
  }
  const warnings: CodedMessage[] = [];
  if (missing.length > 0) warnings.push(coded('profile.not-computable', { missing: missing.join(LIST_SEPARATOR) }));
  return { values, warnings };
}

/** Scores label pairs exactly as the jar prints them; NaN ratios leave their keys out. */
export function scoreSighanLabels(sentences: readonly SighanSentence[]): ProfileResult {
  return summarizeSighan(sumCounts(sentences.map((s) => sighanSentence(s.gold, s.predicted))));
}

/** Characters the comma-separated label format cannot carry: the jar splits on ',' and trims fields. */
function unwritableInLabels(c: string): boolean {
  return c === ',' || c.trim() === '';
}

function score(items: readonly ScoredItem[]) {
  // The label format only expresses same-length substitutions.
  requireEqualLengths('sighan', items, (it) => [it.source, firstReference(it), it.prediction], 'all');
  const sentences: SighanSentence[] = items.map((it) => ({
    id: it.id,
    gold: goldEdits(it),
    predicted: sighanEdits(it.source, it.prediction),
  }));
  const warnings: CodedMessage[] = [];
  const multi = firstReferenceWarning(items);
  if (multi) warnings.push(multi);
  const unwritable = sentences
    .filter((s) => [...s.gold, ...s.predicted].some(([, c]) => unwritableInLabels(c)))
    .map((s) => s.id);
  if (unwritable.length > 0) {
    warnings.push(coded('profile.sighan-unwritable', { count: unwritable.length, ids: listIds(unwritable) }));
  }
  return { sentences: sentences.map((s) => sighanSentence(s.gold, s.predicted)), warnings };
}

export const sighanProfile = defineProfile({
  name: 'sighan',
  version: '1.0.0',
  description:
    'Official SIGHAN15 tool (sighan15csc.jar): sentence-level FPR, detection/correction accuracy, precision, recall, F1 (4 decimals) with counts',
  score,
  summarize: summarizeSighan,
});
