/**
 * Meta-evaluation of a scoring judge against human labels (paper §5.2 Figure 4; seed 004): ROC-AUC, the metrics
 * at a given threshold (accuracy, precision/recall of "correct", F1, Jaccard of the two "correct" sets, Cohen's
 * κ), a threshold sweep with the best Jaccard and accuracy marked, a seeded calibration split (choose on one
 * half, report on the other), per-category accuracy, and a score histogram split by label.
 */
import {
  bestThreshold,
  calibrateThreshold,
  metricsAtThreshold,
  rocAuc,
  scoreHistogram,
  thresholdSweep,
  type BestThreshold,
  type CalibrationResult,
  type ScoreHistogram,
  type ThresholdMetrics,
  type Unavailable,
} from '../stats/index.ts';

export interface ScoredLabel {
  score: number;
  /** Humans say the judged text keeps the meaning. */
  label: boolean;
  category?: string;
}

export interface JudgeMetaReport {
  n: number;
  positives: number;
  auc: number | null;
  threshold: number | null;
  atThreshold: ThresholdMetrics | Unavailable | null;
  perCategory: Record<string, { n: number; accuracy: number }>;
  sweep: ThresholdMetrics[];
  bestJaccard: BestThreshold | Unavailable;
  bestAccuracy: BestThreshold | Unavailable;
  calibration: CalibrationResult | Unavailable;
  histogram: ScoreHistogram | Unavailable;
}

export function judgeMetaEvaluation(items: readonly ScoredLabel[], options: { threshold?: number; seed?: number; bins?: number } = {}): JudgeMetaReport {
  const scores = items.map((i) => i.score);
  const labels = items.map((i) => i.label);
  const auc = rocAuc(scores, labels);
  const sweep = thresholdSweep(scores, labels);
  const points = 'points' in sweep ? sweep.points : [];
  const threshold = options.threshold ?? null;
  const perCategory: Record<string, { n: number; accuracy: number }> = {};
  if (threshold !== null) {
    for (const item of items) {
      const key = item.category || '(none)';
      const entry = (perCategory[key] ??= { n: 0, accuracy: 0 });
      entry.n++;
      if (item.score >= threshold === item.label) entry.accuracy++;
    }
    for (const entry of Object.values(perCategory)) entry.accuracy /= entry.n;
  }
  const min = Math.min(...scores, 0);
  return {
    n: items.length,
    positives: labels.filter(Boolean).length,
    auc: 'value' in auc && auc.value !== null ? auc.value : null,
    threshold,
    atThreshold: threshold === null ? null : metricsAtThreshold(scores, labels, threshold),
    perCategory,
    sweep: points,
    bestJaccard: bestThreshold(points, 'jaccard'),
    bestAccuracy: bestThreshold(points, 'accuracy'),
    calibration: calibrateThreshold(scores, labels, { seed: options.seed ?? 1, objective: 'accuracy' }),
    histogram: scoreHistogram(scores, labels, { min: Math.floor(min * 10) / 10, max: 1, count: options.bins ?? 20 }),
  };
}
