import { poolHiddenStates, splitSentenceEmbeddings } from './pooling.ts';
import type { EncodedBatch } from './tokenize.ts';
import type { Pooling } from './types.ts';

/** The part of an onnxruntime Tensor (node or web) read here. */
export interface TensorLike {
  readonly type: string;
  readonly data: unknown;
  readonly dims: readonly number[];
}

/** The part of an onnxruntime InferenceSession (node or web) used here; T is that package's Tensor. */
export interface SessionLike<T> {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, T>, fetches: string[]): Promise<Record<string, TensorLike>>;
}

/** Builds an int64 tensor of shape [batch, seq]: `new ort.Tensor('int64', data, dims)` in either package. */
export type Int64TensorFactory<T> = (data: BigInt64Array, dims: [number, number]) => T;

/** Feeds exactly the inputs the graph declares: some exports drop token_type_ids, and ORT rejects extra inputs. */
export function buildFeeds<T>(batch: EncodedBatch, inputNames: readonly string[], makeTensor: Int64TensorFactory<T>): Record<string, T> {
  const dims: [number, number] = [batch.batchSize, batch.sequenceLength];
  const sources: Record<string, BigInt64Array> = {
    input_ids: batch.inputIds,
    attention_mask: batch.attentionMask,
    token_type_ids: batch.tokenTypeIds,
  };
  if (!inputNames.includes('input_ids')) throw new Error(`the model has no input_ids input (inputs: ${inputNames.join(', ')})`);
  const feeds: Record<string, T> = {};
  for (const name of inputNames) {
    const data = sources[name];
    if (!data) throw new Error(`the model asks for input "${name}", which an embedding runtime cannot feed`);
    feeds[name] = makeTensor(data, dims);
  }
  return feeds;
}

/**
 * The outputs to ask the session for: only `sentence_embedding` when the graph has one, so the per-token
 * `last_hidden_state` [batch, seq, dim] beside it is never copied out of the runtime (most of a batch's bytes).
 */
export function embeddingFetches(outputNames: readonly string[]): string[] {
  return outputNames.includes('sentence_embedding') ? ['sentence_embedding'] : [...outputNames];
}

/**
 * One L2-normalised vector per row: the graph's `sentence_embedding` when it has one (already pooled), else
 * `last_hidden_state` (or `token_embeddings`, or the only output) pooled with the batch's attention mask.
 */
export function readEmbeddings(
  outputs: Record<string, TensorLike>,
  batch: EncodedBatch,
  pooling: Pooling,
): Float32Array[] {
  const sentence = outputs['sentence_embedding'];
  if (sentence) return splitSentenceEmbeddings(floatData(sentence, 'sentence_embedding'), sentence.dims);
  const names = Object.keys(outputs);
  const name = ['last_hidden_state', 'token_embeddings'].find((n) => n in outputs) ?? (names.length === 1 ? names[0] : undefined);
  if (name === undefined) throw new Error(`cannot tell which output holds the embeddings (outputs: ${names.join(', ')})`);
  const tensor = outputs[name]!;
  const data = floatData(tensor, name);
  if (tensor.dims.length === 2) return splitSentenceEmbeddings(data, tensor.dims);
  if (tensor.dims[0] !== batch.batchSize || tensor.dims[1] !== batch.sequenceLength) {
    throw new Error(`output ${name} has shape [${tensor.dims.join(', ')}] for a batch of [${batch.batchSize}, ${batch.sequenceLength}]`);
  }
  return poolHiddenStates(data, tensor.dims, batch.attentionMask, pooling);
}

function floatData(tensor: TensorLike, name: string): Float32Array {
  if (tensor.type !== 'float32' || !(tensor.data instanceof Float32Array)) {
    throw new Error(`output ${name} is ${tensor.type}; only float32 outputs are supported`);
  }
  return tensor.data;
}
