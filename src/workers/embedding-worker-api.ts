/**
 * What the embedding worker does, with onnxruntime injected: the worker passes onnxruntime-web (wasm or webgpu
 * build), the Node tests onnxruntime-node. No metric logic here: it turns texts into vectors.
 */
import type { SessionLike, TensorLike } from '../core/embed/onnx-io.ts';
import { flattenVectors } from '../core/embed/flat-vectors.ts';
import { createOnnxEmbeddingRuntime, probeDimension } from '../core/embed/onnx-runtime.ts';
import { dimensionProblem } from '../core/embed/model-folder.ts';
import { createBatchEncoder, type BatchEncoder } from '../core/embed/tokenize.ts';
import type { EmbeddingRuntime, ModelManifest, Pooling } from '../core/embed/types.ts';
import type { LoadPhase, ModelLoadProgress, ModelSourceSpec } from './model-source.ts';
import { filesModelSource, loadModelFiles, urlModelSource } from './model-source.ts';

export type BackendChoice = 'auto' | 'webgpu' | 'wasm';
export type Backend = 'webgpu' | 'wasm';
export type { LoadPhase, ModelLoadProgress, ModelSourceSpec };

/** The slice of an onnxruntime module (web or node) the worker uses. */
export interface OrtModule {
  InferenceSession: {
    create(model: Uint8Array, options?: Record<string, unknown>): Promise<OrtSession>;
  };
  Tensor: new (type: 'int64', data: BigInt64Array, dims: readonly number[]) => unknown;
}

export interface OrtSession extends SessionLike<unknown> {
  run(feeds: Record<string, unknown>, fetches: string[]): Promise<Record<string, TensorLike>>;
  release(): Promise<void>;
}

export interface EmbeddingWorkerEnv {
  /** Loads onnxruntime for a backend and configures it (wasm paths, threads); called once per backend tried. */
  loadOrt(backend: Backend, threads: number): Promise<{ ort: OrtModule; version: string }>;
  /** Whether a WebGPU adapter is available (navigator.gpu.requestAdapter()). */
  hasWebGpu(): Promise<boolean>;
  /** Threads the environment allows: 1 unless crossOriginIsolated. */
  maxThreads(): number;
}

export interface LoadRequest {
  source: ModelSourceSpec;
  backend?: BackendChoice;
  /** WASM threads: a number, or 'auto' (every core: hardwareConcurrency); only used when crossOriginIsolated. Default 1. */
  threads?: number | 'auto';
  quantized?: boolean;
  onnxFile?: string;
  /** Texts per session.run; default 32. */
  batchSize?: number;
}

export interface LoadedModel {
  modelId: string;
  hash: string;
  dimension: number;
  backend: Backend;
  /** Why 'auto' did not end on WebGPU, when it tried it. */
  fallbackReason?: string;
  threads: number;
  ortVersion: string;
  name: string;
  pooling: Pooling;
  maxLength: number;
  onnxPath: string;
  manifest?: ModelManifest;
  verified: string[];
  inputNames: string[];
  /** Milliseconds per phase. */
  timings: Partial<Record<LoadPhase, number>>;
}

export interface EmbedResult {
  /** Row-major [count, dimension]. */
  flat: Float32Array;
  count: number;
  dimension: number;
}

export interface EmbeddingWorkerApi {
  load(request: LoadRequest, onProgress?: (p: ModelLoadProgress) => void): Promise<LoadedModel>;
  embed(texts: string[]): Promise<EmbedResult>;
  release(): Promise<void>;
}

const WARM_UP_TEXT = '热身';

/** The API, plus the loaded runtime for a caller in the same thread (the evaluation worker judges in-thread). */
export interface InThreadEmbeddingApi extends EmbeddingWorkerApi {
  runtime(): EmbeddingRuntime | undefined;
}

export function createEmbeddingWorkerApi(env: EmbeddingWorkerEnv): InThreadEmbeddingApi {
  let runtime: EmbeddingRuntime | undefined;
  let session: OrtSession | undefined;

  async function load(request: LoadRequest, onProgress: (p: ModelLoadProgress) => void = () => undefined): Promise<LoadedModel> {
    if (runtime) throw new Error('this worker already holds a model: start another worker');
    const timings: Partial<Record<LoadPhase, number>> = {};
    let phase: LoadPhase | undefined;
    let phaseStart = performance.now();
    const report = (p: ModelLoadProgress) => {
      if (p.phase !== phase) {
        const now = performance.now();
        if (phase) timings[phase] = (timings[phase] ?? 0) + (now - phaseStart);
        phase = p.phase;
        phaseStart = now;
      }
      onProgress(p);
    };

    const source =
      request.source.kind === 'url' ? urlModelSource(request.source.url) : filesModelSource(request.source.files, request.source.name);
    const files = await loadModelFiles(
      source,
      { ...(request.quantized ? { quantized: true } : {}), ...(request.onnxFile ? { onnxFile: request.onnxFile } : {}) },
      report,
    );
    const { info } = files;

    const threads = chooseThreads(request.threads, env.maxThreads());
    const choice = request.backend ?? 'auto';
    const candidates: Backend[] = choice === 'auto' ? ((await env.hasWebGpu()) ? ['webgpu', 'wasm'] : ['wasm']) : [choice];
    const createSession = async (backend: Backend) => {
      const { ort, version } = await env.loadOrt(backend, threads);
      const created = await ort.InferenceSession.create(files.onnxBytes, { executionProviders: [backend], graphOptimizationLevel: 'all' });
      return { ort, version, created };
    };
    const compiling = (backend: Backend) =>
      report({ phase: 'compile', backend, message: `Compiling the model for ${backend === 'webgpu' ? 'WebGPU' : 'WebAssembly'}` });
    // The first backend's session starts before the tokenizer is built: its WebAssembly downloads and compiles on
    // the browser's threads while this one builds the tokenizer (0.3-0.8 s for the default model's 85,000 pieces).
    compiling(candidates[0]!);
    const early = createSession(candidates[0]!);
    early.catch(() => undefined); // handled in the loop below
    let encoder: BatchEncoder;
    try {
      encoder = createBatchEncoder(info.tokenizerJson, info.tokenizerConfig, info.maxLength);
    } catch (e) {
      void early.then(({ created }) => created.release()).catch(() => undefined);
      throw e;
    }
    let fallbackReason: string | undefined;
    for (const backend of candidates) {
      try {
        const first = backend === candidates[0];
        if (!first) compiling(backend);
        const { ort, version, created } = await (first ? early : createSession(backend));
        const common = {
          session: created,
          makeInt64Tensor: (data: BigInt64Array, dims: [number, number]) => new ort.Tensor('int64', data, dims),
          encoder,
          pooling: info.pooling,
          modelId: files.modelId,
          hash: files.hash,
          ...(request.batchSize ? { batchSize: request.batchSize } : {}),
        };
        report({ phase: 'warm-up', backend, message: 'Warming up' });
        let dimension: number;
        try {
          dimension = await probeDimension(common);
          const problem = dimensionProblem(info, dimension);
          if (problem) throw new Error(problem);
          await createOnnxEmbeddingRuntime({ ...common, dimension }).embed([WARM_UP_TEXT]);
        } catch (e) {
          await created.release().catch(() => undefined);
          throw e;
        }
        session = created;
        runtime = createOnnxEmbeddingRuntime({ ...common, dimension });
        report({ phase: 'ready', backend, message: `Ready on ${backend === 'webgpu' ? 'WebGPU' : 'WebAssembly'}` });
        const loaded: LoadedModel = {
          modelId: files.modelId,
          hash: files.hash,
          dimension,
          backend,
          threads: backend === 'wasm' ? threads : 1,
          ortVersion: version,
          name: info.name,
          pooling: info.pooling,
          maxLength: info.maxLength,
          onnxPath: info.onnxPath,
          verified: files.verified,
          inputNames: [...created.inputNames],
          timings,
        };
        if (info.manifest) loaded.manifest = info.manifest;
        if (fallbackReason) loaded.fallbackReason = fallbackReason;
        return loaded;
      } catch (e) {
        if (backend === candidates[candidates.length - 1]) throw e;
        fallbackReason = `WebGPU failed: ${(e as Error).message}`;
      }
    }
    throw new Error('no backend to try'); // unreachable: candidates is never empty
  }

  return {
    load,
    runtime: () => runtime,
    async embed(texts) {
      if (!runtime) throw new Error('no model is loaded in this worker');
      const vectors = await runtime.embed(texts);
      return { flat: flattenVectors(vectors, runtime.dimension), count: vectors.length, dimension: runtime.dimension };
    },
    async release() {
      runtime = undefined;
      const s = session;
      session = undefined;
      await s?.release();
    },
  };
}

/**
 * One thread unless the page is cross-origin isolated and more were asked for. 'auto' is every core: while a run
 * is the page's only work, judging is most of a model run and scales with threads (docs/bench.md).
 */
export function chooseThreads(requested: number | 'auto' | undefined, maxThreads: number): number {
  if (maxThreads <= 1 || requested === undefined) return 1;
  const wanted = requested === 'auto' ? maxThreads : requested;
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`threads must be a positive integer or 'auto', got ${requested}`);
  return Math.min(wanted, maxThreads);
}
