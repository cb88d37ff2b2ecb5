/**
 * Delete with undo: everything a delete removes is read first (in the same transaction as the delete would see
 * it) and kept in memory, so Undo can put it back exactly. The snapshot lives as long as the page.
 */
import type { CscStudioDb } from './schema.ts';
import type { DatasetRecords, ModelRecord } from './types.ts';

export interface Snapshot extends DatasetRecords {
  kind: 'dataset' | 'system' | 'model';
  /** The deleted thing's name, for the notice. */
  name: string;
  models: ModelRecord[];
}

const empty = (kind: Snapshot['kind'], name: string): Snapshot => ({ kind, name, datasets: [], rows: [], systems: [], outputs: [], runs: [], results: [], judgements: [], models: [] });

/** What Repository.deleteDataset removes: the dataset, its rows, systems, outputs, runs, results and labels. */
export async function snapshotDataset(db: CscStudioDb, id: string): Promise<Snapshot | undefined> {
  return db.transaction('r', [db.datasets, db.rows, db.systems, db.outputs, db.runs, db.results, db.judgements], async () => {
    const dataset = await db.datasets.get(id);
    if (!dataset) return undefined;
    const snap = empty('dataset', dataset.name);
    snap.datasets = [dataset];
    snap.rows = await db.rows.where('datasetId').equals(id).toArray();
    snap.systems = await db.systems.where('datasetId').equals(id).toArray();
    snap.outputs = await db.outputs.where('datasetId').equals(id).toArray();
    snap.runs = await db.runs.where('datasetId').equals(id).toArray();
    snap.results = await db.results.where('runId').anyOf(snap.runs.map((r) => r.id)).toArray();
    snap.judgements = await db.judgements.where('datasetId').equals(id).toArray();
    return snap;
  });
}

/** What Repository.deleteSystem removes: the system, its outputs, every run that scored it (whole) and its labels. */
export async function snapshotSystem(db: CscStudioDb, id: string): Promise<Snapshot | undefined> {
  return db.transaction('r', [db.systems, db.outputs, db.runs, db.results, db.judgements], async () => {
    const system = await db.systems.get(id);
    if (!system) return undefined;
    const snap = empty('system', system.name);
    snap.systems = [system];
    snap.outputs = await db.outputs.where('systemId').equals(id).toArray();
    snap.runs = await db.runs.filter((r) => r.systemIds.includes(id)).toArray();
    snap.results = await db.results.where('runId').anyOf(snap.runs.map((r) => r.id)).toArray();
    snap.judgements = await db.judgements.where('systemId').equals(id).toArray();
    return snap;
  });
}

/** A dropped model (its files are blobs: kept as they are). */
export async function snapshotModel(db: CscStudioDb, id: string): Promise<Snapshot | undefined> {
  const model = await db.models.get(id);
  if (!model) return undefined;
  const snap = empty('model', model.name);
  snap.models = [model];
  return snap;
}

/** Puts everything back in one transaction. */
export async function restoreSnapshot(db: CscStudioDb, snap: Snapshot): Promise<void> {
  await db.transaction('rw', [db.datasets, db.rows, db.systems, db.outputs, db.runs, db.results, db.judgements, db.models], async () => {
    await db.datasets.bulkPut(snap.datasets);
    await db.rows.bulkPut(snap.rows);
    await db.systems.bulkPut(snap.systems);
    await db.outputs.bulkPut(snap.outputs);
    await db.runs.bulkPut(snap.runs);
    await db.results.bulkPut(snap.results);
    await db.judgements.bulkPut(snap.judgements);
    await db.models.bulkPut(snap.models);
  });
}
