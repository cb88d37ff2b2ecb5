/// <reference lib="webworker" />
/**
 * The evaluation worker: a whole run off the main thread. It holds jieba-wasm, the ONNX session (kept for the
 * next run with the same model) and the embedding cache (IndexedDB, opened here), and runs the core's evaluate().
 */
import * as Comlink from 'comlink';
import init, { cut } from 'jieba-wasm/web';
import jiebaWasm from 'jieba-wasm/web/jieba_rs_wasm_bg.wasm?url';
import { boundariesFromWords, type Segmenter } from '../core/segment/segmenter.ts';
import { IdbEmbeddingCache } from '../db/embedding-cache.ts';
import { Repository } from '../db/repository.ts';
import { CscStudioDb } from '../db/schema.ts';
import { createEmbeddingWorkerApi, type InThreadEmbeddingApi, type LoadedModel as WorkerModel } from './embedding-worker-api.ts';
import { webOrtEnv } from './ort-web.ts';
import { createRunEnvironment, type ModelLoader } from './run-environment.ts';
import { createRunWorkerApi, type ModelSourceJob } from './run-worker-api.ts';
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

/** The model of the last run, kept loaded until another is asked for. */
let held: { key: string; api: InThreadEmbeddingApi; info: WorkerModel } | undefined;

function modelLoader(job: ModelSourceJob | undefined): ModelLoader {
  return async (spec, onProgress) => {
    if (!job) throw new Error(`no files were given for the model "${spec.model}"`);
    if (held?.key !== spec.model) {
      await held?.api.release();
      held = undefined;
      const api = createEmbeddingWorkerApi(webOrtEnv);
      const info = await api.load({ source: job.source, backend: 'auto', threads: 'auto', quantized: job.quantized }, (p) =>
        onProgress({ stage: 'load', done: p.overallLoadedBytes ?? 0, total: p.overallTotalBytes ?? 0, unitsDone: 0, unitsTotal: 0, label: p.message }),
      );
      held = { key: spec.model, api, info };
    }
    const { api, info } = held;
    const details: Record<string, unknown> = { backend: info.backend, threads: info.threads, ortVersion: info.ortVersion, loadTimings: info.timings };
    if (info.fallbackReason) details['fallbackReason'] = info.fallbackReason;
    return { runtime: api.runtime()!, name: info.name, pooling: info.pooling, details };
  };
}

// Eval-CSC scores on a second worker while this one loads jieba and the model (both need this thread).
const scoreProfiles =
  typeof Worker === 'function' ? scoringElsewhere(() => new Worker(new URL('./score.worker.ts', import.meta.url), { type: 'module', name: 'csc-score' })) : undefined;

const databases = new Map<string, Repository>();
const openRepo = (name: string) => {
  let repo = databases.get(name);
  if (!repo) databases.set(name, (repo = new Repository(new CscStudioDb(name))));
  return repo;
};

Comlink.expose(
  createRunWorkerApi(openRepo, (repo, request) =>
    createRunEnvironment({ segmenter, ...(scoreProfiles ? { scoreProfiles } : {}), loadModel: modelLoader(request.model), cache: () => new IdbEmbeddingCache(repo.db) }),
  ),
);
