/**
 * Approximate randomization over sentences (Noreen 1989; Riezler & Maxwell 2005): under the null hypothesis that
 * systems A and B are exchangeable, each sentence's pair of count rows may be swapped between them. Each sample
 * swaps every sentence independently with probability 1/2, recomputes both systems' values from the swapped sums,
 * and counts samples whose |delta| reaches the observed |delta|. Two-sided, with the +1 correction:
 * p = (extreme + 1) / (samples + 1). `exact` enumerates all 2ⁿ swap patterns instead (small n): p = extreme / 2ⁿ.
 */
import { throwIfCancelled, type CancelSignal } from '../cancel.ts';
import { SplitMix64, type Seed } from '../stats/random.ts';
import { alignTables, countsOf, totalsOf, type CountTable } from './count-table.ts';
import { valueAt, type KeyPath } from './keys.ts';

/** One profile's two tables (same sentences) and the keys to test. */
export interface RandomizationJob {
  a: CountTable;
  b: CountTable;
  paths: readonly KeyPath[];
}

export interface RandomizationOptions {
  samples: number;
  seed: Seed;
  /** Enumerate every swap pattern (needs n ≤ 24). */
  exact?: boolean;
  signal?: CancelSignal;
}

export interface RandomizationResult {
  /** Per job, per path: the two-sided p, or null where the observed delta is undefined. */
  p: (number | null)[][];
  /**
   * Per job, per path: the smallest p these samples can give (1/(valid + 1); exact: 1/2ⁿ): a p equal to it means
   * no sample was as extreme, so the true p is at most that and may be far smaller.
   */
  floor: (number | null)[][];
  /** Per job, per path: samples where the delta was undefined (left out of numerator and denominator). */
  undefinedSamples: number[][];
  /** Samples drawn, or 2ⁿ when exact. */
  samples: number;
}

const MAX_EXACT = 24;

/** |x| ≥ |observed| up to binary noise in differences of rounded values. */
export function atLeastAsExtreme(x: number, observed: number): boolean {
  const o = Math.abs(observed);
  return Math.abs(x) >= o - 1e-9 * Math.max(1, o);
}

interface Prepared {
  keys: readonly string[];
  k: number;
  a: CountTable;
  b: CountTable;
  totalA: Float64Array;
  totalB: Float64Array;
  /** Row i: B's counts minus A's (what a swap moves from B to A). */
  diff: Float64Array;
  /** Sentences whose rows differ; swapping the others changes nothing. */
  differing: Int32Array;
  paths: readonly KeyPath[];
  observed: (number | null)[];
}

function prepare(job: RandomizationJob): Prepared {
  const [a, b] = alignTables([job.a, job.b]) as [CountTable, CountTable];
  if (a.n !== b.n) throw new RangeError(`randomization: the systems have ${a.n} and ${b.n} sentences`);
  const k = a.keys.length;
  const diff = new Float64Array(a.n * k);
  const differing: number[] = [];
  for (let i = 0; i < a.n; i++) {
    let any = false;
    for (let c = 0; c < k; c++) {
      const d = b.rows[i * k + c]! - a.rows[i * k + c]!;
      diff[i * k + c] = d;
      if (d !== 0) any = true;
    }
    if (any) differing.push(i);
  }
  const ta = totalsOf(a);
  const tb = totalsOf(b);
  const va = a.summarize(ta);
  const vb = b.summarize(tb);
  const observed = job.paths.map((p) => {
    const x = valueAt(va, p);
    const y = valueAt(vb, p);
    return x === null || y === null ? null : x - y;
  });
  return {
    keys: a.keys,
    k,
    a,
    b,
    totalA: Float64Array.from(a.keys, (key) => ta[key]!),
    totalB: Float64Array.from(b.keys, (key) => tb[key]!),
    diff,
    differing: Int32Array.from(differing),
    paths: job.paths,
    observed,
  };
}

export function randomizationTest(jobs: readonly RandomizationJob[], options: RandomizationOptions): RandomizationResult {
  const prepared = jobs.map(prepare);
  const n = prepared[0]?.a.n ?? 0;
  for (const p of prepared) if (p.a.n !== n) throw new RangeError('randomization: every job must score the same sentences');
  const exact = options.exact ?? false;
  if (exact && n > MAX_EXACT) throw new RangeError(`randomization: exact enumeration needs n ≤ ${MAX_EXACT}, got ${n}`);
  if (!exact && (!Number.isInteger(options.samples) || options.samples < 1)) throw new RangeError(`samples must be a positive integer, got ${options.samples}`);
  const samples = exact ? 2 ** n : options.samples;
  const extreme = prepared.map((p) => p.paths.map(() => 0));
  const undef = prepared.map((p) => p.paths.map(() => 0));
  const words = Math.ceil(n / 32);
  const bits = new Uint32Array(Math.max(1, words));
  const rng = new SplitMix64(options.seed);
  const sa = prepared.map((p) => new Float64Array(p.k));
  const sb = prepared.map((p) => new Float64Array(p.k));

  for (let s = 0; s < samples; s++) {
    if ((s & 255) === 0) throwIfCancelled(options.signal);
    if (exact) {
      bits[0] = s >>> 0;
    } else {
      for (let w = 0; w < words; w++) bits[w] = rng.nextUint32();
    }
    prepared.forEach((p, j) => {
      const A = sa[j]!;
      const B = sb[j]!;
      A.set(p.totalA);
      B.set(p.totalB);
      for (const i of p.differing) {
        if (((bits[i >>> 5]! >>> (i & 31)) & 1) === 0) continue;
        const base = i * p.k;
        for (let c = 0; c < p.k; c++) {
          const d = p.diff[base + c]!;
          A[c]! += d;
          B[c]! -= d;
        }
      }
      const va = p.a.summarize(countsOf(p.keys, A));
      const vb = p.b.summarize(countsOf(p.keys, B));
      p.paths.forEach((path, q) => {
        const obs = p.observed[q];
        if (obs === null || obs === undefined) return;
        const x = valueAt(va, path);
        const y = valueAt(vb, path);
        if (x === null || y === null) undef[j]![q]!++;
        else if (atLeastAsExtreme(x - y, obs)) extreme[j]![q]!++;
      });
    });
  }
  const valid = (j: number, q: number) => (prepared[j]!.observed[q] === null ? 0 : samples - undef[j]![q]!);
  const p = prepared.map((prep, j) =>
    prep.paths.map((_, q) => {
      const v = valid(j, q);
      if (v === 0) return null;
      return exact ? extreme[j]![q]! / v : (extreme[j]![q]! + 1) / (v + 1);
    }),
  );
  const floor = prepared.map((prep, j) =>
    prep.paths.map((_, q) => {
      const v = valid(j, q);
      if (v === 0) return null;
      return exact ? 1 / v : 1 / (v + 1);
    }),
  );
  return { p, floor, undefinedSamples: undef, samples };
}
