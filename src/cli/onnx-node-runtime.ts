import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileDigest } from '../core/embed/manifest.ts';
import { parseManifest, verifyManifest } from '../core/embed/manifest.ts';
import type { ModelFolderInfo, ModelFolderOptions } from '../core/embed/model-folder.ts';
import { dimensionProblem, readModelFolder, runtimeHash } from '../core/embed/model-folder.ts';
import { createOnnxEmbeddingRuntime, probeDimension } from '../core/embed/onnx-runtime.ts';
import type { EmbeddingRuntime } from '../core/embed/types.ts';
import { MODEL_FILES } from '../core/embed/types.ts';
import { UsageError } from './usage-error.ts';

export interface OnnxNodeRuntimeOptions extends Omit<ModelFolderOptions, 'fallbackName'> {
  /** Texts per session.run; default 32. */
  batchSize?: number;
  /** onnxruntime intra-op threads; default: onnxruntime's choice. */
  threads?: number;
}

export interface OnnxNodeRuntime extends EmbeddingRuntime {
  readonly folder: string;
  readonly info: ModelFolderInfo;
  readonly inputNames: readonly string[];
  release(): Promise<void>;
}

/**
 * Loads a model folder from disk and runs it on onnxruntime-node's CPU execution provider. When the folder has a
 * manifest.json, every listed file present is checked against it (size and sha-256) before anything is loaded.
 * A folder that cannot be loaded (a file missing, corrupted or malformed) is a usage error naming the folder.
 */
export async function loadOnnxNodeRuntime(folder: string, options: OnnxNodeRuntimeOptions = {}): Promise<OnnxNodeRuntime> {
  const root = path.resolve(folder);
  try {
    return await load(root, options);
  } catch (err) {
    // Programming errors stay bugs; everything else here comes from the folder's contents.
    if (err instanceof TypeError || err instanceof ReferenceError || err instanceof UsageError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new UsageError(`model folder ${root}: ${message.split('\n')[0]}; fetch or copy the model folder again`);
  }
}

async function load(root: string, options: OnnxNodeRuntimeOptions): Promise<OnnxNodeRuntime> {
  // Loaded here, not at the top: commands that need no model never pay for onnxruntime or the tokenizer.
  const [{ InferenceSession, Tensor }, { createBatchEncoder }] = await Promise.all([import('onnxruntime-node'), import('../core/embed/tokenize.ts')]);
  // Each file is read once: its text, its digest (verification and the runtime hash) and the session share the
  // bytes. A graph is then in memory twice while the session is made (these bytes and onnxruntime's weights).
  const bytes = new Map<string, Promise<Buffer | undefined>>();
  const bytesOf = (p: string) => {
    if (!bytes.has(p)) bytes.set(p, readIfExists(path.join(root, p)));
    return bytes.get(p)!;
  };
  const source = { readText: async (p: string) => (await bytesOf(p))?.toString('utf8') };
  const digests = new Map<string, Promise<FileDigest | undefined>>();
  const digest = (p: string) => {
    if (!digests.has(p)) digests.set(p, bytesOf(p).then((b) => b && { sha256: createHash('sha256').update(b).digest('hex'), size: b.length }));
    return digests.get(p)!;
  };

  const manifestText = await source.readText(MODEL_FILES.manifest);
  const manifest = manifestText === undefined ? undefined : parseManifest(parseJson(manifestText, MODEL_FILES.manifest));
  const info = await readModelFolder(source, manifest, { ...options, fallbackName: path.basename(root) });
  if (manifest) await verifyManifest(manifest, digest, [info.onnxPath, MODEL_FILES.tokenizer]);

  const onnxBytes = await bytesOf(info.onnxPath);
  if (!onnxBytes) throw new Error(`the model folder ${root} has no ${info.onnxPath}`);
  const onnxDigest = (await digest(info.onnxPath))!;
  const tokenizerDigest = (await digest(MODEL_FILES.tokenizer))!;
  const encoder = createBatchEncoder(info.tokenizerJson, info.tokenizerConfig, info.maxLength);

  const session = await InferenceSession.create(onnxBytes, {
    executionProviders: ['cpu'],
    ...(options.threads ? { intraOpNumThreads: options.threads } : {}),
  });
  const makeInt64Tensor = (data: BigInt64Array, dims: [number, number]) => new Tensor('int64', data, dims);
  const common = {
    session,
    makeInt64Tensor,
    encoder,
    pooling: info.pooling,
    modelId: `${info.name}/${info.onnxPath}`,
    hash: runtimeHash({ onnxSha256: onnxDigest.sha256, tokenizerSha256: tokenizerDigest.sha256, pooling: info.pooling, maxLength: encoder.maxLength }),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  };
  // One probe run tells the graph's size; the folder's own word for it must agree.
  const dimension = await probeDimension(common);
  const problem = dimensionProblem(info, dimension);
  if (problem) {
    await session.release();
    throw new Error(problem);
  }
  const runtime = createOnnxEmbeddingRuntime({ ...common, dimension });
  return {
    ...runtime,
    folder: root,
    info,
    inputNames: session.inputNames,
    release: () => session.release(),
  };
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${name} is not valid JSON: ${(e as Error).message}`);
  }
}
