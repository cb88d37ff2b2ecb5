/**
 * Length quartiles: sentence length in code points of the source; cut points q1, q2, q3 are the 25/50/75%
 * quantiles (type 7 interpolation). Q1 holds length ≤ q1, Q2 q1 < length ≤ q2, Q3 q2 < length ≤ q3, Q4 the rest,
 * so ties at a cut point stay together and quartiles may be unequal (or empty).
 */
import { quantileSorted } from '../stats/resample.ts';
import { charLength } from '../text.ts';
import { makeSlice, type SliceItem } from './common.ts';
import type { SliceFamily } from './types.ts';

export function lengthSlices(items: readonly SliceItem[]): SliceFamily {
  const lengths = items.map((it) => charLength(it.source));
  const sorted = Float64Array.from(lengths).sort();
  const cuts = sorted.length === 0 ? [0, 0, 0] : [0.25, 0.5, 0.75].map((q) => quantileSorted(sorted, q));
  const bounds: [number, number][] = [
    [-Infinity, cuts[0]!],
    [cuts[0]!, cuts[1]!],
    [cuts[1]!, cuts[2]!],
    [cuts[2]!, Infinity],
  ];
  const slices = bounds.map(([lo, hi], q) => {
    const indices = lengths.flatMap((len, i) => (len > lo && len <= hi ? [i] : []));
    const inSlice = indices.map((i) => lengths[i]!);
    const range = inSlice.length === 0 ? 'empty' : `length ${Math.min(...inSlice)}–${Math.max(...inSlice)}`;
    return makeSlice(`Q${q + 1}`, range, indices, items);
  });
  return { family: 'length', slices, unassigned: null };
}
