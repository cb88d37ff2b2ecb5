/**
 * The main thread's side of model-thread.ts: an EmbeddingRuntime whose model loads and runs on a worker thread.
 * From the bundle the thread is build/cli/model-thread.js; from the sources, model-thread.ts through tsx.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { vectorRows } from '../core/embed/flat-vectors.ts';
import type { ModelFolderInfo } from '../core/embed/model-folder.ts';
import type { EmbeddingRuntime } from '../core/embed/types.ts';
import type { ModelThreadData } from './model-thread.ts';
import type { OnnxNodeRuntimeOptions } from './onnx-node-runtime.ts';
import { packageRoot } from './package-root.ts';
import { UsageError } from './usage-error.ts';

export interface ThreadedRuntime extends EmbeddingRuntime {
  readonly folder: string;
  /** What the folder says (the tokenizer's contents stay on the thread). */
  readonly info: Omit<ModelFolderInfo, 'tokenizerJson' | 'tokenizerConfig'>;
  /** onnxruntime's intra-op threads on the model thread. */
  readonly threads: number;
  release(): Promise<void>;
}

/** False only from the sources on a Node without import.meta.resolve (before 20.6): the model then loads in-thread. */
export function canUseModelThread(): boolean {
  return !import.meta.url.endsWith('.ts') || typeof import.meta.resolve === 'function';
}

/** The bundled thread, or (running from the sources) a one-line script that registers tsx and imports the .ts. */
function startThread(data: ModelThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(pathToFileURL(path.join(packageRoot(import.meta.url), 'build/cli/model-thread.js')), { workerData: data });
  }
  // Workers do not inherit the loader hooks the parent registered, so tsx is registered again inside.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./model-thread.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${entry}); });`, { eval: true, workerData: data });
}

/** Starts the thread; resolves once the model is loaded (rejects with the loader's error, a UsageError for the folder). */
export function loadModelInThread(folder: string, options: OnnxNodeRuntimeOptions = {}): Promise<ThreadedRuntime> {
  const worker = startThread({ folder, options });
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let dimension = 0;
  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  return new Promise<ThreadedRuntime>((resolve, reject) => {
    worker.on('error', (err) => {
      fail(err);
      reject(err);
    });
    worker.on('exit', () => {
      fail(new Error('the model thread ended'));
      reject(failure);
    });
    worker.on('message', (m: Record<string, unknown>) => {
      if (m['type'] === 'failed') {
        const err = m['usage'] ? new UsageError(String(m['message'])) : new Error(String(m['message']));
        fail(err);
        reject(err);
      } else if (m['type'] === 'loaded') {
        dimension = m['dimension'] as number;
        resolve({
          modelId: m['modelId'] as string,
          hash: m['hash'] as string,
          dimension,
          folder: m['folder'] as string,
          threads: m['threads'] as number,
          info: m['info'] as ThreadedRuntime['info'],
          embed(texts) {
            if (failure) return Promise.reject(failure);
            const id = nextId++;
            return new Promise<Float32Array[]>((res, rej) => {
              pending.set(id, { resolve: res, reject: rej });
              worker.postMessage({ type: 'embed', id, texts: [...texts] });
            });
          },
          // The process is about to end: the thread (and its session) go at once.
          release: () => worker.terminate().then(() => undefined),
        });
      } else if (m['type'] === 'embedded' || m['type'] === 'embedFailed') {
        const id = m['id'] as number;
        const p = pending.get(id);
        pending.delete(id);
        if (m['type'] === 'embedFailed') p?.reject(new Error(String(m['message'])));
        else p?.resolve(vectorRows(m['flat'] as Float32Array, dimension));
      }
    });
  });
}
