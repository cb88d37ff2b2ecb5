import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { chooseGraph, GraphChoiceError, type GraphChoice } from '../core/embed/graph-choice.ts';
import type { FileDigest } from '../core/embed/manifest.ts';
import { parseManifest, verifyManifest } from '../core/embed/manifest.ts';
import type { ModelFolderInfo, ModelFolderOptions } from '../core/embed/model-folder.ts';
import { dimensionProblem, readModelFolder, runtimeHash } from '../core/embed/model-folder.ts';
import { createOnnxEmbeddingRuntime, probeDimension } from '../core/embed/onnx-runtime.ts';
import type { EmbeddingRuntime, ModelManifest } from '../core/embed/types.ts';
import { MODEL_FILES } from '../core/embed/types.ts';
import { UsageError } from './usage-error.ts';

export interface OnnxNodeRuntimeOptions extends Omit<ModelFolderOptions, 'fallbackName'> {
  /** 'int8', 'fp32' or a graph's path in the folder; default: the int8 graph when there is one (chooseGraph). */
  graph?: GraphChoice;
  /** Texts per session.run; default 32. */
  batchSize?: number;
  /** onnxruntime intra-op threads; default: every core (os.availableParallelism()). */
  threads?: number;
}

export interface OnnxNodeRuntime extends EmbeddingRuntime {
  readonly folder: string;
  readonly info: ModelFolderInfo;
  readonly inputNames: readonly string[];
  /** The intra-op threads the session runs on. */
  readonly threads: number;
  release(): Promise<void>;
}

/**
 * Loads a model folder from disk and runs it on onnxruntime-node's CPU execution provider. When the folder has a
 * manifest.json, the files this model uses (its JSON files, tokenizer.json and the chosen graph) are checked
 * against it (size and sha-256); another graph in the folder is neither read nor hashed. A folder that cannot be
 * loaded (a file missing, corrupted or malformed) is a usage error naming the folder.
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
  // The small files are read once: their text and their digest share the bytes.
  const small = new Map<string, Promise<Buffer | undefined>>();
  const read = (p: string) => {
    if (!small.has(p)) small.set(p, readIfExists(path.join(root, p)));
    return small.get(p)!;
  };
  const source = { readText: async (p: string) => (await read(p))?.toString('utf8') };
  const manifestText = await source.readText(MODEL_FILES.manifest);
  const manifest = manifestText === undefined ? undefined : parseManifest(parseJson(manifestText, MODEL_FILES.manifest));
  const onnxFile = await graphFor(root, manifest, options);
  const info = await readModelFolder(source, manifest, { onnxFile, fallbackName: path.basename(root) });
  const threads = options.threads ?? availableParallelism();

  // The graph is streamed through the hash while onnxruntime reads it from disk itself: no copy of its bytes
  // stays in this process (a bert-base graph is 400 MB), and the two run at the same time. Nothing runs on
  // the session before the hash matches the manifest.
  const digests = new Map<string, Promise<FileDigest | undefined>>();
  const digest = (p: string) => {
    if (!digests.has(p)) {
      const bytes = p === info.onnxPath ? undefined : small.get(p);
      digests.set(p, p === info.onnxPath ? hashFile(path.join(root, p)) : bytes ? bytes.then((b) => b && digestOf(b)) : Promise.resolve(undefined));
    }
    return digests.get(p)!;
  };
  const session = InferenceSession.create(path.join(root, info.onnxPath), { executionProviders: ['cpu'], intraOpNumThreads: threads });
  session.catch(() => undefined); // awaited below, once the hash is known
  let onnxDigest: FileDigest | undefined;
  try {
    if (manifest) await verifyManifest(manifest, digest, [info.onnxPath, MODEL_FILES.tokenizer]);
    onnxDigest = await digest(info.onnxPath);
    if (!onnxDigest) throw new Error(`the model folder ${root} has no ${info.onnxPath}`);
  } catch (err) {
    void session.then((s) => s.release()).catch(() => undefined);
    throw err;
  }
  const created = await session;
  const tokenizerDigest = (await digest(MODEL_FILES.tokenizer))!;
  const encoder = createBatchEncoder(info.tokenizerJson, info.tokenizerConfig, info.maxLength);
  const makeInt64Tensor = (data: BigInt64Array, dims: [number, number]) => new Tensor('int64', data, dims);
  const common = {
    session: created,
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
    await created.release();
    throw new Error(problem);
  }
  const runtime = createOnnxEmbeddingRuntime({ ...common, dimension });
  return {
    ...runtime,
    folder: root,
    info,
    threads,
    inputNames: created.inputNames,
    release: () => created.release(),
  };
}

/** The graph this run loads: the options' choice among the graphs on disk and in the manifest (chooseGraph). */
async function graphFor(root: string, manifest: ModelManifest | undefined, options: OnnxNodeRuntimeOptions): Promise<string> {
  if (options.onnxFile) return options.onnxFile;
  const onDisk = await readdir(path.join(root, 'onnx')).catch(() => [] as string[]);
  const paths = [...onDisk.map((f) => `onnx/${f}`), ...(manifest?.files.map((f) => f.path) ?? [])];
  try {
    return chooseGraph(paths, options.quantized ? 'int8' : options.graph);
  } catch (err) {
    if (err instanceof GraphChoiceError) throw new UsageError(`model folder ${root}: ${err.message}`);
    throw err;
  }
}

function digestOf(bytes: Buffer): FileDigest {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

/** sha-256 and size of a file read in 1 MiB chunks; undefined when it does not exist. */
function hashFile(file: string): Promise<FileDigest | undefined> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    createReadStream(file, { highWaterMark: 1 << 20 })
      .on('data', (chunk) => {
        size += chunk.length;
        hash.update(chunk);
      })
      .on('end', () => resolve({ sha256: hash.digest('hex'), size }))
      .on('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? resolve(undefined) : reject(e)));
  });
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
