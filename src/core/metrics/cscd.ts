/**
 * CSCD-NS / CSCD-IME `evaluation/evaluate.py` (Hu et al. 2022; the Eval-CSC of Eval-GCSC): precision, recall
 * and F1 of detection and correction, at sentence level (S_) and character level (C_), in %. A position is
 * an error where source ≠ reference and a prediction where source ≠ prediction.
 *
 * Rounding as the script: P and R are rounded to 3 decimals with Python's round(), then
 * F1 = round(2·P·R / (P + R + 1e-10), 3) from the rounded P and R.
 * Refusal: like the script's assertion, every item needs source, reference and prediction of equal length;
 * otherwise ProfileError listing the rows.
 * Division by zero: where the script raises ZeroDivisionError (nothing predicted → P; no errors in the
 * references → R), that value and its F1 are null and a warning says which and why.
 * Per sentence: the counts below and the script's per-row label (正确/过纠/漏纠/综合) in English, with "clean"
 * for an untouched clean sentence (the script calls it 正确 too).
 */
import type { ScoredItem } from '../types.ts';
import {
  divOrNull,
  firstReference,
  firstReferenceWarning,
  requireEqualLengths,
  zeroDivisionWarning,
} from './item-checks.ts';
import { countOf, defineProfile, type Counts, type MetricValue, type ProfileResult, type SentenceScore } from './profile.ts';
import { pyRound } from './pyround.ts';

/** CSCD-NS / simple-csc per-row label: 正确 → correct (or clean), 过纠 → over-corrected, 漏纠 → missed, 综合 → mixed. */
export type CscdVerdict = 'clean' | 'correct' | 'over-corrected' | 'missed' | 'mixed';

export function cscdVerdict(source: string, reference: string, prediction: string): CscdVerdict {
  if (reference === prediction) return source === reference ? 'clean' : 'correct';
  if (source === reference) return 'over-corrected';
  if (source === prediction) return 'missed';
  return 'mixed';
}

/** One sentence's counts; the detection and correction groups share their denominators. */
export function cscdSentence(source: string, reference: string, prediction: string): SentenceScore {
  let charError = 0;
  let charPredict = 0;
  let charDetectTp = 0;
  let charCorrectTp = 0;
  let sameIndices = true;
  // Position by position in code points (as Python indexes), each string stepping over its own surrogate pairs;
  // a shorter reference or prediction reads as undefined past its end, as the former code-point arrays did.
  for (let i = 0, j = 0, k = 0; i < source.length; ) {
    const s = source.codePointAt(i)!;
    const t = reference.codePointAt(j);
    const p = prediction.codePointAt(k);
    i += s > 0xffff ? 2 : 1;
    j += t !== undefined && t > 0xffff ? 2 : 1;
    k += p !== undefined && p > 0xffff ? 2 : 1;
    const error = s !== t;
    const predicted = s !== p;
    if (error) charError++;
    if (predicted) {
      charPredict++;
      if (error) charDetectTp++;
      // Changed and now equals the reference (implies the source was wrong there).
      if (p === t) charCorrectTp++;
    }
    if (error !== predicted) sameIndices = false;
  }
  const sentPredict = charPredict > 0 ? 1 : 0;
  const counts: Counts = {
    sent_error: charError > 0 ? 1 : 0,
    sent_predict: sentPredict,
    sent_detect_tp: sentPredict && sameIndices ? 1 : 0,
    sent_correct_tp: sentPredict && prediction.startsWith(reference) ? 1 : 0, // every reference character matched
    char_error: charError,
    char_predict: charPredict,
    char_detect_tp: charDetectTp,
    char_correct_tp: charCorrectTp,
  };
  return { counts, verdict: cscdVerdict(source, reference, prediction) };
}

export function requireCscdLengths(profile: string, items: readonly ScoredItem[]): void {
  requireEqualLengths(
    profile,
    items,
    (item) => [item.source, firstReference(item), item.prediction],
    'all',
  );
}

function score(items: readonly ScoredItem[]) {
  requireCscdLengths('cscd', items);
  const sentences = items.map((item) => cscdSentence(item.source, firstReference(item), item.prediction));
  const multi = firstReferenceWarning(items);
  return { sentences, warnings: multi ? [multi] : [] };
}

export function summarizeCscd(totals: Counts): ProfileResult {
  const c = (key: string) => countOf(totals, key);
  const values: { [key: string]: MetricValue } = {};
  const undefinedKeys: string[] = [];
  const groups: [string, number, number, number][] = [
    ['S_D_', c('sent_detect_tp'), c('sent_predict'), c('sent_error')],
    ['S_C_', c('sent_correct_tp'), c('sent_predict'), c('sent_error')],
    ['C_D_', c('char_detect_tp'), c('char_predict'), c('char_error')],
    ['C_C_', c('char_correct_tp'), c('char_predict'), c('char_error')],
  ];
  for (const [prefix, truePredict, allPredict, allError] of groups) {
    const pRaw = divOrNull(truePredict, allPredict);
    const rRaw = divOrNull(truePredict, allError);
    const p = pRaw === null ? null : pyRound(pRaw * 100, 3);
    const r = rRaw === null ? null : pyRound(rRaw * 100, 3);
    const f1 = p === null || r === null ? null : pyRound((2 * p * r) / (p + r + 1e-10), 3);
    values[`${prefix}p`] = p;
    values[`${prefix}r`] = r;
    values[`${prefix}f1`] = f1;
    if (p === null) undefinedKeys.push(`${prefix}p`);
    if (r === null) undefinedKeys.push(`${prefix}r`);
    if (f1 === null) undefinedKeys.push(`${prefix}f1`);
  }
  const zero = zeroDivisionWarning(undefinedKeys, [
    [c('sent_predict') === 0, 'no-prediction-change'],
    [c('sent_error') === 0, 'no-reference-error'],
  ]);
  return { values, warnings: zero ? [zero] : [] };
}

export const cscdProfile = defineProfile({
  name: 'cscd',
  version: '1.0.0',
  description:
    'CSCD-NS / CSCD-IME evaluate.py (Eval-CSC): sentence- and character-level detection/correction P, R, F1 in %, ' +
    'P and R rounded to 3 decimals before F1; equal lengths only',
  score,
  summarize: summarizeCscd,
});
