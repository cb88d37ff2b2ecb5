/**
 * A benchmark's leaderboard on one metric (a ratio key of one profile): every system's value with its percentile
 * bootstrap interval (the resamples `eval --ci` uses for the same seed), ranked, and each other system compared
 * with one chosen system (the visitor's) as `csc-studio compare` compares a pair whose first system is the chosen
 * one. Holm's adjustment then runs over those comparisons, one per other system: the family a visitor reads
 * ("which differences with my system are real?"), where compare adjusts over the keys of one pair.
 */
import { holm } from '../stats/holm.ts';
import { percentileInterval } from '../stats/resample.ts';
import { bootstrapReplicates, type ResampleSettings } from './bootstrap.ts';
import { totalsOf } from './count-table.ts';
import type { Interval, SystemTables } from './intervals.ts';
import { pathName, ratioPaths, valueAt, type KeyPath } from './keys.ts';
import { compareSystems, type Comparison } from './pairwise.ts';

export interface LeaderboardOptions extends ResampleSettings {
  profile: string;
  key: string;
  /** The system the others are compared with; none: no comparisons. */
  mine?: string;
  /** Rank by descending values (F-measures, precision…) or ascending ones (false-positive rates). */
  higherIsBetter: boolean;
  /** Significance level of the Holm-adjusted p; default 0.05. */
  alpha?: number;
}

export interface LeaderboardVersus {
  /** The chosen system's value minus this one's: compare's delta with the chosen system first. */
  delta: number | null;
  ci: Interval;
  p_randomization: number | null;
  p_randomization_floor: number | null;
  /** Holm over the comparisons of the chosen system with every other one. */
  p_holm: number | null;
  significant: boolean;
}

export interface LeaderboardRow {
  system: string;
  /** 1 for the best; ties share a rank; null when the profile gave no value (it refused the system). */
  rank: number | null;
  value: number | null;
  ci: Interval;
  /** Absent for the chosen system itself, and for every row when none is chosen. */
  versus?: LeaderboardVersus;
}

export interface Leaderboard {
  profile: string;
  key: string;
  mine: string | null;
  settings: ResampleSettings & { alpha: number; higher_is_better: boolean };
  rows: LeaderboardRow[];
}

export function leaderboard(systems: readonly SystemTables[], options: LeaderboardOptions): Leaderboard {
  const { profile, key, mine } = options;
  const alpha = options.alpha ?? 0.05;
  const scored = systems.filter((s) => s.tables[profile]);
  const path = keyPath(scored, profile, key);
  if (mine !== undefined && !systems.some((s) => s.name === mine)) throw new RangeError(`no system named "${mine}"`);
  const reps = bootstrapReplicates(
    scored.map((s) => s.tables[profile]!),
    { resamples: options.resamples, seed: options.seed, paths: () => [path] },
  );
  const rows: LeaderboardRow[] = systems.map((s) => {
    const at = scored.indexOf(s);
    if (at < 0) return { system: s.name, rank: null, value: null, ci: null };
    const table = s.tables[profile]!;
    return { system: s.name, rank: null, value: valueAt(table.summarize(totalsOf(table)), path), ci: percentileInterval(reps[at]!.replicates[0]!, options.confidence).interval };
  });
  rank(rows, options.higherIsBetter);
  const mineTables = scored.find((s) => s.name === mine);
  if (mineTables) {
    const others = rows.filter((r) => r.system !== mine);
    const versus = others.map((r) => versusMine(mineTables, systems.find((s) => s.name === r.system)!, profile, key, options));
    holm(versus.map((v) => v?.p_randomization ?? null)).forEach((p, i) => {
      const v = versus[i];
      if (!v) return;
      const significant = p !== null && p < alpha && v.delta !== null && v.delta !== 0;
      others[i]!.versus = { ...v, p_holm: p, significant };
    });
  }
  rows.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
  const { resamples, seed, confidence } = options;
  return { profile, key, mine: mine ?? null, settings: { resamples, seed, confidence, alpha, higher_is_better: options.higherIsBetter }, rows };
}

/** The key's path among the profile's ratio keys ("cs.F0.5" is ['cs', 'F0.5']). */
function keyPath(scored: readonly SystemTables[], profile: string, key: string): KeyPath {
  if (scored.length === 0) throw new RangeError(`no system was scored by ${profile}`);
  const paths = ratioPaths(scored[0]!.tables[profile]!);
  const path = paths.find((p) => pathName(p) === key);
  if (!path) throw new RangeError(`${profile} has no ratio key "${key}"; its ratio keys are ${paths.map(pathName).join(', ')}`);
  return path;
}

/** Competition ranking (1, 2, 2, 4) by value; systems without one are unranked. */
function rank(rows: LeaderboardRow[], higherIsBetter: boolean): void {
  const valued = rows.filter((r) => r.value !== null).sort((a, b) => (higherIsBetter ? b.value! - a.value! : a.value! - b.value!));
  valued.forEach((r, i) => (r.rank = i > 0 && valued[i - 1]!.value === r.value ? valued[i - 1]!.rank : i + 1));
}

/** The other system against the chosen one, as compare reports the pair with the chosen one first. */
function versusMine(mine: SystemTables, other: SystemTables, profile: string, key: string, settings: ResampleSettings): Omit<LeaderboardVersus, 'p_holm' | 'significant'> | null {
  if (!other.tables[profile]) return null;
  const pair = [mine, other].map((s) => ({ name: s.name, tables: { [profile]: s.tables[profile]! } }));
  const c: Comparison | undefined = compareSystems(pair, { ...settings, keys: 'all' }).comparisons.find((x) => x.key === key);
  return c ? { delta: c.delta, ci: c.ci, p_randomization: c.p_randomization, p_randomization_floor: c.p_randomization_floor } : null;
}
