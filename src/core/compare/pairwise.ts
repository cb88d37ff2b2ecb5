/**
 * Paired comparison of every pair of systems on every chosen key: delta (a − b), its percentile bootstrap
 * interval, a paired bootstrap p, an approximate randomization p and Holm's adjustment over the keys of the pair.
 * The bootstrap resamples are the ones `computeIntervals` uses for the same seed.
 *
 * p_bootstrap: the bootstrap distribution of delta shifted to the null (Efron & Tibshirani 1993 §16.4;
 * Berg-Kirkpatrick et al. 2012's form of Koehn 2004's paired bootstrap), two-sided:
 * (#{b : |δ*_b − δ| ≥ |δ|} + 1) / (B + 1).
 */
import { holm } from '../stats/holm.ts';
import { seedFromString, type Seed } from '../stats/random.ts';
import { percentileInterval, tidy } from '../stats/resample.ts';
import type { CancelSignal } from '../cancel.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { bootstrapReplicates, type ResampleProgress, type ResampleSettings } from './bootstrap.ts';
import { alignTables, totalsOf, type CountTable } from './count-table.ts';
import type { Interval, SystemTables } from './intervals.ts';
import { headlinePaths, pathName, ratioPaths, valueAt, type KeyPath } from './keys.ts';
import { atLeastAsExtreme, randomizationTest, type RandomizationJob } from './randomization.ts';

export interface Comparison {
  a: string;
  b: string;
  profile: string;
  key: string;
  a_value: number | null;
  b_value: number | null;
  /** a_value − b_value. */
  delta: number | null;
  /** Percentile bootstrap interval of the delta. */
  ci: Interval;
  p_bootstrap: number | null;
  p_randomization: number | null;
  /**
   * The smallest p_randomization these resamples can give. When p_randomization equals it, no resample was as
   * extreme: the p is a bound (p ≤ this, and p_holm a bound too), and more resamples would give a finer one.
   */
  p_randomization_floor: number | null;
  /** Holm-adjusted p_randomization over the keys of this pair. */
  p_holm: number | null;
  resamples: number;
  seed: number | string;
}

export interface CompareOptions extends ResampleSettings {
  /** headline (F-measures; default) or every ratio key. */
  keys?: 'headline' | 'all';
  onProgress?: (p: ResampleProgress & { phase: 'bootstrap' | 'randomization' }) => void;
  signal?: CancelSignal;
}

export interface CompareResult {
  comparisons: Comparison[];
  /** The CLI's English text of `codedWarnings`, in the same order. */
  warnings: string[];
  /** The same warnings with codes and parameters, for the page. */
  codedWarnings: CodedMessage[];
}

/** The randomization stream of one pair: its own seed, so adding a system does not change other pairs' p. */
export function pairSeed(seed: Seed, a: string, b: string): bigint {
  return seedFromString(`${String(seed)}\u0000randomization\u0000${a}\u0000${b}`);
}

/** True when a comparison's randomization p sits at its floor (see Comparison.p_randomization_floor). */
export function atPFloor(c: Pick<Comparison, 'p_randomization' | 'p_randomization_floor'>): boolean {
  return c.p_randomization !== null && c.p_randomization_floor !== null && c.p_randomization <= c.p_randomization_floor * (1 + 1e-12);
}

/** Bootstrap p for the null delta = 0 (see the module comment); null when delta is undefined. */
export function bootstrapP(deltas: Float64Array, observed: number): number | null {
  let valid = 0;
  let extreme = 0;
  for (const d of deltas) {
    if (Number.isNaN(d)) continue;
    valid++;
    if (atLeastAsExtreme(d - observed, observed)) extreme++;
  }
  return valid === 0 ? null : (extreme + 1) / (valid + 1);
}

export function compareSystems(systems: readonly SystemTables[], options: CompareOptions): CompareResult {
  const codedWarnings: CodedMessage[] = [];
  const profiles = [...new Set(systems.flatMap((s) => Object.keys(s.tables)))];
  // Per profile: one column order for every system, and the keys to compare (union over systems, first seen first).
  const aligned = new Map<string, Map<string, CountTable>>();
  const pathsOf = new Map<string, KeyPath[]>();
  for (const profile of profiles) {
    const owners = systems.filter((s) => s.tables[profile]);
    const tables = alignTables(owners.map((s) => s.tables[profile]!));
    aligned.set(profile, new Map(owners.map((s, i) => [s.name, tables[i]!])));
    const seen = new Map<string, KeyPath>();
    for (const t of tables) for (const p of ratioPaths(t)) if (!seen.has(pathName(p))) seen.set(pathName(p), p);
    const all = [...seen.values()];
    pathsOf.set(profile, options.keys === 'all' ? all : headlinePaths(all));
    for (const s of systems) if (!s.tables[profile]) codedWarnings.push(coded('compare.not-scored', { profile, system: s.name }));
  }

  const flat: { system: string; profile: string; table: CountTable }[] = [];
  for (const s of systems) for (const profile of profiles) {
    const table = aligned.get(profile)!.get(s.name);
    if (table) flat.push({ system: s.name, profile, table });
  }
  const reps = bootstrapReplicates(
    flat.map((f) => f.table),
    {
      resamples: options.resamples,
      seed: options.seed,
      paths: (_, t) => pathsOf.get(flat[t]!.profile)!,
      onProgress: (p) => options.onProgress?.({ ...p, phase: 'bootstrap' }),
      signal: options.signal,
    },
  );
  const replicatesOf = (system: string, profile: string) => reps[flat.findIndex((f) => f.system === system && f.profile === profile)]!;

  const comparisons: Comparison[] = [];
  const pairs: [SystemTables, SystemTables][] = [];
  systems.forEach((a, i) => systems.slice(i + 1).forEach((b) => pairs.push([a, b])));
  pairs.forEach(([sa, sb], pairIndex) => {
    options.onProgress?.({ phase: 'randomization', done: pairIndex, total: pairs.length });
    const shared = profiles.filter((p) => aligned.get(p)!.has(sa.name) && aligned.get(p)!.has(sb.name));
    const jobs: RandomizationJob[] = shared.map((profile) => ({
      a: aligned.get(profile)!.get(sa.name)!,
      b: aligned.get(profile)!.get(sb.name)!,
      paths: pathsOf.get(profile)!,
    }));
    const ar = randomizationTest(jobs, { samples: options.resamples, seed: pairSeed(options.seed, sa.name, sb.name), signal: options.signal });
    const start = comparisons.length;
    shared.forEach((profile, j) => {
      const job = jobs[j]!;
      const va = job.a.summarize(totalsOf(job.a));
      const vb = job.b.summarize(totalsOf(job.b));
      const ra = replicatesOf(sa.name, profile);
      const rb = replicatesOf(sb.name, profile);
      job.paths.forEach((path, q) => {
        const x = valueAt(va, path);
        const y = valueAt(vb, path);
        const delta = x === null || y === null ? null : tidy(x - y);
        const da = ra.replicates[q]!;
        const db = rb.replicates[q]!;
        const deltas = da.map((v, b) => v - db[b]!);
        const ci = delta === null ? { interval: null, nulls: 0 } : percentileInterval(deltas, options.confidence);
        const undefinedAr = ar.undefinedSamples[j]![q]!;
        if (delta !== null && (ci.nulls > 0 || undefinedAr > 0)) {
          codedWarnings.push(
            coded('compare.delta-undefined', { a: sa.name, b: sb.name, profile, key: pathName(path), bootstrap: ci.nulls, randomization: undefinedAr }),
          );
        }
        comparisons.push({
          a: sa.name,
          b: sb.name,
          profile,
          key: pathName(path),
          a_value: x,
          b_value: y,
          delta,
          ci: ci.interval,
          p_bootstrap: delta === null ? null : bootstrapP(deltas, x! - y!),
          p_randomization: ar.p[j]![q]!,
          p_randomization_floor: ar.floor[j]![q]!,
          p_holm: null,
          resamples: options.resamples,
          seed: options.seed,
        });
      });
    });
    const mine = comparisons.slice(start);
    holm(mine.map((c) => c.p_randomization)).forEach((p, k) => (mine[k]!.p_holm = p));
  });
  options.onProgress?.({ phase: 'randomization', done: pairs.length, total: pairs.length });
  return { comparisons, warnings: codedWarnings.map((w) => w.message), codedWarnings };
}
