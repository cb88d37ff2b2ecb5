/**
 * eval --cilin at the profile level: cherrant and cllm align with ChERRANT's Cilin costs, nothing else changes,
 * and the report says which Cilin. Constructed Cilin and rows; counts worked by hand (test/core/align/cilin.test.ts
 * derives the two alignments of 决绝 → 解决 with this Cilin: S 0–2 解决 first, then M 0 解 + R 1–2; without
 * it, only the second).
 */
import { describe, expect, it } from 'vitest';
import { describeCilin, parseCilin } from '../../../src/core/align/cilin.ts';
import { evaluate } from '../../../src/core/evaluate.ts';
import { cherrantProfile, cherrantProfileWith } from '../../../src/core/metrics/cherrant.ts';
import { cllmProfile, cllmProfileWith, forceToSourceLength } from '../../../src/core/metrics/cllm.ts';
import { withChErrantOptions } from '../../../src/core/metrics/cherrant-options.ts';
import { findProfile } from '../../../src/core/metrics/registry.ts';
import type { DatasetInfo } from '../../../src/core/report.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const cilin = parseCilin('Xa01A01= 决 绝\nYb02B01= 解', 'small-cilin.txt');
// f: the system fixes the row; n: it leaves it as it is.
const ITEMS: ScoredItem[] = [
  { id: 'f', source: '决绝', references: ['解决'], prediction: '解决' },
  { id: 'n', source: '决绝', references: ['解决'], prediction: '决绝' },
];

describe('cherrant with a Cilin', () => {
  /*
   * compare_m2 pools an annotator's alternatives, and counts a hit once per reference category at its key.
   * cs/ds keys with Cilin: (0,2 解决) [S], (0,0 解) [M], (1,2 -NONE-) [R]; without: the last two.
   *   f: every hypothesis key is a reference key → TP 3 (without: 2); n: noop → FN 3 (without: 2).
   * dt keys with Cilin: S 0–2 marks (0,1) and (1,2), M 0 marks (0,1), R 1–2 marks (1,2): two keys with two
   *   categories each → TP 4, FN 4; without: (0,1) [M], (1,2) [R] → TP 2, FN 2.
   * P = 1, R = 1/2, F0.5 = 1.25 × 0.5 / (0.25 + 0.5) = 0.8333 either way.
   */
  it('counts the Cilin alignments ChERRANT writes', () => {
    const counts = (tp: number) => ({ TP: tp, FP: 0, FN: tp, P: 1, R: 0.5, 'F0.5': 0.8333 });
    expect(cherrantProfileWith({ cilin }).compute(ITEMS).values).toEqual({ cs: counts(3), ds: counts(3), dt: counts(4) });
    expect(cherrantProfile.compute(ITEMS).values).toEqual({ cs: counts(2), ds: counts(2), dt: counts(2) });
  });

  it('counts the same whichever is scored first (built blocks are remembered per Cilin, never across)', () => {
    const counts = (tp: number) => ({ TP: tp, FP: 0, FN: tp, P: 1, R: 0.5, 'F0.5': 0.8333 });
    const other = parseCilin('Xa01A01= 决 绝\nYb02B01= 解', 'small-cilin-again.txt');
    const items = ITEMS.map((i) => ({ ...i, id: `${i.id}2`, source: `${i.source}。`, references: [`${i.references[0]}。`], prediction: `${i.prediction}。` }));
    expect(cherrantProfile.compute(items).values).toEqual({ cs: counts(2), ds: counts(2), dt: counts(2) });
    expect(cherrantProfileWith({ cilin: other }).compute(items).values).toEqual({ cs: counts(3), ds: counts(3), dt: counts(4) });
    expect(cherrantProfile.compute(items).values).toEqual({ cs: counts(2), ds: counts(2), dt: counts(2) });
  });
});

describe('cllm with a Cilin', () => {
  it('keeps the substitutions of ChERRANT\'s first alignment, which the Cilin makes S 解决', () => {
    expect(forceToSourceLength('决绝', '解决', 'cherrant', { cilin })).toBe('解决');
    // Without it the first alignment is M + R, not a substitution, so C-LLM undoes it.
    expect(forceToSourceLength('决绝', '解决')).toBe('决绝');
    const changed = (p: typeof cllmProfile) => p.score(ITEMS).sentences.map((s) => s.counts.changed);
    expect(changed(cllmProfileWith({ cilin }))).toEqual([0, 0]);
    expect(changed(cllmProfile)).toEqual([1, 0]);
  });
});

describe('withChErrantOptions and evaluate(plan.cilin)', () => {
  it('swaps in the Cilin variants of cherrant and cllm only', () => {
    const cscd = findProfile('cscd')!;
    expect(withChErrantOptions(cscd, { cilin })).toBe(cscd);
    expect(withChErrantOptions(findProfile('cherrant')!, { cilin }).name).toBe('cherrant');
    expect(withChErrantOptions(findProfile('cllm')!, { cilin }).version).toBe(cllmProfile.version);
  });

  it('scores with the Cilin and records it beside the fingerprint', async () => {
    const dataset: DatasetInfo = { file: 't.tsv', format: 'tsv', encoding: 'utf-8', rows: 2, fingerprint: '0'.repeat(64) };
    const systems = [{ name: 's', items: ITEMS }];
    const profiles = ['cherrant', 'cscd'];
    const plain = await evaluate(dataset, systems, { profiles });
    const withIt = await evaluate(dataset, systems, { profiles, cilin });
    expect(plain.report.dataset.cilin).toBeUndefined();
    expect(withIt.report.dataset.cilin).toEqual(describeCilin(cilin));
    expect(withIt.report.dataset.cilin).toMatchObject({ file: 'small-cilin.txt', lines: 2, words: 3 });
    const cs = (r: typeof plain) => (r.report.systems.s!.cherrant as { cs: { TP: number } }).cs.TP;
    expect([cs(plain), cs(withIt)]).toEqual([2, 3]);
    expect(withIt.report.systems.s!.cscd).toEqual(plain.report.systems.s!.cscd);
  });
});
