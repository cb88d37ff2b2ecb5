/// <reference lib="webworker" />
/**
 * The embedding worker: onnxruntime-web exposed over comlink, for the classroom and for a run's model (started by
 * the evaluation worker, run.worker.ts). Terminating the worker is how a load or a run is cancelled.
 */
import * as Comlink from 'comlink';
import { createEmbeddingWorkerApi } from './embedding-worker-api.ts';
import { webOrtEnv } from './ort-web.ts';

const api = createEmbeddingWorkerApi(webOrtEnv);

Comlink.expose({
  load: api.load,
  release: api.release,
  async embed(texts: string[]) {
    const result = await api.embed(texts);
    return Comlink.transfer(result, [result.flat.buffer]);
  },
});
