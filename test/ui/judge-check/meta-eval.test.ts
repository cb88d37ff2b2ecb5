import { describe, expect, test } from 'vitest';
import { correlate, labelMap, metaEvaluate, sentencePoints } from '../../../src/ui/judge-check/meta-eval.ts';
import type { AnnotationItem } from '../../../src/ui/annotate/annotation.ts';
import { labelKey } from '../../../src/core/gcsc/labels.ts';

function item(id: string, system: string, start: number, score: number | undefined, identical = false, source = '一二三四'): AnnotationItem {
  const it: AnnotationItem = {
    key: labelKey(id, system, start, start + 1), id, system, systemId: system, start, end: start + 1, source, reference: '', prediction: '', opSource: '', opReference: '', opPrediction: '',
    predStart: 0, predEnd: 1, rPro: '', identical, kind: 'S_e', judgeCorrect: (score ?? 0) >= 0.5,
  };
  if (score !== undefined) it.score = score;
  return it;
}
const L = (id: string, system: string, start: number, correct: boolean) => ({ id, system, start, end: start + 1, correct });

describe('meta-evaluation', () => {
  test('hand-worked: 4 labelled operations at threshold 0.5', () => {
    const items = [item('a', 'S', 0, 0.9), item('b', 'S', 0, 0.8), item('c', 'S', 0, 0.3), item('d', 'S', 0, 0.2), item('e', 'S', 0, 0.7), item('f', 'S', 0, 1, true)];
    const labels = labelMap([L('a', 'S', 0, true), L('b', '', 0, true), L('c', 'S', 0, false), L('d', 'S', 0, true)]);
    const { report, n, unlabelled } = metaEvaluate(items, labels, { threshold: 0.5 });
    expect([n, unlabelled]).toEqual([4, 1]);
    const at = report.atThreshold as { accuracy: number; precision: number; recall: number; jaccard: number; tp: number };
    expect(at.tp).toBe(2);
    expect(at.accuracy).toBeCloseTo(0.75, 12);
    expect(at.precision).toBeCloseTo(1, 12);
    expect(at.recall).toBeCloseTo(2 / 3, 12);
    expect(at.jaccard).toBeCloseTo(2 / 3, 12);
    expect(report.auc).toBeCloseTo(2 / 3, 12);
  });

  test('sentence points and correlations (perfectly monotone → ρ = 1)', () => {
    const items: AnnotationItem[] = [];
    const labels: ReturnType<typeof L>[] = [];
    for (let s = 0; s < 6; s++) {
      for (let k = 0; k < 3; k++) {
        items.push(item(`s${s}`, 'S', k, k < s / 2 ? 0.9 : 0.1, false, '一'.repeat(5 + ((s * 7) % 4))));
        labels.push(L(`s${s}`, 'S', k, k < s / 2));
      }
    }
    const points = sentencePoints(items, labelMap(labels), false);
    expect(points).toHaveLength(6);
    expect(points.map((p) => p.human)).toEqual(points.map((p) => p.metric));
    const c = correlate(points, 'length');
    expect(c.n).toBe(6);
    expect((c.spearman as { value: number }).value).toBeCloseTo(1, 12);
    expect((c.pearson as { value: number }).value).toBeCloseTo(1, 12);
    // A sentence with an unlabelled operation is left out.
    expect(sentencePoints(items, labelMap(labels.slice(1)), false)).toHaveLength(5);
  });
});
