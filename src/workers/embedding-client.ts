/**
 * The main-thread side of the embedding worker: an EmbeddingRuntime whose model lives in a worker.
 *
 *   const runtime = await createWorkerEmbeddingRuntime('models/default/', { signal }, (p) => show(p));
 *   const judge = createEmbeddingJudge(runtime, { threshold: runtime.info.manifest?.threshold ?? 0.9 });
 *
 * Cancelling (options.signal while loading, the embed() signal while running) terminates the worker and rejects
 * with CancelledError. A runtime whose run was cancelled starts a new worker and loads the model again on its next
 * embed() (reporting progress to the same callback), so a cancelled evaluation can simply be restarted.
 */
import * as Comlink from 'comlink';
import { CancelledError, throwIfCancelled } from '../core/cancel.ts';
import type { CancelSignal } from '../core/cancel.ts';
import { vectorRows } from '../core/embed/flat-vectors.ts';
import type { EmbeddingRuntime } from '../core/embed/types.ts';
import type { BackendChoice, EmbeddingWorkerApi, LoadedModel, LoadRequest, ModelLoadProgress, ModelSourceSpec } from './embedding-worker-api.ts';
import type { WorkerHandle, WorkerLike } from './worker-handle.ts';
import { createWorkerHandle, WorkerTerminatedError } from './worker-handle.ts';

export type { Backend, BackendChoice, LoadedModel, LoadPhase, ModelLoadProgress } from './embedding-worker-api.ts';
export { CancelledError };

/**
 * A model folder: a URL (relative ones resolve against the page, e.g. 'models/default/'), or the files of a folder
 * the user dropped (relative path → Blob | ArrayBuffer; a common top folder is stripped).
 */
export type ModelSource =
  | string
  | URL
  | { kind: 'url'; url: string | URL }
  | { kind: 'files'; files: Map<string, Blob | ArrayBuffer | Uint8Array>; name?: string };

export interface WorkerEmbeddingOptions {
  /** 'auto' (default): WebGPU when navigator.gpu gives an adapter, else WebAssembly. */
  backend?: BackendChoice;
  /** WASM threads when the page is crossOriginIsolated: a number or 'auto'; default 1 (always 1 when not isolated). */
  threads?: number | 'auto';
  /** Use onnx/model_quantized.onnx instead of onnx/model.onnx. */
  quantized?: boolean;
  /** Any other graph in the folder; wins over `quantized`. */
  onnxFile?: string;
  /** Texts per session.run; default 32. */
  batchSize?: number;
  /** Aborting terminates the worker; the returned promise rejects with CancelledError. */
  signal?: AbortSignal;
  /** Makes the worker; tests pass a fake. Default: the bundled embedding.worker.ts. */
  createWorker?: () => WorkerLike;
  /** What a relative model URL resolves against; default document.baseURI. */
  baseUrl?: string;
}

export interface WorkerEmbeddingRuntime extends EmbeddingRuntime {
  /** The backend the model runs on. */
  readonly backend: 'webgpu' | 'wasm';
  /** What the worker loaded: name, pooling, manifest (with its threshold), verified files, timings, threads… */
  readonly info: LoadedModel;
  /** Whether the worker is currently alive (false after a cancelled run until the next embed() reloads it). */
  readonly alive: boolean;
  /** Terminates the worker; later embed() calls reject. */
  dispose(): void;
}

export function defaultEmbeddingWorker(): Worker {
  return new Worker(new URL('./embedding.worker.ts', import.meta.url), { type: 'module', name: 'csc-embedding' });
}

/** Resolves a ModelSource to what the worker receives: URLs become absolute (against the document). */
export function toSourceSpec(source: ModelSource, baseUrl?: string): ModelSourceSpec {
  if (typeof source === 'string' || source instanceof URL) return { kind: 'url', url: absoluteFolderUrl(source, baseUrl) };
  if (source.kind === 'url') return { kind: 'url', url: absoluteFolderUrl(source.url, baseUrl) };
  return source.name === undefined ? { kind: 'files', files: source.files } : { kind: 'files', files: source.files, name: source.name };
}

function absoluteFolderUrl(url: string | URL, baseUrl: string | undefined): string {
  const href = (url instanceof URL || /^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url) : new URL(url, baseUrl ?? defaultBase())).href;
  return href.endsWith('/') ? href : `${href}/`;
}

function defaultBase(): string {
  if (typeof document !== 'undefined') return document.baseURI;
  if (typeof location !== 'undefined') return location.href;
  throw new Error('a relative model URL needs a page to resolve against');
}

export async function createWorkerEmbeddingRuntime(
  modelSource: ModelSource,
  options: WorkerEmbeddingOptions = {},
  onProgress?: (progress: ModelLoadProgress) => void,
): Promise<WorkerEmbeddingRuntime> {
  const request: LoadRequest = { source: toSourceSpec(modelSource, options.baseUrl), backend: options.backend ?? 'auto' };
  if (options.threads !== undefined) request.threads = options.threads;
  if (options.quantized) request.quantized = true;
  if (options.onnxFile) request.onnxFile = options.onnxFile;
  if (options.batchSize) request.batchSize = options.batchSize;
  const makeWorker = options.createWorker ?? defaultEmbeddingWorker;

  const start = async (signal: CancelSignal | undefined, backend: LoadRequest['backend']) => {
    throwIfCancelled(signal);
    const handle = createWorkerHandle<EmbeddingWorkerApi>(makeWorker());
    // Progress travels on its own port, so it may arrive after load() resolves: 'ready' is reported here, once
    // the model is really loaded, and anything the worker sends after it is dropped.
    let done = false;
    const progress = onProgress
      ? Comlink.proxy((p: ModelLoadProgress) => {
          if (!done && p.phase !== 'ready') onProgress(p);
        })
      : undefined;
    try {
      const loaded = await handle.call((r) => r.load({ ...request, backend }, progress), signal);
      done = true;
      const where = loaded.backend === 'webgpu' ? 'WebGPU' : 'WebAssembly';
      onProgress?.({ phase: 'ready', backend: loaded.backend, message: `Ready on ${where}` });
      return { handle, loaded };
    } catch (e) {
      done = true;
      handle.terminate(e instanceof Error ? e : new Error(String(e)));
      throw e;
    }
  };

  const first = await start(options.signal, request.backend);
  let handle: WorkerHandle<EmbeddingWorkerApi> | undefined = first.handle;
  const info = first.loaded;
  let disposed = false;
  let restarting: Promise<WorkerHandle<EmbeddingWorkerApi>> | undefined;

  const live = async (signal?: CancelSignal): Promise<WorkerHandle<EmbeddingWorkerApi>> => {
    if (disposed) throw new WorkerTerminatedError('the embedding runtime was disposed');
    if (handle && !handle.terminated) return handle;
    // After a cancelled run: a fresh worker, on the backend the first load ended on, must give the same model.
    restarting ??= start(signal, info.backend).then(
      ({ handle: h, loaded }) => {
        restarting = undefined;
        if (loaded.hash !== info.hash) {
          h.terminate();
          throw new Error(`the model changed while reloading (${loaded.modelId}); load it again`);
        }
        if (disposed) h.terminate();
        handle = h;
        return h;
      },
      (e: unknown) => {
        restarting = undefined;
        throw e;
      },
    );
    return restarting;
  };

  return {
    modelId: info.modelId,
    hash: info.hash,
    dimension: info.dimension,
    backend: info.backend,
    info,
    get alive() {
      return !disposed && handle !== undefined && !handle.terminated;
    },
    async embed(texts: readonly string[], signal?: CancelSignal): Promise<Float32Array[]> {
      throwIfCancelled(signal);
      if (texts.length === 0) return [];
      const h = await live(signal);
      const result = await h.call((r) => r.embed([...texts]), signal);
      if (result.count !== texts.length || result.dimension !== info.dimension) {
        throw new Error(`the worker returned ${result.count}×${result.dimension} values for ${texts.length} texts`);
      }
      return vectorRows(result.flat, result.dimension);
    },
    dispose() {
      disposed = true;
      handle?.terminate(new WorkerTerminatedError('the embedding runtime was disposed'));
      handle = undefined;
    },
  };
}
