/**
 * Eval-GCSC in the page: jieba-wasm and the embedding model run in workers (src/workers); embeddings are cached in
 * IndexedDB. A loaded model is kept for the next run until another model is asked for.
 */
import { createEmbeddingJudge } from '../../core/embed/embedding-judge.ts';
import { exactJudge } from '../../core/gcsc/judge.ts';
import { labelsJudgeFromSettings } from '../annotate/annotation.ts';
import type { ModelManifest } from '../../core/embed/types.ts';
import { IdbEmbeddingCache } from '../../db/embedding-cache.ts';
import type { Repository } from '../../db/repository.ts';
import type { JudgeSettings } from '../../db/types.ts';
import { listSiteModels, type SiteModel } from '../../platform/site-models.ts';
import { createWorkerEmbeddingRuntime, type ModelSource, type WorkerEmbeddingRuntime } from '../../workers/embedding-client.ts';
import { createWorkerSegmenter, type WorkerSegmenter } from '../../workers/segmenter-client.ts';
import type { GcscPlatform, LoadedJudge } from '../run/run-executor.ts';

export const SITE_PREFIX = 'site:';

/** Whether a folder's files only hold the int8 graph: then it is the one to load. */
export function prefersQuantized(paths: readonly string[]): boolean {
  return !paths.includes('onnx/model.onnx') && paths.includes('onnx/model_quantized.onnx');
}

export class BrowserPlatform implements GcscPlatform {
  private segmenterInstance: WorkerSegmenter | undefined;
  private runtime: { key: string; runtime: WorkerEmbeddingRuntime } | undefined;
  private siteModels: Promise<SiteModel[]> | undefined;

  constructor(private readonly repo: Repository) {}

  listSiteModels(): Promise<SiteModel[]> {
    this.siteModels ??= listSiteModels().catch(() => []);
    return this.siteModels;
  }

  async segmenter(): Promise<WorkerSegmenter> {
    this.segmenterInstance ??= createWorkerSegmenter();
    await this.segmenterInstance.ready();
    return this.segmenterInstance;
  }

  async judge(settings: JudgeSettings, onProgress: Parameters<GcscPlatform['judge']>[1], signal: AbortSignal): Promise<LoadedJudge> {
    if (settings.kind === 'exact') return { judge: exactJudge, info: {}, release: async () => {} };
    if (settings.kind === 'labels') return { ...labelsJudgeFromSettings(settings), release: async () => {} };
    const modelId = settings.modelId;
    if (!modelId) throw new Error('choose a model for the embedding judge');
    const runtime = await this.loadRuntime(modelId, onProgress, signal);
    const threshold = settings.threshold ?? runtime.info.manifest?.threshold;
    if (threshold === undefined) throw new Error(`the model ${runtime.info.name} has no manifest threshold: enter one`);
    const cache = new IdbEmbeddingCache(this.repo.db);
    const judge = createEmbeddingJudge(runtime, { threshold, cache });
    return {
      judge,
      info: { model: runtime.info.name, threshold, pooling: runtime.info.pooling },
      details: () => ({
        backend: runtime.backend,
        threads: runtime.info.threads,
        fallbackReason: runtime.info.fallbackReason,
        ortVersion: runtime.info.ortVersion,
        loadTimings: runtime.info.timings,
        embedding: judge.stats,
      }),
      release: () => cache.flush(),
    };
  }

  /** The manifest of a site or dropped model, for the threshold field. */
  async manifestOf(modelId: string): Promise<ModelManifest | undefined> {
    if (modelId.startsWith(SITE_PREFIX)) {
      const name = modelId.slice(SITE_PREFIX.length);
      return (await this.listSiteModels()).find((m) => m.name === name)?.manifest;
    }
    return (await this.repo.getModel(modelId))?.manifest;
  }

  private async loadRuntime(modelId: string, onProgress: Parameters<GcscPlatform['judge']>[1], signal: AbortSignal): Promise<WorkerEmbeddingRuntime> {
    if (this.runtime?.key === modelId) return this.runtime.runtime;
    this.runtime?.runtime.dispose();
    this.runtime = undefined;
    let source: ModelSource;
    let paths: string[];
    if (modelId.startsWith(SITE_PREFIX)) {
      const name = modelId.slice(SITE_PREFIX.length);
      const site = (await this.listSiteModels()).find((m) => m.name === name);
      if (!site) throw new Error(`the site has no model "${name}"`);
      source = site.url;
      paths = site.manifest.files.map((f) => f.path);
    } else {
      const record = await this.repo.getModel(modelId);
      if (!record) throw new Error('the model was deleted');
      source = { kind: 'files', files: new Map(record.files.map((f) => [f.path, f.blob])), name: record.name };
      paths = record.files.map((f) => f.path);
    }
    const runtime = await createWorkerEmbeddingRuntime(source, { signal, quantized: prefersQuantized(paths), threads: 'auto' }, (p) =>
      onProgress({ phase: 'load', done: p.overallLoadedBytes ?? 0, total: p.overallTotalBytes ?? 0, label: p.message }),
    );
    this.runtime = { key: modelId, runtime };
    return runtime;
  }

  dispose(): void {
    this.segmenterInstance?.dispose();
    this.runtime?.runtime.dispose();
  }
}
