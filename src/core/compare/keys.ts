/**
 * Which values get an interval: the ratio keys. A profile's values mix ratios (P, R, F1, accuracy, rates) with
 * counts (TP, `counts.*`, `*_counts` pairs). Profiles do not label them, so we infer: a numeric (or null) leaf is
 * a ratio when summarizing doubled totals leaves it unchanged up to 10⁻⁹ relative (a ratio of counts is
 * scale-free, smoothing aside; a count doubles), so does going from every count = 1 to every count = 2 (a count
 * that is 0 in the data doubles there), and its name is not a count's name (TP/FP/FN/TN, under `counts`,
 * ending in `_counts`). Arrays are skipped. Nested groups (lemon's `detect.f1`, cherrant's `cs.F0.5`) give paths.
 */
import type { MetricValue } from '../metrics/profile.ts';
import type { CountTable, Values } from './count-table.ts';
import { countsOf, totalsOf } from './count-table.ts';

/** A leaf's path inside a profile's values: ['detect', 'f1'] for lemon's detection F1. */
export type KeyPath = readonly string[];

const COUNT_NAME = /^(tp|fp|fn|tn)$|_counts$|^counts$/i;

/** A count's path by its name (TP/FP/FN/TN, under `counts`, ending in `_counts`): never an interval's key. */
export function isCountPath(path: KeyPath): boolean {
  return path.some((seg) => COUNT_NAME.test(seg));
}

/** Every number-or-null leaf (arrays excluded), with its path, in key order. */
export function leaves(values: Values, prefix: readonly string[] = []): [KeyPath, number | null][] {
  const out: [KeyPath, number | null][] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = [...prefix, key];
    if (value === null || typeof value === 'number') out.push([path, value]);
    else if (!Array.isArray(value)) out.push(...leaves(value, path));
  }
  return out;
}

/** The leaf at `path`, or null when absent or not a number (a key a profile leaves out when undefined). */
export function valueAt(values: Values, path: KeyPath): number | null {
  let v: MetricValue | undefined = values;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    v = (v as { [key: string]: MetricValue })[key];
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The display name of a path: segments joined with "." ("detect.f1", "cs.F0.5"). */
export function pathName(path: KeyPath): string {
  return path.join('.');
}

/** The ratio keys of a table's values (see the module comment). */
export function ratioPaths(table: CountTable): KeyPath[] {
  const totals = totalsOf(table);
  const scaled = (f: (t: number) => number) => table.summarize(countsOf(table.keys, table.keys.map((k) => f(totals[k]!))));
  const once = table.summarize(totals);
  const twice = scaled((t) => 2 * t);
  // A count that is 0 in the data is also 0 when doubled; every count set to 1, then 2, tells it from a ratio.
  let ones: Values | null = null;
  let twos: Values | null = null;
  try {
    ones = scaled(() => 1);
    twos = scaled(() => 2);
  } catch {
    // A summarize that rejects made-up totals: the name rule and the doubling test decide alone.
  }
  return leaves(once)
    .filter(([path, value]) => {
      if (isCountPath(path)) return false;
      if (!sameUpToNoise(value, valueAt(twice, path))) return false;
      return ones === null || twos === null || sameUpToNoise(valueAt(ones, path), valueAt(twos, path));
    })
    .map(([path]) => path);
}

/** Equal, or within 10⁻⁹ relative: smoothing like LEMON's tp / (pred + 1e-12) moves a ratio by ~10⁻¹² when doubled. */
function sameUpToNoise(x: number | null, y: number | null): boolean {
  if (x === null || y === null) return x === y;
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x));
}

/**
 * The headline keys among ratio keys: the F-measures (f1, F0.5) and, for profiles that print none, every ratio
 * (proofread's four rates). Comparisons default to these so Holm's adjustment runs over what papers quote.
 */
export function headlinePaths(paths: readonly KeyPath[]): KeyPath[] {
  const isF = (p: KeyPath) => /(^|[^a-z])f(1|0\.5)$/i.test(p[p.length - 1]!);
  const fs = paths.filter(isF);
  return fs.length > 0 ? fs : [...paths];
}
