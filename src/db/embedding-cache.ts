/**
 * The embedding judge's cache in IndexedDB: vectors survive reloads, so a resumed or repeated Eval-GCSC run only
 * embeds texts it has not seen. Writes are buffered and stored in batches (one transaction per batch); call
 * flush() when a phase ends. A quota error while flushing drops the buffer (it is only a cache) and is reported
 * through onError, never failing the run.
 */
import type { EmbeddingCache } from '../core/embed/cache.ts';
import type { CscStudioDb } from './schema.ts';
import { isQuotaError } from './errors.ts';

export class IdbEmbeddingCache implements EmbeddingCache {
  private readonly pending = new Map<string, Float32Array>();
  private readonly memory = new Map<string, Float32Array>();
  /** Keys a prefetch found absent from IndexedDB: get() then answers without another read. */
  private readonly absent = new Set<string>();
  private flushing: Promise<void> = Promise.resolve();
  hits = 0;
  misses = 0;
  /** Set when a flush failed for lack of space: the cache stops writing. */
  full = false;

  constructor(
    private readonly db: CscStudioDb,
    private readonly options: { batchSize?: number; memoryLimit?: number; onError?: (err: unknown) => void } = {},
  ) {}

  async get(key: string): Promise<Float32Array | undefined> {
    const local = this.pending.get(key) ?? this.memory.get(key);
    if (local) {
      this.hits++;
      return local;
    }
    if (this.absent.has(key)) {
      this.misses++;
      return undefined;
    }
    const record = await this.db.embeddings.get(key);
    if (record) {
      this.hits++;
      this.remember(key, record.vector);
      return record.vector;
    }
    this.misses++;
    return undefined;
  }

  /** Many keys in one read (only those not already in memory go to IndexedDB): what a judge batch needs. */
  async getMany(keys: readonly string[]): Promise<(Float32Array | undefined)[]> {
    const out = keys.map((key) => this.pending.get(key) ?? this.memory.get(key));
    const absent = keys.filter((_, i) => out[i] === undefined);
    if (absent.length > 0) {
      const records = await this.db.embeddings.bulkGet(absent);
      const found = new Map<string, Float32Array>();
      records.forEach((r, i) => r && found.set(absent[i]!, r.vector));
      if (this.absent.size > (this.options.memoryLimit ?? 20_000)) this.absent.clear();
      keys.forEach((key, i) => {
        const vector = found.get(key);
        if (out[i] === undefined && vector) {
          out[i] = vector;
          this.remember(key, vector);
        } else if (out[i] === undefined) this.absent.add(key);
      });
    }
    return out;
  }

  /**
   * Reads a judge batch's keys in one transaction into memory, so the judge's get() calls that follow answer
   * without touching IndexedDB (hits and misses are still counted by get()).
   */
  async prefetch(keys: readonly string[]): Promise<void> {
    await this.getMany(keys);
  }

  /** Many vectors at once: remembered, and written with the next batch. */
  async putMany(entries: readonly (readonly [string, Float32Array])[]): Promise<void> {
    for (const [key, vector] of entries) this.set(key, vector);
  }

  /**
   * Remembered at once; written by flush() (when the run's results are stored) or, past `batchSize` vectors
   * (default 4096), in the background. A write clones every vector on this thread, so writing during judging
   * would slow it (SIGHAN15's 1,500 vectors of 2,048 floats took 0.6 s). flush() waits for every write started
   * and reports a failure.
   */
  set(key: string, vector: Float32Array): void {
    this.absent.delete(key);
    this.remember(key, vector);
    if (this.full) return;
    this.pending.set(key, vector);
    if (this.pending.size >= (this.options.batchSize ?? 4096)) this.flush().catch(() => undefined);
  }

  flush(): Promise<void> {
    if (this.pending.size === 0 || this.full) return this.flushing;
    // A view into a batch's buffer is copied: storing it as it is would store the whole buffer.
    const batch = [...this.pending].map(([key, vector]) => ({ key, vector: vector.byteLength === vector.buffer.byteLength ? vector : vector.slice() }));
    this.pending.clear();
    this.flushing = this.flushing.then(async () => {
      try {
        await this.db.embeddings.bulkPut(batch);
      } catch (err) {
        if (isQuotaError(err)) this.full = true;
        this.options.onError?.(err);
        if (!isQuotaError(err)) throw err;
      }
    });
    return this.flushing;
  }

  private remember(key: string, vector: Float32Array): void {
    const limit = this.options.memoryLimit ?? 20_000;
    if (this.memory.size >= limit) this.memory.delete(this.memory.keys().next().value!);
    this.memory.set(key, vector);
  }
}
