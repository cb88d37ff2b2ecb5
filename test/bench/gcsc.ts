/**
 * Eval-GCSC on SIGHAN15 with its four shared systems: extraction speed (segmentation + alignment + word-level
 * operations) against the aligner alone, and the embedding judge's work against a naive judge that embeds R and
 * R_pro for every operation, with cache hits on a second run. Printed, never asserted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { extractEdits } from '../../src/core/align/index.ts';
import { MemoryEmbeddingCache } from '../../src/core/embed/cache.ts';
import { createEmbeddingJudge } from '../../src/core/embed/embedding-judge.ts';
import { exactJudge, type Judge } from '../../src/core/gcsc/judge.ts';
import { runGcsc } from '../../src/core/gcsc/pipeline.ts';
import { joinPredictions, readPredictions, readTestSet } from '../../src/core/io/index.ts';
import { printTable, sharedData, timeMs, timeMsAsync } from './harness.ts';

export async function benchGcsc(): Promise<void> {
  const dir = path.join(sharedData(), 'sighan15');
  const load = (rel: string) => ({ name: rel, bytes: new Uint8Array(readFileSync(path.join(dir, rel))) });
  const test = readTestSet(load('test.tsv'));
  const systems = ['identity', 'oracle', 'synth-eq', 'synth-llm'].map((name) => ({
    name,
    items: [...joinPredictions(test, readPredictions(load(`pred/${name}.tsv`), {}, test))],
  }));
  const sentences = systems.reduce((n, s) => n + s.items.length, 0);
  const segmenter = createNodeJiebaSegmenter();

  const alignOnly = timeMs(() => systems.forEach((s) => s.items.forEach((it) => extractEdits(it.source, it.prediction))), 3);
  const segmentOnly = await timeMsAsync(() => segmenter.segmentBatch(test.rows.map((r) => r.references[0]!)));
  const extraction = await timeMsAsync(() => runGcsc(systems, { segmenter, judge: exactJudge }));
  printTable(`Eval-GCSC extraction on ${sentences} sentences (4 systems)`, ['step', 'ms', 'sentences/s', 'ratio to aligner alone'], [
    ['aligner alone (baseline)', alignOnly, (sentences / alignOnly) * 1000, 1],
    ['jieba on the 1100 references', segmentOnly, (1100 / segmentOnly) * 1000, segmentOnly / alignOnly],
    ['segment + align + operations (exact judge)', extraction, (sentences / extraction) * 1000, extraction / alignOnly],
  ]);

  const defaultModel = path.resolve(import.meta.dirname, '../../models/default');
  const folder = existsSync(defaultModel) ? defaultModel : path.resolve(import.meta.dirname, '../../models/test/tiny-bert-mean');
  const runtime = await loadOnnxNodeRuntime(folder, { quantized: existsSync(path.join(folder, 'onnx/model_quantized.onnx')) });
  const cache = new MemoryEmbeddingCache();
  const embeddingJudge = createEmbeddingJudge(runtime, { threshold: runtime.info.manifest?.threshold ?? 0.9, cache });
  // Judging time is what the judge's own calls take, timed around them (not a whole run minus another run).
  let judgingMs = 0;
  const judge: Judge = {
    id: embeddingJudge.id,
    textOnly: embeddingJudge.textOnly,
    async judge(requests, signal) {
      const t = performance.now();
      try {
        return await embeddingJudge.judge(requests, signal);
      } finally {
        judgingMs += performance.now() - t;
      }
    },
  };
  const first = await runGcsc(systems, { segmenter, judge });
  const firstMs = judgingMs;
  const afterFirst = embeddingJudge.stats;
  judgingMs = 0;
  await runGcsc(systems, { segmenter, judge });
  const secondMs = judgingMs;
  const second = embeddingJudge.stats;

  // Naive baseline: embed R and R_pro for every operation, no short-circuit, no de-duplication, no cache.
  const naiveTexts = first.systems.flatMap((s) => s.sentences.flatMap((sen) => sen.operations.flatMap((op) => [systemsRef(s.name, sen.id), op.rPro])));
  const sample = naiveTexts.slice(0, 512);
  const naiveSampleMs = await timeMsAsync(() => runtime.embed(sample), 1);
  const perText = naiveSampleMs / sample.length;
  printTable(`Embedding judge (${runtime.info.name}, ${runtime.modelId.split('/').pop()})`, ['measure', 'value', 'ratio to naive'], [
    ['operations judged', first.stats.operations, 1],
    ['naive: texts embedded (2 per operation)', naiveTexts.length, 1],
    ['ours: judge requests after R_pro=R and pair de-dup', first.stats.judged, first.stats.judged / first.stats.operations],
    ['ours: texts embedded, first run', afterFirst.embedded, afterFirst.embedded / naiveTexts.length],
    ['ours: cache hits, second run', second.cacheHits - afterFirst.cacheHits, (second.cacheHits - afterFirst.cacheHits) / Math.max(1, second.uniqueTexts - afterFirst.uniqueTexts)],
    ['ours: texts embedded, second run', second.embedded - afterFirst.embedded, (second.embedded - afterFirst.embedded) / naiveTexts.length],
    ['model embeddings/s (batch of 512)', 1000 / perText, 1],
    ['naive judge time, estimated (ms)', perText * naiveTexts.length, 1],
    ['ours: judging, first run (ms)', firstMs, firstMs / (perText * naiveTexts.length)],
    ['ours: judging, second run, cached (ms)', secondMs, secondMs / (perText * naiveTexts.length)],
  ]);
  await runtime.release();

  function systemsRef(system: string, id: string): string {
    return systems.find((s) => s.name === system)!.items.find((it) => it.id === id)!.references[0]!;
  }
}
