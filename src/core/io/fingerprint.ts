import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { chars } from '../text.ts';
import type { TestRow, TestSet } from '../types.ts';

/** Versioned so that a future change of the serialization can never collide with this one. */
const FINGERPRINT_TAG = 'csc-studio test set v1';

/**
 * sha-256 (hex) of the test set's content, independent of file format, encoding, line numbers and row order.
 * Serialization: the UTF-8 bytes of FINGERPRINT_TAG + "\n", then one line per row, rows sorted by id
 * (UTF-16 code-unit order; ids are unique), each line JSON.stringify([id, source, ...references]) + "\n".
 * Texts are hashed exactly as read: no Unicode normalization, no trimming. SIGHAN truth labels that the texts
 * do not imply (a label putting back the source's own character) change label-based scores, so a row with
 * such labels appends them: [id, source, ...references, {labels}].
 */
export function datasetFingerprint(testSet: Pick<TestSet, 'rows'>, hash: Sha256Stream = nobleSha256Stream()): string {
  // Ids read once: a stored row's id is sliced from its text on every read.
  const ids = testSet.rows.map((r) => r.id);
  const order = ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const rows = order.map((i) => testSet.rows[i]!);
  let pending = FINGERPRINT_TAG + '\n'; // hashed in pieces of about 64K characters: no copy of the whole set
  for (const r of rows) {
    const fields: unknown[] = [r.id, r.source, ...r.references];
    if (hasUnimpliedLabels(r)) fields.push({ labels: r.goldLabels });
    pending += JSON.stringify(fields) + '\n';
    if (pending.length >= 1 << 16) {
      hash.update(pending);
      pending = '';
    }
  }
  hash.update(pending);
  return hash.hex();
}

/** sha-256 over UTF-8 text given in pieces. The CLI passes Node's native hash (node:crypto); the page uses this one. */
export interface Sha256Stream {
  update(text: string): void;
  hex(): string;
}

export function nobleSha256Stream(): Sha256Stream {
  const encoder = new TextEncoder();
  const hash = sha256.create();
  return {
    update: (text) => hash.update(encoder.encode(text)),
    hex: () => bytesToHex(hash.digest()),
  };
}

/** True when the truth labels differ from the positions where source and first reference differ. */
function hasUnimpliedLabels(row: TestRow): boolean {
  if (!row.goldLabels) return false;
  const src = chars(row.source);
  const ref = chars(row.references[0] ?? '');
  const implied = src.flatMap((c, i) => (ref[i] !== c ? [`${i + 1}:${ref[i]}`] : []));
  const given = row.goldLabels.map(([p, c]) => `${p}:${c}`).sort();
  return implied.length !== given.length || implied.sort().some((x, i) => x !== given[i]);
}
