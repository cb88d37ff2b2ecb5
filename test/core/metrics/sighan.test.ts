import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../../src/core/metrics/profile.ts';
import { javaRound4, sighanEdits, sighanOutcome, sighanProfile } from '../../../src/core/metrics/sighan.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

describe('sighanEdits', () => {
  it('lists 1-based code-point positions with the new character', () => {
    expect(sighanEdits('你号吗', '你好吗')).toEqual([[2, '好']]);
    expect(sighanEdits('今天', '今天')).toEqual([]);
    // 𠮷 is one code point but two UTF-16 units: b is at position 2, not 3.
    expect(sighanEdits('𠮷a', '𠮷b')).toEqual([[2, 'b']]);
  });
});

describe('sighanOutcome', () => {
  it('classifies each sentence as the official tool does', () => {
    expect(sighanOutcome([], [])).toEqual({ detection: 'TN', correction: 'TN' });
    expect(sighanOutcome([], [[1, 'a']])).toEqual({ detection: 'FP', correction: 'FP' });
    expect(sighanOutcome([[1, 'a']], [[1, 'a']])).toEqual({ detection: 'TP', correction: 'TP' });
    expect(sighanOutcome([[1, 'a']], [[1, 'b']])).toEqual({ detection: 'TP', correction: 'FN' });
    // A wrong detection on an erroneous sentence is FN, never FP.
    expect(sighanOutcome([[1, 'a']], [[2, 'a']])).toEqual({ detection: 'FN', correction: 'FN' });
    expect(sighanOutcome([[1, 'a'], [3, 'c']], [[1, 'a']])).toEqual({ detection: 'FN', correction: 'FN' });
    expect(sighanOutcome([[1, 'a']], [])).toEqual({ detection: 'FN', correction: 'FN' });
  });
});

describe('javaRound4', () => {
  it('rounds half-even on the exact binary value, as DecimalFormat does', () => {
    expect(javaRound4(2 / 3)).toBe(0.6667);
    expect(javaRound4(4 / 7)).toBe(0.5714);
    expect(javaRound4(1 / 32)).toBe(0.0312); // 0.03125 is an exact tie: even digit 2
    expect(javaRound4(3 / 32)).toBe(0.0938); // 0.09375 exact tie: even digit 8
    expect(javaRound4(1)).toBe(1);
  });
});

describe('sighan profile', () => {
  // Six sentences, one per case:
  //  a clean, unchanged            → D TN, C TN
  //  b clean, changed              → D FP, C FP
  //  c error @2, fixed             → D TP, C TP
  //  d error @1, right spot, wrong char → D TP, C FN
  //  e error @3, changed @2        → D FN, C FN (not FP)
  //  f error @1, unchanged         → D FN, C FN
  const items = [
    item('a', '今天好', '今天好', '今天好'),
    item('b', '今天好', '今天好', '今天号'),
    item('c', '你号吗', '你好吗', '你好吗'),
    item('d', '他来了', '她来了', '它来了'),
    item('e', '我爱北', '我爱京', '我哎北'),
    item('f', '夫气', '天气', '夫气'),
  ];

  it('computes every value and count by hand', () => {
    // Detection: TP 2 (c, d), FP 1 (b), TN 1 (a), FN 2 (e, f). Correction: TP 1 (c), FP 1, TN 1, FN 3.
    // FPR = FP/(FP+TN) = 1/2.
    // D_acc = (2+1)/6 = 0.5; D_p = 2/(2+1) = 0.6667 (a strict precision would be 2/4: b, c, d, e changed);
    // D_r = 2/(2+2) = 0.5; D_f1 = 2·(2/3)·(1/2)/(2/3+1/2) = 4/7 = 0.5714.
    // C_acc = (1+1)/6 = 0.3333; C_p = 1/2 = 0.5; C_r = 1/4 = 0.25; C_f1 = 2·0.5·0.25/0.75 = 1/3 = 0.3333.
    const r = sighanProfile.compute(items);
    expect(r.values).toStrictEqual({
      FPR: 0.5,
      FPR_counts: [1, 2],
      D_acc: 0.5,
      D_acc_counts: [3, 6],
      D_p: 0.6667,
      D_p_counts: [2, 3],
      D_r: 0.5,
      D_r_counts: [2, 4],
      D_f1: 0.5714,
      C_acc: 0.3333,
      C_acc_counts: [2, 6],
      C_p: 0.5,
      C_p_counts: [1, 2],
      C_r: 0.25,
      C_r_counts: [1, 4],
      C_f1: 0.3333,
    });
    expect(r.warnings).toEqual([]);
  });

  it('leaves out P and F1 when nothing is predicted (0/0), with a warning', () => {
    // Identity system: a clean (TN), f error unchanged (FN). FPR 0/1 = 0; acc 1/2; P 0/0 → absent; R 0/1 = 0.
    const r = sighanProfile.compute([items[0]!, items[5]!]);
    expect(r.values).toStrictEqual({
      FPR: 0,
      FPR_counts: [0, 1],
      D_acc: 0.5,
      D_acc_counts: [1, 2],
      D_r: 0,
      D_r_counts: [0, 1],
      C_acc: 0.5,
      C_acc_counts: [1, 2],
      C_r: 0,
      C_r_counts: [0, 1],
    });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]!.message).toMatch(/D_p \(0\/0\).*D_f1/);
  });

  it('leaves out R and F1 without erroneous sentences, and F1 when P + R = 0', () => {
    // Only b (clean, changed): FPR 1/1 = 1; acc 0/1 = 0; P 0/1 = 0; R 0/0 → absent; F1 absent.
    expect(sighanProfile.compute([items[1]!]).values).toStrictEqual({
      FPR: 1,
      FPR_counts: [1, 1],
      D_acc: 0,
      D_acc_counts: [0, 1],
      D_p: 0,
      D_p_counts: [0, 1],
      C_acc: 0,
      C_acc_counts: [0, 1],
      C_p: 0,
      C_p_counts: [0, 1],
    });
    // b (FP) and e (FN): P = 0/1, R = 0/1, F1 = 0/0 → absent although P and R exist.
    const r = sighanProfile.compute([items[1]!, items[4]!]);
    expect(r.values.D_p).toBe(0);
    expect(r.values.D_r).toBe(0);
    expect(r.values).not.toHaveProperty('D_f1');
    expect(r.values).not.toHaveProperty('C_f1');
    expect(r.warnings[0]!.message).toMatch(/P \+ R = 0/);
  });

  it('gives no numbers for no items', () => {
    const r = sighanProfile.compute([]);
    expect(r.values).toStrictEqual({});
    expect(r.warnings).toHaveLength(1);
  });

  it('refuses unequal lengths, listing the rows', () => {
    const bad = [items[0]!, item('long', '你号吗', '你好吗', '你好吗了'), item('ref', '你号吗', '你好', '你号吗')];
    expect(() => sighanProfile.compute(bad)).toThrow(ProfileError);
    expect(() => sighanProfile.compute(bad)).toThrow(/2 rows.*: long, ref$/);
  });

  it("warns that the official tool cannot read an edit to ',' or a blank, but still scores it", () => {
    const r = sighanProfile.compute([item('x', '好。', '好。', '好,'), item('y', '好。', '好。', '好 '), items[2]!]);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]!.message).toMatch(/^2 row\(s\).*: x, y$/);
    // x, y are FP, c is TP: P = 1/3.
    expect(r.values.D_p).toBe(0.3333);
  });

  it('uses only the first reference and says so', () => {
    const multi: ScoredItem = { id: 'm', source: '你号吗', references: ['你好吗', '你号吗'], prediction: '你好吗' };
    const r = sighanProfile.compute([multi]);
    expect(r.values.C_acc).toBe(1);
    expect(r.warnings.some((w) => w.message.includes('only the first'))).toBe(true);
  });
});

describe('sighan profile with SIGHAN truth labels', () => {
  it('scores against the truth labels as written, like the official tool', () => {
    // The truth says position 1 must be 周 although the source already has 周: gold has an error there,
    // the unchanged prediction has none → the sentence is a false negative and not a true negative.
    const item: ScoredItem = { id: 'x', source: '周末见。', references: ['周末见。'], prediction: '周末见。', goldLabels: [[1, '周']] };
    const values = sighanProfile.compute([item]).values;
    // 1 sentence, detection wrong: D_acc = 0/1; no clean sentence → FPR has no denominator and is left out.
    expect(values.D_acc_counts).toEqual([0, 1]);
    expect(values.D_r_counts).toEqual([0, 1]);
    expect(values.FPR).toBeUndefined();
    // Without the label the same sentence is clean and kept clean: a true negative.
    const { goldLabels: _labels, ...plain } = item;
    expect(sighanProfile.compute([plain]).values.D_acc_counts).toEqual([1, 1]);
  });
});
