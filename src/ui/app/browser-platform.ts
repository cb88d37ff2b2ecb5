/**
 * What the page runs on. Runs go to the evaluation worker (src/workers/run.worker.ts), which holds jieba-wasm,
 * the model and the embedding cache; this class only tells it where a run's model files are. The classroom's
 * one-sentence walk keeps its own segmenter and embedding workers (segmenter(), modelJudge()).
 */
import { createEmbeddingJudge } from '../../core/embed/embedding-judge.ts';
import { chooseGraph } from '../../core/embed/graph-choice.ts';
import { manifestThresholdFor } from '../../core/judge-spec.ts';
import { withSpellingCheckIf } from '../../core/spelling/spelling-judge.ts';
import type { ModelManifest } from '../../core/embed/types.ts';
import type { Judge } from '../../core/gcsc/judge.ts';
import { IdbEmbeddingCache } from '../../db/embedding-cache.ts';
import type { Repository } from '../../db/repository.ts';
import type { RunJudge } from '../../db/types.ts';
import { listSiteModels, type SiteModel } from '../../platform/site-models.ts';
import { createWorkerEmbeddingRuntime, toSourceSpec, type WorkerEmbeddingRuntime } from '../../workers/embedding-client.ts';
import { createWorkerRunner, type RunnerHooks, type RunRunner } from '../../workers/run-client.ts';
import type { TypoCheckResult } from '../../core/meta/typo-check.ts';
import type { ModelSourceJob } from '../../workers/run-worker-api.ts';
import { createWorkerSegmenter, type WorkerSegmenter } from '../../workers/segmenter-client.ts';
import { readThreadsSetting, writeThreadsSetting, type ThreadsSetting } from '../run/model-threads.ts';

export const SITE_PREFIX = 'site:';

export class BrowserPlatform implements RunRunner {
  readonly where = 'worker' as const;
  private segmenterInstance: WorkerSegmenter | undefined;
  private classroomRuntime: { key: string; runtime: WorkerEmbeddingRuntime } | undefined;
  private siteModels: Promise<SiteModel[]> | undefined;
  private readonly runner: RunRunner;
  /** The model's WASM threads (model-threads.ts), for the next model load. */
  threads: ThreadsSetting = readThreadsSetting();

  constructor(private readonly repo: Repository) {
    this.runner = createWorkerRunner({ modelFor: (judge) => this.modelSource(judge) });
  }

  run(repo: Repository, runId: string, hooks?: RunnerHooks): Promise<void> {
    return this.runner.run(repo, runId, hooks);
  }

  prepare(judge: RunJudge): Promise<void> {
    return this.runner.prepare!(judge);
  }

  typoCheck(repo: Repository, datasetId: string, judge: RunJudge): Promise<TypoCheckResult> {
    return this.runner.typoCheck(repo, datasetId, judge);
  }

  /** The judge the Run tab starts with: the site's default model (none listed: exact match). */
  async defaultJudge(): Promise<RunJudge> {
    const def = (await this.listSiteModels()).find((m) => m.default);
    return def ? { spec: { kind: 'model', model: `${SITE_PREFIX}${def.name}` } } : { spec: { kind: 'exact' } };
  }

  listSiteModels(): Promise<SiteModel[]> {
    this.siteModels ??= listSiteModels().catch(() => []);
    return this.siteModels;
  }

  /** The manifest of a site or dropped model, for the threshold field. */
  async manifestOf(modelId: string): Promise<ModelManifest | undefined> {
    if (modelId.startsWith(SITE_PREFIX)) {
      const name = modelId.slice(SITE_PREFIX.length);
      return (await this.listSiteModels()).find((m) => m.name === name)?.manifest;
    }
    return (await this.repo.getModel(modelId))?.manifest;
  }

  setThreads(threads: ThreadsSetting): void {
    this.threads = threads;
    writeThreadsSetting(threads);
  }

  /** The paths of a site or dropped model's files (its graphs among them), for the graph choice. */
  async modelPaths(modelId: string): Promise<string[]> {
    if (modelId.startsWith(SITE_PREFIX)) return (await this.manifestOf(modelId))?.files.map((f) => f.path) ?? [];
    return (await this.repo.getModel(modelId))?.files.map((f) => f.path) ?? [];
  }

  /** Where a run's model is (the site's folder URL, or a dropped folder's stored files), its graph and threads. */
  private async modelSource(judge: RunJudge): Promise<ModelSourceJob | undefined> {
    if (judge.spec.kind !== 'model') return undefined;
    const id = judge.spec.model;
    const graph = (paths: string[]) => ({ quantized: false, onnxFile: chooseGraph(paths, judge.graph), threads: this.threads });
    if (id.startsWith(SITE_PREFIX)) {
      const name = id.slice(SITE_PREFIX.length);
      const site = (await this.listSiteModels()).find((m) => m.name === name);
      if (!site) throw new Error(`the site has no model "${name}"`);
      return { source: toSourceSpec(site.url), ...graph(site.manifest.files.map((f) => f.path)) };
    }
    const record = await this.repo.getModel(id);
    if (!record) throw new Error('the model was deleted');
    const files = new Map(record.files.map((f) => [f.path, f.blob]));
    return { source: toSourceSpec({ kind: 'files', files, name: record.name }), ...graph(record.files.map((f) => f.path)) };
  }

  // ------------------------------------------------------------------------------------------------ classroom

  async segmenter(): Promise<WorkerSegmenter> {
    this.segmenterInstance ??= createWorkerSegmenter();
    await this.segmenterInstance.ready();
    return this.segmenterInstance;
  }

  /**
   * A site model's judge at its manifest threshold, for the classroom's one-sentence walk: the default model with
   * the spelling check in front, as runs judge with it unless told otherwise.
   */
  async modelJudge(site: SiteModel, signal?: AbortSignal): Promise<{ judge: Judge; threshold: number; spelling: boolean; release(): Promise<void> }> {
    const spelling = site.default;
    const threshold = manifestThresholdFor(site.manifest, { kind: 'model', model: site.name, spelling });
    if (threshold === undefined) throw new Error(`the model ${site.name} has no manifest threshold`);
    if (this.classroomRuntime?.key !== site.url) {
      this.classroomRuntime?.runtime.dispose();
      const onnxFile = chooseGraph(site.manifest.files.map((f) => f.path));
      this.classroomRuntime = { key: site.url, runtime: await createWorkerEmbeddingRuntime(site.url, { onnxFile, threads: this.threads, ...(signal ? { signal } : {}) }) };
    }
    const cache = new IdbEmbeddingCache(this.repo.db);
    const judge = withSpellingCheckIf(spelling, createEmbeddingJudge(this.classroomRuntime.runtime, { threshold, cache }));
    return { judge, threshold, spelling, release: () => cache.flush() };
  }

  dispose(): void {
    this.segmenterInstance?.dispose();
    this.classroomRuntime?.runtime.dispose();
    this.runner.dispose?.();
  }
}
