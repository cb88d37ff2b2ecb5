/**
 * Per-sentence count matrices: what resampling works on. A profile's numbers are functions of counts summed over
 * sentences (MetricProfile.score → summarize), so a resample is a weighted column sum of the matrix followed by
 * the profile's own `summarize`: same rounding, same null rules, no text touched again.
 */
import type { Counts, MetricProfile, MetricValue, SentenceScore } from '../metrics/profile.ts';
import type { ScoredItem } from '../types.ts';

export type Values = { [key: string]: MetricValue };

/** One system × profile: an n × keys.length matrix of counts and the function from summed counts to values. */
export interface CountTable {
  /** Count names, the matrix's columns. */
  readonly keys: readonly string[];
  readonly n: number;
  /** Row-major, row i = sentence i. */
  readonly rows: Float64Array;
  readonly summarize: (totals: Counts) => Values;
}

/** The union of count names over several sentence lists, in order of first appearance. */
export function countKeys(...lists: readonly (readonly { counts: Counts }[])[]): string[] {
  const keys = new Set<string>();
  for (const list of lists) for (const s of list) for (const k of Object.keys(s.counts)) keys.add(k);
  return [...keys];
}

/** A table from per-sentence counts; `keys` fixes the column order (give the same keys to tables you compare). */
export function countTable(sentences: readonly { counts: Counts }[], summarize: (totals: Counts) => Values, keys = countKeys(sentences)): CountTable {
  const k = keys.length;
  const rows = new Float64Array(sentences.length * k);
  sentences.forEach((s, i) => {
    for (const [name, value] of Object.entries(s.counts)) {
      const c = keys.indexOf(name);
      if (c < 0) throw new RangeError(`countTable: count "${name}" of sentence ${i} is not among the table's keys`);
      if (!Number.isFinite(value)) throw new RangeError(`countTable: count "${name}" of sentence ${i} is ${value}`);
      rows[i * k + c] = value;
    }
  });
  return { keys, n: sentences.length, rows, summarize };
}

/** A profile's table on one system's items (throws the profile's ProfileError when it refuses them). */
export function profileTable(profile: MetricProfile, items: readonly ScoredItem[]): CountTable {
  return tableFromScores(profile, profile.score(items).sentences);
}

/** A table from scores already computed (by evaluate(), say), with the profile's summarize. */
export function tableFromScores(profile: Pick<MetricProfile, 'summarize'>, sentences: readonly SentenceScore[], keys?: readonly string[]): CountTable {
  return countTable(sentences, (totals) => profile.summarize(totals).values, keys ? [...keys] : undefined);
}

/** The same tables with one shared column order, so they can be added and swapped row by row. */
export function alignTables(tables: readonly CountTable[]): CountTable[] {
  const keys: string[] = [];
  for (const t of tables) for (const k of t.keys) if (!keys.includes(k)) keys.push(k);
  return tables.map((t) => {
    if (t.keys.length === keys.length && t.keys.every((k, c) => k === keys[c])) return t;
    const rows = new Float64Array(t.n * keys.length);
    const map = t.keys.map((k) => keys.indexOf(k));
    for (let i = 0; i < t.n; i++) for (let c = 0; c < t.keys.length; c++) rows[i * keys.length + map[c]!] = t.rows[i * t.keys.length + c]!;
    return { keys, n: t.n, rows, summarize: t.summarize };
  });
}

/** Summed counts as the named object `summarize` takes. */
export function countsOf(keys: readonly string[], sums: ArrayLike<number>): Counts {
  const counts: Counts = {};
  keys.forEach((k, c) => (counts[k] = sums[c]!));
  return counts;
}

/** Column sums over every row (the plain evaluation's totals). */
export function totalsOf(table: CountTable): Counts {
  const k = table.keys.length;
  const sums = new Float64Array(k);
  for (let i = 0; i < table.n; i++) for (let c = 0; c < k; c++) sums[c]! += table.rows[i * k + c]!;
  return countsOf(table.keys, sums);
}
