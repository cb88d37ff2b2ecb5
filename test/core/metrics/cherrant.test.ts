import { describe, expect, it } from 'vitest';
import { parseM2 } from '../../../src/core/align/index.ts';
import { cherrantProfile, scoreM2 } from '../../../src/core/metrics/cherrant.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

/** One M2 block: source characters, then A lines given as [start, end, type, replacement, annotator]. */
function block(source: string, edits: [number, number, string, string, number][], tLines: string[] = []): string {
  const lines = [`S ${[...source].join(' ')}`, ...tLines];
  for (const [s, e, type, cor, coder] of edits) {
    lines.push(`A ${s} ${e}|||${type}|||${cor === '' ? '-NONE-' : [...cor].join(' ')}|||REQUIRED|||-NONE-|||${coder}`);
  }
  return lines.join('\n');
}
const m2 = (...blocks: string[]) => parseM2(blocks.join('\n\n'));
const noop = (source: string, coder = 0) => block(source, [[-1, -1, 'noop', '', coder]]);

describe('scoreM2 (compare_m2_for_evaluation.py)', () => {
  it('cs, ds and dt on one sentence', () => {
    // ref: S 0-1 x, R 2-3, M 4 y.   hyp: S 0-1 z (right span, wrong text), S 2-3 w, M 4 y.
    const ref = m2(block('abcde', [[0, 1, 'S', 'x', 0], [2, 3, 'R', '', 0], [4, 4, 'M', 'y', 0]]));
    const hyp = m2(block('abcde', [[0, 1, 'S', 'z', 0], [2, 3, 'S', 'w', 0], [4, 4, 'M', 'y', 0]]));
    // cs keys (start, end, cor): only (4,4,y) is shared → TP 1, FP 2, FN 2.
    // P = 1/3 = 0.3333, R = 1/3 = 0.3333, F0.5 = 1.25·(1/3)·(1/3) / (0.25·(1/3) + 1/3) = 1/3 → 0.3333.
    expect(scoreM2(hyp, ref, 'cs')).toEqual({ TP: 1, FP: 2, FN: 2, P: 0.3333, R: 0.3333, 'F0.5': 0.3333 });
    // ds keys (start, end): (0,1), (2,3), (4,4) on both sides → TP 3; P = R = 1.0 (no FP, no FN), F0.5 = 1.0.
    expect(scoreM2(hyp, ref, 'ds')).toEqual({ TP: 3, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
    // dt: spans split per character, an insertion at 4 marks (4,5): {(0,1), (2,3), (4,5)} both sides → TP 3.
    expect(scoreM2(hyp, ref, 'dt')).toEqual({ TP: 3, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
  });

  it('dt splits a span into its characters', () => {
    // ref S 0-2 xy → (0,1), (1,2); hyp R 1-3 → (1,2), (2,3): TP 1, FP 1, FN 1 → P = R = F0.5 = 0.5.
    const ref = m2(block('abcd', [[0, 2, 'S', 'xy', 0]]));
    const hyp = m2(block('abcd', [[1, 3, 'R', '', 0]]));
    expect(scoreM2(hyp, ref, 'dt')).toEqual({ TP: 1, FP: 1, FN: 1, P: 0.5, R: 0.5, 'F0.5': 0.5 });
    // ds: (0,2) vs (1,3): nothing shared → TP 0, FP 1, FN 1: P = R = 0, F0.5 = 0.0 (P + R = 0).
    expect(scoreM2(hyp, ref, 'ds')).toEqual({ TP: 0, FP: 1, FN: 1, P: 0, R: 0, 'F0.5': 0 });
  });

  it('noop on both sides counts nothing; P and R are 1.0 when their denominators hold no FP / FN', () => {
    // TP = FP = FN = 0 → P = 1.0, R = 1.0, F0.5 = 1.25 / 1.25 = 1.0.
    expect(scoreM2(m2(noop('ab')), m2(noop('ab')), 'cs')).toEqual({ TP: 0, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
    // A block without any A line is a noop of annotator 0 too.
    expect(scoreM2(m2('S a b'), m2(noop('ab')), 'dt')).toEqual({ TP: 0, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
    // Missed edit: TP 0, FP 0 → P = 1.0; R = 0/1 = 0; F0.5 = 0 / (0.25 + 0) = 0.
    const ref = m2(block('ab', [[0, 1, 'S', 'x', 0]]));
    expect(scoreM2(m2(noop('ab')), ref, 'cs')).toEqual({ TP: 0, FP: 0, FN: 1, P: 1, R: 0, 'F0.5': 0 });
  });

  it('alternatives of one annotator are pooled, and an edit they share counts once per alternative', () => {
    // ref T0-A0: S 0-1 x, S 3-4 z;  T0-A1: S 0-1 x, M 3 z (both annotator 0).  hyp: S 0-1 x.
    const ref = m2(
      block('abcd', [[0, 1, 'S', 'x', 0], [3, 4, 'S', 'z', 0]], ['T0-A0 x b c z']) +
        '\n' +
        ['T0-A1 x b c z d', 'A 0 1|||S|||x|||REQUIRED|||-NONE-|||0', 'A 3 3|||M|||z|||REQUIRED|||-NONE-|||0'].join('\n'),
    );
    const hyp = m2(block('abcd', [[0, 1, 'S', 'x', 0]]));
    // (0,1,x) holds [S, S] in the reference → TP 2; (3,4,z) and (3,3,z) missed → FN 2.
    // P = 1.0, R = 2/4 = 0.5, F0.5 = 1.25·0.5 / (0.25 + 0.5) = 0.8333.
    expect(scoreM2(hyp, ref, 'cs')).toEqual({ TP: 2, FP: 0, FN: 2, P: 1, R: 0.5, 'F0.5': 0.8333 });
  });

  it('picks the annotator by the corpus F0.5 so far, not the sentence alone', () => {
    // Sentence 1: 10 reference edits, hypothesis noop → TP 0, FP 0, FN 10 carried forward.
    const s1 = 'abcdefghij';
    const ref1 = block(s1, [...s1].map((_, i): [number, number, string, string, number] => [i, i + 1, 'S', 'X', 0]));
    // Sentence 2: hyp S 0-1 X, S 1-2 X. Annotator 0: S 0-1 X only. Annotator 1: S k-(k+1) X for k = 0..11.
    const s2 = 'abcdefghijkl';
    const ref2 = block(s2, [
      [0, 1, 'S', 'X', 0],
      ...[...s2].map((_, i): [number, number, string, string, number] => [i, i + 1, 'S', 'X', 1]),
    ]);
    const hyp2 = block(s2, [[0, 1, 'S', 'X', 0], [1, 2, 'S', 'X', 0]]);
    // Alone, annotator 0 (TP 1, FP 1, FN 0: P .5, R 1, F0.5 = .625/1.125 = .5556) beats annotator 1
    // (TP 2, FP 0, FN 10: P 1, R 1/6, F0.5 = .2083/.4167 = .5).
    // With sentence 1's FN 10: annotator 0 gives TP 1, FP 1, FN 10: P .5, R 1/11, F0.5 = .0568/.2159 = .2632;
    // annotator 1 gives TP 2, FP 0, FN 20: P 1, R 2/22, F0.5 = .1136/.3409 = .3333 → annotator 1 is chosen.
    expect(scoreM2(m2(noop(s1), hyp2), m2(ref1, ref2), 'cs')).toEqual({
      TP: 2, FP: 0, FN: 20, P: 1, R: 0.0909, 'F0.5': 0.3333,
    });
  });

  it('on equal F0.5 prefers more TP, then fewer FN', () => {
    // hyp: S k-(k+1) X for k = 0..3. Annotator 0: S 0-1 X → TP 1, FP 3, FN 0: P .25, R 1,
    // F0.5 = 1.25·.25 / (.0625 + 1) = 5/17. Annotator 1: S 0-1 X, S 1-2 X and 16 more (k = 4..19) →
    // TP 2, FP 2, FN 16: P .5, R 2/18, F0.5 = 1.25·.5·(1/9) / (.125 + 1/9) = .625 / 2.125 = 5/17.
    // Same F0.5 (.2941), more TP → annotator 1, although annotator 0 comes first.
    const x = (k: number, coder: number): [number, number, string, string, number] => [k, k + 1, 'S', 'X', coder];
    const source = 'abcdefghijklmnopqrst';
    const hyp = m2(block(source, [0, 1, 2, 3].map((k) => x(k, 0))));
    const ref = m2(block(source, [x(0, 0), ...[...source].map((_, k) => k).filter((k) => k !== 2 && k !== 3).map((k) => x(k, 1))]));
    expect(scoreM2(hyp, ref, 'cs')).toEqual({ TP: 2, FP: 2, FN: 16, P: 0.5, R: 0.1111, 'F0.5': 0.2941 });
    // With TP and FP equal, F0.5 can only tie at 0: a hypothesis noop against annotator 0 (FN 1) and
    // annotator 1 (FN 2) → fewer FN → annotator 0.
    const ref2 = m2(block('ab', [[0, 1, 'S', 'x', 0], [0, 1, 'S', 'x', 1], [1, 2, 'S', 'y', 1]]));
    expect(scoreM2(m2(noop('ab')), ref2, 'cs')).toEqual({ TP: 0, FP: 0, FN: 1, P: 1, R: 0, 'F0.5': 0 });
  });

  it('skips a sentence whose only reference is 无法标注 (NA)', () => {
    const ref = m2(['S a b', 'T0 无法标注', 'A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||0'].join('\n'));
    const hyp = m2(block('ab', [[0, 1, 'S', 'x', 0]]));
    expect(scoreM2(hyp, ref, 'cs')).toEqual({ TP: 0, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
  });

  it('UNK edits count for detection only', () => {
    const ref = m2(block('ab', [[0, 1, 'UNK', '', 0]]));
    const hyp = m2(block('ab', [[0, 1, 'S', 'x', 0]]));
    // cs: the UNK edit is dropped, annotator 0 has no edits → hyp FP 1: P 0, R 1.0 (no FN), F0.5 0.
    expect(scoreM2(hyp, ref, 'cs')).toEqual({ TP: 0, FP: 1, FN: 0, P: 0, R: 1, 'F0.5': 0 });
    // ds: span (0,1) on both sides → TP 1.
    expect(scoreM2(hyp, ref, 'ds')).toEqual({ TP: 1, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
  });

  it('needs as many hypothesis blocks as reference blocks', () => {
    expect(() => scoreM2(m2(noop('a'), noop('b')), m2(noop('a')))).toThrow(/2 M2 blocks, reference 1/);
  });
});

describe('cherrant profile (edits from text)', () => {
  const item = (id: string, source: string, references: string[], prediction: string): ScoredItem => ({
    id,
    source,
    references,
    prediction,
  });

  it('aligns both sides and scores cs, ds, dt', () => {
    // hyp: S 1-2 们, M 3 了.  ref: S 1-2 们.  cs: TP 1, FP 1, FN 0 → P .5, R 1.0,
    // F0.5 = 1.25·.5 / (.125 + 1) = .5556. ds the same; dt (1,2) and (3,4) vs (1,2): the same.
    const { values, warnings } = cherrantProfile.compute([item('1', '他门去学校', ['他们去学校'], '他们去了学校')]);
    const expected = { TP: 1, FP: 1, FN: 0, P: 0.5, R: 1, 'F0.5': 0.5556 };
    expect(values).toEqual({ cs: expected, ds: expected, dt: expected });
    expect(warnings).toEqual([]);
  });

  it('takes the reference that fits best, and removes whitespace first', () => {
    // Second reference = the prediction: annotator 1 gives TP 2 → P = R = F0.5 = 1.0.
    // The space in the source goes before aligning, as in parallel_to_m2.py.
    const { values } = cherrantProfile.compute([
      item('1', '他门去 学校', ['他们去学校', '他们去了学校'], '他们去了学校'),
    ]);
    expect(values.cs).toEqual({ TP: 2, FP: 0, FN: 0, P: 1, R: 1, 'F0.5': 1 });
  });

  it('a clean sentence left alone, a clean sentence changed', () => {
    // 1: noop vs noop → nothing. 2: hyp S 1-2 汽 vs ref noop → FP 1. Totals TP 0, FP 1, FN 0:
    // P = 0/1 = 0, R = 1.0 (no FN), F0.5 = 0.
    const { values } = cherrantProfile.compute([
      item('1', '我很好', ['我很好'], '我很好'),
      item('2', '天气很冷', ['天气很冷'], '天汽很冷'),
    ]);
    expect(values.cs).toEqual({ TP: 0, FP: 1, FN: 0, P: 0, R: 1, 'F0.5': 0 });
  });

  it('name, version', () => {
    expect(cherrantProfile.name).toBe('cherrant');
    expect(cherrantProfile.version).toBe('1.1.0');
  });
});
