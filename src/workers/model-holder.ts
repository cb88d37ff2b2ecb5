/**
 * The evaluation worker's embedding model, kept loaded for the next run that asks for the same one. It loads on a
 * worker of its own (as the CLI loads it on a thread): its download, tokenizer and ONNX session then do not queue
 * behind jieba's dictionary or segmentation on the evaluation worker's thread. Where that worker cannot start, the
 * model loads on the evaluation worker instead: the same vectors, without the overlap.
 */
import type { EmbeddingRuntime } from '../core/embed/types.ts';
import { createWorkerEmbeddingRuntime } from './embedding-client.ts';
import { createEmbeddingWorkerApi, type EmbeddingWorkerEnv, type LoadedModel, type LoadRequest, type ModelLoadProgress } from './embedding-worker-api.ts';
import type { WorkerLike } from './worker-handle.ts';

export interface HeldModel {
  runtime: EmbeddingRuntime;
  info: LoadedModel;
  release(): Promise<void>;
}

export type ModelStarter = (request: LoadRequest, onProgress: (p: ModelLoadProgress) => void) => Promise<HeldModel>;

/**
 * Returns `hold(key, request, onProgress)`: the model held under `key` (loaded, or still loading: a second caller
 * joins the load and hears its progress from then on), or the previous one released and this one loaded. A load
 * that fails is forgotten, so the next caller tries again and hears why.
 */
export function modelHolder(
  onWorker: ModelStarter | undefined,
  inThread: ModelStarter,
  onFallback: (reason: unknown) => void = (reason) => console.warn('csc-studio: loading the model on the evaluation worker instead', reason),
): (key: string, request: LoadRequest, onProgress: (p: ModelLoadProgress) => void) => Promise<HeldModel> {
  let held: { key: string; model: Promise<HeldModel>; listeners: Set<(p: ModelLoadProgress) => void> } | undefined;
  const load = async (request: LoadRequest, onProgress: (p: ModelLoadProgress) => void): Promise<HeldModel> => {
    if (onWorker) {
      try {
        return await onWorker(request, onProgress);
      } catch (e) {
        // Only the worker's own failure falls back; a bad model folder fails the same way on any thread.
        if (!(e instanceof Error && e.name === 'WorkerFailedError')) throw e;
        onFallback(e);
      }
    }
    return inThread(request, onProgress);
  };
  return async (key, request, onProgress) => {
    if (held?.key === key) {
      const { listeners } = held;
      listeners.add(onProgress);
      try {
        return await held.model;
      } finally {
        listeners.delete(onProgress);
      }
    }
    const previous = held;
    const listeners = new Set([onProgress]);
    const model = (async () => {
      // A previous load that failed has nothing to release.
      await previous?.model.then((m) => m.release(), () => undefined);
      return load(request, (p) => listeners.forEach((listener) => listener(p)));
    })();
    const entry = { key, model, listeners };
    held = entry;
    try {
      return await model;
    } catch (e) {
      if (held === entry) held = undefined;
      throw e;
    } finally {
      listeners.delete(onProgress);
    }
  };
}

/** Loads on a worker running the embedding worker's API (embedding.worker.ts); releasing terminates it. */
export function onModelWorker(createWorker: () => WorkerLike): ModelStarter {
  return async (request, onProgress) => {
    const runtime = await createWorkerEmbeddingRuntime(
      request.source,
      {
        ...(request.backend ? { backend: request.backend } : {}),
        ...(request.threads !== undefined ? { threads: request.threads } : {}),
        ...(request.quantized ? { quantized: true } : {}),
        ...(request.onnxFile ? { onnxFile: request.onnxFile } : {}),
        ...(request.batchSize ? { batchSize: request.batchSize } : {}),
        createWorker,
      },
      onProgress,
    );
    return { runtime, info: runtime.info, release: async () => runtime.dispose() };
  };
}

/** Loads on the calling thread. */
export function inThreadModel(env: EmbeddingWorkerEnv): ModelStarter {
  return async (request, onProgress) => {
    const api = createEmbeddingWorkerApi(env);
    const info = await api.load(request, onProgress);
    return { runtime: api.runtime()!, info, release: () => api.release() };
  };
}
