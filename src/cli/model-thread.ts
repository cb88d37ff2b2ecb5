/**
 * A model judge's runtime on a worker thread: the CLI loads the model here (tokenizer, onnxruntime session: most
 * of a second of work) while the main thread reads the files, scores the profiles, segments and extracts; then it
 * embeds batches of texts sent to it; the main thread terminates it at the end. Messages: in {embed, id, texts};
 * out {loaded, …} | {failed, usage, message} | {embedded, id, flat} | {embedFailed, id, message}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { flattenVectors } from '../core/embed/flat-vectors.ts';
import { loadOnnxNodeRuntime, type OnnxNodeRuntimeOptions } from './onnx-node-runtime.ts';
import { UsageError } from './usage-error.ts';

export interface ModelThreadData {
  folder: string;
  options: OnnxNodeRuntimeOptions;
}

const port = parentPort!;
const { folder, options } = workerData as ModelThreadData;

try {
  const runtime = await loadOnnxNodeRuntime(folder, options);
  const { tokenizerJson: _json, tokenizerConfig: _config, ...info } = runtime.info;
  port.postMessage({ type: 'loaded', modelId: runtime.modelId, hash: runtime.hash, dimension: runtime.dimension, folder: runtime.folder, threads: runtime.threads, info });
  port.on('message', (message: { type: 'embed'; id: number; texts: string[] }) => {
    runtime.embed(message.texts).then(
      (vectors) => {
        const flat = flattenVectors(vectors, runtime.dimension);
        port.postMessage({ type: 'embedded', id: message.id, flat }, [flat.buffer]);
      },
      (err: unknown) => port.postMessage({ type: 'embedFailed', id: message.id, message: err instanceof Error ? err.message : String(err) }),
    );
  });
} catch (err) {
  port.postMessage({ type: 'failed', usage: err instanceof UsageError, message: err instanceof Error ? err.message : String(err) });
  port.close();
}
