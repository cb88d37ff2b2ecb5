import { describe, expect, it } from 'vitest';
import { holm } from '../../../src/core/stats/holm.ts';
import { SplitMix64 } from '../../../src/core/stats/random.ts';
import { scripted } from '../compare/helpers.ts';
import {
  drawMultiplicities,
  drawSubsetMultiplicities,
  percentileInterval,
  quantileSorted,
  tidy,
  weightedColumnSums,
} from '../../../src/core/stats/resample.ts';

describe('quantileSorted (type 7)', () => {
  it('matches numpy.percentile / R quantile on a worked example', () => {
    // numpy.percentile([1, 2, 3, 4], [25, 50, 75, 2.5, 97.5]) = [1.75, 2.5, 3.25, 1.075, 3.925]
    const x = [1, 2, 3, 4];
    expect(quantileSorted(x, 0.25)).toBeCloseTo(1.75, 12);
    expect(quantileSorted(x, 0.5)).toBeCloseTo(2.5, 12);
    expect(quantileSorted(x, 0.75)).toBeCloseTo(3.25, 12);
    expect(quantileSorted(x, 0.025)).toBeCloseTo(1.075, 12);
    expect(quantileSorted(x, 0.975)).toBeCloseTo(3.925, 12);
    expect(quantileSorted(x, 0)).toBe(1);
    expect(quantileSorted(x, 1)).toBe(4);
    expect(quantileSorted([7], 0.3)).toBe(7);
  });
  it('refuses an empty list and q outside [0, 1]', () => {
    expect(() => quantileSorted([], 0.5)).toThrow(/no values/);
    expect(() => quantileSorted([1], 1.5)).toThrow(/q must be/);
  });
});

describe('percentileInterval', () => {
  it('takes the α/2 and 1 − α/2 quantiles of the defined replicates', () => {
    // 10 replicates 0..9 at 80%: q = 0.1 → h = 0.9 → 0.9; q = 0.9 → h = 8.1 → 8.1.
    const r = percentileInterval(Float64Array.from([9, 3, 0, 5, 1, 7, 2, 8, 4, 6]), 0.8);
    expect(r.nulls).toBe(0);
    expect(r.interval).toEqual([0.9, 8.1]);
  });
  it('drops undefined replicates, and withholds the interval when more than 1 − confidence of them are undefined', () => {
    const some = Float64Array.from([NaN, 1, 2, 3, 4, 5, 6, 7, 8, 9]); // 1 of 10 undefined, allowance 20%
    const r = percentileInterval(some, 0.8);
    expect(r.nulls).toBe(1);
    // 9 defined values 1..9: q = 0.1 → h = 0.8 → 1.8; q = 0.9 → h = 7.2 → 8.2.
    expect(r.interval).toEqual([1.8, 8.2]);
    const many = Float64Array.from([NaN, NaN, NaN, 1, 2, 3, 4, 5, 6, 7]);
    expect(percentileInterval(many, 0.8)).toEqual({ interval: null, nulls: 3 });
    expect(percentileInterval(Float64Array.from([NaN]), 0.95)).toEqual({ interval: null, nulls: 1 });
  });
  it('rounds binary noise away', () => {
    expect(tidy(60.906 - 53.188)).toBe(7.718);
    expect(tidy(-0)).toBe(0);
  });
});

describe('multiplicities and weighted sums', () => {
  it('counts draws with replacement', () => {
    expect([...drawMultiplicities(4, scripted([2, 2, 0, 3]))]).toEqual([1, 0, 2, 1]);
    const out = new Uint32Array(6);
    expect([...drawSubsetMultiplicities([1, 4, 5], scripted([0, 2, 2]), out)]).toEqual([0, 1, 0, 0, 0, 2]);
  });
  it('sums n draws, and the same seed gives the same draws', () => {
    const a = drawMultiplicities(1000, new SplitMix64(7));
    expect(a.reduce((s, x) => s + x, 0)).toBe(1000);
    expect([...drawMultiplicities(1000, new SplitMix64(7))]).toEqual([...a]);
  });
  it('sums weighted rows', () => {
    // rows [1, 2], [3, 4], [5, 6] with weights 2, 0, 1 → [2 + 5, 4 + 6].
    expect([...weightedColumnSums(Float64Array.from([1, 2, 3, 4, 5, 6]), 2, [2, 0, 1])]).toEqual([7, 10]);
  });
});

describe('holm', () => {
  it('matches R p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")', () => {
    // By hand: sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → running max 0.06.
    const adj = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((p, i) => expect(adj[i]).toBeCloseTo(p, 15));
  });
  it('caps at 1, keeps nulls out of m', () => {
    // m = 2: 0.3·2 = 0.6, then max(0.6, 0.7) = 0.7.
    expect(holm([0.7, null, 0.3])).toEqual([0.7, null, 0.6]);
    expect(holm([0.6, 0.6, 0.6])).toEqual([1, 1, 1]);
    expect(holm([])).toEqual([]);
    expect(() => holm([1.2])).toThrow(/in \[0, 1\]/);
  });
});
