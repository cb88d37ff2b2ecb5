/**
 * The import step's heavy work, off the page's main thread (issue 25: reading a 20 MB file froze the page for a
 * second): the staged files' bytes live here, their roles are guessed and every validation reads them here, and
 * an import writes the validated bundle to IndexedDB from here. The page holds only names, roles and options.
 * The same API runs on the calling thread where there are no workers (Node tests).
 */
import type { Repository } from '../db/repository.ts';
import { asBenchmark, guessRole, ReadCache, validateStaged, type DatasetMeta, type FileRole, type StagedFile, type ValidationResult } from './import/import-files.ts';
import type { ImportBundle } from '../db/repository.ts';

/** A staged file as the page holds it: everything but its bytes, and their count. */
export type StagedMeta = Omit<StagedFile, 'bytes'> & { size: number };

/** A validation as the page needs it: the outcomes, not the rows (which stay here until the import). */
export type ValidationView = Omit<ValidationResult, 'bundle' | 'testSet'> & {
  /** Systems the import would store (0 until it can). */
  systemCount: number;
};

/** Adding systems to a stored dataset: its rows are read here from the page's database. */
export interface StagingTarget {
  datasetId: string;
  systemNames: string[];
}

export interface ImportOutcome {
  datasetId: string;
  systems: number;
  /** The new dataset's name, or '' when systems were added to a stored one. */
  name: string;
}

export interface StagingApi {
  /** Takes the files' bytes and guesses each one's role. */
  add(files: readonly { key: string; name: string; bytes: Uint8Array }[]): Promise<{ key: string; role: FileRole }[]>;
  /** Drops files' bytes (removed from the page). */
  forget(keys: readonly string[]): Promise<void>;
  /** `meta`: the new dataset is this site benchmark (its name and manifest go with it). */
  validate(dbName: string, files: readonly StagedMeta[], target: StagingTarget | null, now: number, meta?: DatasetMeta): Promise<ValidationView>;
  /** Stores what the last validation found ready (and nothing when it was not); null: nothing was ready. */
  importValidated(dbName: string): Promise<ImportOutcome | null>;
}

export function createStagingApi(openRepo: (dbName: string) => Repository): StagingApi {
  const bytes = new Map<string, Uint8Array>();
  const cache = new ReadCache();
  let ready: ImportBundle | undefined;

  const withBytes = (meta: StagedMeta): StagedFile => {
    const b = bytes.get(meta.key);
    if (!b) throw new Error(`the bytes of ${meta.path} are not staged`);
    const { size: _size, ...file } = meta;
    return { ...file, bytes: b };
  };

  return {
    async add(files) {
      return files.map((f) => {
        bytes.set(f.key, f.bytes);
        return { key: f.key, role: guessRole(f.name, f.bytes) };
      });
    },
    async forget(keys) {
      for (const key of keys) bytes.delete(key);
    },
    async validate(dbName, files, target, now, meta) {
      let existing;
      if (target) {
        const repo = openRepo(dbName);
        const dataset = (await repo.listDatasets()).find((d) => d.id === target.datasetId);
        if (!dataset) throw new Error('the dataset to add systems to was deleted');
        existing = { dataset, rows: await repo.getRows(target.datasetId), systemNames: target.systemNames };
      }
      const result = validateStaged(files.map(withBytes), existing, now, cache);
      asBenchmark(result.bundle, meta);
      ready = result.bundle;
      const { bundle, testSet: _rows, ...view } = result;
      return { ...view, systemCount: bundle?.systems.length ?? 0 };
    },
    async importValidated(dbName) {
      const bundle = ready;
      if (!bundle) return null;
      await openRepo(dbName).importBundle(bundle);
      ready = undefined;
      return { datasetId: bundle.datasetId, systems: bundle.systems.length, name: bundle.dataset?.name ?? '' };
    },
  };
}
