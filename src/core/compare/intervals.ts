/**
 * Confidence intervals for every ratio key of every system × profile, from one shared set of bootstrap
 * resamples: `intervals[SYSTEM][PROFILE]` mirrors the profile's values, each ratio key holding [low, high]
 * (or null, see percentileInterval).
 */
import { dict } from '../dict.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { percentileInterval } from '../stats/resample.ts';
import { bootstrapReplicates, type ResampleSettings, type BootstrapOptions } from './bootstrap.ts';
import type { CountTable } from './count-table.ts';
import { pathName, type KeyPath } from './keys.ts';
import { setAt, type Nested } from './nested.ts';

export type Interval = [number, number] | null;

/** One system's tables by profile name (a profile that refused the system is absent). */
export interface SystemTables {
  name: string;
  tables: Record<string, CountTable>;
}

export interface IntervalsResult {
  intervals: Record<string, Record<string, Nested<Interval>>>;
  /** Keys with undefined resamples: which, how many, and whether the interval was withheld (the CLI's English). */
  warnings: string[];
  /** The same warnings with codes and parameters, for the page. */
  codedWarnings: CodedMessage[];
}

export function computeIntervals(
  systems: readonly SystemTables[],
  settings: ResampleSettings,
  extra: Pick<BootstrapOptions, 'subset' | 'onProgress' | 'signal' | 'paths'> = {},
): IntervalsResult {
  const flat: { system: string; profile: string; table: CountTable }[] = [];
  for (const s of systems) for (const [profile, table] of Object.entries(s.tables)) flat.push({ system: s.name, profile, table });
  const reps = bootstrapReplicates(
    flat.map((f) => f.table),
    { resamples: settings.resamples, seed: settings.seed, ...extra },
  );
  const intervals: IntervalsResult['intervals'] = dict();
  const codedWarnings: CodedMessage[] = [];
  flat.forEach((f, t) => {
    const node: Nested<Interval> = {};
    const { paths, replicates } = reps[t]!;
    paths.forEach((path: KeyPath, p) => {
      const { interval, nulls } = percentileInterval(replicates[p]!, settings.confidence);
      setAt(node, path, interval);
      if (nulls > 0) {
        const withheld = interval === null ? 1 : 0;
        codedWarnings.push(coded('interval.undefined', { system: f.system, profile: f.profile, key: pathName(path), nulls, resamples: settings.resamples, withheld }));
      }
    });
    (intervals[f.system] ??= {})[f.profile] = node;
  });
  return { intervals, warnings: codedWarnings.map((w) => w.message), codedWarnings };
}
