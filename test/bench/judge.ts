/**
 * `npm run bench:judge -- [--pairs FILE] [--model DIR] [--threshold T] [--show-errors]`: how well an embedding model
 * separates meaning-keeping from meaning-changing edits, on labelled (R, R′) pairs (TSV with a header
 * `id label category R R_prime`; label 1 = R′ keeps R's meaning). The model runs through the CLI's own runtime and
 * judge, and the figures come from the core's meta-evaluation (src/core/meta): ROC-AUC, the best accuracy over all
 * thresholds, accuracy and per-category accuracy at the model's recommended threshold (manifest.json, or
 * --threshold). The last line is one JSON object holding the same figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { createEmbeddingJudge } from '../../src/core/embed/embedding-judge.ts';
import { judgeMetaEvaluation } from '../../src/core/meta/judge-meta.ts';
import { readLabelledPairs } from '../../src/core/meta/pairs.ts';
import { printTable, sharedData } from './harness.ts';

const round = (x: number) => Math.round(x * 1000) / 1000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { pairs: { type: 'string' }, model: { type: 'string' }, threshold: { type: 'string' }, 'show-errors': { type: 'boolean', default: false } },
  });
  const pairsFile = values.pairs ?? path.join(sharedData(), 'judgements', 'dev.tsv');
  const modelDir = values.model ?? path.resolve(import.meta.dirname, '../../models/default');
  const pairs = readLabelledPairs({ name: path.basename(pairsFile), bytes: new Uint8Array(readFileSync(pairsFile)) });
  const t0 = performance.now();
  const runtime = await loadOnnxNodeRuntime(modelDir);
  const loadMs = performance.now() - t0;
  const threshold = values.threshold !== undefined ? Number(values.threshold) : (runtime.info.manifest?.threshold ?? 0.9);
  const judge = createEmbeddingJudge(runtime, { threshold });
  const t1 = performance.now();
  const judgements = await judge.judge(
    pairs.map((p) => ({ reference: p.reference, rPro: p.candidate, id: p.id, system: 'bench:judge', sourceSpan: [0, 0] as [number, number], referenceText: '', predictedText: '' })),
  );
  const judgeMs = performance.now() - t1;
  await runtime.release();

  const scores = judgements.map((j) => j.score!);
  const meta = judgeMetaEvaluation(
    pairs.map((p, i) => ({ score: scores[i]!, label: p.label, category: p.category })),
    { threshold },
  );
  const best = 'point' in meta.bestAccuracy ? meta.bestAccuracy : null;
  const accuracy = meta.atThreshold && 'accuracy' in meta.atThreshold ? meta.atThreshold.accuracy : null;
  const rows = Object.entries(meta.perCategory).map(([category, { n, accuracy: acc }]) => {
    const mine = pairs.flatMap((p, i) => (p.category === category ? [scores[i]!] : []));
    const mean = mine.reduce((a, b) => a + b, 0) / mine.length;
    return [category, n, round(acc), round(mean), round(Math.min(...mine)), round(Math.max(...mine))];
  });

  console.log(`model     ${runtime.modelId} (dimension ${runtime.dimension}, loaded in ${Math.round(loadMs)} ms)`);
  console.log(`pairs     ${pairsFile} (${meta.n}: ${meta.positives} keep, ${meta.n - meta.positives} change)`);
  console.log(`judged in ${Math.round(judgeMs)} ms`);
  console.log(`ROC-AUC                 ${meta.auc === null ? 'n/a' : round(meta.auc)}`);
  console.log(`best accuracy           ${best ? `${round(best.value)} (threshold ${round(best.threshold)})` : 'n/a'}`);
  console.log(`accuracy at threshold   ${accuracy === null ? 'n/a' : round(accuracy)} (threshold ${threshold}${values.threshold !== undefined ? ', --threshold' : ', manifest'})`);
  printTable('per category at the threshold', ['category', 'n', 'accuracy', 'mean cos', 'min', 'max'], rows);
  if (values['show-errors']) {
    console.log('\nerrors at the threshold');
    pairs.forEach((p, i) => {
      if (scores[i]! >= threshold !== p.label) console.log(`${p.category}\t${p.label ? 1 : 0}\t${round(scores[i]!)}\t${p.reference}\t${p.candidate}`);
    });
  }
  console.log(
    JSON.stringify({
      auc: meta.auc === null ? null : round(meta.auc),
      best_acc: best ? round(best.value) : null,
      acc_at_threshold: accuracy === null ? null : round(accuracy),
      threshold,
      per_category: Object.fromEntries(Object.entries(meta.perCategory).map(([c, v]) => [c, round(v.accuracy)])),
    }),
  );
}

await main();
