/**
 * The IndexedDB schema (Dexie). Every change adds a version here, never edits an old one: Dexie upgrades a stored
 * database step by step, running each version's upgrade function, so a reload after an app update keeps the data.
 *
 * v1: datasets, rows, systems, outputs, runs, results.
 * v2: judgements, embedding cache and dropped models; runs get `phasesDone` (filled from their old status).
 * v3: judgements get an annotator, the operation's system name, predicted words and a three-way label
 *     (correct / wrong / unsure; filled from `keepsMeaning`, annotator "default"); threshold calibrations per model.
 */
import { Dexie, type EntityTable } from 'dexie';
import type {
  CalibrationRecord,
  DatasetRecord,
  DatasetRowsRecord,
  EmbeddingRecord,
  JudgementRecord,
  ModelRecord,
  ResultRecord,
  RunRecord,
  SystemOutputRecord,
  SystemRecord,
} from './types.ts';
import { upgradeRunJudge } from './run-judge-upgrade.ts';

export const DB_NAME = 'csc-studio';
export const SCHEMA_VERSION = 4;

/** Stores of version 1, kept for the upgrade path (and its test). */
export const V1_STORES = {
  datasets: 'id, createdAt',
  rows: 'datasetId',
  systems: 'id, datasetId',
  outputs: 'systemId, datasetId',
  runs: 'id, datasetId, status, createdAt',
  results: 'id, runId, systemId',
} as const;

export const V2_STORES = {
  ...V1_STORES,
  judgements: 'id, datasetId, [datasetId+sentenceId], systemId',
  embeddings: 'key',
  models: 'id, addedAt',
} as const;

export const V3_STORES = {
  ...V2_STORES,
  judgements: 'id, datasetId, [datasetId+sentenceId], systemId, [datasetId+annotator]',
  calibrations: 'modelId',
} as const;

export class CscStudioDb extends Dexie {
  datasets!: EntityTable<DatasetRecord, 'id'>;
  rows!: EntityTable<DatasetRowsRecord, 'datasetId'>;
  systems!: EntityTable<SystemRecord, 'id'>;
  outputs!: EntityTable<SystemOutputRecord, 'systemId'>;
  runs!: EntityTable<RunRecord, 'id'>;
  results!: EntityTable<ResultRecord, 'id'>;
  judgements!: EntityTable<JudgementRecord, 'id'>;
  embeddings!: EntityTable<EmbeddingRecord, 'key'>;
  models!: EntityTable<ModelRecord, 'id'>;
  calibrations!: EntityTable<CalibrationRecord, 'modelId'>;

  constructor(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    // No query cache: the app uses no liveQuery, and the default ('cloned') deep-copied every record read or
    // written (a run's results, each 8 KB embedding), which was most of a cold Eval-GCSC run in the worker.
    super(name, { cache: 'disabled', ...options });
    this.version(1).stores(V1_STORES);
    this.version(2)
      .stores(V2_STORES)
      .upgrade(async (tx) => {
        await tx
          .table('runs')
          .toCollection()
          .modify((run: Partial<RunRecord> & { status: RunRecord['status'] }) => {
            run.phases ??= ['csc'];
            run.phasesDone ??= run.status === 'done' ? [...run.phases] : [];
            run.timings ??= {};
            run.heartbeat ??= run.updatedAt ?? 0;
          });
      });
    this.version(3)
      .stores(V3_STORES)
      .upgrade(async (tx) => {
        await tx
          .table('judgements')
          .toCollection()
          .modify((j: Partial<JudgementRecord> & { keepsMeaning?: boolean }) => {
            j.annotator ??= 'default';
            j.label ??= j.keepsMeaning === false ? 'wrong' : 'correct';
            j.system ??= j.systemId ?? '';
            j.prediction ??= '';
          });
      });
    // Version 4: a run's judge is typed (RunJudge); same stores.
    this.version(4)
      .stores(V3_STORES)
      .upgrade(async (tx) => {
        await tx
          .table('runs')
          .toCollection()
          .modify((run: RunRecord) => {
            if (run.judge) run.judge = upgradeRunJudge(run.judge);
          });
      });
  }
}
