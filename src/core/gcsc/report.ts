/** Puts an Eval-GCSC run (and the operation statistics) into a Report next to the Eval-CSC profiles. */
import { addRefusedRows, refusedRowWarning, renderWarning, runWarning, type Report } from '../report.ts';
import type { ScoredItem } from '../types.ts';
import { GCSC_PROFILE, GCSC_PROFILE_NAMES, GCSC_PROFILES, OPS_PROFILE } from './names.ts';
import { operationStats } from './op-stats.ts';
import type { GcscRun } from './pipeline.ts';

export { GCSC_PROFILE_NAMES, GCSC_PROFILES };

/**
 * Adds `gcsc` (when a run is given) and `ops` (with C_ne / C_enp when judged) for every system, and the
 * judge, segmenter and de-duplication figures under `report.gcsc`. (evaluate() builds the same sections from
 * per-sentence records; this form serves callers that hold a GcscRun.)
 */
export function addGcscToReport(
  report: Report,
  systems: readonly { name: string; items: readonly ScoredItem[] }[],
  wanted: readonly string[],
  run: GcscRun | undefined,
  judgeInfo: Record<string, unknown> = {},
): void {
  if (wanted.includes('gcsc') && run) {
    report.profiles.gcsc = GCSC_PROFILE.version;
    report.gcsc = { judge: run.judge, segmenter: run.segmenter, ...judgeInfo, operations: run.stats.operations, judge_requests: run.stats.judged };
  }
  if (wanted.includes('ops')) report.profiles.ops = OPS_PROFILE.version;
  systems.forEach((system, s) => {
    const outcomes = (report.systems[system.name] ??= {});
    const judged = run?.systems[s];
    if (wanted.includes('gcsc') && judged) {
      outcomes.gcsc = judged.values;
      for (const row of judged.refused) report.warnings.push(renderWarning(refusedRowWarning(system.name, 'gcsc', row)));
      addRefusedRows(report, system.name, 'gcsc', judged.refused);
      for (const w of judged.warnings) report.warnings.push(renderWarning(runWarning(system.name, 'gcsc', w)));
    }
    if (wanted.includes('ops')) {
      const stats = operationStats(system.items, judged?.sentences);
      outcomes.ops = stats.values;
      for (const row of stats.refused) report.warnings.push(renderWarning(refusedRowWarning(system.name, 'ops', row)));
      addRefusedRows(report, system.name, 'ops', stats.refused);
      for (const w of stats.warnings) report.warnings.push(renderWarning(runWarning(system.name, 'ops', w)));
    }
  });
}
