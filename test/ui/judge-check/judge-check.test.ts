import { describe, expect, test } from 'vitest';
import { calibrate, calibrationRecord, checkableRuns, histogramMax, jaccardCurve, runThreshold } from '../../../src/ui/judge-check/judge-check.ts';
import type { AnnotationItem } from '../../../src/ui/annotate/annotation.ts';
import type { RunRecord } from '../../../src/db/types.ts';
import type { ThresholdMetrics } from '../../../src/core/stats/index.ts';

const run = (over: Partial<RunRecord>): RunRecord => ({
  id: 'r', datasetId: 'd', systemIds: [], systemNames: [], createdAt: 0, updatedAt: 0, heartbeat: 0, status: 'done', phases: ['csc', 'gcsc'], phasesDone: ['csc', 'gcsc'], timings: {}, ...over,
});
const point = (threshold: number, jaccard: number) => ({ threshold, jaccard }) as ThresholdMetrics;

function item(key: string, score: number, identical = false): AnnotationItem {
  return { key, id: key, system: 'S', systemId: 'S', start: 0, end: 1, source: '', reference: '', prediction: '', opSource: '', opReference: '', opPrediction: '', predStart: 0, predEnd: 1, rPro: '', identical, kind: 'S_e', score, judgeCorrect: score >= 0.5 };
}

describe('judge check logic', () => {
  test('runs to check and the threshold each judged with', () => {
    const exact = run({ id: 'a', judge: { spec: { kind: 'exact' } } });
    const model = run({ id: 'b', judge: { spec: { kind: 'model', model: 'm' }, threshold: 0.8, thresholdFrom: 'manifest' } });
    const fromReport = run({ id: 'c', judge: { spec: { kind: 'model', model: 'm' } }, report: { gcsc: { threshold: 0.9 } } as unknown as RunRecord['report'] });
    const labels = run({ id: 'd', judge: { spec: { kind: 'labels', source: 'l.csv' } } });
    const cscOnly = run({ id: 'e', phasesDone: ['csc'] });
    expect(checkableRuns([exact, model, fromReport, labels, cscOnly]).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect([runThreshold(exact), runThreshold(model), runThreshold(fromReport)]).toEqual([1, 0.8, 0.9]);
  });

  test("Figure 4's curve in a 100×100 box with a margin of 10", () => {
    const curve = jaccardCurve([point(0.5, 0), point(1, 1)], undefined, { width: 100, height: 100, pad: 10 })!;
    // x: 0.5 → 10, 1 → 90; y: 0 → 90, 1 → 10.
    expect(curve.path).toBe('M10.0,90.0 L90.0,10.0');
    // The run's threshold widens the axis: lo 0.25, so 0.5 sits a third of the way along 80 units.
    const wider = jaccardCurve([point(0.5, 0), point(1, 1)], 0.25, { width: 100, height: 100, pad: 10 })!;
    expect([wider.lo, wider.hi]).toEqual([0.25, 1]);
    expect(wider.path).toBe('M36.7,90.0 L90.0,10.0');
    // One point: the axis spans 0.01 so nothing divides by zero.
    expect(jaccardCurve([point(0.9, 0.5)], undefined, { width: 100, height: 100, pad: 10 })!.path).toBe('M10.0,50.0');
    expect(jaccardCurve([], 0.5, { width: 100, height: 100, pad: 10 })).toBeNull();
  });

  test('the tallest histogram bar', () => {
    const bins = [{ lower: 0, upper: 0.5, correct: 3, incorrect: 5 }, { lower: 0.5, upper: 1, correct: 0, incorrect: 0 }];
    expect(histogramMax({ bins, below: { correct: 0, incorrect: 0 }, above: { correct: 0, incorrect: 0 } })).toBe(5);
    expect(histogramMax({ bins: [bins[1]!], below: { correct: 0, incorrect: 0 }, above: { correct: 0, incorrect: 0 } })).toBe(1);
  });

  test('calibration on separable labels: the held-out half is judged right, identical and unlabelled left out', () => {
    const items = [...'abcd'].map((k) => item(k, 0.9)).concat([...'efgh'].map((k) => item(k, 0.1)), [item('same', 1, true), item('nolabel', 0.5)]);
    const labels = new Map<string, boolean>([...[...'abcd'].map((k): [string, boolean] => [k, true]), ...[...'efgh'].map((k): [string, boolean] => [k, false]), ['same', false]]);
    const result = calibrate(items, labels, 7)!;
    expect(result.calibrationIndices.length + result.heldOutIndices.length).toBe(8);
    expect(result.threshold).toBeGreaterThan(0.1);
    expect(result.threshold).toBeLessThanOrEqual(0.9);
    expect(result.heldOut.accuracy).toBe(1);
    expect(calibrate(items.slice(0, 3), labels, 7)).toBeNull();
    const record = calibrationRecord(run({ judge: { spec: { kind: 'model', model: 'site:default' } } }), result, 7, 1234)!;
    expect(record).toMatchObject({ modelId: 'site:default', threshold: result.threshold, seed: 7, createdAt: 1234, testAccuracy: 1 });
    expect(calibrationRecord(run({ judge: { spec: { kind: 'exact' } } }), result, 7, 0)).toBeNull();
  });
});
