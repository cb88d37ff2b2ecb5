import { describe, expect, it } from 'vitest';
import { judgeMetaEvaluation } from '../../../src/core/meta/judge-meta.ts';
import { readLabelledPairs } from '../../../src/core/meta/pairs.ts';
import { InputError } from '../../../src/core/types.ts';

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

describe('judge meta-evaluation', () => {
  const items = [
    { score: 0.9, label: true, category: 'syn' },
    { score: 0.8, label: true, category: 'syn' },
    { score: 0.7, label: false, category: 'neg' },
    { score: 0.6, label: true, category: 'num' },
  ];

  it('reports AUC, the metrics at the threshold and per-category accuracy', () => {
    const r = judgeMetaEvaluation(items, { threshold: 0.75 });
    // Positive–negative pairs: 0.9>0.7, 0.8>0.7, 0.6<0.7 → AUC = 2/3.
    expect(r.auc).toBeCloseTo(2 / 3, 12);
    // Judge says correct for 0.9, 0.8; humans for 0.9, 0.8, 0.6 → tp 2, fp 0, fn 1, tn 1.
    expect(r.atThreshold).toMatchObject({ tp: 2, fp: 0, fn: 1, tn: 1, accuracy: 0.75, jaccard: 2 / 3 });
    expect(r.perCategory).toEqual({ syn: { n: 2, accuracy: 1 }, neg: { n: 1, accuracy: 1 }, num: { n: 1, accuracy: 0 } });
  });

  it('marks the best threshold of the sweep', () => {
    const r = judgeMetaEvaluation(items);
    // Candidates are the scores: at 0.6 everything is "correct": tp 3, fp 1 → Jaccard 3/4, the maximum.
    expect(r.bestJaccard).toMatchObject({ threshold: 0.6, value: 0.75 });
    expect(r.threshold).toBeNull();
  });
});

describe('labelled pairs', () => {
  it('reads the judgement TSV and refuses bad labels and duplicates', () => {
    const ok = readLabelledPairs(file('p.tsv', 'id\tlabel\tcategory\tR\tR_prime\n1\t1\tsyn\t他是我的友人。\t他是我的朋友。\n'));
    expect(ok).toEqual([{ id: '1', label: true, category: 'syn', reference: '他是我的友人。', candidate: '他是我的朋友。', line: 2 }]);
    expect(() => readLabelledPairs(file('p.tsv', 'id\tlabel\tR\tR_prime\n1\tyes\ta\tb\n1\t1\ta\tb\n2\t0\ta\tb\n2\t1\ta\tb\n'))).toThrow(InputError);
    try {
      readLabelledPairs(file('p.tsv', 'id\tlabel\tR\tR_prime\n1\tyes\ta\tb\n2\t0\ta\tb\n2\t1\ta\tb\n'));
    } catch (err) {
      expect((err as InputError).issues.map((i) => [i.line, i.problem])).toEqual([
        [2, 'label must be 0 or 1, got "yes"'],
        [4, 'duplicate id "2": also on line 3'],
      ]);
    }
    expect(() => readLabelledPairs(file('p.tsv', 'id\tR\n1\ta\n'))).toThrow(/missing columns label, R_prime/);
  });
});
