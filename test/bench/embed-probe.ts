/**
 * One embedding measurement in a process of its own (encoders.ts runs it), so that only one onnxruntime session
 * and its thread pool exist at a time: `ours` embeds the texts through the CLI's model thread (loadModelInThread,
 * as `eval` does); `alone` runs onnxruntime-node's session on the same batches (planned and tokenized before the
 * clock starts). Prints the milliseconds of the embedding alone.
 *   node --import tsx test/bench/embed-probe.ts ours|alone FOLDER GRAPH THREADS TEXTS.json
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { loadModelInThread } from '../../src/cli/threaded-model.ts';
import { planBatches } from '../../src/core/embed/batching.ts';
import { buildFeeds } from '../../src/core/embed/onnx-io.ts';
import { DEFAULT_BATCH_SIZE, DEFAULT_BATCH_TOKENS } from '../../src/core/embed/onnx-runtime.ts';
import { createBatchEncoder } from '../../src/core/embed/tokenize.ts';

const [mode, folder, graph, threadsText, textsFile] = process.argv.slice(2) as [string, string, string, string, string];
const threads = Number(threadsText);
const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as string[];

if (mode === 'ours') {
  const runtime = await loadModelInThread(folder, { graph, threads });
  const t0 = performance.now();
  await runtime.embed(texts);
  console.log(performance.now() - t0);
  await runtime.release();
} else {
  const session = await ort.InferenceSession.create(path.join(folder, graph), { executionProviders: ['cpu'], intraOpNumThreads: threads });
  const encoder = createBatchEncoder(JSON.parse(readFileSync(path.join(folder, 'tokenizer.json'), 'utf8')), undefined, 512);
  const plan = planBatches(texts, { texts: DEFAULT_BATCH_SIZE, tokens: DEFAULT_BATCH_TOKENS });
  const feeds = plan.batches.map((b) =>
    buildFeeds(encoder.encodeBatch(b.map((i) => plan.unique[i]!)), session.inputNames, (data, dims) => new ort.Tensor('int64', data, dims)),
  );
  const t0 = performance.now();
  for (const f of feeds) await session.run(f);
  console.log(performance.now() - t0);
  await session.release();
}
