/** Storage errors in words a person can act on. */

/** True for the browser's "storage full" error, however Dexie or the browser wrapped it. */
export function isQuotaError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
    const inner = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
    e = inner;
  }
  return false;
}

/** Thrown by the repository when a write did not fit; the transaction was rolled back, nothing else changed. */
export class StorageFullError extends Error {
  constructor(readonly what: string, cause?: unknown) {
    super(`storage full while saving ${what}`, { cause });
    this.name = 'StorageFullError';
  }
}

/** Runs a write; turns a quota error into StorageFullError (the transaction has already been rolled back). */
export async function guardQuota<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(what, err);
    throw err;
  }
}
