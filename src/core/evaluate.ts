/**
 * One evaluation pipeline for the CLI, the page's worker and the tests (in the spirit of ERRANT's one annotator
 * facade): Eval-CSC profiles → Eval-GCSC (segment, extract, judge) → operation statistics → error types.
 * Every number in the Report is summarized from the per-sentence records kept in the RunResult, so the records
 * (`sentenceRecords`, the CLI's --rows) always sum to the aggregates. Runtime-neutral: the judge and the
 * segmenter come in the plan; cancel, progress and yielding come in the hooks.
 */
import { dict } from './dict.ts';
import { CancelledError, type CancelSignal } from './cancel.ts';
import { byTypeSection, type TypeBreakdown } from './errortype/index.ts';
import { GCSC_PROFILE, GCSC_PROFILE_NAMES, OPS_PROFILE } from './gcsc/names.ts';
import { opsSentenceOrRefused, summarizeOps } from './gcsc/op-stats.ts';
import { runGcsc, type GcscProgress, type GcscRun, type GcscSentence, type JudgedOperation } from './gcsc/pipeline.ts';
import { usesSpellingCheck, type ResolvedJudge } from './judge-spec.ts';
import { spellingCheckSection } from './spelling/report.ts';
import { sumCounts, type Counts, type SentenceScore } from './metrics/profile.ts';
import { DEFAULT_PROFILES, findProfile } from './metrics/registry.ts';
import { describeCilin, type Cilin } from './align/cilin.ts';
import { ALL_CORE_DATA, loadCoreData, type CoreData } from './core-data.ts';
import { SIMPLE_CSC_T2S, t2sData, type T2sName } from './opencc/conversions.ts';
import {
  addRefusedRows,
  newReport,
  refusalWarning,
  refusedRowWarning,
  renderWarning,
  runWarning,
  type DatasetInfo,
  type GcscSection,
  type ProfileOutcome,
  type Report,
  type RunWarning,
  type SystemInput,
  withProfileT2s,
} from './report.ts';
import type { CodedMessage } from './messages.ts';
import { keptIndices, type RefusedRow } from './refused-rows.ts';
import type { Segmenter } from './segment/segmenter.ts';
import { cscdRowLabel, simpleCscRowLabel } from './metrics/simplecsc-labels.ts';
import { charLength } from './text.ts';
import { isStoredItem } from './io/row-store.ts';
import { scoreInterner, StoredSentence } from './stored-sentence.ts';
import { scoreProfiles, scoringProfiles, type ProfileRefusal, type ScoredProfile, type ScoringProgress, type ScoringRequest } from './score-profiles.ts';
import { describeNormalization, ignoredCharSet, isNormalizing, normalizeItems, type NormalizationOptions } from './normalize/index.ts';

export interface EvaluationPlan {
  /**
   * Profile names as the CLI's --metrics takes them (Eval-CSC profiles, 'gcsc', 'ops'), in any order; reports
   * list Eval-CSC profiles first, then gcsc, then ops. Undefined: the default profiles plus gcsc and ops. Empty:
   * an error (say which).
   */
  profiles?: readonly string[];
  /** Adds `by_type` (error-type breakdown) to the report, with the named Eval-CSC profiles (all when undefined). */
  byType?: boolean;
  /** Needed when gcsc runs. */
  judge?: ResolvedJudge;
  /** Needed when gcsc runs. */
  segmenter?: Segmenter;
  /** Judge requests per call (default 256). */
  judgeBatch?: number;
  /**
   * simple-csc's normalisation options (and CSCD-NS's ignore_chars), applied to every system's items before any
   * scoring; the report's dataset records them and the rows they left out.
   */
  normalization?: NormalizationOptions;
  /**
   * ChERRANT's Cilin thesaurus (the user's cilin.txt, parseCilin): cherrant and cllm align with its semantic
   * costs, as ChERRANT does; the report's dataset records which Cilin (`cilin`).
   */
  cilin?: Cilin;
  /**
   * One traditional→simplified conversion for every use in the run (--to-simplified, cherrant, cllm) instead of
   * the one each script pins (conversions.ts); the report's dataset records which each use ran (`t2s`).
   */
  t2s?: T2sName;
}

export type EvaluateStage = 'score' | 'segment' | 'extract' | 'judge' | 'ops' | 'by-type';

/**
 * Progress in units of real work: sentences scored per profile, references segmented, sentences extracted,
 * operations judged, sentences counted for ops and error types. `done/total` are the stage's own; `unitsDone`
 * never decreases and ends at `unitsTotal`. `unitsTotal` grows once, when extraction tells how many judge
 * requests there are.
 */
export interface EvaluateProgress {
  stage: EvaluateStage;
  done: number;
  total: number;
  unitsDone: number;
  unitsTotal: number;
  /** What is being worked on, for a progress line. */
  system?: string;
  profile?: string;
}

export interface EvaluateHooks {
  signal?: CancelSignal;
  onProgress?: (progress: EvaluateProgress) => void;
  /** Awaited between chunks of work (a worker passes a zero-timeout promise so it hears cancel). */
  yieldNow?: () => Promise<void>;
  /**
   * Awaited once the Eval-CSC profiles are scored, with their result alone (no gcsc, ops or by_type): a page
   * stores it so a run cut short later resumes from there. Valid only until the returned promise settles.
   */
  onScored?: (partial: RunResult) => void | Promise<void>;
  /**
   * Scores the Eval-CSC profiles elsewhere (another worker calling scoreProfiles), reporting progress as it goes;
   * absent: they score on this thread.
   */
  scoreProfiles?: (request: ScoringRequest, onProgress: (progress: ScoringProgress) => void) => Promise<ScoredProfile[][]>;
}

/** One sentence of one system, with what every profile said about it. */
export interface SentenceResult {
  id: string;
  source: string;
  references: string[];
  prediction: string;
  /** Profile name → that profile's counts (and verdict) for this sentence; refused profiles are absent. */
  scores: Record<string, SentenceScore>;
  /** Profile name → why this row was left out of that profile's counts (alignment too long); absent when none. */
  refused?: Record<string, string>;
  /** Eval-GCSC's operations with their judgements (when gcsc ran). */
  operations?: JudgedOperation[];
  /** Eval-GCSC: every operation correct and every error word covered (when gcsc ran). */
  gcscCorrect?: boolean;
  /** Eval-GCSC: the source's error words (the page's explorer shows which a correct operation covered). */
  errorWords?: GcscSentence['errorWords'];
}

export interface SystemResult {
  name: string;
  sentences: SentenceResult[];
  /** Profile name → its refusal message (as in the report), once per system. */
  refusals: Record<string, string>;
  /** Profile name → the rows it left out (alignment too long for the cell limit), in item order; absent when none. */
  refusedRows: Record<string, RefusedRow[]>;
  /** Profile name → summed counts, what each profile's values were computed from. */
  totals: Record<string, Counts>;
}

export interface RunResult {
  dataset: DatasetInfo;
  /** Profiles that ran, in report order. */
  profiles: string[];
  systems: SystemResult[];
  /** Structured warnings in report order (report.warnings renders them). */
  warnings: RunWarning[];
  /** The Eval-GCSC run's figures, when it ran. */
  gcsc?: { judge: string; segmenter: string; operations: number; judgeRequests: number };
  report: Report;
}

export class PlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanError';
  }
}

const OPS_CHUNK = 200;

export async function evaluate(
  givenDataset: DatasetInfo,
  givenSystems: readonly SystemInput[],
  plan: EvaluationPlan,
  hooks: EvaluateHooks = {},
): Promise<RunResult> {
  if (plan.profiles !== undefined && plan.profiles.length === 0) {
    throw new PlanError('no metric profile named; name at least one (or none at all for the defaults)');
  }
  const wanted = plan.profiles ?? [...DEFAULT_PROFILES.map((p) => p.name), ...GCSC_PROFILE_NAMES];
  await loadCoreData(coreDataFor(wanted, plan));
  const { dataset: normalizedDataset, systems, ignoreChars } = normalized(givenDataset, givenSystems, plan.normalization, plan.t2s);
  const { cilin, t2s } = plan;
  const scoring: ScoringRequest = {
    systems,
    profiles: wanted,
    ...(ignoreChars.size > 0 ? { ignoreChars: [...ignoreChars] } : {}),
    ...(cilin ? { cilin } : {}),
    ...(t2s ? { t2s } : {}),
  };
  const cscProfiles = scoringProfiles(scoring);
  const dataset = withProfileT2s(cilin ? { ...normalizedDataset, cilin: describeCilin(cilin) } : normalizedDataset, cscProfiles);
  const wantGcsc = wanted.includes(GCSC_PROFILE.name);
  const wantOps = wanted.includes(OPS_PROFILE.name);
  if (wantGcsc && (!plan.judge || !plan.segmenter)) throw new PlanError('gcsc needs a judge and a segmenter in the plan');

  const { signal, onProgress, yieldNow } = hooks;
  const pause = async () => {
    if (yieldNow) await yieldNow();
    if (signal?.aborted) throw new CancelledError();
  };
  const itemsTotal = systems.reduce((n, s) => n + s.items.length, 0);
  const distinctReferences = wantGcsc ? new Set(systems.flatMap((s) => s.items.map((i) => i.references[0]!))).size : 0;
  // Units done per part: scoring and Eval-GCSC may run at the same time (below), each counting its own.
  const units = {
    scored: 0,
    gcsc: 0,
    after: 0,
    total: itemsTotal * cscProfiles.length + (wantGcsc ? distinctReferences + itemsTotal : 0) + (wantOps ? itemsTotal : 0) + (plan.byType ? itemsTotal : 0),
  };
  const report = (stage: EvaluateStage, done: number, total: number, extra: { system?: string; profile?: string } = {}) =>
    onProgress?.({ stage, done, total, unitsDone: units.scored + units.gcsc + units.after, unitsTotal: units.total, ...extra });

  const results: SystemResult[] = systems.map((s) => ({
    name: s.name,
    sentences: s.items.map((item) =>
      isStoredItem(item) ? new StoredSentence(item) : { id: item.id, source: item.source, references: [...item.references], prediction: item.prediction, scores: {} },
    ),
    refusals: {},
    refusedRows: {},
    totals: {},
  }));
  const outcomes: Record<string, ProfileOutcome>[] = systems.map(() => ({}));
  const cscWarnings: RunWarning[] = [];

  // 2. Eval-GCSC (defined first: it may start before the scoring below). While it runs, the progress names its
  // stage; scoring elsewhere only moves the units.
  let gcscShown: { stage: EvaluateStage; done: number; total: number } | undefined;
  const startGcsc = (gcscSignal: CancelSignal | undefined): Promise<GcscRun> => {
    const judgeBase = distinctReferences + itemsTotal;
    let judgeTotalKnown = false;
    const onGcsc = (p: GcscProgress) => {
      if (p.phase === 'segment') units.gcsc = p.done;
      else if (p.phase === 'extract') units.gcsc = distinctReferences + p.done;
      else {
        if (!judgeTotalKnown) {
          units.total += p.total;
          judgeTotalKnown = true;
        }
        units.gcsc = judgeBase + p.done;
      }
      gcscShown = { stage: p.phase, done: p.done, total: p.total };
      report(p.phase, p.done, p.total);
    };
    return runGcsc(systems, {
      segmenter: plan.segmenter!,
      judge: plan.judge!.judge,
      onProgress: onGcsc,
      ...(gcscSignal ? { signal: gcscSignal } : {}),
      ...(yieldNow ? { yieldNow } : {}),
      ...(plan.judgeBatch ? { judgeBatch: plan.judgeBatch } : {}),
    }).finally(() => (gcscShown = undefined));
  };

  // 1. Eval-CSC: each profile scores a system's sentences (here or where hooks.scoreProfiles runs them); its
  // values come from their summed counts.
  const scoreTotal = itemsTotal * cscProfiles.length;
  const onScoring = (p: ScoringProgress) => {
    units.scored = p.done;
    if (gcscShown) report(gcscShown.stage, gcscShown.done, gcscShown.total);
    else report('score', p.done, scoreTotal, { system: p.system, profile: p.profile });
  };
  const scoreAndStore = async () => {
    const runs = hooks.scoreProfiles
      ? await hooks.scoreProfiles(scoring, onScoring)
      : await scoreProfiles(scoring, { onProgress: onScoring, ...(signal ? { signal } : {}), ...(yieldNow ? { yieldNow } : {}) });
    units.scored = scoreTotal;
    for (const [s, system] of systems.entries()) {
      const result = results[s]!;
      for (const [p, profile] of cscProfiles.entries()) {
        const run = runs[s]?.[p];
        if (!run) throw new Error(`no scores came back for ${system.name} · ${profile.name}`);
        if (run.ok) {
          const kept = keptIndices(system.items.length, run.refused);
          const shared = scoreInterner();
          run.scored.sentences.forEach((score, k) => {
            const sentence = result.sentences[kept[k]!]!;
            sentence.scores[profile.name] = sentence instanceof StoredSentence ? shared(score) : score;
          });
          leaveOut(result, profile.name, run.refused);
          for (const row of run.refused) cscWarnings.push(refusedRowWarning(system.name, profile.name, row));
          const totals = sumCounts(run.scored.sentences);
          const summary = profile.summarize(totals);
          result.totals[profile.name] = totals;
          outcomes[s]![profile.name] = summary.values;
          for (const w of [...run.scored.warnings, ...summary.warnings]) cscWarnings.push(runWarning(system.name, profile.name, w));
        } else {
          refuse(result, outcomes[s]!, profile.name, run.error, cscWarnings);
        }
      }
    }
    if (!gcscShown) report('score', scoreTotal, scoreTotal);
    if (hooks.onScored) {
      const none = { wantGcsc: false, wantOps: false, gcscRun: undefined, opsWarnings: systems.map(() => []), byType: undefined };
      await hooks.onScored(assemble(dataset, systems, plan, { cscProfiles, results, outcomes, cscWarnings, ...none }));
    }
  };

  // Scored on another thread, the profiles leave this one free: Eval-GCSC segments, extracts and judges meanwhile.
  // Its results join the records only after the scores, as when the two run one after the other.
  let gcscRun: GcscRun | undefined;
  let gcscRunning: Promise<GcscRun> | undefined;
  const scoringFailed = { aborted: false };
  if (wantGcsc && hooks.scoreProfiles) {
    gcscRunning = startGcsc({ get aborted() { return scoringFailed.aborted || (signal?.aborted ?? false); } });
    // Awaited below; until then a failure must not count as unhandled.
    gcscRunning.catch(() => undefined);
  }
  try {
    await scoreAndStore();
  } catch (e) {
    scoringFailed.aborted = true;
    await gcscRunning?.catch(() => undefined);
    throw e;
  }

  if (wantGcsc) {
    gcscRun = await (gcscRunning ?? startGcsc(signal));
    gcscRun.systems.forEach((judged, s) => {
      const result = results[s]!;
      leaveOut(result, GCSC_PROFILE.name, judged.refused);
      judged.sentences.forEach((sentence, k) => {
        if (sentence.refused !== undefined) return;
        const target = result.sentences[k]!;
        target.scores[GCSC_PROFILE.name] = { counts: sentence.counts };
        target.operations = sentence.operations;
        target.gcscCorrect = sentence.correct;
        target.errorWords = sentence.errorWords;
      });
      result.totals[GCSC_PROFILE.name] = sumCounts(judged.sentences);
      outcomes[s]![GCSC_PROFILE.name] = judged.values;
    });
  }

  // 3. Operation statistics (with C_ne / C_enp from the judgements when gcsc ran).
  const opsWarnings: CodedMessage[][] = systems.map(() => []);
  if (wantOps) {
    let opsDone = 0;
    for (const [s, system] of systems.entries()) {
      const result = results[s]!;
      const judged = gcscRun?.systems[s]?.sentences;
      for (let i = 0; i < system.items.length; i += OPS_CHUNK) {
        await pause();
        report('ops', opsDone, itemsTotal, { system: system.name, profile: OPS_PROFILE.name });
        const end = Math.min(i + OPS_CHUNK, system.items.length);
        for (let k = i; k < end; k++) {
          const one = opsSentenceOrRefused(system.items[k]!, k, judged?.[k]);
          if (one.ok) result.sentences[k]!.scores[OPS_PROFILE.name] = { counts: one.counts };
          else leaveOut(result, OPS_PROFILE.name, [one.row]);
        }
        opsDone += end - i;
        units.after += end - i;
      }
      const totals = sumCounts(result.sentences.flatMap((r) => r.scores[OPS_PROFILE.name] ?? []));
      result.totals[OPS_PROFILE.name] = totals;
      const ops = summarizeOps(totals, judged !== undefined);
      outcomes[s]![OPS_PROFILE.name] = ops.values;
      opsWarnings[s] = ops.warnings;
    }
    report('ops', itemsTotal, itemsTotal);
  }

  // 4. Error types (each type's subset re-scored by the profiles).
  let byType: Record<string, TypeBreakdown> | undefined;
  if (plan.byType) {
    byType = dict();
    const names = plan.profiles;
    let done = 0;
    for (const system of systems) {
      await pause();
      report('by-type', done, itemsTotal, { system: system.name });
      Object.assign(byType, byTypeSection([system], names));
      done += system.items.length;
      units.after += system.items.length;
    }
    report('by-type', itemsTotal, itemsTotal);
  }

  return assemble(dataset, systems, plan, { cscProfiles, wantGcsc, wantOps, gcscRun, results, outcomes, cscWarnings, opsWarnings, byType });
}

/** The tables this run reads: its profiles' own, the aligner's readings for gcsc and ops, all for by_type. */
function coreDataFor(wanted: readonly string[], plan: EvaluationPlan): CoreData[] {
  // By type re-scores every profile; the lexicon is the spelling check's alone.
  if (plan.byType) return ALL_CORE_DATA.filter((d) => d !== 'lexicon');
  const override = plan.t2s;
  const needs = wanted.flatMap((name) => findProfile(name)?.needs ?? []).map((n) => (override && n.startsWith('t2s:') ? t2sData(override) : n));
  if (wanted.includes(GCSC_PROFILE.name) || wanted.includes(OPS_PROFILE.name)) needs.push('readings');
  if (plan.normalization?.toSimplified) needs.push(t2sData(override ?? SIMPLE_CSC_T2S));
  return needs;
}

/** The items every stage sees: normalised when the plan says so (ignored rows are the same for every system). */
function normalized(
  dataset: DatasetInfo,
  systems: readonly SystemInput[],
  options: NormalizationOptions | undefined,
  t2s: T2sName = SIMPLE_CSC_T2S,
): { dataset: DatasetInfo; systems: readonly SystemInput[]; ignoreChars: ReadonlySet<string> } {
  if (!options || !isNormalizing(options)) return { dataset, systems, ignoreChars: new Set() };
  let ignored: DatasetInfo['ignored_rows'] = [];
  const out = systems.map((system) => {
    const result = normalizeItems(system.items, options, t2s);
    ignored = result.ignored;
    return { name: system.name, items: result.items };
  });
  return {
    dataset: {
      ...dataset,
      normalization: describeNormalization(options),
      ignored_rows: ignored,
      // Which t2s ran sits with the profiles' conversions (withProfileT2s), not among the flags.
      ...(options.toSimplified ? { t2s: { 'to-simplified': t2s } } : {}),
    },
    systems: out,
    ignoreChars: ignoredCharSet(options),
  };
}

/** Marks rows a profile left out, on the system and on each row's record. */
function leaveOut(result: SystemResult, profile: string, rows: readonly RefusedRow[]): void {
  if (rows.length === 0) return;
  (result.refusedRows[profile] ??= []).push(...rows);
  for (const row of rows) (result.sentences[row.index]!.refused ??= {})[profile] = row.message;
}

function refuse(result: SystemResult, outcomes: Record<string, ProfileOutcome>, profile: string, error: ProfileRefusal, warnings: RunWarning[]): void {
  result.refusals[profile] = error.message;
  outcomes[profile] = { error: error.message };
  warnings.push(refusalWarning(result.name, error));
}

/** The Report, in the order and shape the CLI has always printed, from the records. */
function assemble(
  dataset: DatasetInfo,
  systems: readonly SystemInput[],
  plan: EvaluationPlan,
  run: {
    cscProfiles: readonly { name: string; version: string }[];
    wantGcsc: boolean;
    wantOps: boolean;
    gcscRun: GcscRun | undefined;
    results: SystemResult[];
    outcomes: Record<string, ProfileOutcome>[];
    cscWarnings: RunWarning[];
    opsWarnings: CodedMessage[][];
    byType: Record<string, TypeBreakdown> | undefined;
  },
): RunResult {
  const { gcscRun, results, outcomes } = run;
  const profiles = [...run.cscProfiles];
  if (run.wantGcsc) profiles.push(GCSC_PROFILE);
  if (run.wantOps) profiles.push(OPS_PROFILE);
  const report = newReport(dataset, profiles);
  const warnings = [...run.cscWarnings];
  systems.forEach((system, s) => {
    const judged = gcscRun?.systems[s];
    const leftOut = (profile: string) => (results[s]!.refusedRows[profile] ?? []).map((row) => refusedRowWarning(system.name, profile, row));
    if (judged) {
      warnings.push(...leftOut(GCSC_PROFILE.name));
      for (const w of judged.warnings) warnings.push(runWarning(system.name, GCSC_PROFILE.name, w));
    }
    if (run.wantOps) warnings.push(...leftOut(OPS_PROFILE.name));
    for (const w of run.opsWarnings[s]!) warnings.push(runWarning(system.name, OPS_PROFILE.name, w));
    for (const profile of profiles) addRefusedRows(report, system.name, profile.name, results[s]!.refusedRows[profile.name] ?? []);
    report.systems[system.name] = outcomes[s]!;
  });
  report.warnings = warnings.map(renderWarning);
  if (gcscRun) report.gcsc = gcscSection(gcscRun, plan.judge!);
  if (run.byType) Object.assign(report, { by_type: run.byType });
  const result: RunResult = { dataset, profiles: profiles.map((p) => p.name), systems: results, warnings, report };
  if (gcscRun) {
    result.gcsc = { judge: gcscRun.judge, segmenter: gcscRun.segmenter, operations: gcscRun.stats.operations, judgeRequests: gcscRun.stats.judged };
  }
  return result;
}

/** report.gcsc: the keys reports have always had (same order), then the typed judge fields. */
function gcscSection(run: GcscRun, judge: ResolvedJudge): GcscSection {
  // Insertion order is the JSON order: the judge's details come between the ids and the counts.
  const section: Partial<GcscSection> = { judge: run.judge, segmenter: run.segmenter };
  if (judge.info?.model !== undefined) section.model = judge.info.model;
  if (judge.threshold !== undefined) section.threshold = judge.threshold;
  if (judge.info?.pooling !== undefined) section.pooling = judge.info.pooling;
  if (judge.info?.labels !== undefined) section.labels = judge.info.labels;
  section.operations = run.stats.operations;
  section.judge_requests = run.stats.judged;
  section.judge_kind = judge.spec.kind;
  if (judge.thresholdFrom !== undefined) section.threshold_from = judge.thresholdFrom;
  if (usesSpellingCheck(judge.spec)) section.spelling_check = spellingCheckSection(run);
  const unjudged = run.systems.filter((s) => s.unjudged > 0);
  if (unjudged.length > 0) section.unjudged = dict(unjudged.map((s) => [s.name, s.unjudged]));
  return section as GcscSection;
}

/** One --rows record: a system's sentence with every profile's counts and verdict, and Eval-GCSC's operations. */
export type SentenceRecord = {
  system: string;
  id: string;
  source: string;
  reference: string;
  /** Only when the test set gives more than one. */
  references?: string[];
  prediction: string;
} & { [profile: string]: unknown };

/**
 * The per-sentence records (the CLI's --rows JSON Lines), system by system in test-set order. Each profile that
 * scored the system contributes `{...counts, verdict?}`; gcsc contributes `{correct, counts, operations}`; a row a
 * profile left out (alignment too long) has `{refused: why}` there instead. Summing a
 * profile's counts over a system's records and summarizing them gives the report's values.
 */
export function sentenceRecords(result: RunResult): SentenceRecord[] {
  return [...eachSentenceRecord(result)];
}

/** sentenceRecords one at a time, so a million rows' records are never all held at once (the CLI's --rows). */
export function* eachSentenceRecord(result: RunResult): Generator<SentenceRecord> {
  for (const system of result.systems) {
    for (const sentence of system.sentences) {
      // Key order is the JSON order: references (only when several) sit between reference and prediction.
      const head: Record<string, unknown> = { system: system.name, id: sentence.id, source: sentence.source, reference: sentence.references[0]! };
      if (sentence.references.length > 1) head.references = sentence.references;
      head.prediction = sentence.prediction;
      // The per-row labels of the two scripts' reports (CSCD-NS lists only rows it could score: equal lengths).
      const item = { id: sentence.id, source: sentence.source, references: sentence.references, prediction: sentence.prediction };
      const equalLengths = charLength(item.source) === charLength(item.references[0]!) && charLength(item.source) === charLength(item.prediction);
      head.labels = { cscd_ns: equalLengths ? cscdRowLabel(item) : null, simple_csc: simpleCscRowLabel(item) };
      const record = head as SentenceRecord;
      for (const profile of result.profiles) {
        const score = sentence.scores[profile];
        const refused = sentence.refused?.[profile];
        // A row the profile left out says why, and adds no counts.
        if (refused !== undefined) record[profile] = { refused };
        if (!score) continue;
        if (profile === GCSC_PROFILE.name) {
          // Its counts include one named "operations", so they get their own object beside the operation list.
          record[profile] = { correct: sentence.gcscCorrect, counts: { ...score.counts }, operations: sentence.operations };
          continue;
        }
        const entry: Record<string, unknown> = { ...score.counts };
        if (score.verdict !== undefined) entry.verdict = score.verdict;
        record[profile] = entry;
      }
      yield record;
    }
  }
}
