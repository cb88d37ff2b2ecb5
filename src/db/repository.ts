/**
 * Everything the app stores, behind one class. Writes that belong together run in one transaction, so an import,
 * a phase's results or a deletion is stored whole or not at all.
 */
import type { NormalizationOptions } from '../core/normalize/options.ts';
import type { Report, RunWarning } from '../core/report.ts';
import type { TestRow } from '../core/types.ts';
import { guardQuota } from './errors.ts';
import { CscStudioDb } from './schema.ts';
import type {
  CalibrationRecord,
  DatasetRecord,
  GcscSummary,
  JudgementRecord,
  RunJudge,
  ModelRecord,
  ResultRecord,
  RunPhase,
  RunRecord,
  RunStatus,
  SystemRecord,
} from './types.ts';

export function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** A dataset and its systems, ready to be stored in one go (built by the import step once every file is valid). */
export interface ImportBundle {
  /** Absent when the systems are added to an existing dataset. */
  dataset?: DatasetRecord & { rows: TestRow[] };
  datasetId: string;
  systems: (SystemRecord & { predictions: string[] })[];
}

/** A 'running' run whose heartbeat is older than this was left by a closed or reloaded page. */
export const STALE_HEARTBEAT_MS = 15_000;

export interface NewRun {
  datasetId: string;
  systemIds: string[];
  systemNames: string[];
  phases: RunPhase[];
  judge?: RunJudge;
  normalization?: NormalizationOptions;
}

export class Repository {
  constructor(readonly db: CscStudioDb = new CscStudioDb()) {}

  // ------------------------------------------------------------------------------------------------ datasets

  async importBundle(bundle: ImportBundle): Promise<void> {
    const { db } = this;
    await guardQuota('the imported files', () =>
      db.transaction('rw', [db.datasets, db.rows, db.systems, db.outputs], async () => {
        if (bundle.dataset) {
          const { rows, ...meta } = bundle.dataset;
          await db.datasets.add(meta);
          await db.rows.add({ datasetId: meta.id, rows });
        } else if (!(await db.datasets.get(bundle.datasetId))) {
          throw new Error(`dataset ${bundle.datasetId} does not exist`);
        }
        const taken = new Set((await db.systems.where('datasetId').equals(bundle.datasetId).toArray()).map((s) => s.name));
        for (const system of bundle.systems) {
          if (taken.has(system.name)) throw new Error(`this dataset already has a system named "${system.name}"`);
          taken.add(system.name);
          const { predictions, ...meta } = system;
          await db.systems.add(meta);
          await db.outputs.add({ systemId: meta.id, datasetId: bundle.datasetId, predictions });
        }
      }),
    );
  }

  listDatasets(): Promise<DatasetRecord[]> {
    return this.db.datasets.orderBy('createdAt').toArray();
  }

  getDataset(id: string): Promise<DatasetRecord | undefined> {
    return this.db.datasets.get(id);
  }

  async getRows(datasetId: string): Promise<TestRow[]> {
    return (await this.db.rows.get(datasetId))?.rows ?? [];
  }

  async renameDataset(id: string, name: string): Promise<void> {
    await this.db.datasets.update(id, { name });
  }

  /** Deletes a dataset with its systems, runs, results and judgements. */
  async deleteDataset(id: string): Promise<void> {
    const { db } = this;
    await db.transaction('rw', [db.datasets, db.rows, db.systems, db.outputs, db.runs, db.results, db.judgements], async () => {
      const runIds = await db.runs.where('datasetId').equals(id).primaryKeys();
      await db.results.where('runId').anyOf(runIds).delete();
      await db.runs.bulkDelete(runIds);
      await db.outputs.where('datasetId').equals(id).delete();
      await db.systems.where('datasetId').equals(id).delete();
      await db.judgements.where('datasetId').equals(id).delete();
      await db.rows.delete(id);
      await db.datasets.delete(id);
    });
  }

  // ------------------------------------------------------------------------------------------------ systems

  listSystems(datasetId?: string): Promise<SystemRecord[]> {
    const all = datasetId === undefined ? this.db.systems.toArray() : this.db.systems.where('datasetId').equals(datasetId).toArray();
    return all.then((list) => list.sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name)));
  }

  async getPredictions(systemId: string): Promise<string[]> {
    const out = await this.db.outputs.get(systemId);
    if (!out) throw new Error(`no stored predictions for system ${systemId}`);
    return out.predictions;
  }

  /** Deletes a system and every run that scored it. */
  async deleteSystem(id: string): Promise<void> {
    const { db } = this;
    await db.transaction('rw', [db.systems, db.outputs, db.runs, db.results, db.judgements], async () => {
      const runs = await db.runs.filter((r) => r.systemIds.includes(id)).primaryKeys();
      await db.results.where('runId').anyOf(runs).delete();
      await db.runs.bulkDelete(runs);
      await db.judgements.where('systemId').equals(id).delete();
      await db.outputs.delete(id);
      await db.systems.delete(id);
    });
  }

  // ------------------------------------------------------------------------------------------------ runs

  async createRun(input: NewRun, now = Date.now()): Promise<RunRecord> {
    const run: RunRecord = {
      id: newId(),
      ...input,
      createdAt: now,
      updatedAt: now,
      heartbeat: now,
      status: 'running',
      phasesDone: [],
      timings: {},
    };
    await guardQuota('the new run', () => this.db.runs.add(run));
    return run;
  }

  listRuns(datasetId?: string): Promise<RunRecord[]> {
    const runs = datasetId === undefined ? this.db.runs.toArray() : this.db.runs.where('datasetId').equals(datasetId).toArray();
    return runs.then((list) => list.sort((a, b) => a.createdAt - b.createdAt));
  }

  getRun(id: string): Promise<RunRecord | undefined> {
    return this.db.runs.get(id);
  }

  async heartbeat(runId: string, now = Date.now()): Promise<void> {
    await this.db.runs.update(runId, { heartbeat: now });
  }

  async setStatus(runId: string, status: RunStatus, error?: string, now = Date.now()): Promise<void> {
    const changes: Partial<RunRecord> = { status, updatedAt: now, heartbeat: now };
    if (error !== undefined) changes.error = error;
    await this.db.runs.update(runId, changes);
  }

  /** Marks the run as running again (resume): the phases already stored are kept. */
  async resumeRun(runId: string, now = Date.now()): Promise<RunRecord> {
    const { db } = this;
    return db.transaction('rw', db.runs, async () => {
      const run = await db.runs.get(runId);
      if (!run) throw new Error(`run ${runId} does not exist`);
      const next: RunRecord = { ...run, status: 'running', updatedAt: now, heartbeat: now };
      delete next.error;
      await db.runs.put(next);
      return next;
    });
  }

  /** Restart: drop every stored phase and result, keep the settings. */
  async restartRun(runId: string, now = Date.now()): Promise<RunRecord> {
    const { db } = this;
    return db.transaction('rw', db.runs, db.results, async () => {
      const run = await db.runs.get(runId);
      if (!run) throw new Error(`run ${runId} does not exist`);
      await db.results.where('runId').equals(runId).delete();
      const next: RunRecord = { ...run, status: 'running', phasesDone: [], timings: {}, updatedAt: now, heartbeat: now };
      delete next.report;
      delete next.warnings;
      delete next.gcsc;
      delete next.error;
      await db.runs.put(next);
      return next;
    });
  }

  /** Stores one phase's results and marks the phase done, in one transaction. */
  async savePhase(
    runId: string,
    phase: RunPhase,
    update: { report: Report; warnings?: RunWarning[]; gcsc?: GcscSummary; elapsedMs: number; results: Omit<ResultRecord, 'id' | 'runId' | 'phase'>[] },
    now = Date.now(),
  ): Promise<RunRecord> {
    const { db } = this;
    return guardQuota(`the ${phase === 'csc' ? 'Eval-CSC' : 'Eval-GCSC'} results`, () =>
      db.transaction('rw', db.runs, db.results, async () => {
        const run = await db.runs.get(runId);
        if (!run) throw new Error(`run ${runId} was deleted`);
        await db.results.bulkPut(update.results.map((r) => ({ ...r, id: `${runId}/${r.systemId}/${phase}`, runId, phase })));
        const phasesDone = run.phasesDone.includes(phase) ? run.phasesDone : [...run.phasesDone, phase];
        const done = run.phases.every((p) => phasesDone.includes(p));
        const next: RunRecord = {
          ...run,
          report: update.report,
          phasesDone,
          timings: { ...run.timings, [phase]: update.elapsedMs },
          status: done ? 'done' : run.status,
          updatedAt: now,
          heartbeat: now,
        };
        if (update.warnings) next.warnings = update.warnings;
        else delete next.warnings;
        if (update.gcsc) next.gcsc = update.gcsc;
        await db.runs.put(next);
        return next;
      }),
    );
  }

  getResults(runId: string, phase?: RunPhase): Promise<ResultRecord[]> {
    const all = this.db.results.where('runId').equals(runId).toArray();
    return phase ? all.then((list) => list.filter((r) => r.phase === phase)) : all;
  }

  async deleteRun(id: string): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.runs, db.results, async () => {
      await db.results.where('runId').equals(id).delete();
      await db.runs.delete(id);
    });
  }

  /**
   * At start-up: runs still 'running' whose page is gone (closed or reloaded) become 'interrupted' (their stored
   * phases stay valid) so the user can resume or restart them. `alive` says whether a page still runs a run (the
   * browser's Web Locks); without it, a heartbeat older than `staleAfterMs` means the page is gone. Returns their ids.
   */
  async markInterrupted(now = Date.now(), staleAfterMs = STALE_HEARTBEAT_MS, alive?: (runId: string) => boolean): Promise<string[]> {
    const { db } = this;
    return db.transaction('rw', db.runs, async () => {
      const stale = await db.runs
        .where('status')
        .equals('running')
        .filter((r) => (alive ? !alive(r.id) : now - r.heartbeat > staleAfterMs))
        .toArray();
      for (const run of stale) await db.runs.update(run.id, { status: 'interrupted', updatedAt: now });
      return stale.map((r) => r.id);
    });
  }

  // ------------------------------------------------------------------------------------------------ judgements

  async saveJudgement(j: Omit<JudgementRecord, 'id' | 'createdAt'> & { id?: string }, now = Date.now()): Promise<JudgementRecord> {
    const record: JudgementRecord = { ...j, id: j.id ?? newId(), createdAt: now };
    await guardQuota('the judgement', () => this.db.judgements.put(record));
    return record;
  }

  /** Stores many judgements (an imported annotator file) in one transaction; same ids are replaced. */
  async saveJudgements(records: readonly JudgementRecord[]): Promise<void> {
    const { db } = this;
    await guardQuota('the judgements', () => db.transaction('rw', db.judgements, () => db.judgements.bulkPut([...records])));
  }

  async deleteJudgement(id: string): Promise<void> {
    await this.db.judgements.delete(id);
  }

  listJudgements(datasetId: string, annotator?: string): Promise<JudgementRecord[]> {
    if (annotator !== undefined) return this.db.judgements.where('[datasetId+annotator]').equals([datasetId, annotator]).toArray();
    return this.db.judgements.where('datasetId').equals(datasetId).toArray();
  }

  /** Deletes every judgement of one annotator in a dataset. */
  async deleteAnnotator(datasetId: string, annotator: string): Promise<void> {
    await this.db.judgements.where('[datasetId+annotator]').equals([datasetId, annotator]).delete();
  }

  // ------------------------------------------------------------------------------------------------ calibrations

  async saveCalibration(record: CalibrationRecord): Promise<void> {
    await guardQuota('the calibration', () => this.db.calibrations.put(record));
  }

  getCalibration(modelId: string): Promise<CalibrationRecord | undefined> {
    return this.db.calibrations.get(modelId);
  }

  // ------------------------------------------------------------------------------------------------ models

  async addModel(model: ModelRecord): Promise<void> {
    await guardQuota(`the model ${model.name}`, () => this.db.models.put(model));
  }

  listModels(): Promise<ModelRecord[]> {
    return this.db.models.orderBy('addedAt').toArray();
  }

  getModel(id: string): Promise<ModelRecord | undefined> {
    return this.db.models.get(id);
  }

  async deleteModel(id: string): Promise<void> {
    await this.db.models.delete(id);
  }

  // ------------------------------------------------------------------------------------------------ storage

  async clearEmbeddingCache(): Promise<void> {
    await this.db.embeddings.clear();
  }

  countEmbeddings(): Promise<number> {
    return this.db.embeddings.count();
  }
}
