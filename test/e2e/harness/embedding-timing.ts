/**
 * For `npm run bench:app`: the page's embedding (a model worker, as a run's) and onnxruntime-web alone (a worker
 * of its own) on the same texts, batches, graph, backend and threads, each timed on its runs alone.
 */
import { planBatches } from '../../../src/core/embed/batching.ts';
import { DEFAULT_BATCH_SIZE, DEFAULT_BATCH_TOKENS } from '../../../src/core/embed/onnx-runtime.ts';
import { createBatchEncoder } from '../../../src/core/embed/tokenize.ts';
import { createWorkerEmbeddingRuntime } from '../../../src/workers/embedding-client.ts';

export interface TimingOptions {
  backend: 'wasm' | 'webgpu';
  threads: number;
  onnxFile: string;
}

/** The page's model worker: load (untimed), then embed every text; milliseconds of the embedding. */
export async function timePageEmbedding(modelUrl: string, texts: string[], options: TimingOptions): Promise<{ ms: number; backend: string; threads: number }> {
  const runtime = await createWorkerEmbeddingRuntime(modelUrl, options);
  try {
    const t0 = performance.now();
    await runtime.embed(texts);
    return { ms: performance.now() - t0, backend: runtime.backend, threads: runtime.info.threads };
  } finally {
    runtime.dispose();
  }
}

/** onnxruntime-web alone on the batches the runtime would make of these texts. */
export async function timeOrtAlone(modelUrl: string, texts: string[], options: TimingOptions): Promise<number> {
  const tokenizer = (await (await fetch(new URL('tokenizer.json', modelUrl))).json()) as object;
  const encoder = createBatchEncoder(tokenizer, undefined, 512);
  const plan = planBatches(texts, { texts: DEFAULT_BATCH_SIZE, tokens: DEFAULT_BATCH_TOKENS });
  const batches = plan.batches.map((b) => encoder.encodeBatch(b.map((i) => plan.unique[i]!)));
  const worker = new Worker(new URL('./ort-alone.worker.ts', import.meta.url), { type: 'module' });
  try {
    const answer = await new Promise<{ ms?: number; error?: string }>((resolve) => {
      worker.onmessage = (e: MessageEvent<{ ms?: number; error?: string }>) => resolve(e.data);
      worker.postMessage({ graphUrl: new URL(options.onnxFile, modelUrl).href, backend: options.backend, threads: options.threads, batches });
    });
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.ms!;
  } finally {
    worker.terminate();
  }
}
