/**
 * The page's side of the import step's worker (staging.worker.ts); where there are no workers (Node tests), the
 * same API on the calling thread. Staged bytes are transferred, not copied: the page keeps none of them.
 */
import * as Comlink from 'comlink';
import { Repository } from '../db/repository.ts';
import { CscStudioDb } from '../db/schema.ts';
import { createStagingApi, type StagingApi } from './staging-api.ts';
import { createWorkerHandle } from './worker-handle.ts';

export function defaultStagingWorker(): Worker {
  return new Worker(new URL('./staging.worker.ts', import.meta.url), { type: 'module', name: 'csc-staging' });
}

/** The calling thread's staging (opens its own handle on the database it imports into). */
export function inThreadStaging(): StagingApi {
  return createStagingApi((name) => new Repository(new CscStudioDb(name)));
}

export function createStagingClient(makeWorker: () => Worker = defaultStagingWorker): StagingApi {
  if (typeof Worker !== 'function') return inThreadStaging();
  let handle = createWorkerHandle<StagingApi>(makeWorker());
  const call = <R>(run: (remote: Comlink.Remote<StagingApi>) => Promise<R>) => {
    // A worker that crashed starts again (its staged bytes are gone: the page re-adds nothing, so a later call fails by name).
    if (handle.terminated) handle = createWorkerHandle<StagingApi>(makeWorker());
    return handle.call(run);
  };
  return {
    add: (files) =>
      call((r) =>
        r.add(
          Comlink.transfer(
            files,
            files.map((f) => f.bytes.buffer as ArrayBuffer),
          ),
        ),
      ),
    forget: (keys) => call((r) => r.forget([...keys])),
    validate: (dbName, files, target, now, meta) => call((r) => r.validate(dbName, files, target, now, meta)),
    importValidated: (dbName) => call((r) => r.importValidated(dbName)),
  };
}
