/**
 * The CLI's embedding cache between runs, as the page keeps one in IndexedDB: one file per model runtime hash
 * (`<dir>/<hash>.vec`; the hash covers the graph, tokenizer, pooling and maximum length), read whole at the first
 * lookup, new vectors appended in one write when the run ends.
 *
 * File: "CSCVEC01", u32 dimension, u32 0; then records of u32 text bytes, u32 checksum (FNV-1a over the text and
 * the vector), the text in UTF-8 padded to 4 bytes, and the float32 vector. A record that does not check out
 * (a run killed mid-write, a damaged disk) ends the file there: it and everything after are dropped, never used.
 */
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddingCache } from '../core/embed/cache.ts';

const MAGIC = 'CSCVEC01';
const HEADER = 16;
/** A file past this size is started afresh rather than read (about 120,000 vectors of 512 floats). */
export const MAX_CACHE_FILE_BYTES = 256 << 20;

export interface FileEmbeddingCache extends EmbeddingCache {
  /** Appends this run's new vectors; a failure is returned (the run's results do not depend on it), not thrown. */
  flush(): Promise<Error | undefined>;
  /** Vectors found in the file, and new ones this run added. */
  readonly stats: { loaded: number; added: number };
}

interface Store {
  dimension: number;
  vectors: Map<string, Float32Array>;
  /** Bytes of the file that hold good records. */
  goodBytes: number;
  /** Whether bytes that do not check out follow them (cut off before the next append). */
  damaged: boolean;
  pending: [string, Float32Array][];
}

export function fileEmbeddingCache(dir: string): FileEmbeddingCache {
  const stores = new Map<string, Promise<Store>>();
  const stats = { loaded: 0, added: 0 };
  const storeFor = (hash: string) => {
    let store = stores.get(hash);
    if (!store) {
      store = readStore(path.join(dir, `${hash}.vec`)).then((s) => {
        stats.loaded += s.vectors.size;
        return s;
      });
      stores.set(hash, store);
    }
    return store;
  };
  return {
    stats,
    async get(key) {
      const { hash, text } = splitKey(key);
      return (await storeFor(hash)).vectors.get(text);
    },
    async set(key, vector) {
      const { hash, text } = splitKey(key);
      const store = await storeFor(hash);
      if (store.dimension === 0) store.dimension = vector.length;
      if (vector.length !== store.dimension || store.vectors.has(text)) return;
      store.vectors.set(text, vector);
      store.pending.push([text, vector]);
      stats.added++;
    },
    async flush() {
      try {
        for (const [hash, loading] of stores) {
          const store = await loading;
          if (store.pending.length === 0) continue;
          await mkdir(dir, { recursive: true });
          await append(path.join(dir, `${hash}.vec`), store);
          store.pending = [];
        }
        return undefined;
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    },
  };
}

function splitKey(key: string): { hash: string; text: string } {
  const at = key.indexOf('\u0000');
  if (at < 0) throw new Error('not an embedding cache key (embeddingCacheKey)');
  return { hash: key.slice(0, at), text: key.slice(at + 1) };
}

async function readStore(file: string): Promise<Store> {
  const empty: Store = { dimension: 0, vectors: new Map(), goodBytes: 0, damaged: false, pending: [] };
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return empty; // none yet (or unreadable: the run embeds everything, as without a cache)
  }
  if (bytes.length < HEADER || bytes.length > MAX_CACHE_FILE_BYTES || bytes.toString('latin1', 0, 8) !== MAGIC) return empty;
  const dimension = bytes.readUInt32LE(8);
  if (dimension === 0) return empty;
  // One aligned copy: every vector is then a view of it, with no copy per record.
  const data = new Uint8Array(new ArrayBuffer(bytes.length));
  data.set(bytes);
  const view = new DataView(data.buffer);
  const vectors = new Map<string, Float32Array>();
  const vectorBytes = dimension * 4;
  let at = HEADER;
  while (at + 8 <= data.length) {
    const textBytes = view.getUint32(at, true);
    const textStart = at + 8;
    const vectorStart = textStart + pad4(textBytes);
    const end = vectorStart + vectorBytes;
    if (end > data.length || view.getUint32(at + 4, true) !== checksum(data, textStart, textBytes, vectorStart, vectorBytes)) break;
    vectors.set(Buffer.from(data.buffer, textStart, textBytes).toString('utf8'), new Float32Array(data.buffer, vectorStart, dimension));
    at = end;
  }
  return { dimension, vectors, goodBytes: at, damaged: at < data.length, pending: [] };
}

async function append(file: string, store: Store): Promise<void> {
  const { dimension } = store;
  const texts = store.pending.map(([text]) => Buffer.from(text, 'utf8'));
  const size = texts.reduce((n, t) => n + 8 + pad4(t.length) + dimension * 4, 0);
  const fresh = store.goodBytes === 0;
  const out = Buffer.alloc((fresh ? HEADER : 0) + size);
  let at = 0;
  if (fresh) {
    out.write(MAGIC, 0, 'latin1');
    out.writeUInt32LE(dimension, 8);
    at = HEADER;
  }
  store.pending.forEach(([, vector], i) => {
    const text = texts[i]!;
    const textStart = at + 8;
    const vectorStart = textStart + pad4(text.length);
    text.copy(out, textStart);
    Buffer.from(vector.buffer, vector.byteOffset, dimension * 4).copy(out, vectorStart);
    out.writeUInt32LE(text.length, at);
    out.writeUInt32LE(checksum(out, textStart, text.length, vectorStart, dimension * 4), at + 4);
    at = vectorStart + dimension * 4;
  });
  // Appended in one write (another run may be appending too); a damaged tail is cut off first.
  const handle = await open(file, fresh ? 'w' : store.damaged ? 'r+' : 'a');
  try {
    if (store.damaged) await handle.truncate(store.goodBytes);
    await handle.write(out, 0, out.length, store.damaged ? store.goodBytes : null);
  } finally {
    await handle.close();
  }
  store.goodBytes += out.length;
  store.damaged = false;
}

const pad4 = (n: number) => (n + 3) & ~3;

/** FNV-1a over the text's bytes, then the vector's. */
function checksum(data: Uint8Array, textStart: number, textBytes: number, vectorStart: number, vectorBytes: number): number {
  let h = 0x811c9dc5;
  for (let i = textStart; i < textStart + textBytes; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
  for (let i = vectorStart; i < vectorStart + vectorBytes; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
  return h >>> 0;
}
