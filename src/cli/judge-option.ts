import { existsSync } from 'node:fs';
import path from 'node:path';
import { exactJudge } from '../core/gcsc/judge.ts';
import {
  JudgeSpecError,
  parseJudgeSpec,
  parseThreshold,
  manifestThresholdFor,
  resolveThreshold,
  usesSpellingCheck,
  withSpellingDefault,
  withThreshold,
  type JudgeSpec,
  type ModelJudgeSpec,
  type ResolvedJudge,
} from '../core/judge-spec.ts';
import type { EmbeddingRuntime } from '../core/embed/types.ts';
import type { EmbeddingCache } from '../core/embed/cache.ts';
import { readInputBytes, UsageError } from './args.ts';
import type { OnnxNodeRuntimeOptions } from './onnx-node-runtime.ts';
import { packageRoot } from './package-root.ts';

/** The embedded default model shipped in the package (found from the root: bundled chunks sit one level deeper). */
export const DEFAULT_MODEL_DIR = path.join(packageRoot(import.meta.url), 'models/default');

export interface LoadedJudge extends ResolvedJudge {
  /** Recorded in the report next to the judge id (older callers read model and threshold here). */
  info: { model?: string; threshold?: number; pooling?: string; labels?: string };
  /** A model judge's run-time facts for report.run_environment: threads, graph, embedding cache. */
  environment?(): Promise<Record<string, unknown> | undefined>;
  /** Ends the judge: a model's new embeddings go to the cache, its thread and session end. */
  release(): Promise<void>;
}

/** How a model judge runs: its graph and threads, and the embedding cache between runs. */
export interface ModelOptions extends Pick<OnnxNodeRuntimeOptions, 'quantized' | 'graph' | 'threads'> {
  /** The embedding cache's folder; false: none (every run embeds every text). Default: embeddingCacheDir(). */
  cache?: string | false;
}

/** How any judge loads: a model's options, and an LLM judge's limit per request (--llm-timeout, in ms). */
export interface JudgeLoadOptions extends ModelOptions {
  llmTimeoutMs?: number | undefined;
}

/** The judge when --judge is not given: the embedded model when present, else exact. */
export function defaultJudgeSpec(): JudgeSpec {
  return existsSync(DEFAULT_MODEL_DIR) ? { kind: 'model', model: 'default' } : { kind: 'exact' };
}

/** `--spelling-check on|off`: undefined when the flag is absent (the judge's default then applies). */
export function parseSpellingCheckFlag(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (text === 'on' || text === 'off') return text === 'on';
  throw new UsageError(`--spelling-check "${text}": use on or off`);
}

/**
 * `--judge`, `--threshold` and `--spelling-check` → a JudgeSpec: one validation, before any file is read or any
 * work is done. A threshold or spelling check with a judge that has none (exact, labels, llm) is refused rather
 * than ignored.
 */
export function judgeSpecFromFlags(judge: string | undefined, threshold: string | undefined, spelling?: string): JudgeSpec {
  const spellingChoice = parseSpellingCheckFlag(spelling);
  try {
    const t = threshold === undefined ? undefined : parseThreshold(threshold);
    const spec = judge === undefined ? defaultJudgeSpec() : parseJudgeSpec(judge);
    return withSpellingDefault(withThreshold(spec, t), spellingChoice);
  } catch (err) {
    // The core's messages start with the flag's name ("judge …", "threshold …").
    if (err instanceof JudgeSpecError) throw new UsageError(`--${err.message}`);
    throw err;
  }
}

/**
 * Makes a spec runnable on Node. The model's threshold follows the one precedence rule (user > calibration >
 * manifest; the CLI has no calibration). Heavy modules (onnxruntime, tokenizers) are imported only for a model.
 */
export async function loadJudgeSpec(spec: JudgeSpec, options: JudgeLoadOptions = {}): Promise<LoadedJudge> {
  const none = async () => {};
  if (spec.kind === 'exact') return { spec, judge: exactJudge, info: {}, release: none };
  if (spec.kind === 'labels') {
    const file = spec.source;
    if (!existsSync(file)) throw new UsageError(`--judge labels:${file}: no such file`);
    const { createLabelsJudge, readLabels } = await import('../core/gcsc/labels.ts');
    const judge = createLabelsJudge(readLabels({ name: file, bytes: await readInputBytes(file) }), path.basename(file));
    const info = { labels: path.basename(file) };
    return { spec, judge, info, release: none };
  }
  if (spec.kind === 'llm') {
    const { checkLlmUrl, createLlmJudge } = await import('./llm-judge.ts');
    checkLlmUrl(spec.url);
    const judge = createLlmJudge(spec.model === undefined ? spec.url : `${spec.url}#${spec.model}`, options.llmTimeoutMs === undefined ? {} : { timeoutMs: options.llmTimeoutMs });
    return { spec, judge, info: {}, release: none };
  }
  const { loadOnnxNodeRuntime } = await import('./onnx-node-runtime.ts');
  return modelJudge(spec, await loadOnnxNodeRuntime(modelFolder(spec), runtimeOptions(options)), options.cache);
}

/**
 * loadJudgeSpec for `eval`: a model judge loads on a worker thread while evaluate() reads, scores, segments and
 * extracts, and is waited for before the first judge request (pendingJudge); the other judges load at once.
 * A model that fails to load fails the run then, with the same message.
 */
export async function startJudgeSpec(spec: JudgeSpec, options: JudgeLoadOptions = {}, onWait?: () => void): Promise<LoadedJudge> {
  if (spec.kind !== 'model') return loadJudgeSpec(spec, options);
  const folder = modelFolder(spec);
  const [{ canUseModelThread, loadModelInThread }, { pendingJudge }] = await Promise.all([import('./threaded-model.ts'), import('../core/pending-judge.ts')]);
  if (!canUseModelThread()) return loadJudgeSpec(spec, options);
  const loading = loadModelInThread(folder, runtimeOptions(options)).then((runtime) => modelJudge(spec, runtime, options.cache));
  loading.catch(() => undefined); // reported by the judge's ready(), or by release()
  const pending = pendingJudge(spec, loading, onWait);
  return {
    spec,
    judge: pending.judge,
    get threshold() {
      return pending.threshold;
    },
    get thresholdFrom() {
      return pending.thresholdFrom;
    },
    get info() {
      return pending.info as LoadedJudge['info'];
    },
    get stats() {
      return pending.stats;
    },
    environment: async () => (await loading.catch(() => undefined))?.environment?.(),
    release: async () => {
      const loaded = await loading.catch(() => undefined);
      await loaded?.release();
    },
  };
}

/** What the runtime itself takes (the options cross to the model thread as they are). */
function runtimeOptions({ quantized, graph, threads }: JudgeLoadOptions): OnnxNodeRuntimeOptions {
  return { ...(quantized ? { quantized } : {}), ...(graph !== undefined ? { graph } : {}), ...(threads !== undefined ? { threads } : {}) };
}

function modelFolder(spec: ModelJudgeSpec): string {
  const folder = spec.model === 'default' ? DEFAULT_MODEL_DIR : spec.model;
  if (!existsSync(folder)) throw new UsageError(`--judge model:${spec.model}: no model folder at ${folder}`);
  return folder;
}

/** A loaded model as a judge: the threshold by the one precedence rule, the embedding judge with a memory cache. */
async function modelJudge(
  spec: ModelJudgeSpec,
  runtime: EmbeddingRuntime & {
    info: { name: string; pooling: string; onnxPath: string; manifest?: { threshold?: number; spellingCheckThreshold?: number } };
    threads: number;
    release(): Promise<void>;
  },
  cacheOption: ModelOptions['cache'],
): Promise<LoadedJudge> {
  const [{ createEmbeddingJudge }, { MemoryEmbeddingCache }, { withSpellingCheckIf }, { fileEmbeddingCache }, { embeddingCacheDir }] = await Promise.all([
    import('../core/embed/embedding-judge.ts'),
    import('../core/embed/cache.ts'),
    import('../core/spelling/spelling-judge.ts'),
    import('./embedding-cache-file.ts'),
    import('./cache-dir.ts'),
  ]);
  let resolved;
  try {
    resolved = resolveThreshold(spec, { manifestThreshold: manifestThresholdFor(runtime.info.manifest, spec) });
  } catch (err) {
    await runtime.release();
    if (err instanceof JudgeSpecError) throw new UsageError(`--judge model:${spec.model}: the model has no manifest threshold; give --threshold`);
    throw err;
  }
  const cacheDir = cacheOption === false ? undefined : (cacheOption ?? embeddingCacheDir());
  const fileCache = cacheDir === undefined ? undefined : fileEmbeddingCache(cacheDir);
  const cache: EmbeddingCache = fileCache ?? new MemoryEmbeddingCache();
  const embedding = createEmbeddingJudge(runtime, { threshold: resolved.threshold, cache });
  return {
    spec,
    judge: withSpellingCheckIf(usesSpellingCheck(spec), embedding),
    threshold: resolved.threshold,
    thresholdFrom: resolved.thresholdFrom,
    info: { model: runtime.info.name, threshold: resolved.threshold, pooling: runtime.info.pooling },
    stats: () => ({ ...embedding.stats }),
    // Cache figures depend on earlier runs: they belong here, not among the results.
    environment: async () => ({
      graph: runtime.info.onnxPath,
      threads: runtime.threads,
      embedding_cache: fileCache ? { folder: cacheDir, read: fileCache.stats.loaded, added: fileCache.stats.added } : 'off',
      embedding: { ...embedding.stats },
    }),
    release: async () => {
      const failed = await fileCache?.flush();
      if (failed) process.stderr.write(`warning: the embedding cache in ${cacheDir} was not written (${failed.message}); the next run embeds these texts again\n`);
      await runtime.release();
    },
  };
}

/**
 * `--judge exact | labels:FILE | model:DIR | model:default | llm:URL[#MODEL]` as text (default: the embedded model
 * when present, else exact) with an optional threshold: the older entry point, kept for judge-eval.
 */
export async function loadJudge(
  spec: string | undefined,
  threshold: number | undefined,
  { spelling, ...options }: JudgeLoadOptions & { spelling?: string } = {},
): Promise<LoadedJudge> {
  return loadJudgeSpec(judgeSpecFromFlags(spec, threshold === undefined ? undefined : String(threshold), spelling), options);
}
