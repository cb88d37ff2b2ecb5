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
  /** Texts per session.run; default 32. */
  batchSize?: number;
}

export const DEFAULT_BATCH_SIZE = 32;

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
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;

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
    embed: (texts: readonly string[], signal?: CancelSignal) => embedInBatches(texts, batchSize, embedBatch, signal),
  };
}
