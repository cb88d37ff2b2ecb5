/**
 * One stored run, computed: reads the run, its dataset and systems from the repository, runs the core's
 * evaluate() once with the run's typed judge, and stores the results. In a page this runs inside the evaluation
 * worker (run.worker.ts), which owns the segmenter, the model (on a worker of its own) and the embedding cache; in
 * Node tests it runs on the calling thread. Either way the report is the CLI's (same evaluate, same plan).
 *
 * Phases: a run with Eval-GCSC stores its Eval-CSC phase as soon as the profiles are scored (evaluate's onScored),
 * so a run cut short afterwards keeps it; resuming computes everything again and stores the missing phase. Nothing
 * is written half-way through a phase.
 */
import type { CancelSignal } from '../core/cancel.ts';
import { evaluate, type EvaluateHooks, type EvaluateStage, type EvaluationPlan, type RunResult, type SystemResult } from '../core/evaluate.ts';
import { GCSC_PROFILE, GCSC_PROFILE_NAMES } from '../core/gcsc/names.ts';
import type { GcscSentence } from '../core/gcsc/pipeline.ts';
import type { ResolvedJudge } from '../core/judge-spec.ts';
import { pendingJudge } from '../core/pending-judge.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import type { ProofreadVerdict } from '../core/metrics/proofread.ts';
import type { DatasetInfo, SystemInput } from '../core/report.ts';
import type { Segmenter } from '../core/segment/segmenter.ts';
import type { ScoredItem, TestRow } from '../core/types.ts';
import type { Repository } from '../db/repository.ts';
import type { DatasetRecord, GcscSummary, RunJudge, RunPhase, RunRecord } from '../db/types.ts';

/**
 * One overall measure of a run: `unitsDone/unitsTotal` is evaluate's real work (sentences scored, references
 * segmented, operations judged…); `done/total` is the current stage's own. Stage 'load' (segmenter, model) comes
 * first and counts bytes.
 */
export interface RunProgress {
  stage: EvaluateStage | 'load';
  done: number;
  total: number;
  unitsDone: number;
  unitsTotal: number;
  /** What is being worked on (a system · profile, a file being fetched). */
  label?: string;
}

export interface LoadedJudge {
  resolved: ResolvedJudge;
  /** Backend, cache and timing figures for the run log. */
  details?: () => Record<string, unknown>;
  /** Called when the run ends (flush caches); the model may stay loaded for the next run. */
  release(): Promise<void>;
}

/** What Eval-GCSC needs from where the job runs: jieba and the judges (worker in a page, Node in tests). */
export interface RunEnvironment {
  segmenter(): Promise<Segmenter>;
  judge(judge: RunJudge, onProgress: (p: RunProgress) => void, signal?: CancelSignal): Promise<LoadedJudge>;
  /** Scores the Eval-CSC profiles on another thread while this one loads jieba and the model (a page's second worker). */
  scoreProfiles?: EvaluateHooks['scoreProfiles'];
}

export interface JobHooks {
  signal?: CancelSignal;
  onProgress?: (p: RunProgress) => void;
  /** After each phase is stored. */
  onPhaseStored?: (phase: RunPhase) => void;
  /** Awaited between chunks of work (a worker passes a zero-timeout promise). */
  yieldNow?: () => Promise<void>;
  /**
   * Takes work that may end after the job (writing the embedding cache, once the results are stored): the worker
   * lets the job end and makes its next job wait for it. Absent: the job awaits it.
   */
  afterJob?: (work: () => Promise<void>) => void;
}

export function datasetInfo(dataset: DatasetRecord): DatasetInfo {
  return { file: dataset.file, format: dataset.format, encoding: dataset.encoding, rows: dataset.rowCount, fingerprint: dataset.fingerprint };
}

/** A stored system as the profiles see it: exactly what joinPredictions gave at import. */
export function scoredItems(rows: readonly TestRow[], predictions: readonly string[]): ScoredItem[] {
  if (rows.length !== predictions.length) throw new Error(`the system has ${predictions.length} outputs for ${rows.length} rows`);
  return rows.map((row, i) => {
    const item: ScoredItem = { id: row.id, source: row.source, references: row.references, prediction: predictions[i]! };
    if (row.goldLabels) item.goldLabels = row.goldLabels;
    return item;
  });
}

export async function loadSystems(repo: Pick<Repository, 'getRows' | 'getPredictions'>, run: RunRecord): Promise<(SystemInput & { systemId: string })[]> {
  const rows = await repo.getRows(run.datasetId);
  return Promise.all(
    run.systemIds.map(async (systemId, i) => ({ systemId, name: run.systemNames[i]!, items: scoredItems(rows, await repo.getPredictions(systemId)) })),
  );
}

/** The CLI's default plan: every default profile, then gcsc (when the run asks for it) and ops. */
export function runPlan(run: Pick<RunRecord, 'phases' | 'normalization'>, withGcsc: boolean): EvaluationPlan {
  const profiles = [...DEFAULT_PROFILES.map((p) => p.name), ...GCSC_PROFILE_NAMES.filter((n) => withGcsc || n !== GCSC_PROFILE.name)];
  const plan: EvaluationPlan = { profiles };
  if (run.normalization) plan.normalization = run.normalization;
  return plan;
}

/** Computes the run's missing phases and stores them; throws CancelledError or the failure (the caller records it). */
export async function runJob(repo: Repository, runId: string, env: RunEnvironment | undefined, hooks: JobHooks = {}): Promise<void> {
  const { signal, onProgress } = hooks;
  const run = await repo.getRun(runId);
  if (!run) throw new Error('the run was deleted');
  const dataset = await repo.getDataset(run.datasetId);
  if (!dataset) throw new Error("the run's dataset was deleted");
  const missing = run.phases.filter((p) => !run.phasesDone.includes(p));
  if (missing.length === 0) return;
  const systems = await loadSystems(repo, run);
  const info = datasetInfo(dataset);
  const wantGcsc = run.phases.includes('gcsc');
  const started = performance.now();
  let lastUnits = { unitsDone: 0, unitsTotal: 0 };
  const evaluateHooks: EvaluateHooks = {
    onProgress: (p) => {
      lastUnits = { unitsDone: p.unitsDone, unitsTotal: p.unitsTotal };
      const label = [p.system, p.profile].filter(Boolean).join(' · ');
      onProgress?.({ stage: p.stage, done: p.done, total: p.total, unitsDone: p.unitsDone, unitsTotal: p.unitsTotal, ...(label ? { label } : {}) });
    },
  };
  if (signal) evaluateHooks.signal = signal;
  if (hooks.yieldNow) evaluateHooks.yieldNow = hooks.yieldNow;

  const storeCsc = async (result: RunResult, report = result.report) => {
    await repo.savePhase(runId, 'csc', {
      report,
      warnings: result.warnings,
      elapsedMs: Math.round(performance.now() - started),
      results: result.systems.map((s, i) => ({ systemId: systems[i]!.systemId, csc: { verdicts: verdicts(s) } })),
    });
    hooks.onPhaseStored?.('csc');
  };

  if (!wantGcsc) {
    await storeCsc(await evaluate(info, systems, runPlan(run, false), evaluateHooks));
    return;
  }
  if (!run.phasesDone.includes('csc')) evaluateHooks.onScored = (partial) => storeCsc(partial);
  if (!env) {
    // Eval-CSC can still be stored; Eval-GCSC then fails with a clear message.
    if (!run.phasesDone.includes('csc')) await evaluate(info, systems, { ...runPlan(run, false), profiles: DEFAULT_PROFILES.map((p) => p.name) }, evaluateHooks);
    throw new Error('Eval-GCSC is not available in this page (no segmenter)');
  }

  // jieba and the judge's model load while the profiles score (on the scoring worker when there is one, else
  // between this thread's chunks: downloads and compiles run meanwhile). Segmentation and extraction start once
  // jieba is ready (evaluate runs them beside a scoring worker) or, scoring here, once the profiles are done; the
  // model is waited for only before the first judge request (pendingJudge), and its load progress is shown only then.
  let waitingForModel = false;
  const showLoad = () => onProgress?.({ stage: 'load', done: 0, total: 0, ...lastUnits });
  // jieba's dictionary build holds this thread for a second or so, and a worker this thread has just started
  // gets its first message only when this thread is free again: the build starts once the scoring worker and
  // the model's worker have been heard from (their jobs arrived), or once the profiles are scored.
  const { scoreProfiles } = env;
  let heardScorer = !scoreProfiles;
  let heardJudge = false;
  let jiebaReady = false;
  let segmenterLoading: Promise<Segmenter> | undefined;
  // Eval-GCSC's first segmentation waits for this (it may start while the profiles score elsewhere).
  let segmenterStarted!: (loading: Promise<Segmenter>) => void;
  const segmenterReady = new Promise<Segmenter>((resolve) => (segmenterStarted = resolve));
  segmenterReady.catch(() => undefined);
  const startSegmenter = () => {
    if (!segmenterLoading) {
      segmenterLoading = env.segmenter();
      // Awaited below; this only keeps an early failure from going unhandled.
      segmenterLoading.then(() => (jiebaReady = true), () => undefined);
      segmenterStarted(segmenterLoading);
    }
    return segmenterLoading;
  };
  const heard = (from: 'scorer' | 'judge') => {
    if (from === 'scorer') heardScorer = true;
    else heardJudge = true;
    if (heardScorer && heardJudge) startSegmenter();
  };
  const loadProgress = (p: RunProgress) => {
    heard('judge');
    if (waitingForModel) onProgress?.({ ...p, ...lastUnits });
  };
  let judgeLoading: Promise<LoadedJudge> | undefined;
  // The plan holds the judge before its loading starts (once the scoring worker has its job): a promise to adopt it.
  let judgeLoadingStarted!: (judge: Promise<LoadedJudge>) => void;
  const judgeLoaded = new Promise<LoadedJudge>((resolve) => (judgeLoadingStarted = resolve));
  const startJudge = () => {
    if (!judgeLoading) {
      judgeLoading = env.judge(run.judge ?? { spec: { kind: 'exact' } }, loadProgress, signal);
      judgeLoadingStarted(judgeLoading);
      judgeLoading.then(() => heard('judge'), () => heard('judge'));
    }
    return judgeLoading;
  };
  if (scoreProfiles) {
    // The scoring worker gets its job first, then the judge's loading starts.
    evaluateHooks.scoreProfiles = (request, onScoring) => {
      const scored = scoreProfiles(request, (p) => {
        heard('scorer');
        onScoring(p);
      });
      startJudge();
      return scored;
    };
  } else startJudge();
  let ready: Segmenter | undefined;
  const storeScored = evaluateHooks.onScored;
  evaluateHooks.onScored = async (partial) => {
    if (storeScored) await storeScored(partial);
    if (!jiebaReady) showLoad();
    ready = await startSegmenter();
  };
  const judge = pendingJudge(
    run.judge?.spec ?? { kind: 'exact' },
    judgeLoaded.then((l) => l.resolved),
    () => {
      waitingForModel = true;
      showLoad();
    },
  );
  const segmenter: Segmenter = {
    get id() {
      return ready!.id;
    },
    segmentBatch: async (texts) => (ready ??= await segmenterReady).segmentBatch(texts),
  };
  try {
    const result = await evaluate(info, systems, { ...runPlan(run, true), judge, segmenter }, evaluateHooks);
    const gcsc = gcscSummary(result, systems);
    const details = (await startJudge()).details?.();
    if (details) gcsc.details = details;
    await repo.savePhase(runId, 'gcsc', {
      report: result.report,
      warnings: result.warnings,
      gcsc,
      elapsedMs: Math.round(performance.now() - started),
      results: result.systems.map((s, i) => ({ systemId: systems[i]!.systemId, gcsc: { sentences: gcscSentences(s) } })),
    });
    hooks.onPhaseStored?.('gcsc');
  } finally {
    const loaded = await judgeLoading?.catch(() => undefined);
    if (hooks.afterJob) hooks.afterJob(() => loaded?.release() ?? Promise.resolve());
    else await loaded?.release();
  }
}

/** The proofread profile's verdict per row (null where it refused the system or the row). */
function verdicts(system: SystemResult): (ProofreadVerdict | null)[] {
  return system.sentences.map((s) => (s.scores['proofread']?.verdict as ProofreadVerdict | undefined) ?? null);
}

/** Eval-GCSC's per-sentence results as the explorer reads them, from the run's records. */
export function gcscSentences(system: SystemResult): GcscSentence[] {
  return system.sentences.map((s) => {
    const refused = s.refused?.[GCSC_PROFILE.name];
    return {
      id: s.id,
      ...(refused === undefined ? {} : { refused }),
      operations: s.operations ?? [],
      errorWords: s.errorWords ?? [],
      correct: s.gcscCorrect ?? false,
      counts: s.scores[GCSC_PROFILE.name]?.counts ?? {},
    };
  });
}

function gcscSummary(result: RunResult, systems: readonly { systemId: string }[]): GcscSummary {
  const figures = result.gcsc!;
  return {
    judge: figures.judge,
    segmenter: figures.segmenter,
    stats: { operations: figures.operations, judged: figures.judgeRequests },
    systems: result.systems.map((s, i) => ({
      systemId: systems[i]!.systemId,
      name: s.name,
      // The gcsc totals are the GcscCounts the pipeline summed (evaluate sums the same per-sentence counts).
      counts: (s.totals[GCSC_PROFILE.name] ?? {}) as unknown as GcscSummary['systems'][number]['counts'],
      values: (result.report.systems[s.name]?.[GCSC_PROFILE.name] ?? {}) as GcscSummary['systems'][number]['values'],
      // The judge's warnings; rows left out are listed in the report's refused rows.
      warnings: result.warnings.filter((w) => w.system === s.name && w.profile === GCSC_PROFILE.name && w.row === undefined).map((w) => w.message),
    })),
  };
}
