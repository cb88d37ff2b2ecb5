import { describe, expect, it } from 'vitest';
import { bootstrapReplicates } from '../../../src/core/compare/bootstrap.ts';
import { computeIntervals } from '../../../src/core/compare/intervals.ts';
import { sliceSection } from '../../../src/core/compare/slice-report.ts';
import type { MaybeCoded } from '../../../src/core/messages.ts';
import { bootstrapP } from '../../../src/core/compare/pairwise.ts';
import { percentileInterval } from '../../../src/core/stats/resample.ts';
import { accTable, prfTable, scripted } from './helpers.ts';

// Four sentences; A is right on 0 and 1, B on 1, 2 and 3. Four scripted resamples:
//   r1 = {0, 0, 1, 2}  A 3/4 = 0.75   B 2/4 = 0.5
//   r2 = {2, 3, 3, 2}  A 0             B 1
//   r3 = {0, 1, 2, 3}  A 0.5           B 0.75
//   r4 = {1, 1, 1, 3}  A 0.75          B 1
const DRAWS = [0, 0, 1, 2, 2, 3, 3, 2, 0, 1, 2, 3, 1, 1, 1, 3];
const A = accTable([1, 1, 0, 0]);
const B = accTable([0, 1, 1, 1]);

describe('percentile bootstrap, worked by hand', () => {
  const [ra, rb] = bootstrapReplicates([A, B], { resamples: 4, seed: 0, rng: scripted(DRAWS) });

  it('recomputes each key from the resampled counts, the same resamples for every table', () => {
    expect(ra!.paths).toEqual([['acc']]); // counts.ok and counts.n are counts, not ratios
    expect([...ra!.replicates[0]!]).toEqual([0.75, 0, 0.5, 0.75]);
    expect([...rb!.replicates[0]!]).toEqual([0.5, 1, 0.75, 1]);
  });

  it('gives the percentile interval of each system and of the paired delta', () => {
    // A sorted 0, 0.5, 0.75, 0.75 at 50%: q 0.25 → h 0.75 → 0.375; q 0.75 → h 2.25 → 0.75.
    expect(percentileInterval(ra!.replicates[0]!, 0.5).interval).toEqual([0.375, 0.75]);
    // Deltas A − B: 0.25, −1, −0.25, −0.25 → sorted −1, −0.25, −0.25, 0.25 → −1 + 0.75·0.75 = −0.4375; −0.25 + 0.25·0.5 = −0.125.
    const deltas = ra!.replicates[0]!.map((x, b) => x - rb!.replicates[0]![b]!);
    expect(percentileInterval(deltas, 0.5).interval).toEqual([-0.4375, -0.125]);
    // Observed delta 0.5 − 0.75 = −0.25. Shifted null: |δ* − δ| = 0.5, 0.75, 0, 0 ≥ 0.25 twice → (2 + 1) / (4 + 1).
    expect(bootstrapP(deltas, -0.25)).toBeCloseTo(0.6, 15);
  });

  it('resamples within a slice', () => {
    // Subset {1, 2}: draws index into the subset: [0, 0] → {1, 1}: A 1, B 1; [1, 0] → {2, 1}: A 0.5, B 1.
    const [sa, sb] = bootstrapReplicates([A, B], { resamples: 2, seed: 0, subset: [1, 2], rng: scripted([0, 0, 1, 0]) });
    expect([...sa!.replicates[0]!]).toEqual([1, 0.5]);
    expect([...sb!.replicates[0]!]).toEqual([1, 1]);
  });
});

describe('computeIntervals', () => {
  it('mirrors the profile values, one interval per ratio key, deterministic for a seed', () => {
    const table = prfTable([
      [1, 1, 1],
      [0, 1, 1],
      [1, 2, 1],
      [0, 0, 1],
      [1, 1, 2],
      [0, 1, 0],
    ]);
    const r = computeIntervals([{ name: 'sys', tables: { toy: table } }], { resamples: 200, seed: 3, confidence: 0.9 });
    const toy = r.intervals.sys!.toy!;
    expect(Object.keys(toy)).toEqual(['p', 'r', 'f1']); // TP (a count) and pair_counts (an array) get none
    for (const iv of Object.values(toy)) {
      expect(Array.isArray(iv)).toBe(true);
      const [lo, hi] = iv as [number, number];
      expect(lo).toBeLessThanOrEqual(hi);
      expect(lo).toBeGreaterThanOrEqual(0);
      expect(hi).toBeLessThanOrEqual(1);
    }
    const again = computeIntervals([{ name: 'sys', tables: { toy: table } }], { resamples: 200, seed: 3, confidence: 0.9 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(r));
    const other = computeIntervals([{ name: 'sys', tables: { toy: table } }], { resamples: 200, seed: 4, confidence: 0.9 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(r));
  });

  it('reports undefined resamples and withholds an interval when there are too many', () => {
    // One sentence predicts, five do not: a resample without sentence 0 has P = 0/0 (probability (5/6)^6 ≈ 0.33).
    const table = prfTable([[1, 1, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1]]);
    const r = computeIntervals([{ name: 's', tables: { toy: table } }], { resamples: 300, seed: 1, confidence: 0.95 });
    expect(r.intervals.s!.toy!.p).toBeNull();
    expect(r.warnings.some((w) => /^s \/ toy \/ p: undefined in \d+ of 300 resamples, more than the interval allows/.test(w))).toBe(true);
    // The same warning with its code and parameters (for the page), its English unchanged.
    expect(r.codedWarnings.map((w) => w.message)).toEqual(r.warnings);
    const w = r.codedWarnings.find((x) => x.params['key'] === 'p')!;
    expect(w.code).toBe('interval.undefined');
    expect(w.params).toMatchObject({ system: 's', profile: 'toy', key: 'p', resamples: 300, withheld: 1 });
    expect(w.message).toBe(`s / toy / p: undefined in ${w.params['nulls']} of 300 resamples, more than the interval allows, so no interval`);
  });

  it('puts a slice around its interval warnings, in English and coded', () => {
    const table = prfTable([[1, 1, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1]]);
    const family = { family: 'errors' as const, slices: [{ name: '1', label: 'one error', indices: [0, 1, 2, 3, 4, 5], error_sentences: 6, clean_sentences: 0 }], unassigned: null };
    const settings = { resamples: 300, seed: 1, confidence: 0.95 };
    const warnings: string[] = [];
    const coded: MaybeCoded[] = [];
    sliceSection([{ name: 's', tables: { toy: table } }], [family], settings, warnings, coded);
    const plain = computeIntervals([{ name: 's', tables: { toy: table } }], settings, { subset: family.slices[0]!.indices });
    expect(warnings).toEqual(plain.warnings.map((w) => `slice errors=1: ${w}`));
    expect(coded.map((w) => w.message)).toEqual(warnings);
    expect(coded[0]).toMatchObject({ code: 'slice.warning', params: { ...plain.codedWarnings[0]!.params, family: 'errors', slice: '1', inner: 'interval.undefined' } });
  });
});
