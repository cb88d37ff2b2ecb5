/**
 * The two phases of a run, as the CLI computes them: Eval-CSC (every metric profile, plus the operation
 * statistics) and Eval-GCSC (segment, extract, judge, score). Each phase yields to the page between steps so the
 * progress bar moves and Cancel is heard; the numbers are exactly buildReport's and addGcscToReport's.
 * In a page, run-executor runs both phases in the evaluation worker (src/workers/eval-client.ts), which calls
 * these same functions there: the page never blocks, and Cancel terminates the worker mid-step.
 */
import { CancelledError, type CancelSignal } from '../../core/cancel.ts';
import { addGcscToReport } from '../../core/gcsc/report.ts';
import { runGcsc, type GcscProgress, type GcscRun } from '../../core/gcsc/pipeline.ts';
import type { Judge } from '../../core/gcsc/judge.ts';
import { DEFAULT_PROFILES } from '../../core/metrics/registry.ts';
import { ProfileError } from '../../core/metrics/profile.ts';
import { proofreadRows, type ProofreadVerdict } from '../../core/metrics/proofread.ts';
import { buildReport, type DatasetInfo, type Report } from '../../core/report.ts';
import type { Segmenter } from '../../core/segment/segmenter.ts';
import type { ScoredItem, TestRow } from '../../core/types.ts';
import type { DatasetRecord } from '../../db/types.ts';

export interface SystemItems {
  systemId: string;
  name: string;
  items: ScoredItem[];
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

export function datasetInfo(dataset: DatasetRecord): DatasetInfo {
  return { file: dataset.file, format: dataset.format, encoding: dataset.encoding, rows: dataset.rowCount, fingerprint: dataset.fingerprint };
}

export interface StepProgress {
  phase: 'csc' | 'segment' | 'extract' | 'judge' | 'load';
  done: number;
  total: number;
  /** What is being done, for the progress line (a system / profile name). */
  label?: string;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function check(signal: CancelSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}

export interface CscPhaseResult {
  report: Report;
  verdicts: Map<string, (ProofreadVerdict | null)[]>;
}

/**
 * The CLI's default Eval-CSC profiles on every system (one profile at a time, yielding in between), then the
 * operation statistics. The report equals the CLI's default report without `gcsc`.
 */
export async function runCscPhase(
  dataset: DatasetInfo,
  systems: readonly SystemItems[],
  options: { signal?: CancelSignal; onProgress?: (p: StepProgress) => void } = {},
): Promise<CscPhaseResult> {
  const { signal, onProgress } = options;
  const names = DEFAULT_PROFILES.map((p) => p.name);
  const report = buildReport(dataset, [], names);
  const total = systems.length * (names.length + 1);
  let done = 0;
  for (const system of systems) {
    const outcomes: Report['systems'][string] = {};
    for (const profile of names) {
      check(signal);
      onProgress?.({ phase: 'csc', done, total, label: `${system.name} · ${profile}` });
      await nextTask();
      const one = buildReport(dataset, [system], [profile]);
      Object.assign(outcomes, one.systems[system.name]);
      report.warnings.push(...one.warnings);
      done++;
    }
    report.systems[system.name] = outcomes;
  }
  for (const system of systems) {
    check(signal);
    onProgress?.({ phase: 'csc', done, total, label: `${system.name} · ops` });
    await nextTask();
    done++;
  }
  addGcscToReport(report, systems, ['ops'], undefined);
  onProgress?.({ phase: 'csc', done: total, total });
  const verdicts = new Map<string, (ProofreadVerdict | null)[]>();
  for (const system of systems) {
    try {
      verdicts.set(system.systemId, proofreadRows(system.items).map((r) => r.verdict));
    } catch (err) {
      if (!(err instanceof ProfileError)) throw err;
      verdicts.set(system.systemId, system.items.map(() => null));
    }
  }
  return { report, verdicts };
}

/** The Eval-CSC part of a report: `ops` (added after the profiles) removed, so Eval-GCSC can add it in CLI order. */
export function withoutOps(report: Report): Report {
  const copy: Report = structuredClone(report);
  delete copy.profiles['ops'];
  delete copy.profiles['gcsc'];
  delete copy.gcsc;
  for (const outcomes of Object.values(copy.systems)) {
    delete outcomes['ops'];
    delete outcomes['gcsc'];
  }
  const names = Object.keys(copy.systems);
  copy.warnings = copy.warnings.filter((w) => !names.some((n) => w.startsWith(`${n} / ops: `) || w.startsWith(`${n} / gcsc: `)));
  return copy;
}

export interface GcscPhaseOptions {
  segmenter: Segmenter;
  judge: Judge;
  signal?: CancelSignal;
  onProgress?: (p: StepProgress) => void;
  /** Recorded under report.gcsc next to the judge id (model, threshold…), as the CLI does. */
  judgeInfo?: Record<string, unknown>;
  judgeBatch?: number;
}

/** Eval-GCSC on every system; returns the run and the full report (Eval-CSC + gcsc + ops, CLI order). */
export async function runGcscPhase(
  cscReport: Report,
  systems: readonly SystemItems[],
  options: GcscPhaseOptions,
): Promise<{ run: GcscRun; report: Report }> {
  const gcscOptions: Parameters<typeof runGcsc>[1] = {
    segmenter: options.segmenter,
    judge: options.judge,
    onProgress: (p: GcscProgress) => options.onProgress?.({ phase: p.phase, done: p.done, total: p.total }),
  };
  if (options.signal) gcscOptions.signal = options.signal;
  if (options.judgeBatch) gcscOptions.judgeBatch = options.judgeBatch;
  const run = await runGcsc(systems, gcscOptions);
  check(options.signal);
  const report = withoutOps(cscReport);
  addGcscToReport(report, systems, ['gcsc', 'ops'], run, options.judgeInfo ?? {});
  return { run, report };
}
