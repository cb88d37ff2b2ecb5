import { describe, expect, test } from 'vitest';
import {
  agreement,
  editKindOf,
  labelsToCsv,
  labelsToJsonl,
  majorityFromRows,
  majorityLabels,
  majorityToCsv,
  operationKind,
  readLabelRows,
  stratifiedSample,
  highlight,
  type AnnotationItem,
  type LabelRow,
} from '../../../src/ui/annotate/annotation.ts';
import { readLabels, labelKey } from '../../../src/core/gcsc/labels.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const row = (annotator: string, id: string, label: LabelRow['label'], system = 'sys'): LabelRow => ({ annotator, id, system, start: 0, end: 2, reference: '高兴', prediction: '高心', label });

describe('annotation logic', () => {
  test('edit kinds from character edits', () => {
    expect(editKindOf({ start: 1, end: 2, replacement: '兴' })).toBe('S_e');
    expect(editKindOf({ start: 1, end: 2, replacement: '兴趣' })).toBe('S_ne');
    expect(editKindOf({ start: 1, end: 1, replacement: '来' })).toBe('M');
    expect(editKindOf({ start: 1, end: 3, replacement: '' })).toBe('R');
    expect(operationKind([{ start: 1, end: 2, replacement: 'a' }, { start: 3, end: 3, replacement: 'b' }])).toBe('mixed');
  });

  test('majority: unsure does not vote, ties are unresolved', () => {
    const m = majorityLabels([row('a', 's1', 'correct'), row('b', 's1', 'wrong'), row('a', 's2', 'correct'), row('b', 's2', 'correct'), row('c', 's2', 'wrong'), row('a', 's3', 'wrong'), row('b', 's3', 'unsure')]);
    expect(m.get(labelKey('s1', 'sys', 0, 2))).toMatchObject({ unresolved: true, label: null });
    expect(m.get(labelKey('s2', 'sys', 0, 2))).toMatchObject({ unresolved: false, label: 'correct', votes: 2, total: 3 });
    expect(m.get(labelKey('s3', 'sys', 0, 2))).toMatchObject({ unresolved: false, label: 'wrong', votes: 1, total: 1 });
    expect(majorityFromRows([row('a', 's1', 'correct'), row('b', 's1', 'wrong'), row('a', 's3', 'wrong')]).map((l) => [l.id, l.correct])).toEqual([['s3', false]]);
  });

  test("Cohen's κ for two annotators (hand-worked: p_o 3/4, p_e 1/2, κ 1/2)", () => {
    const a = ['correct', 'correct', 'wrong', 'wrong'] as const;
    const b = ['correct', 'wrong', 'wrong', 'wrong'] as const;
    const rows = [...a.map((l, i) => row('ann', `s${i}`, l)), ...b.map((l, i) => row('bob', `s${i}`, l)), row('bob', 's9', 'correct')];
    const r = agreement(rows);
    expect(r).toMatchObject({ annotators: ['ann', 'bob'], items: 4, method: 'cohen' });
    expect(r.kappa).toBeCloseTo(0.5, 12);
    expect(r.percent).toBeCloseTo(0.75, 12);
  });

  test("Fleiss' κ for three annotators (hand-worked: P̄ 2/3, P̄_e 13/18, κ −1/5)", () => {
    const rows = [row('a', 'x', 'correct'), row('b', 'x', 'correct'), row('c', 'x', 'correct'), row('a', 'y', 'correct'), row('b', 'y', 'correct'), row('c', 'y', 'wrong')];
    const r = agreement(rows);
    expect(r.method).toBe('fleiss');
    expect(r.kappa).toBeCloseTo(-0.2, 12);
    expect(r.percent).toBeCloseTo(2 / 3, 12);
    expect(agreement([row('a', 'x', 'correct')])).toMatchObject({ method: null, kappa: null });
  });

  test('seeded stratified sample: at most k per (system, kind), no R_pro = R, same seed same sample', () => {
    const items: AnnotationItem[] = [];
    for (const system of ['A', 'B'])
      for (let i = 0; i < 20; i++)
        items.push({
          key: `${system}${i}`, id: `s${i}`, system, systemId: system, start: 0, end: 1, source: '', reference: '', prediction: '', opSource: '', opReference: '', opPrediction: '',
          predStart: 0, predEnd: 1, rPro: '', identical: i % 5 === 0, kind: i % 2 === 0 ? 'S_e' : 'M', judgeCorrect: true,
        });
    const s1 = stratifiedSample(items, 3, 7);
    expect(s1).toHaveLength(12);
    expect(s1.every((i) => !i.identical)).toBe(true);
    expect(stratifiedSample(items, 3, 7).map((i) => i.key)).toEqual(s1.map((i) => i.key));
    expect(stratifiedSample(items, 100, 7)).toHaveLength(32);
  });

  test('exported CSV is read by the core labels reader (annotator column ignored, unsure refused) and by the importer', () => {
    const rows = [row('ann', 's1', 'correct'), row('ann', 's2', 'wrong')];
    const csv = labelsToCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('id,system,start,end,reference,prediction,label,annotator');
    expect(readLabels({ name: 'l.csv', bytes: enc(csv) }).map((l) => [l.id, l.correct])).toEqual([['s1', true], ['s2', false]]);
    expect(() => readLabels({ name: 'l.csv', bytes: enc(labelsToCsv([row('ann', 's3', 'unsure')])) })).toThrow();
    expect(readLabelRows('l.csv', enc(csv), 'x').rows).toEqual(rows);
    expect(readLabelRows('l.jsonl', enc(labelsToJsonl([row('', 's1', 'unsure')])), 'fallback').rows).toEqual([row('fallback', 's1', 'unsure')]);
    const maj = majorityToCsv(majorityFromRows(rows));
    expect(readLabels({ name: 'm.csv', bytes: enc(maj) })).toHaveLength(2);
    expect(readLabelRows('bad.csv', enc('id,start,end,label\ns1,0,2,maybe\n'), 'x').problems).toEqual(['line 2: label "maybe" is not 1/0/unsure']);
  });

  test('highlight splits by code points', () => {
    expect(highlight('我很高心啊', 2, 4)).toEqual(['我很', '高心', '啊']);
  });
});
