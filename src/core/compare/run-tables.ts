/**
 * Count tables from an evaluate() run: every system × profile that scored it, from the per-sentence records
 * the run keeps (no rescoring). Eval-GCSC's rows are its judged counts, so its intervals hold the run's
 * judgements fixed; ops (operation shares) resamples the same way.
 */
import type { RunResult } from '../evaluate.ts';
import { summarizeGcsc } from '../gcsc/metrics.ts';
import { GCSC_PROFILE, OPS_PROFILE } from '../gcsc/names.ts';
import { summarizeOps } from '../gcsc/op-stats.ts';
import type { Counts } from '../metrics/profile.ts';
import { findProfile } from '../metrics/registry.ts';
import { countKeys, countTable, type CountTable, type Values } from './count-table.ts';
import type { SystemTables } from './intervals.ts';

function summarizerOf(profile: string, gcscRan: boolean): ((totals: Counts) => Values) | null {
  if (profile === GCSC_PROFILE.name) return (t) => summarizeGcsc(t).values;
  if (profile === OPS_PROFILE.name) return (t) => summarizeOps(t, gcscRan).values;
  const p = findProfile(profile);
  return p ? (t) => p.summarize(t).values : null;
}

export function tablesFromRun(run: RunResult, only?: readonly string[]): SystemTables[] {
  const gcscRan = run.gcsc !== undefined;
  return run.systems.map((system) => {
    const tables: Record<string, CountTable> = {};
    for (const profile of run.profiles) {
      if (only && !only.includes(profile)) continue;
      if (system.refusals[profile] !== undefined) continue;
      const summarize = summarizerOf(profile, gcscRan);
      // A row the profile left out (alignment too long) adds nothing to any count, as in the report.
      const scores = system.sentences.map((s) => s.scores[profile] ?? (s.refused?.[profile] !== undefined ? { counts: {} } : undefined));
      if (!summarize || scores.some((s) => s === undefined)) continue;
      const rows = scores as { counts: Counts }[];
      tables[profile] = countTable(rows, summarize, countKeys(rows));
    }
    return { name: system.name, tables };
  });
}
