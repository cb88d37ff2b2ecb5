/**
 * The whole workspace as one versioned JSON file: datasets with their rows, systems with their outputs, runs with
 * their per-sentence results, and judgements. The embedding cache is left out (it is rebuilt on demand); dropped
 * models are included only when asked (base64, they are large). Importing merges by id in one transaction: a file
 * exported from this workspace puts back what it held; nothing is stored if any part is invalid.
 */
import { upgradeRunJudge } from './run-judge-upgrade.ts';
import type { CscStudioDb } from './schema.ts';
import { guardQuota } from './errors.ts';
import type { CalibrationRecord, DatasetRecords, JudgementRecord, ModelRecord, RunRecord } from './types.ts';

export const WORKSPACE_FORMAT = 'csc-studio-workspace';
export const WORKSPACE_VERSION = 1;

export interface WorkspaceModelFile {
  path: string;
  size: number;
  type: string;
  base64: string;
}

export interface WorkspaceFile extends DatasetRecords {
  format: typeof WORKSPACE_FORMAT;
  version: number;
  exportedAt: string;
  tool: { name: string; version: string };
  /** Thresholds calibrated on human labels (schema v3; absent in older files). */
  calibrations?: CalibrationRecord[];
  models: (Omit<ModelRecord, 'files'> & { files: WorkspaceModelFile[] })[];
}

export async function exportWorkspace(db: CscStudioDb, tool: { name: string; version: string }, options: { models?: boolean } = {}): Promise<WorkspaceFile> {
  return db.transaction('r', [db.datasets, db.rows, db.systems, db.outputs, db.runs, db.results, db.judgements, db.calibrations, db.models], async () => {
    const models = options.models ? await db.models.toArray() : [];
    return {
      format: WORKSPACE_FORMAT,
      version: WORKSPACE_VERSION,
      exportedAt: new Date().toISOString(),
      tool,
      datasets: await db.datasets.toArray(),
      rows: await db.rows.toArray(),
      systems: await db.systems.toArray(),
      outputs: await db.outputs.toArray(),
      runs: await db.runs.toArray(),
      results: await db.results.toArray(),
      judgements: await db.judgements.toArray(),
      calibrations: await db.calibrations.toArray(),
      models: await Promise.all(
        models.map(async (m) => ({
          ...m,
          files: await Promise.all(m.files.map(async (f) => ({ path: f.path, size: f.size, type: f.blob.type, base64: await blobToBase64(f.blob) }))),
        })),
      ),
    };
  });
}

export class WorkspaceFileError extends Error {
  override name = 'WorkspaceFileError';
}

/** Checks the file's shape (format, version, arrays, ids, references between tables). Throws WorkspaceFileError. */
export function parseWorkspace(json: unknown): WorkspaceFile {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new WorkspaceFileError('not a CSC Studio workspace file (not a JSON object)');
  const w = json as Record<string, unknown>;
  if (w['format'] !== WORKSPACE_FORMAT) throw new WorkspaceFileError(`not a CSC Studio workspace file (format is ${JSON.stringify(w['format'])})`);
  const version = w['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new WorkspaceFileError('the workspace file has no valid version');
  if (version > WORKSPACE_VERSION) {
    throw new WorkspaceFileError(`the workspace file is version ${version}; this app reads up to version ${WORKSPACE_VERSION}: update the app`);
  }
  const tables = ['datasets', 'rows', 'systems', 'outputs', 'runs', 'results', 'judgements'] as const;
  for (const t of tables) if (!Array.isArray(w[t])) throw new WorkspaceFileError(`the workspace file has no "${t}" list`);
  if (w['models'] !== undefined && !Array.isArray(w['models'])) throw new WorkspaceFileError('the workspace file\'s "models" is not a list');
  const file = { ...w, models: (w['models'] as unknown[] | undefined) ?? [] } as unknown as WorkspaceFile;

  const need = (ok: boolean, what: string) => {
    if (!ok) throw new WorkspaceFileError(`the workspace file is damaged: ${what}`);
  };
  const str = (v: unknown) => typeof v === 'string' && v !== '';
  const datasetIds = new Set<string>();
  for (const d of file.datasets) {
    need(str(d.id) && str(d.name) && str(d.fingerprint), 'a dataset lacks its id, name or fingerprint');
    datasetIds.add(d.id);
  }
  const rowsFor = new Map<string, number>();
  for (const r of file.rows) {
    need(datasetIds.has(r.datasetId) && Array.isArray(r.rows), 'rows belong to no dataset');
    rowsFor.set(r.datasetId, r.rows.length);
  }
  for (const d of file.datasets) need(rowsFor.has(d.id), `dataset "${d.name}" has no rows`);
  const systemIds = new Set<string>();
  for (const s of file.systems) {
    need(str(s.id) && datasetIds.has(s.datasetId), `system "${String(s.name)}" belongs to no dataset`);
    systemIds.add(s.id);
  }
  for (const o of file.outputs) {
    need(systemIds.has(o.systemId) && Array.isArray(o.predictions), 'outputs belong to no system');
    need(o.predictions.length === rowsFor.get(o.datasetId), 'a system has a different number of outputs than its dataset has rows');
  }
  const runIds = new Set<string>();
  for (const r of file.runs) {
    need(str(r.id) && datasetIds.has(r.datasetId) && Array.isArray(r.systemIds) && r.systemIds.every((id) => systemIds.has(id)), 'a run refers to a missing dataset or system');
    runIds.add(r.id);
  }
  for (const r of file.results) need(runIds.has(r.runId), 'results belong to no run');
  for (const j of file.judgements) need(datasetIds.has(j.datasetId), 'a judgement belongs to no dataset');
  for (const m of file.models) need(str(m.id) && Array.isArray(m.files), 'a model lacks its id or files');
  if (file.calibrations !== undefined) {
    need(Array.isArray(file.calibrations), 'its "calibrations" is not a list');
    for (const c of file.calibrations) need(str(c.modelId) && typeof c.threshold === 'number', 'a calibration lacks its model or threshold');
  }
  return file;
}

export interface ImportSummary {
  datasets: number;
  systems: number;
  runs: number;
  judgements: number;
  models: number;
}

/** Stores a parsed workspace file in one transaction (merging by id). Runs that were running become interrupted. */
export async function importWorkspace(db: CscStudioDb, file: WorkspaceFile): Promise<ImportSummary> {
  const models: ModelRecord[] = file.models.map((m) => ({
    ...m,
    files: m.files.map((f) => ({ path: f.path, size: f.size, blob: base64ToBlob(f.base64, f.type) })),
  }));
  // Runs of older files carry the untyped judge of their time.
  const runs = file.runs.map((r) => {
    const run: RunRecord = r.status === 'running' ? { ...r, status: 'interrupted' as const } : { ...r };
    if (run.judge) run.judge = upgradeRunJudge(run.judge);
    return run;
  });
  await guardQuota('the imported workspace', () =>
    db.transaction('rw', [db.datasets, db.rows, db.systems, db.outputs, db.runs, db.results, db.judgements, db.calibrations, db.models], async () => {
      await db.datasets.bulkPut(file.datasets);
      await db.rows.bulkPut(file.rows);
      await db.systems.bulkPut(file.systems);
      await db.outputs.bulkPut(file.outputs);
      await db.runs.bulkPut(runs);
      await db.results.bulkPut(file.results);
      await db.judgements.bulkPut(
        file.judgements.map((j) => {
          // Files written before schema v3 have no annotator, system name or three-way label.
          const old = j as Partial<JudgementRecord> & JudgementRecord;
          return { ...old, annotator: old.annotator ?? 'default', label: old.label ?? (old.keepsMeaning === false ? 'wrong' : 'correct'), system: old.system ?? old.systemId, prediction: old.prediction ?? '' };
        }),
      );
      if (file.calibrations?.length) await db.calibrations.bulkPut(file.calibrations);
      if (models.length > 0) await db.models.bulkPut(models);
    }),
  );
  return { datasets: file.datasets.length, systems: file.systems.length, runs: file.runs.length, judgements: file.judgements.length, models: models.length };
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
