/** The main-thread side of the segmentation worker: a core Segmenter backed by jieba-wasm in a worker. */
import type { Segmenter } from '../core/segment/segmenter.ts';
import type { SegmentWorkerApi } from './segment-worker-api.ts';
import { jiebaSegmenterId } from './segment-worker-api.ts';
import type { WorkerLike } from './worker-handle.ts';
import { createWorkerHandle } from './worker-handle.ts';

export interface WorkerSegmenterOptions {
  /** jieba's HMM for unknown words; default false (as the CLI). */
  hmm?: boolean;
  /** Texts per message to the worker; default 2000. */
  chunkSize?: number;
  /** Makes the worker; tests pass a fake. Default: the bundled segment.worker.ts. */
  createWorker?: () => WorkerLike;
}

export interface WorkerSegmenter extends Segmenter {
  /** Resolves once jieba-wasm is initialised in the worker (segmentBatch waits for it anyway). */
  ready(): Promise<void>;
  /** Terminates the worker; pending and later calls reject. */
  dispose(): void;
}

export function defaultSegmentWorker(): Worker {
  return new Worker(new URL('./segment.worker.ts', import.meta.url), { type: 'module', name: 'csc-segmenter' });
}

export function createWorkerSegmenter(options: WorkerSegmenterOptions = {}): WorkerSegmenter {
  const hmm = options.hmm ?? false;
  const chunkSize = options.chunkSize ?? 2000;
  const handle = createWorkerHandle<SegmentWorkerApi>((options.createWorker ?? defaultSegmentWorker)());
  return {
    id: jiebaSegmenterId(__JIEBA_WASM_VERSION__, hmm),
    ready: () => handle.call((r) => r.ready()),
    async segmentBatch(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += chunkSize) {
        const chunk = texts.slice(i, i + chunkSize);
        out.push(...(await handle.call((r) => r.segmentBatch(chunk, hmm))));
      }
      return out;
    },
    dispose: () => handle.terminate(),
  };
}
