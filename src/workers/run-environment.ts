/**
 * The judges a stored run names, made runnable where the job runs: exact and labels from the core, a model
 * through the given loader (onnxruntime-web in the evaluation worker, onnxruntime-node in tests) with the
 * embedding cache read a judge batch at a time. The threshold is the one stored with the run (resolveThreshold
 * chose it when the run was created): a resumed run judges exactly as it started.
 */
import type { CancelSignal } from '../core/cancel.ts';
import { embeddingCacheKey, type EmbeddingCache } from '../core/embed/cache.ts';
import { createEmbeddingJudge } from '../core/embed/embedding-judge.ts';
import type { EmbeddingRuntime, Pooling } from '../core/embed/types.ts';
import { exactJudge, type Judge } from '../core/gcsc/judge.ts';
import { createLabelsJudge } from '../core/gcsc/labels.ts';
import { formatJudgeSpec, JudgeSpecError, usesSpellingCheck, type ModelJudgeSpec } from '../core/judge-spec.ts';
import { withSpellingCheckIf } from '../core/spelling/spelling-judge.ts';
import type { Segmenter } from '../core/segment/segmenter.ts';
import type { RunJudge } from '../db/types.ts';
import type { LoadedJudge, RunEnvironment, RunProgress } from './run-job.ts';

/** A loaded embedding model: the runtime and what the report and the run log say about it. */
export interface LoadedModel {
  runtime: EmbeddingRuntime;
  name: string;
  pooling: Pooling;
  /** Backend, threads, timings… for the run log. */
  details?: Record<string, unknown>;
}

export type ModelLoader = (spec: ModelJudgeSpec, onProgress: (p: RunProgress) => void, signal?: CancelSignal) => Promise<LoadedModel>;

/** A cache that can read a judge batch's keys in one go before the judge asks for them one by one. */
export interface BatchEmbeddingCache extends EmbeddingCache {
  prefetch?(keys: readonly string[]): Promise<void>;
  flush?(): Promise<void>;
}

export interface RunEnvironmentOptions {
  segmenter: () => Promise<Segmenter>;
  loadModel?: ModelLoader;
  /** The embedding cache for a model judge (IndexedDB in the worker); none: nothing is cached across runs. */
  cache?: () => BatchEmbeddingCache;
  /** Eval-CSC's scoring on another thread (RunEnvironment.scoreProfiles). */
  scoreProfiles?: RunEnvironment['scoreProfiles'];
}

export function createRunEnvironment(options: RunEnvironmentOptions): RunEnvironment {
  return {
    segmenter: options.segmenter,
    ...(options.scoreProfiles ? { scoreProfiles: options.scoreProfiles } : {}),
    async judge(judge: RunJudge, onProgress, signal): Promise<LoadedJudge> {
      const none = async () => {};
      const { spec } = judge;
      if (spec.kind === 'exact') return { resolved: { spec, judge: exactJudge }, release: none };
      if (spec.kind === 'labels') {
        const labels = (judge.labels ?? []).map((l, i) => ({ ...l, line: i + 2 }));
        return { resolved: { spec, judge: createLabelsJudge(labels, spec.source), info: { labels: spec.source } }, release: none };
      }
      if (spec.kind === 'llm') throw new JudgeSpecError(`judge "${formatJudgeSpec(spec)}": an LLM judge runs in the CLI only`);
      if (judge.threshold === undefined || judge.thresholdFrom === undefined) {
        throw new JudgeSpecError(`judge "${formatJudgeSpec(spec)}": the run has no resolved threshold; start it again from the Run tab`);
      }
      if (!options.loadModel) throw new Error('no model runtime in this environment');
      const model = await options.loadModel(spec, onProgress, signal);
      const cache = options.cache?.();
      const embedding = createEmbeddingJudge(model.runtime, cache ? { threshold: judge.threshold, cache } : { threshold: judge.threshold });
      return {
        resolved: {
          spec,
          judge: withSpellingCheckIf(usesSpellingCheck(spec), cache?.prefetch ? prefetching(embedding, model.runtime.hash, cache) : embedding),
          threshold: judge.threshold,
          thresholdFrom: judge.thresholdFrom,
          info: { model: model.name, pooling: model.pooling },
          stats: () => ({ ...embedding.stats }),
        },
        details: () => ({ ...model.details, embedding: { ...embedding.stats } }),
        release: async () => {
          await cache?.flush?.();
        },
      };
    },
  };
}

/** The judge with each batch's cache keys read in one transaction first (the judge then reads them from memory). */
function prefetching(judge: Judge, hash: string, cache: BatchEmbeddingCache): Judge {
  return {
    id: judge.id,
    textOnly: judge.textOnly,
    async judge(requests, signal) {
      const texts = new Set<string>();
      for (const r of requests) {
        if (r.rPro === r.reference) continue;
        texts.add(r.reference);
        texts.add(r.rPro);
      }
      await cache.prefetch!([...texts].map((t) => embeddingCacheKey(hash, t)));
      return judge.judge(requests, signal);
    },
  };
}
