/**
 * The dashboard's intervals, slices and sentence sets as chart and table data: intervals on the charts' 0–100
 * scale (same shape as SeriesData.values), "[low–high]" cells for the table, one chart per slice family, and
 * the pairwise sentence-set matrix.
 */
import type { Interval, SentenceSets, SliceSection } from '../../core/compare/index.ts';
import type { Nested } from '../../core/compare/nested.ts';
import type { MetricValue } from '../../core/metrics/profile.ts';
import type { IntervalView } from '../../workers/stats-compute.ts';
import { valueAt, type MetricFamily, type SeriesData } from '../shared/charts.ts';
import type { IntervalGrid } from '../shared/error-bars.ts';

export type { IntervalGrid };

type IntervalTree = Nested<Interval>;

export function intervalAt(tree: IntervalTree | undefined, path: readonly string[]): [number, number] | null {
  let node: IntervalTree | Interval | undefined = tree;
  for (const key of path) {
    if (node === null || node === undefined || Array.isArray(node)) return null;
    node = (node as IntervalTree)[key];
  }
  return Array.isArray(node) && node.length === 2 && typeof node[0] === 'number' ? (node as [number, number]) : null;
}

const scaled = (iv: [number, number] | null, scale: number): [number, number] | null =>
  iv === null ? null : [Math.round(iv[0] * scale * 1000) / 1000, Math.round(iv[1] * scale * 1000) / 1000];

/** For f1Overview: groups are families, series systems. */
export function overviewIntervals(view: IntervalView, families: readonly MetricFamily[], systems: readonly string[]): IntervalGrid {
  return families.map((f) => systems.map((s) => scaled(intervalAt(view.intervals[s]?.[f.profile], f.keys[2]), f.scale)));
}

/** For familyChart: groups are systems, series P, R, F1. */
export function familyIntervals(view: IntervalView, family: MetricFamily, systems: readonly string[]): IntervalGrid {
  return systems.map((s) => family.keys.map((k) => scaled(intervalAt(view.intervals[s]?.[family.profile], k), family.scale)));
}

/** Trims binary noise for display (the table shows the profile's own numbers; intervals get 4 significant places). */
export function formatBound(x: number): string {
  return String(Number(x.toPrecision(4)));
}

export function formatInterval(iv: [number, number] | null): string {
  return iv === null ? '' : `[${formatBound(iv[0])}–${formatBound(iv[1])}]`;
}

/** The side-by-side table's cell interval: row metric keys are flattened with '.', like flattenMetrics. */
export function tableInterval(view: IntervalView | null, system: string, profile: string, metric: string): string {
  if (!view) return '';
  const tree = view.intervals[system]?.[profile];
  if (!tree) return '';
  // Keys may themselves contain '.' ("F0.5"): try the longest split first.
  return formatInterval(findFlat(tree, metric));
}

function findFlat(tree: IntervalTree, flat: string): [number, number] | null {
  const direct = tree[flat];
  if (Array.isArray(direct)) return direct as [number, number];
  for (const [key, child] of Object.entries(tree)) {
    if (child && !Array.isArray(child) && flat.startsWith(`${key}.`)) {
      const hit = findFlat(child as IntervalTree, flat.slice(key.length + 1));
      if (hit) return hit;
    }
  }
  return null;
}

export interface SliceChart {
  family: string;
  data: SeriesData;
  errors: IntervalGrid;
  /** Per slice: its label and sizes. */
  slices: { name: string; label: string; sentences: number; error_sentences: number; clean_sentences: number }[];
  unassigned: { count: number; reason: string } | null;
}

/** One chart per slice family: groups are slices, series systems, the family's F1 (re-summarized, not rescored). */
export function sliceCharts(section: SliceSection | null, metric: MetricFamily, systems: readonly string[]): SliceChart[] {
  if (!section) return [];
  return Object.entries(section).map(([family, { slices, unassigned }]) => {
    const entries = Object.entries(slices);
    const value = (values: Record<string, { [key: string]: MetricValue }> | undefined) => {
      const v = valueAt(values?.[metric.profile], metric.keys[2]);
      return v === null ? null : Math.round(v * metric.scale * 1000) / 1000;
    };
    return {
      family,
      data: {
        groups: entries.map(([name]) => name),
        series: [...systems],
        values: entries.map(([, e]) => systems.map((s) => value(e.systems?.[s]))),
        notes: entries.map(([, e]) => (e.sentences === 0 ? 'empty' : null)),
      },
      errors: entries.map(([, e]) => systems.map((s) => scaled(intervalAt(e.intervals?.[s]?.[metric.profile], metric.keys[2]), metric.scale))),
      slices: entries.map(([name, e]) => ({ name, label: e.label, sentences: e.sentences, error_sentences: e.error_sentences, clean_sentences: e.clean_sentences })),
      unassigned,
    };
  });
}

export interface SetsRow {
  a: string;
  b: string;
  aOnly: number;
  bOnly: number;
  both: number;
  bothBroke: number;
}

export function setsMatrix(sets: SentenceSets): SetsRow[] {
  return sets.pairs.map((p) => ({ a: p.a, b: p.b, aOnly: p.a_only.length, bOnly: p.b_only.length, both: p.both_corrected, bothBroke: p.both_broke.length }));
}
