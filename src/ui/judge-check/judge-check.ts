/**
 * The judge check's logic without the view: which runs can be checked, the threshold a run judged with, the
 * calibration of a threshold on the labelled operations, and the geometry of Figure 4's Jaccard curve.
 */
import { calibrateThreshold, isAvailable, type CalibrationResult, type ScoreHistogram, type ThresholdMetrics } from '../../core/stats/index.ts';
import type { CalibrationRecord, RunRecord } from '../../db/types.ts';
import type { AnnotationItem } from '../annotate/annotation.ts';

/** Runs whose automatic judge can be checked: Eval-GCSC stored, judged by something other than the human labels. */
export function checkableRuns(runs: readonly RunRecord[]): RunRecord[] {
  return runs.filter((r) => r.phasesDone.includes('gcsc') && r.judge?.spec.kind !== 'labels');
}

/** The threshold a run judged with (resolved when it was created; older runs: as the report records it); exact judges: 1. */
export function runThreshold(run: RunRecord): number | undefined {
  if (run.judge?.spec.kind !== 'model') return 1;
  return run.judge.threshold ?? run.report?.gcsc?.threshold;
}

/** Needs at least 4 labelled operations (2 per half of the split). */
export const MIN_CALIBRATION_ITEMS = 4;

/**
 * A threshold chosen for accuracy on a seeded half of the labelled operations (R_pro ≠ R) and measured on the
 * other half; null when there are too few or one half is empty.
 */
export function calibrate(items: readonly AnnotationItem[], labels: ReadonlyMap<string, boolean>, seed: number): CalibrationResult | null {
  const scored = items.filter((i) => !i.identical && labels.has(i.key));
  if (scored.length < MIN_CALIBRATION_ITEMS) return null;
  const result = calibrateThreshold(
    scored.map((i) => i.score ?? (i.judgeCorrect ? 1 : 0)),
    scored.map((i) => labels.get(i.key)!),
    { seed, objective: 'accuracy' },
  );
  return isAvailable(result) ? result : null;
}

/** What the run tab offers as this model's threshold next time; null unless the run used a model judge. */
export function calibrationRecord(run: RunRecord, calibration: CalibrationResult, seed: number, now: number): CalibrationRecord | null {
  if (run.judge?.spec.kind !== 'model' || !run.judge.spec.model) return null;
  return {
    modelId: run.judge.spec.model,
    threshold: calibration.threshold,
    calibrationAccuracy: calibration.choice.point.accuracy,
    testAccuracy: calibration.heldOut.accuracy,
    calibrationN: calibration.calibrationIndices.length,
    testN: calibration.heldOutIndices.length,
    seed,
    createdAt: now,
  };
}

export interface ChartBox {
  width: number;
  height: number;
  /** Margin on every side, for the axes' labels. */
  pad: number;
}

export interface JaccardCurve {
  /** SVG path data of Jaccard (y, 0..1) against the threshold (x). */
  path: string;
  x: (threshold: number) => number;
  y: (jaccard: number) => number;
  /** The x axis' range: the candidate thresholds and the run's threshold (similarities often sit near 1). */
  lo: number;
  hi: number;
}

/** Figure 4's curve in a `box`; null without points. */
export function jaccardCurve(sweep: readonly ThresholdMetrics[], threshold: number | undefined, box: ChartBox): JaccardCurve | null {
  if (sweep.length === 0) return null;
  const xs = [...sweep.map((p) => p.threshold), ...(threshold !== undefined ? [threshold] : [])];
  const lo = Math.min(...xs);
  const hi = Math.max(...xs, lo + 0.01);
  const { width: W, height: H, pad: P } = box;
  const x = (v: number) => P + ((v - lo) / (hi - lo)) * (W - 2 * P);
  const y = (v: number) => H - P - v * (H - 2 * P);
  const path = sweep.map((p, i) => `${i ? 'L' : 'M'}${x(p.threshold).toFixed(1)},${y(p.jaccard ?? 0).toFixed(1)}`).join(' ');
  return { path, x, y, lo, hi };
}

/** The tallest bar of the score histogram (at least 1, so empty bins draw as nothing). */
export function histogramMax(hist: ScoreHistogram): number {
  return Math.max(1, ...hist.bins.map((b) => Math.max(b.correct, b.incorrect)));
}
