/**
 * Threshold calibration: pick the judge's threshold on one part of the human-labelled items and report how well
 * it agrees with the humans on items it was not chosen on. The split is stratified by label and reproducible:
 * a SplitMix64 generator from the seed shuffles the indices of each label class (correct first, then incorrect)
 * with Fisher–Yates, and the first round(share · class size) of each class form the calibration part.
 * The k-fold variant deals each shuffled class round-robin into k folds and chooses a threshold per fold on the
 * other k − 1 folds.
 */
import { type Unavailable, unavailable } from './common.ts';
import {
  type BestThreshold,
  type BinaryAgreement,
  bestThreshold,
  binaryAgreement,
  metricsAtThreshold,
  type ThresholdMetrics,
  type ThresholdObjective,
  thresholdSweep,
} from './judge-eval.ts';
import { type Rng, type Seed, shuffleInPlace, SplitMix64 } from './random.ts';

export interface CalibrationOptions {
  seed: Seed;
  /** Share of each label class used to choose the threshold, in (0, 1); default 0.5. */
  calibrationShare?: number;
  /** Default 'jaccard' (the paper's Figure 4 measure). */
  objective?: ThresholdObjective;
  /** Candidate thresholds; default: the distinct scores of the calibration part. */
  thresholds?: readonly number[];
}

export interface CalibrationResult {
  objective: ThresholdObjective;
  threshold: number;
  /** The choice on the calibration part, with its metrics there. */
  choice: BestThreshold;
  /** Metrics of the chosen threshold on the held-out part. */
  heldOut: ThresholdMetrics;
  /** Item indices (ascending) of each part. */
  calibrationIndices: number[];
  heldOutIndices: number[];
}

/** Choose the threshold on a seeded stratified calibration part and score it on the rest. */
export function calibrateThreshold(
  scores: readonly number[],
  labels: readonly boolean[],
  options: CalibrationOptions,
): CalibrationResult | Unavailable {
  const share = options.calibrationShare ?? 0.5;
  if (!(share > 0 && share < 1)) throw new RangeError(`calibrationShare must be in (0, 1), got ${share}`);
  if (scores.length !== labels.length) throw new RangeError('scores and labels: lengths differ');
  const objective = options.objective ?? 'jaccard';
  const split = stratifiedSplit(labels, share, new SplitMix64(options.seed));
  if (split.calibration.length === 0) return unavailable('the calibration part is empty');
  if (split.heldOut.length === 0) return unavailable('the held-out part is empty');
  const choice = choose(scores, labels, split.calibration, objective, options.thresholds);
  if ('reason' in choice) return choice;
  const heldOut = metricsAtThreshold(pick(scores, split.heldOut), pick(labels, split.heldOut), choice.threshold);
  if ('reason' in heldOut) return heldOut;
  return {
    objective,
    threshold: choice.threshold,
    choice,
    heldOut,
    calibrationIndices: split.calibration,
    heldOutIndices: split.heldOut,
  };
}

export interface CrossValidationOptions {
  seed: Seed;
  /** Number of folds, 2 ≤ k ≤ number of items; default 5. */
  k?: number;
  objective?: ThresholdObjective;
  thresholds?: readonly number[];
}

export interface FoldResult {
  /** Indices of the fold's held-out items (ascending). */
  indices: number[];
  threshold: number;
  /** Metrics of the fold's threshold on its held-out items. */
  heldOut: ThresholdMetrics;
}

export interface CrossValidationResult {
  objective: ThresholdObjective;
  folds: FoldResult[];
  /** Every item scored once, by the threshold chosen without it: the folds' confusion counts added up. */
  pooled: BinaryAgreement;
  /** Mean and sample standard deviation of the folds' thresholds (sd 0 for identical thresholds). */
  thresholdMean: number;
  thresholdSd: number;
}

/** Stratified k-fold threshold calibration. */
export function crossValidateThreshold(
  scores: readonly number[],
  labels: readonly boolean[],
  options: CrossValidationOptions,
): CrossValidationResult | Unavailable {
  const k = options.k ?? 5;
  if (scores.length !== labels.length) throw new RangeError('scores and labels: lengths differ');
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`k must be an integer ≥ 2, got ${k}`);
  if (k > scores.length) return unavailable(`${k} folds need at least ${k} items, got ${scores.length}`);
  const objective = options.objective ?? 'jaccard';
  const folds = stratifiedFolds(labels, k, new SplitMix64(options.seed));
  const results: FoldResult[] = [];
  for (const fold of folds) {
    const inFold = new Set(fold);
    const rest = scores.map((_, i) => i).filter((i) => !inFold.has(i));
    const choice = choose(scores, labels, rest, objective, options.thresholds);
    if ('reason' in choice) return unavailable(`fold ${results.length + 1}: ${choice.reason}`);
    const heldOut = metricsAtThreshold(pick(scores, fold), pick(labels, fold), choice.threshold);
    if ('reason' in heldOut) return unavailable(`fold ${results.length + 1}: ${heldOut.reason}`);
    results.push({ indices: fold, threshold: choice.threshold, heldOut });
  }
  const sum = (key: 'tp' | 'fp' | 'fn' | 'tn') => results.reduce((s, r) => s + r.heldOut[key], 0);
  const pooled = binaryAgreement({ tp: sum('tp'), fp: sum('fp'), fn: sum('fn'), tn: sum('tn') });
  const thresholds = results.map((r) => r.threshold);
  const mean = thresholds.reduce((s, t) => s + t, 0) / k;
  const variance = thresholds.reduce((s, t) => s + (t - mean) ** 2, 0) / (k - 1);
  return { objective, folds: results, pooled, thresholdMean: mean, thresholdSd: Math.sqrt(variance) };
}

/** Stratified split: per class (true, then false) shuffle the indices and take round(share · size) first. */
export function stratifiedSplit(
  labels: readonly boolean[],
  share: number,
  rng: Rng,
): { calibration: number[]; heldOut: number[] } {
  const calibration: number[] = [];
  const heldOut: number[] = [];
  for (const cls of classes(labels)) {
    shuffleInPlace(cls, rng);
    const take = Math.round(share * cls.length);
    calibration.push(...cls.slice(0, take));
    heldOut.push(...cls.slice(take));
  }
  return { calibration: calibration.sort((a, b) => a - b), heldOut: heldOut.sort((a, b) => a - b) };
}

/**
 * Stratified folds: per class (true, then false) shuffle the indices and deal them round-robin, the second class
 * continuing where the first stopped so fold sizes differ by at most one.
 */
export function stratifiedFolds(labels: readonly boolean[], k: number, rng: Rng): number[][] {
  const folds: number[][] = Array.from({ length: k }, () => []);
  let dealt = 0;
  for (const cls of classes(labels)) {
    shuffleInPlace(cls, rng);
    for (const i of cls) (folds[dealt++ % k] as number[]).push(i);
  }
  return folds.map((f) => f.sort((a, b) => a - b));
}

function classes(labels: readonly boolean[]): [number[], number[]] {
  const correct: number[] = [];
  const incorrect: number[] = [];
  labels.forEach((label, i) => (label ? correct : incorrect).push(i));
  return [correct, incorrect];
}

function choose(
  scores: readonly number[],
  labels: readonly boolean[],
  indices: readonly number[],
  objective: ThresholdObjective,
  thresholds: readonly number[] | undefined,
): BestThreshold | Unavailable {
  const sweep = thresholdSweep(pick(scores, indices), pick(labels, indices), thresholds);
  return 'reason' in sweep ? sweep : bestThreshold(sweep.points, objective);
}

function pick<T>(values: readonly T[], indices: readonly number[]): T[] {
  return indices.map((i) => values[i] as T);
}
