/**
 * The paper's worked cases (Li et al., Eval-GCSC, Tables 12 and 13, as the classroom shows them) through the whole
 * Eval-GCSC pipeline with the default judge, jieba and the default model: each sentence gets the paper's verdict,
 * with the spelling check (the default) and without it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { loadOnnxNodeRuntime, type OnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { createEmbeddingJudge } from '../../src/core/embed/embedding-judge.ts';
import { runGcsc } from '../../src/core/gcsc/pipeline.ts';
import { manifestThresholdFor } from '../../src/core/judge-spec.ts';
import { withSpellingCheckIf } from '../../src/core/spelling/spelling-judge.ts';
import { PAPER_CASES } from '../../src/ui/classroom/classroom.ts';

const FOLDER = fileURLToPath(new URL('../../models/default/', import.meta.url));

describe("the paper's cases with the default judge", { timeout: 60_000 }, () => {
  let runtime: OnnxNodeRuntime;
  beforeAll(async () => {
    runtime = await loadOnnxNodeRuntime(path.resolve(FOLDER), { threads: 1 });
  }, 60_000);
  afterAll(() => runtime?.release());

  it.each([true, false])('spelling check %s: every sentence gets the paper\'s verdict', async (spelling) => {
    const spec = { kind: 'model' as const, model: 'default', spelling };
    const threshold = manifestThresholdFor(runtime.info.manifest, spec)!;
    const judge = withSpellingCheckIf(spelling, createEmbeddingJudge(runtime, { threshold }));
    const items = PAPER_CASES.map((c) => ({ id: c.key, source: c.source, references: [c.reference], prediction: c.prediction }));
    const run = await runGcsc([{ name: 'paper', items }], { segmenter: createNodeJiebaSegmenter(), judge });
    const verdicts = Object.fromEntries(run.systems[0]!.sentences.map((s) => [s.id, s.correct]));
    expect(verdicts).toEqual(Object.fromEntries(PAPER_CASES.map((c) => [c.key, c.paper!.gcsc])));
  });
});
