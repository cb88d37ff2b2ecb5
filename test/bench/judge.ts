/**
 * `npm run bench:judge -- [--pairs FILE] [--model DIR] [--threshold T] [--spelling-check on|off] [--typos FILE ...]
 * [--show-errors]`: how well an embedding judge separates meaning-keeping from meaning-changing edits, on labelled
 * (R, R′) pairs (TSV with a header `id label category R R_prime`; label 1 = R′ keeps R's meaning), and how many
 * real misspellings it accepts (typo acceptance: each test set's gold errors put back into its references, word by
 * word and whole sentences; src/core/meta/typo-negatives.ts). The model runs through the CLI's own runtime and
 * judge, with the spelling check on for the default model unless --spelling-check off; the figures come from the
 * core's meta-evaluation: ROC-AUC, the best accuracy over all thresholds, accuracy and per-category accuracy at the
 * model's recommended threshold (manifest.json, or --threshold). Defaults: the shared development pairs, and
 * SIGHAN15 and ReaLiSe's SIGHAN15 for typos. The last line is one JSON object holding the same figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { createEmbeddingJudge } from '../../src/core/embed/embedding-judge.ts';
import type { Judge } from '../../src/core/gcsc/judge.ts';
import { readTestSet } from '../../src/core/io/index.ts';
import { manifestThresholdFor } from '../../src/core/judge-spec.ts';
import { judgeMetaEvaluation } from '../../src/core/meta/judge-meta.ts';
import { readLabelledPairs } from '../../src/core/meta/pairs.ts';
import { measureTypoAcceptance } from '../../src/core/meta/typo-check.ts';
import { withSpellingCheckIf } from '../../src/core/spelling/spelling-judge.ts';
import { printTable, sharedData } from './harness.ts';

const round = (x: number) => Math.round(x * 1000) / 1000;
const DEFAULT_MODEL = path.resolve(import.meta.dirname, '../../models/default');

const request = (reference: string, rPro: string, id: string) => ({ reference, rPro, id, system: 'bench:judge', sourceSpan: [0, 0] as [number, number], referenceText: '', predictedText: '' });

async function typoRows(judge: Judge, files: readonly string[]) {
  const segmenter = createNodeJiebaSegmenter();
  const out: Record<string, unknown> = {};
  const rows: (string | number)[][] = [];
  for (const file of files) {
    const set = readTestSet({ name: path.basename(file), bytes: new Uint8Array(readFileSync(file)) });
    const result = await measureTypoAcceptance(set.rows, segmenter, judge);
    const name = path.relative(sharedData(), file);
    for (const kind of ['word', 'sentence'] as const) {
      const a = result.acceptance[kind];
      const left = result.leftOut[kind];
      rows.push([name, kind, a.pairs, a.accepted, a.share === null ? 'n/a' : `${(100 * a.share).toFixed(1)}%`, left.variant, left.alternation]);
    }
    out[name] = { acceptance: result.acceptance, left_out: result.leftOut };
  }
  printTable('typo acceptance (real misspellings judged "keeps the meaning"; variants and 的/地/得 left out)', ['test set', 'pairs', 'n', 'accepted', 'share', 'left out: variant', 'alternation'], rows);
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pairs: { type: 'string' },
      model: { type: 'string' },
      threshold: { type: 'string' },
      'spelling-check': { type: 'string' },
      typos: { type: 'string', multiple: true },
      'show-errors': { type: 'boolean', default: false },
    },
  });
  const pairsFile = values.pairs ?? path.join(sharedData(), 'judgements', 'dev.tsv');
  const modelDir = values.model ?? DEFAULT_MODEL;
  const spelling = values['spelling-check'] === undefined ? path.resolve(modelDir) === DEFAULT_MODEL : values['spelling-check'] === 'on';
  const typoFiles = values.typos ?? [path.join(sharedData(), 'sighan15', 'test.tsv'), path.join(sharedData(), 'sighan15-realise', 'test.tsv')];
  const pairs = readLabelledPairs({ name: path.basename(pairsFile), bytes: new Uint8Array(readFileSync(pairsFile)) });
  const t0 = performance.now();
  const runtime = await loadOnnxNodeRuntime(modelDir);
  const loadMs = performance.now() - t0;
  const threshold = values.threshold !== undefined ? Number(values.threshold) : (manifestThresholdFor(runtime.info.manifest, { kind: 'model', model: modelDir, spelling }) ?? 0.9);
  const judge = withSpellingCheckIf(spelling, createEmbeddingJudge(runtime, { threshold }));
  await judge.ready?.();
  const t1 = performance.now();
  const judgements = await judge.judge(pairs.map((p) => request(p.reference, p.candidate, p.id)));
  const judgeMs = performance.now() - t1;

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
    const vetoed = pairs.filter((p, i) => p.category === category && judgements[i]!.veto).length;
    return [category, n, round(acc), round(mean), round(Math.min(...mine)), round(Math.max(...mine)), vetoed];
  });

  console.log(`model     ${runtime.modelId} (dimension ${runtime.dimension}, loaded in ${Math.round(loadMs)} ms)`);
  console.log(`judge     ${judge.id} (spelling check ${spelling ? 'on' : 'off'})`);
  console.log(`pairs     ${pairsFile} (${meta.n}: ${meta.positives} keep, ${meta.n - meta.positives} change)`);
  console.log(`judged in ${Math.round(judgeMs)} ms`);
  console.log(`ROC-AUC                 ${meta.auc === null ? 'n/a' : round(meta.auc)}`);
  console.log(`best accuracy           ${best ? `${round(best.value)} (threshold ${round(best.threshold)})` : 'n/a'}`);
  console.log(`accuracy at threshold   ${accuracy === null ? 'n/a' : round(accuracy)} (threshold ${threshold}${values.threshold !== undefined ? ', --threshold' : ', manifest'})`);
  printTable('per category at the threshold (a pair the spelling check rejects scores -1)', ['category', 'n', 'accuracy', 'mean score', 'min', 'max', 'rejected by the check'], rows);
  if (values['show-errors']) {
    console.log('\nerrors at the threshold');
    pairs.forEach((p, i) => {
      if (judgements[i]!.correct !== p.label) console.log(`${p.category}\t${p.label ? 1 : 0}\t${round(scores[i]!)}\t${p.reference}\t${p.candidate}`);
    });
  }
  const typos = await typoRows(judge, typoFiles);
  await runtime.release();
  console.log(
    JSON.stringify({
      judge: judge.id,
      auc: meta.auc === null ? null : round(meta.auc),
      best_acc: best ? round(best.value) : null,
      acc_at_threshold: accuracy === null ? null : round(accuracy),
      threshold,
      per_category: Object.fromEntries(Object.entries(meta.perCategory).map(([c, v]) => [c, round(v.accuracy)])),
      typos,
    }),
  );
}

await main();
