import type { CancelSignal } from '../cancel.ts';

/** How token vectors become one sentence vector: the [CLS] token's (bge) or the masked mean (text2vec, MiniLM). */
export type Pooling = 'cls' | 'mean';

/** Turns texts into sentence embeddings; the ONNX runtimes (Node, browser) and test fakes implement it. */
export interface EmbeddingRuntime {
  /** Human-readable model name, recorded in reports. */
  readonly modelId: string;
  /** Identifies everything that changes the vectors (weights, tokenizer, pooling, max length): the cache key. */
  readonly hash: string;
  readonly dimension: number;
  /** One L2-normalised vector per text, in input order. Duplicate texts may share one array: do not mutate. */
  embed(texts: readonly string[], signal?: CancelSignal): Promise<Float32Array[]>;
}

export interface ManifestFile {
  /** Relative to the model folder, '/'-separated, e.g. "onnx/model_quantized.onnx". */
  path: string;
  /** Lower-case hex sha-256 of the file's bytes. */
  sha256: string;
  size: number;
}

/** `manifest.json` at the model folder's root: what the files should be, and how to use the model. */
export interface ModelManifest {
  name: string;
  pooling: Pooling;
  /** The cosine at or above which R_pro keeps R's meaning. */
  threshold: number;
  /** The same, for the judge with the spelling check in front (which rejects misspellings before the cosine). */
  spellingCheckThreshold?: number;
  /** Tokens per text including [CLS] and [SEP]; capped at 512. */
  maxLength: number;
  dimension?: number;
  files: ManifestFile[];
  licence: string;
  attribution: string;
  /** Where the files came from (a model hub name, or the script that built them). */
  source: string;
}

/**
 * A model folder as Hugging Face / Xenova optimum exports lay it out. Only the tokenizer and one ONNX graph are
 * required; pooling comes from the manifest, else the sentence-transformers Pooling config, else the model name.
 */
export const MODEL_FILES = {
  manifest: 'manifest.json',
  config: 'config.json',
  tokenizer: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
  onnxFloat: 'onnx/model.onnx',
  onnxQuantized: 'onnx/model_quantized.onnx',
  modules: 'modules.json',
  poolingConfig: '1_Pooling/config.json',
  sentenceBertConfig: 'sentence_bert_config.json',
} as const;

/** BERT-family position embeddings stop at 512; longer settings are capped. */
export const MAX_SEQUENCE_LENGTH = 512;
