/// <reference lib="webworker" />
/**
 * The embedding worker (the classroom's model): onnxruntime-web exposed over comlink. Terminating the worker is
 * how a load or a run is cancelled. Runs judge in the evaluation worker instead (run.worker.ts).
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
