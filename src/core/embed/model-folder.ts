import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { ModelManifest, Pooling } from './types.ts';
import { MAX_SEQUENCE_LENGTH, MODEL_FILES } from './types.ts';

/** Reads a model folder's small text files; the Node runtime reads disk, the browser an upload or OPFS. */
export interface ModelFolderSource {
  /** The file's text, or undefined when the folder has no such file. */
  readText(path: string): Promise<string | undefined>;
}

export interface ModelFolderOptions {
  /** Use onnx/model_quantized.onnx instead of onnx/model.onnx. */
  quantized?: boolean;
  /** Any other graph in the folder, e.g. "onnx/model_int8.onnx"; wins over `quantized`. */
  onnxFile?: string;
  /** Name when neither the manifest nor config.json gives one (e.g. the folder's name). */
  fallbackName?: string;
}

export interface ModelFolderInfo {
  name: string;
  manifest?: ModelManifest;
  tokenizerJson: object;
  tokenizerConfig?: object;
  /** config.json, or {} when absent. */
  config: Record<string, unknown>;
  pooling: Pooling;
  poolingSource: 'manifest' | 'sentence-transformers' | 'model name';
  maxLength: number;
  dimension?: number;
  onnxPath: string;
}

/** Reads and interprets the folder's JSON files; the ONNX graph itself is left to the platform runtime. */
export async function readModelFolder(
  source: ModelFolderSource,
  manifest: ModelManifest | undefined,
  options: ModelFolderOptions = {},
): Promise<ModelFolderInfo> {
  const tokenizerJson = await readJson(source, MODEL_FILES.tokenizer);
  if (tokenizerJson === undefined) throw new Error(`the model folder has no ${MODEL_FILES.tokenizer}`);
  const tokenizerConfig = await readJson(source, MODEL_FILES.tokenizerConfig);
  const config = ((await readJson(source, MODEL_FILES.config)) ?? {}) as Record<string, unknown>;
  const sentenceBertConfig = await readJson(source, MODEL_FILES.sentenceBertConfig);
  const name = manifest?.name ?? stringField(config, '_name_or_path') ?? options.fallbackName ?? 'model';

  let pooling: Pooling;
  let poolingSource: ModelFolderInfo['poolingSource'];
  const stPooling = await sentenceTransformersPooling(source);
  if (manifest) [pooling, poolingSource] = [manifest.pooling, 'manifest'];
  else if (stPooling) [pooling, poolingSource] = [stPooling, 'sentence-transformers'];
  else [pooling, poolingSource] = [defaultPooling(name), 'model name'];

  const info: ModelFolderInfo = {
    name,
    tokenizerJson,
    config,
    pooling,
    poolingSource,
    maxLength: maxLengthFor(manifest, sentenceBertConfig, tokenizerConfig, config),
    onnxPath: options.onnxFile ?? (options.quantized ? MODEL_FILES.onnxQuantized : MODEL_FILES.onnxFloat),
  };
  if (manifest) info.manifest = manifest;
  if (tokenizerConfig) info.tokenizerConfig = tokenizerConfig;
  const dimension = manifest?.dimension ?? numberField(config, 'hidden_size');
  if (dimension !== undefined) info.dimension = dimension;
  return info;
}

/**
 * What the folder says of its embedding size (manifest.json's dimension, config.json's hidden_size) against what
 * the graph gives: any disagreement, as a sentence; null when they agree. A model whose files disagree was changed
 * or mixed up, and its numbers would not be what its card says.
 */
export function dimensionProblem(info: Pick<ModelFolderInfo, 'manifest' | 'config'>, graph: number): string | null {
  const said: [string, number | undefined][] = [
    ['manifest.json says dimension', info.manifest?.dimension],
    ['config.json says hidden_size', numberField(info.config, 'hidden_size')],
  ];
  const off = said.filter(([, v]) => v !== undefined && v !== graph);
  return off.length === 0 ? null : `the model's graph gives ${graph}-dimensional embeddings, but ${off.map(([what, v]) => `${what} ${v}`).join(' and ')}`;
}

/** sentence-transformers names its Pooling module's folder in modules.json; "1_Pooling" when that is absent. */
async function sentenceTransformersPooling(source: ModelFolderSource): Promise<Pooling | undefined> {
  let folder = '1_Pooling';
  const modules = await readJson(source, MODEL_FILES.modules);
  if (Array.isArray(modules)) {
    const entry = modules.find((m) => typeof m === 'object' && m && String(m.type).endsWith('models.Pooling'));
    if (entry && typeof entry.path === 'string') folder = entry.path;
  }
  const config = await readJson(source, `${folder}/config.json`);
  return config === undefined ? undefined : poolingFromConfig(config, `${folder}/config.json`);
}

/** Reads a sentence-transformers Pooling config; modes other than CLS and mean are refused, not guessed. */
export function poolingFromConfig(config: object, path: string = MODEL_FILES.poolingConfig): Pooling {
  const c = config as Record<string, unknown>;
  const cls = c['pooling_mode_cls_token'] === true;
  const mean = c['pooling_mode_mean_tokens'] === true;
  const other = ['pooling_mode_max_tokens', 'pooling_mode_mean_sqrt_len_tokens', 'pooling_mode_weightedmean_tokens', 'pooling_mode_lasttoken'];
  const unsupported = other.filter((k) => c[k] === true);
  if (unsupported.length > 0 || cls === mean) {
    throw new Error(`${path}: only one of pooling_mode_cls_token or pooling_mode_mean_tokens is supported`);
  }
  return cls ? 'cls' : 'mean';
}

/** Without a manifest or Pooling config: the bge family pools [CLS]; text2vec and MiniLM pool the mean. */
export function defaultPooling(modelName: string): Pooling {
  return /bge/i.test(modelName) ? 'cls' : 'mean';
}

/** The first setting found, in the order sentence-transformers itself would use, capped at 512. */
export function maxLengthFor(
  manifest: ModelManifest | undefined,
  sentenceBertConfig: object | undefined,
  tokenizerConfig: object | undefined,
  config: object,
): number {
  const candidates = [
    manifest?.maxLength,
    numberField(sentenceBertConfig, 'max_seq_length'),
    numberField(tokenizerConfig, 'model_max_length'), // often 1e30, "unbounded": the cap handles it
    numberField(config, 'max_position_embeddings'),
  ];
  const found = candidates.find((n) => n !== undefined && Number.isFinite(n) && n >= 2);
  return Math.min(MAX_SEQUENCE_LENGTH, Math.floor(found ?? MAX_SEQUENCE_LENGTH));
}

/**
 * The runtime hash, and so the cache key: the graph and tokenizer bytes plus the settings that change vectors.
 * The two tiny test models share one graph and differ only in pooling, so pooling must be part of it.
 */
export function runtimeHash(parts: { onnxSha256: string; tokenizerSha256: string; pooling: Pooling; maxLength: number }): string {
  const text = `csc-studio embedding runtime v1\n${parts.onnxSha256}\n${parts.tokenizerSha256}\n${parts.pooling}\n${parts.maxLength}\n`;
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

async function readJson(source: ModelFolderSource, path: string): Promise<object | undefined> {
  const text = await source.readText(path);
  if (text === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null) throw new Error('not an object');
    return json;
  } catch (e) {
    throw new Error(`${path} is not valid JSON: ${(e as Error).message}`);
  }
}

function numberField(o: object | undefined, key: string): number | undefined {
  const v = (o as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'number' ? v : undefined;
}

function stringField(o: object, key: string): string | undefined {
  const v = (o as Record<string, unknown>)[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}
