/**
 * Embeddings kept across runs, keyed by embeddingCacheKey. The core has this in-memory one; the browser keeps them
 * in IndexedDB and the CLI in a file, so get and set may be async.
 */
export interface EmbeddingCache {
  get(key: string): Float32Array | undefined | Promise<Float32Array | undefined>;
  set(key: string, vector: Float32Array): void | Promise<void>;
}

/** The runtime hash covers weights, tokenizer, pooling and max length; NUL cannot occur in a hex hash. */
export function embeddingCacheKey(modelHash: string, text: string): string {
  return `${modelHash}\u0000${text}`;
}

export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();

  get(key: string): Float32Array | undefined {
    return this.entries.get(key);
  }

  set(key: string, vector: Float32Array): void {
    this.entries.set(key, vector);
  }

  get size(): number {
    return this.entries.size;
  }
}
