/// <reference lib="webworker" />
/**
 * The evaluation worker: a whole run off the main thread. It holds jieba-wasm, the model (on a worker of its own,
 * kept for the next run with the same model) and the embedding cache (IndexedDB, opened here), and runs the core's
 * evaluate().
 */
import * as Comlink from 'comlink';
import init, { cut } from 'jieba-wasm/web';
import jiebaWasm from 'jieba-wasm/web/jieba_rs_wasm_bg.wasm?url';
import { boundariesFromWords, type Segmenter } from '../core/segment/segmenter.ts';
import { IdbEmbeddingCache } from '../db/embedding-cache.ts';
import { Repository } from '../db/repository.ts';
import { CscStudioDb } from '../db/schema.ts';
import { inThreadModel, modelHolder, onModelWorker } from './model-holder.ts';
import { webOrtEnv } from './ort-web.ts';
import { createRunEnvironment, type ModelLoader } from './run-environment.ts';
import type { LoadRequest } from './embedding-worker-api.ts';
import { createRunWorkerApi, modelKey, type ModelSourceJob, type PrepareRequest } from './run-worker-api.ts';
import { scoringElsewhere } from './score-worker-api.ts';
import { jiebaSegmenterId } from './segment-worker-api.ts';

let jieba: Promise<Segmenter> | undefined;
function segmenter(): Promise<Segmenter> {
  jieba ??= init({ module_or_path: new URL(jiebaWasm, import.meta.url) }).then(() => {
    // jieba-rs builds its dictionary on first use (about a second): now, while the model downloads, not when segmenting.
    cut('', false);
    return segmenterOf(cut);
  });
  return jieba;
}

function segmenterOf(cut: (text: string, hmm: boolean) => string[]): Segmenter {
  return {
    id: jiebaSegmenterId(__JIEBA_WASM_VERSION__, false),
    segmentBatch: async (texts: readonly string[]) => texts.map((text) => boundariesFromWords(text, cut(text, false))),
  };
}

/** The model of the last run, on a worker of its own, kept until another is asked for. */
const holdModel = modelHolder(
  typeof Worker === 'function'
    ? onModelWorker(() => new Worker(new URL('./embedding.worker.ts', import.meta.url), { type: 'module', name: 'csc-model' }))
    : undefined,
  inThreadModel(webOrtEnv),
);

const loadRequest = (job: ModelSourceJob): LoadRequest => ({
  source: job.source,
  backend: 'auto',
  threads: job.threads ?? 'auto',
  quantized: job.quantized,
  ...(job.onnxFile ? { onnxFile: job.onnxFile } : {}),
});

function modelLoader(job: ModelSourceJob | undefined): ModelLoader {
  return async (spec, onProgress) => {
    if (!job) throw new Error(`no files were given for the model "${spec.model}"`);
    const { runtime, info } = await holdModel(modelKey(spec.model, job), loadRequest(job), (p) =>
      onProgress({ stage: 'load', done: p.overallLoadedBytes ?? 0, total: p.overallTotalBytes ?? 0, unitsDone: 0, unitsTotal: 0, label: p.message }),
    );
    const details: Record<string, unknown> = { backend: info.backend, threads: info.threads, graph: info.onnxPath, ortVersion: info.ortVersion, loadTimings: info.timings };
    if (info.fallbackReason) details['fallbackReason'] = info.fallbackReason;
    return { runtime, name: info.name, pooling: info.pooling, details };
  };
}

// Eval-CSC scores on a second worker while this one loads jieba (it needs this thread) and the model loads on a third.
const scoreProfiles =
  typeof Worker === 'function' ? scoringElsewhere(() => new Worker(new URL('./score.worker.ts', import.meta.url), { type: 'module', name: 'csc-score' })) : undefined;

const databases = new Map<string, Repository>();
const openRepo = (name: string) => {
  let repo = databases.get(name);
  if (!repo) databases.set(name, (repo = new Repository(new CscStudioDb(name))));
  return repo;
};

/** Before a run: the scoring worker starts, and the model loads on its worker while jieba loads here. */
async function prepare(request: PrepareRequest): Promise<void> {
  scoreProfiles?.start();
  const model = request.model ? holdModel(request.model.key, loadRequest(request.model.job), () => undefined) : undefined;
  await Promise.all([model, segmenter()]);
}

Comlink.expose(
  createRunWorkerApi(
    openRepo,
    (repo, request) =>
      createRunEnvironment({ segmenter, ...(scoreProfiles ? { scoreProfiles } : {}), loadModel: modelLoader(request.model), cache: () => new IdbEmbeddingCache(repo.db) }),
    undefined,
    undefined,
    prepare,
  ),
);
