/** The last delete, kept across tab switches so Undo stays offered until the next delete or a reload. */
import type { Snapshot } from '../../db/trash.ts';

class LastDelete {
  // Raw: a deep $state proxy of the records could not be written back to IndexedDB (DataCloneError).
  snapshot = $state.raw<Snapshot | null>(null);
}

export const lastDelete = new LastDelete();
