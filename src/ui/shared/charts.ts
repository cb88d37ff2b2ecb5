/**
 * Chart data and geometry, shared by the SVG components and the printable HTML report: which numbers to plot from
 * a report, and where each bar goes. Values are on a 0–100 scale; null stays null (drawn as "n/a", never as 0).
 */
import { isRefusal, type Report } from '../../core/report.ts';
import type { MetricValue } from '../../core/metrics/profile.ts';
import { t } from './i18n/index.ts';

export interface MetricFamily {
  id: string;
  profile: string;
  label: string;
  /** Paths of P, R and F1 inside the profile's values. */
  keys: [string[], string[], string[]];
  /** Multiply by this to get %. */
  scale: number;
}

export const METRIC_FAMILIES: readonly MetricFamily[] = [
  { id: 'cscd-sc', profile: 'cscd', label: 'cscd · sentence correction', keys: [['S_C_p'], ['S_C_r'], ['S_C_f1']], scale: 1 },
  { id: 'cscd-sd', profile: 'cscd', label: 'cscd · sentence detection', keys: [['S_D_p'], ['S_D_r'], ['S_D_f1']], scale: 1 },
  { id: 'cscd-cc', profile: 'cscd', label: 'cscd · character correction', keys: [['C_C_p'], ['C_C_r'], ['C_C_f1']], scale: 1 },
  { id: 'cscd-cd', profile: 'cscd', label: 'cscd · character detection', keys: [['C_D_p'], ['C_D_r'], ['C_D_f1']], scale: 1 },
  { id: 'realise-sc', profile: 'realise', label: 'realise · sentence correction', keys: [['sent-correct-p'], ['sent-correct-r'], ['sent-correct-f1']], scale: 1 },
  { id: 'sighan-c', profile: 'sighan', label: 'sighan · correction', keys: [['C_p'], ['C_r'], ['C_f1']], scale: 100 },
  { id: 'lemon-c', profile: 'lemon', label: 'lemon · correction', keys: [['correct', 'p'], ['correct', 'r'], ['correct', 'f1']], scale: 100 },
  {
    id: 'lev-sc',
    profile: 'levenshtein',
    label: 'levenshtein · sentence correction',
    keys: [['sentence correction p'], ['sentence correction r'], ['sentence correction f1']],
    scale: 1,
  },
  { id: 'lev-cc', profile: 'levenshtein', label: 'levenshtein · character correction', keys: [['char correction p'], ['char correction r'], ['char correction f1']], scale: 1 },
  { id: 'gcsc-s', profile: 'gcsc', label: 'Eval-GCSC · sentence correction', keys: [['S_C_p'], ['S_C_r'], ['S_C_f1']], scale: 1 },
  { id: 'gcsc-c', profile: 'gcsc', label: 'Eval-GCSC · operation correction', keys: [['C_C_p'], ['C_C_r'], ['C_C_f1']], scale: 1 },
];

// Labels follow the page's language (the English ones above are the fallback for an id the tables lack).
for (const family of METRIC_FAMILIES) {
  const english = family.label;
  Object.defineProperty(family, 'label', { get: () => t.labels.families[family.id] ?? english, enumerable: true });
}

export function valueAt(values: { [key: string]: MetricValue } | undefined, path: readonly string[]): number | null {
  let v: MetricValue | undefined = values;
  for (const key of path) {
    if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v)) return null;
    v = (v as { [key: string]: MetricValue })[key];
  }
  return typeof v === 'number' ? v : null;
}

/** Systems' outcome for a profile, or undefined when it refused or did not run. */
function profileValues(report: Report, system: string, profile: string): { [key: string]: MetricValue } | undefined {
  const outcome = report.systems[system]?.[profile];
  return outcome && !isRefusal(outcome) ? outcome : undefined;
}

export interface SeriesData {
  groups: string[];
  series: string[];
  /** values[group][series] on a 0–100 scale. */
  values: (number | null)[][];
  /** Per group: why it has no values (the profile refused), if so. */
  notes: (string | null)[];
  /** Per group and series, why a value is missing, where charts show it per bar: refused, or undefined (0/0). */
  missing?: (MissingValue | null)[][];
}

export type MissingValue = 'refused' | 'undefined' | 'not-run';

/** Why a profile's value is missing for a system: the profile refused it, did not run, or the value is 0/0. */
export function missingKind(report: Report, system: string, profile: string): MissingValue {
  const outcome = report.systems[system]?.[profile];
  return !outcome ? 'not-run' : isRefusal(outcome) ? 'refused' : 'undefined';
}

/** P, R, F1 (series) for each system (group) in one metric family. */
export function familyChart(report: Report, family: MetricFamily): SeriesData {
  const systems = Object.keys(report.systems);
  return {
    groups: systems,
    series: ['P', 'R', 'F1'],
    values: systems.map((s) => family.keys.map((k) => scaled(valueAt(profileValues(report, s, family.profile), k), family.scale))),
    notes: systems.map((s) => {
      const outcome = report.systems[s]?.[family.profile];
      return outcome && isRefusal(outcome) ? t.labels.refusedNote : outcome ? null : t.labels.notRun;
    }),
  };
}

/** Families the report has at least one number for. */
export function availableFamilies(report: Report): MetricFamily[] {
  return METRIC_FAMILIES.filter((f) =>
    Object.keys(report.systems).some((s) => f.keys.some((k) => valueAt(profileValues(report, s, f.profile), k) !== null)),
  );
}

/** F1 of every available family (group) for every system (series): the overview. */
export function f1Overview(report: Report): SeriesData {
  const systems = Object.keys(report.systems);
  const families = availableFamilies(report);
  return {
    groups: families.map((f) => f.label),
    series: systems,
    values: families.map((f) => systems.map((s) => scaled(valueAt(profileValues(report, s, f.profile), f.keys[2]), f.scale))),
    notes: families.map(() => null),
    missing: families.map((f) => systems.map((s) => (valueAt(profileValues(report, s, f.profile), f.keys[2]) === null ? missingKind(report, s, f.profile) : null))),
  };
}

export const PROOFREAD_RATES = ['corrected_rate', 'unchanged_error_rate', 'changed_not_gold_rate', 'changed_clean_rate'] as const;

/** The proofreading rates (series) per system (group), in %. */
export function proofreadChart(report: Report): SeriesData {
  const systems = Object.keys(report.systems);
  return {
    groups: systems,
    series: [...PROOFREAD_RATES],
    values: systems.map((s) => PROOFREAD_RATES.map((k) => scaled(valueAt(profileValues(report, s, 'proofread'), ['rates', k]), 100))),
    notes: systems.map((s) => (profileValues(report, s, 'proofread') ? null : t.labels.refusedNote)),
  };
}

export const OP_KINDS = ['S_e', 'S_ne', 'M', 'R', 'W'] as const;

/** Operation-type counts per system (ops profile): for the stacked share bars. */
export function opsShares(report: Report): { systems: string[]; counts: number[][]; totals: number[] } | null {
  const systems = Object.keys(report.systems).filter((s) => profileValues(report, s, 'ops'));
  if (systems.length === 0) return null;
  const counts = systems.map((s) => OP_KINDS.map((k) => valueAt(profileValues(report, s, 'ops'), [k]) ?? 0));
  return { systems, counts, totals: counts.map((c) => c.reduce((a, b) => a + b, 0)) };
}

function scaled(v: number | null, scale: number): number | null {
  return v === null ? null : Math.round(v * scale * 1000) / 1000;
}

// ----------------------------------------------------------------------------------------------------------------
// Geometry

export interface Bar {
  group: number;
  series: number;
  x: number;
  y: number;
  width: number;
  height: number;
  value: number | null;
}

export interface BarLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  bars: Bar[];
  groupCenters: number[];
  ticks: { value: number; y: number }[];
}

/** Charts take their container's width; before it is measured (or in a report) they use this. */
export const CHART_FALLBACK_WIDTH = 720;
/** Narrower than this (a 320-px phone's content) the text would not fit; the SVG then scales down. */
export const CHART_MIN_WIDTH = 280;

/** Vertical grouped bars on a 0–100 axis. */
export function layoutGroupedBars(data: SeriesData, options: { width?: number; height?: number } = {}): BarLayout {
  const width = options.width ?? 720;
  const height = options.height ?? 280;
  const plot = { left: 44, top: 12, width: width - 56, height: height - 60 };
  const groups = Math.max(1, data.groups.length);
  const groupWidth = plot.width / groups;
  const inner = groupWidth * 0.8;
  const barWidth = inner / Math.max(1, data.series.length);
  const bars: Bar[] = [];
  data.values.forEach((row, g) => {
    row.forEach((value, s) => {
      const h = value === null ? 0 : (Math.max(0, Math.min(100, value)) / 100) * plot.height;
      bars.push({
        group: g,
        series: s,
        x: plot.left + g * groupWidth + (groupWidth - inner) / 2 + s * barWidth,
        y: plot.top + plot.height - h,
        width: Math.max(1, barWidth - 2),
        height: h,
        value,
      });
    });
  });
  return {
    width,
    height,
    plot,
    bars,
    groupCenters: data.groups.map((_, g) => plot.left + g * groupWidth + groupWidth / 2),
    ticks: [0, 25, 50, 75, 100].map((value) => ({ value, y: plot.top + plot.height - (value / 100) * plot.height })),
  };
}

/** Colour-blind-safe palette (Okabe–Ito), in series order. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

export function formatNumber(v: number | null, digits = 1): string {
  return v === null ? t.labels.notApplicable : v.toFixed(digits);
}

/** Rough width of a text in px: CJK and full-width characters a full em, others 0.6 em (enough to avoid clipping). */
export function textWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) em += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) || ch.codePointAt(0)! > 0xffff ? 1 : 0.6;
  return em * fontPx;
}

/** The text cut with "…" to fit `maxPx` (the full text goes in a <title>). */
export function fitText(text: string, maxPx: number, fontPx: number): string {
  if (textWidth(text, fontPx) <= maxPx) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(chars.join('') + '…', fontPx) > maxPx) chars.pop();
  return chars.join('') + '…';
}

export interface HBarLayout {
  width: number;
  height: number;
  labelWidth: number;
  plotWidth: number;
  /** Each group's label: beside its bars (anchor end) when they fit, else on a line above them (anchor start). */
  rows: { group: number; y: number; height: number; labelX: number; labelY: number; anchor: 'start' | 'end' }[];
  bars: (Bar & { labelX: number })[];
  ticks: { value: number; x: number }[];
}

/** Font size (px) of HBarChart's group labels. */
export const HBAR_LABEL_FONT = 13;

/**
 * Horizontal grouped bars: one block per group (a metric), one thin bar per series (a system); 0–100. The labels
 * stand beside the bars when the longest fits in 40% of the width, else (a phone) each on its own line above.
 */
export function layoutHorizontalBars(data: SeriesData, options: { width?: number; barHeight?: number; labelWidth?: number } = {}): HBarLayout {
  const width = options.width ?? 760;
  const barHeight = options.barHeight ?? 14;
  const longest = Math.max(0, ...data.groups.map((g) => textWidth(g, HBAR_LABEL_FONT)));
  const beside = options.labelWidth !== undefined || longest + 16 <= width * 0.4;
  const labelWidth = options.labelWidth ?? (beside ? Math.max(80, Math.ceil(longest) + 16) : 4);
  const labelRoom = beside ? 0 : HBAR_LABEL_FONT + 6;
  const gap = 12;
  // Room right of the plot for the value text ("100.0").
  const plotWidth = Math.max(40, width - labelWidth - 60);
  const top = 18;
  const blockHeight = labelRoom + data.series.length * barHeight + gap;
  const rows: HBarLayout['rows'] = [];
  const bars: HBarLayout['bars'] = [];
  data.groups.forEach((_, g) => {
    const y0 = top + g * blockHeight;
    const barsTop = y0 + labelRoom;
    const inner = blockHeight - gap - labelRoom;
    rows.push(
      beside
        ? { group: g, y: barsTop, height: inner, labelX: labelWidth - 8, labelY: barsTop + inner / 2 + 5, anchor: 'end' }
        : { group: g, y: barsTop, height: inner, labelX: labelWidth, labelY: y0 + HBAR_LABEL_FONT, anchor: 'start' },
    );
    data.series.forEach((__, s) => {
      const value = data.values[g]?.[s] ?? null;
      const w = value === null ? 0 : (Math.max(0, Math.min(100, value)) / 100) * plotWidth;
      bars.push({ group: g, series: s, x: labelWidth, y: barsTop + s * barHeight, width: w, height: barHeight - 2, value, labelX: labelWidth + w + 4 });
    });
  });
  return {
    width,
    height: top + data.groups.length * blockHeight,
    labelWidth,
    plotWidth,
    rows,
    bars,
    ticks: [0, 25, 50, 75, 100].map((value) => ({ value, x: labelWidth + (value / 100) * plotWidth })),
  };
}
