/**
 * Meta-evaluation of a scoring judge (e.g. embedding similarity) against binary human labels: the judge calls an
 * item correct when its score is ≥ a threshold. ROC-AUC measures how well the scores rank the human-correct items
 * above the rest; at a threshold we report the confusion counts and accuracy, precision/recall/F1 of "correct",
 * Cohen's κ and the Jaccard coefficient |J ∩ H| / |J ∪ H| of the sets judged correct by the judge (J) and by the
 * humans (H), the agreement measure of the Eval-GCSC paper's Figure 4. Also histograms and a reliability table.
 */
import { assertSameLength, firstNonFinite, type Unavailable, unavailable } from './common.ts';

/** Which agreement a threshold is chosen to maximise. */
export type ThresholdObjective = 'jaccard' | 'accuracy';

export interface ConfusionCounts {
  /** Judge correct, humans correct. */
  tp: number;
  /** Judge correct, humans incorrect. */
  fp: number;
  /** Judge incorrect, humans correct. */
  fn: number;
  /** Judge incorrect, humans incorrect. */
  tn: number;
}

/** Agreement of two binary decisions; null where the ratio is 0/0. */
export interface BinaryAgreement extends ConfusionCounts {
  n: number;
  accuracy: number;
  /** tp / (tp + fp): null when the judge calls nothing correct. */
  precision: number | null;
  /** tp / (tp + fn): null when the humans call nothing correct. */
  recall: number | null;
  /** 2tp / (2tp + fp + fn): null when neither calls anything correct. */
  f1: number | null;
  /** tp / (tp + fp + fn): null when neither calls anything correct (two empty sets). */
  jaccard: number | null;
  /** Cohen's κ of the two decisions: null when chance agreement is 1 (both constant and equal). */
  kappa: number | null;
}

export interface ThresholdMetrics extends BinaryAgreement {
  threshold: number;
}

/** Derived measures from confusion counts (n = tp + fp + fn + tn must be > 0). */
export function binaryAgreement(counts: ConfusionCounts): BinaryAgreement {
  const { tp, fp, fn, tn } = counts;
  const n = tp + fp + fn + tn;
  if (!(n > 0)) throw new RangeError('binaryAgreement: no items');
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  const po = (tp + tn) / n;
  const pe = ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / (n * n);
  return {
    tp,
    fp,
    fn,
    tn,
    n,
    accuracy: po,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
    jaccard: ratio(tp, tp + fp + fn),
    kappa: pe < 1 ? (po - pe) / (1 - pe) : null,
  };
}

export interface RocAuc {
  value: number;
  positives: number;
  negatives: number;
  /** Mann–Whitney U of the human-correct items' scores: value = U / (positives · negatives). */
  u: number;
}

/**
 * ROC-AUC = P(score of a random human-correct item > score of a random human-incorrect one), ties counting ½:
 * the Mann–Whitney U from average ranks. Needs both labels present.
 */
export function rocAuc(scores: readonly number[], labels: readonly boolean[]): RocAuc | Unavailable {
  const bad = checkInput(scores, labels);
  if (bad) return bad;
  const positives = labels.filter(Boolean).length;
  const negatives = labels.length - positives;
  if (positives === 0) return unavailable('no item is labelled correct');
  if (negatives === 0) return unavailable('no item is labelled incorrect');
  const order = scores.map((_, i) => i).sort((a, b) => (scores[a] as number) - (scores[b] as number));
  let rankSum = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1] as number] === scores[order[i] as number]) j++;
    const rank = (i + j) / 2 + 1;
    for (let m = i; m <= j; m++) if (labels[order[m] as number]) rankSum += rank;
    i = j + 1;
  }
  const u = rankSum - (positives * (positives + 1)) / 2;
  return { value: u / (positives * negatives), positives, negatives, u };
}

/** All metrics with "score ≥ threshold" as the judge's decision. */
export function metricsAtThreshold(
  scores: readonly number[],
  labels: readonly boolean[],
  threshold: number,
): ThresholdMetrics | Unavailable {
  const sweep = thresholdSweep(scores, labels, [threshold]);
  return 'points' in sweep ? (sweep.points[0] as ThresholdMetrics) : sweep;
}

export interface ThresholdSweep {
  /** One entry per distinct candidate, in ascending threshold order. */
  points: ThresholdMetrics[];
}

/**
 * Metrics at every candidate threshold (default: each distinct score, which covers every distinct split but
 * "nothing correct"). Sorting once makes this O((n + T) log n).
 */
export function thresholdSweep(
  scores: readonly number[],
  labels: readonly boolean[],
  thresholds?: readonly number[],
): ThresholdSweep | Unavailable {
  const bad = checkInput(scores, labels);
  if (bad) return bad;
  if (thresholds?.some((t) => Number.isNaN(t))) throw new RangeError('thresholdSweep: a threshold is NaN');
  const candidates = [...new Set(thresholds ?? scores)].sort((a, b) => a - b);
  const order = scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number));
  const sorted = order.map((i) => scores[i] as number); // descending
  const positivesBefore = [0]; // positivesBefore[c] = human-correct items among the c highest scores
  for (const i of order) positivesBefore.push((positivesBefore.at(-1) as number) + (labels[i] ? 1 : 0));
  const positives = positivesBefore.at(-1) as number;
  const n = scores.length;
  const points = candidates.map((threshold) => {
    const judged = countAtLeast(sorted, threshold);
    const tp = positivesBefore[judged] as number;
    const fp = judged - tp;
    const fn = positives - tp;
    return { threshold, ...binaryAgreement({ tp, fp, fn, tn: n - judged - fn }) };
  });
  return { points };
}

export interface BestThreshold {
  objective: ThresholdObjective;
  threshold: number;
  value: number;
  point: ThresholdMetrics;
  /** The run of adjacent candidates that all reach the maximum, from which `threshold` was taken. */
  run: { from: number; to: number; length: number };
}

/**
 * The candidate that maximises the objective. Equal maxima are resolved by stability: among runs of adjacent
 * candidates (in threshold order) that all reach the maximum, take the longest (the first if equally long) and
 * within it the candidate closest to the run's midpoint (the lower of two equally close, up to rounding). Points
 * where the objective is null (Jaccard of two empty sets) are skipped.
 */
export function bestThreshold(
  points: readonly ThresholdMetrics[],
  objective: ThresholdObjective,
): BestThreshold | Unavailable {
  const sorted = [...points].sort((a, b) => a.threshold - b.threshold);
  let max = -Infinity;
  for (const p of sorted) {
    const v = p[objective];
    if (v !== null && v > max) max = v;
  }
  if (max === -Infinity) return unavailable(`${objective} is undefined at every candidate threshold`);
  // Equal rationals of integer counts divide to identical doubles, so === finds the ties exactly.
  let best: { start: number; end: number } | null = null;
  for (let i = 0; i < sorted.length; ) {
    if ((sorted[i] as ThresholdMetrics)[objective] !== max) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as ThresholdMetrics)[objective] === max) j++;
    if (best === null || j - i > best.end - best.start) best = { start: i, end: j };
    i = j + 1;
  }
  const { start, end } = best as { start: number; end: number };
  const from = (sorted[start] as ThresholdMetrics).threshold;
  const to = (sorted[end] as ThresholdMetrics).threshold;
  const middle = from + (to - from) / 2;
  // Distances within rounding of each other count as equal, so the lower candidate wins an exact half-way tie.
  const slack = 1e-12 * Math.max(1, Math.abs(middle));
  let pick = start;
  if (!Number.isFinite(middle)) pick = start + Math.floor((end - start) / 2); // a run reaching ±Infinity
  else {
    for (let i = start + 1; i <= end; i++) {
      const d = Math.abs((sorted[i] as ThresholdMetrics).threshold - middle);
      if (d < Math.abs((sorted[pick] as ThresholdMetrics).threshold - middle) - slack) pick = i;
    }
  }
  const point = sorted[pick] as ThresholdMetrics;
  return { objective, threshold: point.threshold, value: max, point, run: { from, to, length: end - start + 1 } };
}

/**
 * Evenly spaced thresholds start, start + step, … up to stop (inclusive when it falls on the grid), rounded to
 * the decimals of start and step so that 0.8 + 3·0.01 prints as 0.83, not 0.8300000000000001.
 */
export function thresholdGrid(start: number, stop: number, step: number): number[] {
  if (![start, stop, step].every(Number.isFinite) || step <= 0 || stop < start) {
    throw new RangeError(`thresholdGrid: need finite start ≤ stop and step > 0, got ${start}, ${stop}, ${step}`);
  }
  const decimals = Math.min(15, Math.max(decimalsOf(start), decimalsOf(step)));
  const count = Math.floor((stop - start) / step + 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => Number((start + i * step).toFixed(decimals)));
}

/** Bin edges (ascending, at least two), or `count` equal-width bins over [min, max]. */
export type Bins = readonly number[] | { min: number; max: number; count: number };

export interface HistogramBin {
  lower: number;
  upper: number;
  /** Items in the bin that humans labelled correct. */
  correct: number;
  incorrect: number;
}

export interface ScoreHistogram {
  /** Bins are [lower, upper), the last one [lower, upper]. */
  bins: HistogramBin[];
  /** Items below the first edge and above the last, by label. */
  below: { correct: number; incorrect: number };
  above: { correct: number; incorrect: number };
}

/** Histogram of the scores, split by human label. */
export function scoreHistogram(
  scores: readonly number[],
  labels: readonly boolean[],
  bins: Bins,
): ScoreHistogram | Unavailable {
  const edges = binEdges(bins);
  const bad = checkInput(scores, labels, true);
  if (bad) return bad;
  const out: HistogramBin[] = edges
    .slice(0, -1)
    .map((lower, i) => ({ lower, upper: edges[i + 1] as number, correct: 0, incorrect: 0 }));
  const below = { correct: 0, incorrect: 0 };
  const above = { correct: 0, incorrect: 0 };
  scores.forEach((score, i) => {
    const b = binIndex(score, edges);
    const target = b === 'below' ? below : b === 'above' ? above : (out[b] as HistogramBin);
    if (labels[i]) target.correct++;
    else target.incorrect++;
  });
  return { bins: out, below, above };
}

export interface ReliabilityBin {
  lower: number;
  upper: number;
  count: number;
  /** Items labelled correct by humans. */
  correct: number;
  /** correct / count; null for an empty bin. */
  share: number | null;
  /** Mean score of the items in the bin; null for an empty bin. */
  meanScore: number | null;
}

export interface ReliabilityTable {
  bins: ReliabilityBin[];
  below: number;
  above: number;
}

/** Reliability-style table: for each score bin, how many items and what share of them humans call correct. */
export function reliabilityTable(
  scores: readonly number[],
  labels: readonly boolean[],
  bins: Bins,
): ReliabilityTable | Unavailable {
  const edges = binEdges(bins);
  const bad = checkInput(scores, labels, true);
  if (bad) return bad;
  const sums = edges.slice(0, -1).map(() => ({ count: 0, correct: 0, total: 0 }));
  let below = 0;
  let above = 0;
  scores.forEach((score, i) => {
    const b = binIndex(score, edges);
    if (b === 'below') below++;
    else if (b === 'above') above++;
    else {
      const s = sums[b] as { count: number; correct: number; total: number };
      s.count++;
      s.total += score;
      if (labels[i]) s.correct++;
    }
  });
  return {
    bins: sums.map((s, i) => ({
      lower: edges[i] as number,
      upper: edges[i + 1] as number,
      count: s.count,
      correct: s.correct,
      share: s.count > 0 ? s.correct / s.count : null,
      meanScore: s.count > 0 ? s.total / s.count : null,
    })),
    below,
    above,
  };
}

function checkInput(scores: readonly number[], labels: readonly boolean[], allowEmpty = false): Unavailable | null {
  assertSameLength('scores and labels', scores, labels);
  if (!allowEmpty && scores.length === 0) return unavailable('no items');
  const i = firstNonFinite(scores);
  return i >= 0 ? unavailable(`score at index ${i} is not a finite number`) : null;
}

/** Number of values ≥ t in a descending array (binary search). */
function countAtLeast(descending: readonly number[], t: number): number {
  let lo = 0;
  let hi = descending.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((descending[mid] as number) >= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function binEdges(bins: Bins): number[] {
  let edges: number[];
  if (Array.isArray(bins)) {
    edges = [...(bins as readonly number[])];
  } else {
    const { min, max, count } = bins as { min: number; max: number; count: number };
    if (!Number.isInteger(count) || count < 1 || !(max > min)) {
      throw new RangeError(`bins: need an integer count ≥ 1 and max > min, got ${count}, ${min}, ${max}`);
    }
    // Each edge from its index, so no rounding drift accumulates; the last is exactly max.
    edges = Array.from({ length: count + 1 }, (_, i) => (i === count ? max : min + ((max - min) * i) / count));
  }
  const increasing = edges.every((e, i) => i === 0 || e > (edges[i - 1] as number));
  if (edges.length < 2 || !edges.every(Number.isFinite) || !increasing) {
    throw new RangeError('bins: edges must be at least two finite, strictly increasing numbers');
  }
  return edges;
}

function binIndex(value: number, edges: readonly number[]): number | 'below' | 'above' {
  const last = edges.length - 1;
  if (value < (edges[0] as number)) return 'below';
  if (value > (edges[last] as number)) return 'above';
  if (value === edges[last]) return last - 1;
  let lo = 0;
  let hi = last; // edges[lo] ≤ value < edges[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((edges[mid] as number) <= value) lo = mid;
    else hi = mid;
  }
  return lo;
}

function decimalsOf(x: number): number {
  const text = String(x);
  if (text.includes('e-')) return Number(text.split('e-')[1]) + (text.split('e')[0]?.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}
