/// <reference lib="webworker" />
/**
 * onnxruntime-web alone, for `npm run bench:app`: a session on the given graph and backend with the given threads,
 * run on batches tokenized beforehand (by the page, with the runtime's own encoder and batch plan). Posts the
 * milliseconds of the runs alone. Built only in test builds (the worker harness).
 */
import { buildFeeds } from '../../../src/core/embed/onnx-io.ts';
import type { EncodedBatch } from '../../../src/core/embed/tokenize.ts';
import { embeddingFetches } from '../../../src/core/embed/onnx-io.ts';
import { webOrtEnv } from '../../../src/workers/ort-web.ts';

interface Request {
  graphUrl: string;
  backend: 'wasm' | 'webgpu';
  threads: number;
  batches: EncodedBatch[];
}

self.onmessage = async (event: MessageEvent<Request>) => {
  const { graphUrl, backend, threads, batches } = event.data;
  try {
    const { ort } = await webOrtEnv.loadOrt(backend, Math.min(threads, webOrtEnv.maxThreads()));
    const bytes = new Uint8Array(await (await fetch(graphUrl)).arrayBuffer());
    const session = await ort.InferenceSession.create(bytes, { executionProviders: [backend], graphOptimizationLevel: 'all' });
    const feeds = batches.map((b) => buildFeeds(b, session.inputNames, (data, dims) => new ort.Tensor('int64', data, dims)));
    const fetches = embeddingFetches(session.outputNames);
    await session.run(feeds[0]!, fetches); // warm-up, as the runtime's load does
    const t0 = performance.now();
    for (const f of feeds) await session.run(f, fetches);
    self.postMessage({ ms: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ error: (e as Error).message });
  }
};
