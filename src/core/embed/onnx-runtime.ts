import type { CancelSignal } from '../cancel.ts';
import { embedInBatches } from './batching.ts';
import type { Int64TensorFactory, SessionLike } from './onnx-io.ts';
import { buildFeeds, embeddingFetches, readEmbeddings } from './onnx-io.ts';
import type { BatchEncoder } from './tokenize.ts';
import type { EmbeddingRuntime, Pooling } from './types.ts';

export interface OnnxEmbeddingRuntimeOptions<T> {
  session: SessionLike<T>;
  makeInt64Tensor: Int64TensorFactory<T>;
  encoder: BatchEncoder;
  pooling: Pooling;
  modelId: string;
  hash: string;
  dimension: number;
  /** Texts per session.run; default at most 32 texts and DEFAULT_BATCH_TOKENS positions. */
  batchSize?: number;
}

export const DEFAULT_BATCH_SIZE = 32;
/**
 * Padded positions per session.run unless batchSize is given. onnxruntime's arena keeps its largest batch's
 * activations: with 32 texts of ~60 characters a bge-small-shaped int8 model held 215 MB more than with batches
 * of 512 positions (8 such texts), at the same texts/s on a CPU (docs/bench.md).
 */
export const DEFAULT_BATCH_TOKENS = 512;

function runSession<T>(session: SessionLike<T>, feeds: Record<string, T>) {
  return session.run(feeds, embeddingFetches(session.outputNames));
}

/** The embedding size, from one run on the empty text: for folders whose config does not state it. */
export async function probeDimension<T>(
  options: Pick<OnnxEmbeddingRuntimeOptions<T>, 'session' | 'makeInt64Tensor' | 'encoder' | 'pooling'>,
): Promise<number> {
  const batch = options.encoder.encodeBatch(['']);
  const outputs = await runSession(options.session, buildFeeds(batch, options.session.inputNames, options.makeInt64Tensor));
  return readEmbeddings(outputs, batch, options.pooling)[0]!.length;
}

/** An EmbeddingRuntime over any onnxruntime session: the Node and browser runtimes differ only in creating it. */
export function createOnnxEmbeddingRuntime<T>(options: OnnxEmbeddingRuntimeOptions<T>): EmbeddingRuntime {
  const { session, makeInt64Tensor, encoder, pooling, dimension } = options;
  const limits = options.batchSize ? { texts: options.batchSize } : { texts: DEFAULT_BATCH_SIZE, tokens: DEFAULT_BATCH_TOKENS };

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const batch = encoder.encodeBatch(texts);
    const outputs = await runSession(session, buildFeeds(batch, session.inputNames, makeInt64Tensor));
    const vectors = readEmbeddings(outputs, batch, pooling);
    const wrong = vectors.find((v) => v.length !== dimension);
    if (wrong) throw new Error(`the model gives ${wrong.length}-dimensional embeddings; expected ${dimension}`);
    return vectors;
  }

  return {
    modelId: options.modelId,
    hash: options.hash,
    dimension,
    embed: (texts: readonly string[], signal?: CancelSignal) => embedInBatches(texts, limits, embedBatch, signal),
  };
}
