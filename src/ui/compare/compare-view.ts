/**
 * The Compare panel's view-model: a plain sentence per comparison (English or Chinese), table cells, and the
 * CSV export. Significance is decided by the Holm-adjusted randomization p (docs/stats.md); differences are
 * given in points (percentage points for profiles that report fractions).
 */
import { atPFloor, bootstrapAtFloor, formatPValue, type Comparison } from '../../core/compare/index.ts';
import { UTF8_BOM, toCsv } from '../../core/format/csv.ts';
import { METRIC_FAMILIES } from '../shared/charts.ts';
import { t, type Strings } from '../shared/i18n/index.ts';

/** Profiles whose values are already percentages (0–100); the others report fractions (0–1). */
export const PERCENT_PROFILES: readonly string[] = ['cscd', 'realise', 'scope', 'levenshtein', 'cllm', 'gcsc'];

export const ALPHA = 0.05;

export function pointsScale(profile: string): number {
  return PERCENT_PROFILES.includes(profile) ? 1 : 100;
}

/**
 * A readable name, the same shape for every key ("cscd · sentence correction F1", "lemon · detection F1"): the chart
 * family's label when the key is one of a family's, else the level, task and measure read off the key's name;
 * a key that reads as none of them keeps its name ("profile · key", the key shown as code).
 */
export function metricLabel(profile: string, key: string, words: Strings['compare']['keyWords'] = t.compare.keyWords): string {
  for (const f of METRIC_FAMILIES) {
    if (f.profile !== profile) continue;
    const i = f.keys.findIndex((k) => k.join('.') === key);
    if (i >= 0) return `${f.label} ${['P', 'R', 'F1'][i]}`;
  }
  const name = profile === 'gcsc' ? 'Eval-GCSC' : profile;
  const read = readKey(profile, key);
  if (!read) return `${profile} · ${key}`;
  if ('rate' in read) return `${name} · ${words.rates[read.rate] ?? read.rate}`;
  return `${name} · ${words.phrase(read.level === null ? '' : words.levels[read.level]!, words.tasks[read.task]!)} ${read.measure}`;
}

type ReadKey = { level: 'sentence' | 'character' | 'span' | 'token' | 'operation' | null; task: 'detection' | 'correction'; measure: string } | { rate: string };

/** Level, task and measure of a ratio key's name, by each script's naming; null when it reads as none. */
function readKey(profile: string, key: string): ReadKey | null {
  if (key.startsWith('rates.')) return { rate: key.slice('rates.'.length) };
  const parts = key.toLowerCase().split(/[._\s-]+/);
  const measure = /^f0\.5$|f0\.?5$/i.test(key) ? 'F0.5' : parts.at(-1) === 'f1' ? 'F1' : parts.at(-1) === 'p' ? 'P' : parts.at(-1) === 'r' ? 'R' : null;
  if (!measure) return null;
  // cscd-style S_D / C_C: the first letter is the level (gcsc's C is its word operations), the second the task.
  const cscd = /^([SC])_([DC])_/.exec(key);
  if (cscd) {
    const level = cscd[1] === 'S' ? 'sentence' : profile === 'gcsc' ? 'operation' : 'character';
    return { level, task: cscd[2] === 'D' ? 'detection' : 'correction', measure };
  }
  if (profile === 'cherrant') {
    const kind = parts[0];
    if (kind === 'cs' || kind === 'ds') return { level: 'span', task: kind === 'cs' ? 'correction' : 'detection', measure };
    if (kind === 'dt') return { level: 'token', task: 'detection', measure };
    return null;
  }
  const level = parts.some((w) => w === 'sentence' || w === 'sent') ? 'sentence' : parts.some((w) => w === 'char' || w === 'character') ? 'character' : null;
  const task = parts.some((w) => /^(d|detect|detection)$/.test(w)) ? 'detection' : parts.some((w) => /^(c|correct|correction)$/.test(w)) ? 'correction' : null;
  return task ? { level, task, measure } : null;
}

/** F-measures, precision, recall, accuracy and "corrected" rates: higher is better. Anything else is neutral. */
export function higherIsBetter(key: string): boolean {
  return /(^|[._\s-])(f1|f0\.5|f_?0?5|p|r|precision|recall|acc|accuracy|corrected_rate)$/i.test(key);
}

export function formatPoints(x: number): string {
  return (Math.round(x * 10) / 10).toFixed(1);
}

/** The three p columns, each a bound ("≤ 0.017") where its estimator sat at its floor. */
export function formatPs(c: Comparison): { bootstrap: string; randomization: string; holm: string } {
  return {
    bootstrap: formatPValue(c.p_bootstrap, bootstrapAtFloor(c)),
    randomization: formatPValue(c.p_randomization, atPFloor(c)),
    holm: formatPValue(c.p_holm, atPFloor(c)),
  };
}

/** The Holm p as a sentence states it: "p = 0.032", or a bound with what would make it finer. */
export function pClause(c: Comparison, s: Strings['compare']): string {
  if (c.p_holm === null) return s.pIs('—');
  return atPFloor(c) ? s.pAtFloor(formatPValue(c.p_holm, true).slice(2), c.resamples) : s.pIs(formatPValue(c.p_holm));
}

export function isSignificant(c: Comparison, alpha = ALPHA): boolean {
  return c.p_holm !== null && c.p_holm < alpha && c.delta !== null && c.delta !== 0;
}

/** The plain sentence for one comparison. */
export function comparisonSentence(c: Comparison, s: Strings['compare']): string {
  const metric = metricLabel(c.profile, c.key);
  if (c.delta === null) return s.undefinedDelta(c.a, c.b, metric);
  if (c.delta === 0 && (c.ci === null || (c.ci[0] === 0 && c.ci[1] === 0))) return s.same(c.a, c.b, metric);
  const scale = pointsScale(c.profile);
  const p = pClause(c, s);
  const [lo, hi] = c.ci ?? [NaN, NaN];
  if (!isSignificant(c)) return s.notSignificant(c.a, c.b, metric, formatPoints(c.delta * scale), formatPoints(lo * scale), formatPoints(hi * scale), p);
  // Winner first, with the interval of (winner − loser).
  const aWins = c.delta > 0;
  const [w, l] = aWins ? [c.a, c.b] : [c.b, c.a];
  const d = Math.abs(c.delta) * scale;
  const [wlo, whi] = aWins ? [lo * scale, hi * scale] : [-hi * scale, -lo * scale];
  const say = higherIsBetter(c.key) ? s.better : s.higher;
  return say(w, l, metric, formatPoints(d), formatPoints(wlo), formatPoints(whi), p);
}

/**
 * The sentence in parts, the metric's raw key marked (`key: true`) where no label names it ("sighan · FPR"): a
 * key is the script's identifier, the same in every language, so the page shows it as code.
 */
export function sentenceParts(sentence: string, c: Pick<Comparison, 'profile' | 'key'>): { text: string; key: boolean }[] {
  const raw = `${c.profile} · ${c.key}`;
  const at = sentence.indexOf(raw);
  if (at < 0) return [{ text: sentence, key: false }];
  const start = at + raw.length - c.key.length;
  return [
    { text: sentence.slice(0, start), key: false },
    { text: c.key, key: true },
    { text: sentence.slice(start + c.key.length), key: false },
  ];
}

/** Comparisons grouped by pair, in order. */
export function byPair(comparisons: readonly Comparison[]): { a: string; b: string; rows: Comparison[] }[] {
  const out: { a: string; b: string; rows: Comparison[] }[] = [];
  for (const c of comparisons) {
    let g = out.find((x) => x.a === c.a && x.b === c.b);
    if (!g) out.push((g = { a: c.a, b: c.b, rows: [] }));
    g.rows.push(c);
  }
  return out;
}

export const COMPARE_CSV_COLUMNS = [
  'a',
  'b',
  'profile',
  'key',
  'a_value',
  'b_value',
  'delta',
  'ci_low',
  'ci_high',
  'p_bootstrap',
  'p_randomization',
  'p_randomization_floor',
  'p_holm',
  'resamples',
  'seed',
] as const;

/** One line per comparison, every field of the JSON (the interval in two columns). */
export function compareCsv(comparisons: readonly Comparison[]): string {
  const lines: (string | number | null)[][] = [[...COMPARE_CSV_COLUMNS]];
  for (const c of comparisons) {
    lines.push([
      c.a,
      c.b,
      c.profile,
      c.key,
      c.a_value,
      c.b_value,
      c.delta,
      c.ci?.[0] ?? null,
      c.ci?.[1] ?? null,
      c.p_bootstrap,
      c.p_randomization,
      c.p_randomization_floor,
      c.p_holm,
      c.resamples,
      String(c.seed),
    ]);
  }
  return UTF8_BOM + toCsv(lines);
}
