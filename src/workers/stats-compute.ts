/**
 * What the stats worker computes, on any thread: the Eval-CSC profiles' per-sentence counts from a run's stored
 * rows and predictions (evaluate() again: cheap, no judge), Eval-GCSC's from its stored sentences (judgements held
 * fixed), then intervals, slices and the pairwise comparison of src/core/compare. Core only; no UI imports.
 */
import type { CancelSignal } from '../core/cancel.ts';
import {
  codedCompareReport,
  countTable,
  countKeys,
  RESAMPLE_DEFAULTS,
  sliceSection,
  computeIntervals,
  tablesFromRun,
  checkSettings,
  type IntervalsResult,
  type ResampleSettings,
  type SliceSection,
  type SystemTables,
  type CompareReport,
  leaderboard,
  type Leaderboard,
} from '../core/compare/index.ts';
import { evaluate, type RunResult } from '../core/evaluate.ts';
import { summarizeGcsc } from '../core/gcsc/metrics.ts';
import { GCSC_PROFILE } from '../core/gcsc/names.ts';
import type { MaybeCoded } from '../core/messages.ts';
import { sumCounts, type Counts } from '../core/metrics/profile.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { parseNormalizationOptions } from '../core/normalize/options.ts';
import { newReport, type DatasetInfo, type GcscSection } from '../core/report.ts';
import { buildSlices, type SliceFamilyName } from '../core/slices/index.ts';
import type { ScoredItem, TestRow } from '../core/types.ts';

/**
 * A stored run as plain, cloneable data. `gcsc`: the stored Eval-GCSC sentences' counts, when it ran;
 * `gcscSection`: the run report's record of its judge.
 */
export interface StatsInput {
  dataset: DatasetInfo;
  rows: TestRow[];
  systems: { name: string; predictions: string[]; gcsc?: { counts: Counts }[] | null }[];
  gcscSection?: GcscSection;
}

export interface StatsProgress {
  phase: 'score' | 'bootstrap' | 'randomization';
  done: number;
  total: number;
}

export interface StatsHooks {
  onProgress?: (p: StatsProgress) => void;
  signal?: CancelSignal;
}

export interface IntervalRequest {
  ci: ResampleSettings;
  slices: SliceFamilyName[];
}

export interface IntervalView {
  settings: ResampleSettings;
  intervals: IntervalsResult['intervals'];
  slices: SliceSection | null;
  /** The CLI's English (what `eval --ci --slice` adds to report.warnings). */
  warnings: string[];
  /** The same warnings with codes, in the same order, for the page. */
  codedWarnings: MaybeCoded[];
}

export interface CompareRequest {
  settings: ResampleSettings;
  /** Profile names (Eval-CSC's, and 'gcsc' from the stored judgements); undefined = the Eval-CSC defaults (as the CLI without --metrics). */
  metrics?: string[];
  keys: 'headline' | 'all';
  /** Systems to compare, in order; undefined = all. */
  systems?: string[];
}

export interface LeaderboardRequest {
  settings: ResampleSettings;
  /** A profile (Eval-GCSC's from the stored judgements) and one of its ratio keys. */
  profile: string;
  key: string;
  /** The system the others are compared with; undefined: none. */
  mine?: string;
  higherIsBetter: boolean;
}

/** The CLI's `compare --format json` report (src/cli/compare-command.ts): same keys, same order. */
export type { CompareReport };

/** The page's comparison: the CLI's report plus its warnings coded (compareJson leaves `codedWarnings` out). */
export type CompareView = CompareReport & { codedWarnings: MaybeCoded[] };

/** A stored system as the profiles see it: what joinPredictions gave at import. */
export function itemsOf(rows: readonly TestRow[], predictions: readonly string[], system: string): ScoredItem[] {
  if (rows.length !== predictions.length) throw new RangeError(`${system}: ${predictions.length} outputs for ${rows.length} rows`);
  return rows.map((row, i) => {
    const item: ScoredItem = { id: row.id, source: row.source, references: row.references, prediction: predictions[i]! };
    if (row.goldLabels) item.goldLabels = row.goldLabels;
    return item;
  });
}

async function scoreRun(input: StatsInput, names: readonly string[], profiles: readonly string[], hooks: StatsHooks): Promise<RunResult> {
  const systems = input.systems.filter((s) => names.includes(s.name)).map((s) => ({ name: s.name, items: itemsOf(input.rows, s.predictions, s.name) }));
  return evaluate(
    input.dataset,
    systems,
    { profiles, normalization: parseNormalizationOptions({}) },
    {
      signal: hooks.signal,
      onProgress: (p) => hooks.onProgress?.({ phase: 'score', done: p.unitsDone, total: p.unitsTotal }),
    },
  );
}

/** Eval-GCSC's table per system from its stored sentences (the judgements stay as they were). */
function withGcscTables(tables: SystemTables[], input: StatsInput): SystemTables[] {
  const stored = input.systems.filter((s) => s.gcsc && s.gcsc.length === input.rows.length);
  if (stored.length === 0) return tables;
  const keys = countKeys(...stored.map((s) => s.gcsc!));
  return tables.map((t) => {
    const gcsc = input.systems.find((s) => s.name === t.name)?.gcsc;
    if (!gcsc || gcsc.length !== input.rows.length) return t;
    return { name: t.name, tables: { ...t.tables, [GCSC_PROFILE.name]: countTable(gcsc, (totals) => summarizeGcsc(totals).values, keys) } };
  });
}

/** Intervals of every ratio key of every profile (and per slice), as `eval --ci --slice` adds them. */
export async function computeIntervalView(input: StatsInput, request: IntervalRequest, hooks: StatsHooks = {}): Promise<IntervalView> {
  checkSettings(request.ci);
  const run = await scoreRun(
    input,
    input.systems.map((s) => s.name),
    DEFAULT_PROFILES.map((p) => p.name),
    hooks,
  );
  const tables = withGcscTables(tablesFromRun(run), input);
  const onProgress = (p: { done: number; total: number }) => hooks.onProgress?.({ phase: 'bootstrap', ...p });
  const r = computeIntervals(tables, request.ci, { onProgress, signal: hooks.signal });
  const warnings = [...r.warnings];
  const codedWarnings: MaybeCoded[] = [...r.codedWarnings];
  let slices: SliceSection | null = null;
  if (request.slices.length > 0) {
    const items = run.systems[0]?.sentences ?? [];
    slices = sliceSection(tables, buildSlices(items, request.slices), request.ci, warnings, codedWarnings);
  }
  return { settings: request.ci, intervals: r.intervals, slices, warnings, codedWarnings };
}

/** Exactly what `csc-studio compare --format json` prints for the same inputs, settings and seed. */
export async function computeCompareReport(input: StatsInput, request: CompareRequest, hooks: StatsHooks = {}): Promise<CompareView> {
  checkSettings(request.settings);
  const names = request.systems ?? input.systems.map((s) => s.name);
  if (names.length < 2) throw new RangeError('compare needs at least two systems');
  for (const n of names) if (!input.systems.some((s) => s.name === n)) throw new RangeError(`no system named "${n}" in this run`);
  const ordered = { ...input, systems: names.map((n) => input.systems.find((s) => s.name === n)!) };
  const profiles = request.metrics ?? DEFAULT_PROFILES.map((p) => p.name);
  const scoreOnly = profiles.filter((p) => p !== GCSC_PROFILE.name);
  let run = scoreOnly.length > 0 ? await scoreRun(ordered, names, scoreOnly, hooks) : emptyRun(ordered);
  if (profiles.includes(GCSC_PROFILE.name)) run = withStoredGcsc(run, ordered);
  const systems = ordered.systems.map((s) => ({ name: s.name, items: itemsOf(input.rows, s.predictions, s.name) }));
  const { report, codedWarnings } = codedCompareReport(run, systems, {
    ...request.settings,
    keys: request.keys,
    signal: hooks.signal,
    onProgress: (p) => hooks.onProgress?.({ phase: p.phase, done: p.done, total: p.total }),
  });
  return { ...report, codedWarnings };
}

/** The benchmark's ranking on one metric (core/compare/leaderboard.ts), the profile scored again here. */
export async function computeLeaderboard(input: StatsInput, request: LeaderboardRequest, hooks: StatsHooks = {}): Promise<Leaderboard> {
  checkSettings(request.settings);
  const names = input.systems.map((s) => s.name);
  const gcsc = request.profile === GCSC_PROFILE.name;
  const tables = gcsc ? withGcscTables(names.map((name) => ({ name, tables: {} })), input) : tablesFromRun(await scoreRun(input, names, [request.profile], hooks));
  if (gcsc && tables.every((t) => !t.tables[GCSC_PROFILE.name])) throw new RangeError('Eval-GCSC was not judged in this run: run it first');
  const { settings, profile, key, higherIsBetter } = request;
  return leaderboard(tables, { ...settings, profile, key, higherIsBetter, ...(request.mine === undefined ? {} : { mine: request.mine }) });
}

/** A run with no profile scored yet (Eval-GCSC alone comes from the stored judgements). */
function emptyRun(input: StatsInput): RunResult {
  const report = newReport(input.dataset, []);
  const systems = input.systems.map((s) => {
    report.systems[s.name] = {};
    return {
      name: s.name,
      sentences: itemsOf(input.rows, s.predictions, s.name).map((item) => ({ id: item.id, source: item.source, references: item.references, prediction: item.prediction, scores: {} })),
      refusals: {},
      refusedRows: {},
      totals: {},
    };
  });
  return { dataset: report.dataset, profiles: [], systems, warnings: [], report };
}

/**
 * The run with Eval-GCSC added from the stored judgements, as the CLI's evaluate() with a judge reports it: its
 * counts per sentence, values from their sums, the profile's version and the judge's record (no cache figures).
 */
function withStoredGcsc(run: RunResult, input: StatsInput): RunResult {
  const missing = input.systems.filter((s) => !s.gcsc || s.gcsc.length !== input.rows.length).map((s) => s.name);
  if (missing.length > 0 || !input.gcscSection) throw new RangeError(`Eval-GCSC was not judged for ${missing.join(', ') || 'this run'}: run it first`);
  const { embedding: _cacheFigures, ...section } = input.gcscSection;
  const systems = run.systems.map((system, s) => {
    const stored = input.systems[s]!.gcsc!;
    const totals = sumCounts(stored);
    run.report.systems[system.name]![GCSC_PROFILE.name] = summarizeGcsc(totals).values;
    return {
      ...system,
      sentences: system.sentences.map((sentence, i) => ({ ...sentence, scores: { ...sentence.scores, [GCSC_PROFILE.name]: { counts: stored[i]!.counts } } })),
      totals: { ...system.totals, [GCSC_PROFILE.name]: totals },
    };
  });
  const report = { ...run.report, profiles: { ...run.report.profiles, [GCSC_PROFILE.name]: GCSC_PROFILE.version }, gcsc: section as GcscSection };
  return { ...run, profiles: [...run.profiles, GCSC_PROFILE.name], systems, report };
}

export { RESAMPLE_DEFAULTS };
