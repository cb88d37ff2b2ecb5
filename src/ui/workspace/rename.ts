/**
 * Renaming a dataset or a system. A system's name is also how its stored runs show it (the report's keys, the
 * run's names, the Eval-GCSC summary), so those follow; per-sentence results are keyed by id and need nothing.
 */
import { dict } from '../../core/dict.ts';
import type { Report } from '../../core/report.ts';
import type { CscStudioDb } from '../../db/schema.ts';
import type { RunRecord, SystemRecord } from '../../db/types.ts';

/** The trimmed new name, or an Error saying why it cannot be used. */
export function checkName(name: string, siblings: readonly string[]): string | Error {
  const trimmed = name.trim();
  if (trimmed === '') return new Error('empty');
  if (siblings.includes(trimmed)) return new Error('taken');
  return trimmed;
}

/** The report with one system key renamed, keeping the systems' order. */
function renameInReport(report: Report, from: string, to: string): Report {
  if (!Object.hasOwn(report.systems, from)) return report;
  const systems: Report['systems'] = dict();
  for (const [name, value] of Object.entries(report.systems)) systems[name === from ? to : name] = value;
  return { ...report, systems };
}

/** A run as it reads after the system `systemId` is renamed; unchanged when the run did not score it. */
export function renameSystemInRun(run: RunRecord, systemId: string, name: string): RunRecord {
  const at = run.systemIds.indexOf(systemId);
  if (at < 0) return run;
  const old = run.systemNames[at]!;
  const next: RunRecord = { ...run, systemNames: run.systemNames.map((n, i) => (i === at ? name : n)) };
  if (run.report) next.report = renameInReport(run.report, old, name);
  if (run.gcsc) next.gcsc = { ...run.gcsc, systems: run.gcsc.systems.map((s) => (s.systemId === systemId ? { ...s, name } : s)) };
  return next;
}

/** Renames a system and every stored run that scored it, in one transaction. */
export async function renameSystem(db: CscStudioDb, system: SystemRecord, name: string): Promise<void> {
  await db.transaction('rw', [db.systems, db.runs, db.judgements], async () => {
    await db.systems.update(system.id, { name });
    const runs = await db.runs.where('datasetId').equals(system.datasetId).toArray();
    for (const run of runs) if (run.systemIds.includes(system.id)) await db.runs.put(renameSystemInRun(run, system.id, name));
    // Labels made in the annotation view name the system as labels files do.
    await db.judgements.where('systemId').equals(system.id).modify({ system: name });
  });
}
