import { describe, expect, it } from 'vitest';
import { MemoryEmbeddingCache, embeddingCacheKey } from '../../../src/core/embed/cache.ts';
import type { EmbeddingCache } from '../../../src/core/embed/cache.ts';
import { createEmbeddingJudge } from '../../../src/core/embed/embedding-judge.ts';
import type { EmbeddingRuntime } from '../../../src/core/embed/types.ts';
import type { JudgeRequest } from '../../../src/core/gcsc/judge.ts';
import { CancelledError } from '../../../src/core/cancel.ts';

// Fixed vectors whose cosines are exact in binary floating point.
const VECTORS: Record<string, number[]> = {
  R: [1, 0, 0, 0],
  half: [1, 1, 1, 1], // cos(R, half) = 1/2
  same: [3, 0, 0, 0], // cos(R, same) = 1
  opposite: [-1, 0, 0, 0], // cos = -1
  S: [0, 1, 0, 0],
};

function fakeRuntime(hash = 'h1') {
  const calls: string[][] = [];
  const runtime: EmbeddingRuntime = {
    modelId: 'fake',
    hash,
    dimension: 4,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((t) => {
        const v = VECTORS[t];
        if (!v) throw new Error(`no vector for ${t}`);
        return Float32Array.from(v);
      });
    },
  };
  return { runtime, calls };
}

const request = (reference: string, rPro: string): JudgeRequest => ({
  reference,
  rPro,
  id: '1',
  system: 's',
  sourceSpan: [0, 1],
  referenceText: 'x',
  predictedText: 'y',
});

describe('createEmbeddingJudge', () => {
  it('scores R_pro === R as 1 without running the model', async () => {
    const { runtime, calls } = fakeRuntime();
    const judge = createEmbeddingJudge(runtime, { threshold: 0.99 });
    expect(await judge.judge([request('anything', 'anything')])).toEqual([{ correct: true, score: 1 }]);
    expect(calls).toEqual([]);
    expect(judge.stats).toMatchObject({ requests: 1, shortCircuited: 1, textsRequested: 0, embedded: 0 });
  });

  it('counts a cosine equal to the threshold as correct (≥), just above it as not', async () => {
    const { runtime } = fakeRuntime();
    const at = createEmbeddingJudge(runtime, { threshold: 0.5 });
    const above = createEmbeddingJudge(runtime, { threshold: 0.5000001 });
    expect(await at.judge([request('R', 'half')])).toEqual([{ correct: true, score: 0.5 }]);
    expect(await above.judge([request('R', 'half')])).toEqual([{ correct: false, score: 0.5 }]);
  });

  it('scores opposite and orthogonal meanings', async () => {
    const { runtime } = fakeRuntime();
    const judge = createEmbeddingJudge(runtime, { threshold: -1 });
    const out = await judge.judge([request('R', 'opposite'), request('R', 'S'), request('R', 'same')]);
    expect(out.map((j) => j.score)).toEqual([-1, 0, 1]);
    expect(out.every((j) => j.correct)).toBe(true);
  });

  it('embeds each distinct text once across all requests', async () => {
    const { runtime, calls } = fakeRuntime();
    const judge = createEmbeddingJudge(runtime, { threshold: 0.9 });
    await judge.judge([request('R', 'half'), request('R', 'S'), request('S', 'half'), request('R', 'R')]);
    expect(calls).toHaveLength(1);
    expect([...calls[0]!].sort()).toEqual(['R', 'S', 'half']);
    expect(judge.stats).toEqual({ requests: 4, shortCircuited: 1, textsRequested: 6, uniqueTexts: 3, cacheHits: 0, embedded: 3 });
  });

  it('serves repeated texts from the cache, keyed by the runtime hash', async () => {
    const cache = new MemoryEmbeddingCache();
    const first = fakeRuntime('h1');
    await createEmbeddingJudge(first.runtime, { threshold: 0.9, cache }).judge([request('R', 'half')]);
    expect(cache.size).toBe(2);
    expect(cache.get(embeddingCacheKey('h1', 'R'))).toEqual(Float32Array.from(VECTORS['R']!));

    const again = createEmbeddingJudge(first.runtime, { threshold: 0.9, cache });
    const out = await again.judge([request('R', 'half'), request('half', 'S')]);
    expect(out.map((j) => j.score)).toEqual([0.5, 0.5]);
    expect(first.calls).toEqual([['R', 'half'], ['S']]);
    expect(again.stats).toMatchObject({ uniqueTexts: 3, cacheHits: 2, embedded: 1 });

    const otherModel = fakeRuntime('h2');
    await createEmbeddingJudge(otherModel.runtime, { threshold: 0.9, cache }).judge([request('R', 'half')]);
    expect(otherModel.calls).toEqual([['R', 'half']]);
  });

  it('works with an asynchronous cache', async () => {
    const store = new Map<string, Float32Array>();
    const cache: EmbeddingCache = {
      get: async (k) => store.get(k),
      set: async (k, v) => void store.set(k, v),
    };
    const { runtime, calls } = fakeRuntime();
    await createEmbeddingJudge(runtime, { threshold: 0.9, cache }).judge([request('R', 'S')]);
    const judge = createEmbeddingJudge(runtime, { threshold: 0.9, cache });
    expect(await judge.judge([request('S', 'R')])).toEqual([{ correct: false, score: 0 }]);
    expect(calls).toHaveLength(1);
    expect(judge.stats.cacheHits).toBe(2);
  });

  it('describes model, hash and threshold in its id', () => {
    const { runtime } = fakeRuntime('0123456789abcdef');
    expect(createEmbeddingJudge(runtime, { threshold: 0.9 }).id).toBe('embedding:fake@0123456789ab:threshold=0.9');
  });

  it('rejects a threshold outside [-1, 1]', () => {
    const { runtime } = fakeRuntime();
    expect(() => createEmbeddingJudge(runtime, { threshold: 1.5 })).toThrow(/threshold/);
    expect(() => createEmbeddingJudge(runtime, { threshold: Number.NaN })).toThrow(/threshold/);
  });

  it('rejects vectors of the wrong dimension', async () => {
    const { runtime } = fakeRuntime();
    const judge = createEmbeddingJudge({ ...runtime, dimension: 3 }, { threshold: 0.9 });
    await expect(judge.judge([request('R', 'S')])).rejects.toThrow(/4-dimensional.*expected 3/);
  });

  it('stops when cancelled', async () => {
    const { runtime, calls } = fakeRuntime();
    const judge = createEmbeddingJudge(runtime, { threshold: 0.9 });
    await expect(judge.judge([request('R', 'S')], { aborted: true })).rejects.toBeInstanceOf(CancelledError);
    expect(calls).toEqual([]);
  });
});
