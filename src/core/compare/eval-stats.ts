/**
 * What `eval --ci` and `eval --slice` add to a report: `intervals` for every ratio key of every profile that
 * scored (Eval-GCSC's with the run's judgements fixed), with `interval_settings`, and `slices`. A profile that
 * refused a system gets no interval for it.
 */
import type { CancelSignal } from '../cancel.ts';
import type { RunResult } from '../evaluate.ts';
import type { Report } from '../report.ts';
import { buildSlices, type SliceFamilyName, type TrainingErrors } from '../slices/index.ts';
import { checkSettings, type ResampleProgress, type ResampleSettings } from './bootstrap.ts';
import { computeIntervals } from './intervals.ts';
import { tablesFromRun } from './run-tables.ts';
import { sliceSection } from './slice-report.ts';

export interface EvalStatsOptions {
  /** Add `intervals` with these settings. */
  ci?: ResampleSettings;
  /** Add `slices` for these families (with intervals per slice when `ci` is set). */
  slices?: readonly SliceFamilyName[];
  /** The training file's error pairs, for the `seen` slices. */
  training?: TrainingErrors;
  onProgress?: (p: ResampleProgress) => void;
  signal?: CancelSignal;
}

/** Adds `interval_settings` + `intervals` and/or `slices` to `report` (run.report by default); warnings go to it. */
export function addIntervals(report: Report, run: RunResult, options: EvalStatsOptions): void {
  if (!options.ci && !options.slices?.length) return;
  if (options.ci) checkSettings(options.ci);
  const tables = tablesFromRun(run);
  const out = report as Report & Record<string, unknown>;
  if (options.ci) {
    const r = computeIntervals(tables, options.ci, { onProgress: options.onProgress, signal: options.signal });
    out.interval_settings = { method: 'percentile bootstrap over sentences', ...options.ci };
    out.intervals = r.intervals;
    report.warnings.push(...r.warnings);
  }
  if (options.slices?.length) {
    const items = run.systems[0]?.sentences ?? [];
    out.slices = sliceSection(tables, buildSlices(items, options.slices, options.training), options.ci, report.warnings);
  }
}
