import { createHash } from 'node:crypto';
import type { Sha256Stream } from '../core/io/index.ts';

/** The fingerprint's sha-256 in native code: strings are hashed as UTF-8 without a copy through TextEncoder. */
export function nodeSha256Stream(): Sha256Stream {
  const hash = createHash('sha256');
  return { update: (text) => void hash.update(text, 'utf8'), hex: () => hash.digest('hex') };
}
