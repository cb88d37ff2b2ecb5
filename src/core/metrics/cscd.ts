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
 */
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import {
  divOrNull,
  firstReference,
  firstReferenceWarning,
  requireEqualLengths,
  zeroDivisionWarning,
} from './item-checks.ts';
import type { MetricProfile, MetricValue, ProfileResult } from './profile.ts';
import { pyRound } from './pyround.ts';

interface Counts {
  /** Sentences / characters that are errors in the reference. */
  allError: number;
  /** Sentences / characters the system changed. */
  allPredict: number;
  truePredict: number;
}

const emptyCounts = (): Counts => ({ allError: 0, allPredict: 0, truePredict: 0 });

function compute(items: readonly ScoredItem[]): ProfileResult {
  requireEqualLengths(
    'cscd',
    items,
    (item) => [item.source, firstReference(item), item.prediction],
    'source, reference and prediction of equal length',
  );
  const sentDetect = emptyCounts();
  const sentCorrect = emptyCounts();
  const charDetect = emptyCounts();
  const charCorrect = emptyCounts();

  for (const item of items) {
    const src = chars(item.source);
    const tgt = chars(firstReference(item));
    const pred = chars(item.prediction);
    const errorIdx: number[] = [];
    const detectIdx: number[] = [];
    for (let i = 0; i < src.length; i++) {
      if (src[i] !== tgt[i]) {
        charDetect.allError++;
        charCorrect.allError++;
        errorIdx.push(i);
      }
      if (src[i] !== pred[i]) {
        charDetect.allPredict++;
        charCorrect.allPredict++;
        detectIdx.push(i);
        if (src[i] !== tgt[i]) charDetect.truePredict++;
        // Changed and now equals the reference (implies the source was wrong there).
        if (pred[i] === tgt[i]) charCorrect.truePredict++;
      }
    }
    if (errorIdx.length > 0) {
      sentDetect.allError++;
      sentCorrect.allError++;
    }
    if (detectIdx.length > 0) {
      sentDetect.allPredict++;
      sentCorrect.allPredict++;
      if (errorIdx.length === detectIdx.length && errorIdx.every((v, k) => v === detectIdx[k])) sentDetect.truePredict++;
      if (tgt.every((c, k) => c === pred[k])) sentCorrect.truePredict++;
    }
  }

  const values: { [key: string]: MetricValue } = {};
  const undefinedKeys: string[] = [];
  const groups: [string, Counts][] = [
    ['S_D_', sentDetect],
    ['S_C_', sentCorrect],
    ['C_D_', charDetect],
    ['C_C_', charCorrect],
  ];
  for (const [prefix, c] of groups) {
    const pRaw = divOrNull(c.truePredict, c.allPredict);
    const rRaw = divOrNull(c.truePredict, c.allError);
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

  const warnings: string[] = [];
  const multi = firstReferenceWarning(items);
  if (multi) warnings.push(multi);
  const zero = zeroDivisionWarning(undefinedKeys, [
    [sentDetect.allPredict === 0, 'no prediction changes any character (P divides by 0)'],
    [sentDetect.allError === 0, 'no reference differs from its source (R divides by 0)'],
  ]);
  if (zero) warnings.push(zero);
  return { values, warnings };
}

export const cscdProfile: MetricProfile = {
  name: 'cscd',
  version: '1.0.0',
  description:
    'CSCD-NS / CSCD-IME evaluate.py (Eval-CSC): sentence- and character-level detection/correction P, R, F1 in %, ' +
    'P and R rounded to 3 decimals before F1; equal lengths only',
  compute,
};
