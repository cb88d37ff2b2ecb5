import type { CancelSignal } from '../cancel.ts';
import { throwIfCancelled } from '../cancel.ts';
import type { Judge, Judgement, JudgeRequest } from '../gcsc/judge.ts';
import type { EmbeddingCache } from './cache.ts';
import { embeddingCacheKey } from './cache.ts';
import { cosine } from './cosine.ts';
import type { EmbeddingRuntime } from './types.ts';

export interface EmbeddingJudgeOptions {
  /** cosine(R, R_pro) at or above this keeps the meaning. */
  threshold: number;
  cache?: EmbeddingCache;
}

/** Cumulative over every judge() call, for the benchmark and the run log. */
export interface EmbeddingJudgeStats {
  requests: number;
  /** Requests with R_pro === R: score 1 without the model. */
  shortCircuited: number;
  /** Texts the other requests needed, two each, duplicates counted. */
  textsRequested: number;
  /** Distinct texts, counted once per judge() call. */
  uniqueTexts: number;
  cacheHits: number;
  /** Texts actually sent to the runtime. */
  embedded: number;
}

export interface EmbeddingJudge extends Judge {
  readonly threshold: number;
  readonly stats: Readonly<EmbeddingJudgeStats>;
}

/** Judges an operation by the cosine of the sentence embeddings of R and R_pro (Eval-GCSC's semantic check). */
export function createEmbeddingJudge(runtime: EmbeddingRuntime, options: EmbeddingJudgeOptions): EmbeddingJudge {
  const { threshold, cache } = options;
  if (!Number.isFinite(threshold) || threshold < -1 || threshold > 1) throw new Error(`threshold must be in [-1, 1], got ${threshold}`);
  const stats: EmbeddingJudgeStats = { requests: 0, shortCircuited: 0, textsRequested: 0, uniqueTexts: 0, cacheHits: 0, embedded: 0 };

  async function vectorsFor(texts: readonly string[], signal?: CancelSignal): Promise<Map<string, Float32Array>> {
    const vectors = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const text of new Set(texts)) {
      const hit = cache ? await cache.get(embeddingCacheKey(runtime.hash, text)) : undefined;
      if (hit) vectors.set(text, hit);
      else missing.push(text);
    }
    stats.uniqueTexts += vectors.size + missing.length;
    stats.cacheHits += vectors.size;
    throwIfCancelled(signal);
    if (missing.length === 0) return vectors;
    const embedded = await runtime.embed(missing, signal);
    if (embedded.length !== missing.length) throw new Error(`the runtime returned ${embedded.length} vectors for ${missing.length} texts`);
    stats.embedded += missing.length;
    for (let i = 0; i < missing.length; i++) {
      const v = embedded[i]!;
      if (v.length !== runtime.dimension) throw new Error(`the runtime returned a ${v.length}-dimensional vector; expected ${runtime.dimension}`);
      vectors.set(missing[i]!, v);
      if (cache) await cache.set(embeddingCacheKey(runtime.hash, missing[i]!), v);
    }
    return vectors;
  }

  return {
    id: `embedding:${runtime.modelId}@${runtime.hash.slice(0, 12)}:threshold=${threshold}`,
    textOnly: true,
    threshold,
    get stats() {
      return { ...stats };
    },
    async judge(requests: readonly JudgeRequest[], signal?: CancelSignal): Promise<Judgement[]> {
      throwIfCancelled(signal);
      stats.requests += requests.length;
      const needed = requests.filter((r) => r.rPro !== r.reference);
      stats.shortCircuited += requests.length - needed.length;
      stats.textsRequested += 2 * needed.length;
      const vectors = await vectorsFor(needed.flatMap((r) => [r.reference, r.rPro]), signal);
      return requests.map((r) => {
        if (r.rPro === r.reference) return { correct: true, score: 1 };
        const score = cosine(vectors.get(r.reference)!, vectors.get(r.rPro)!);
        return { correct: score >= threshold, score };
      });
    },
  };
}
