/**
 * The aligners against another revision's, in one process, alternating (base, ours, ours, base, ...), medians:
 * ChERRANT edit sets (the cherrant profile's parallel_to_m2 work), unit-cost edits (levenshtein) and Eval-GCSC
 * operation extraction (alignment + word operations, jieba boundaries computed once beforehand) on SIGHAN15's
 * four shared systems. The base is a `src` folder of another revision:
 *   git archive <rev> src | tar -x -C /tmp/base && npx tsx test/bench/align-speed.ts /tmp/base/src
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { joinPredictions, readPredictions, readTestSet } from '../../src/core/io/index.ts';
import { chars } from '../../src/core/text.ts';
import { printTable, sharedData } from './harness.ts';

interface Aligners {
  editSets: (a: string, b: string) => unknown;
  unitCost: (a: string[], b: string[]) => unknown;
  operations: (s: string, r: string, p: string, boundaries: readonly number[]) => unknown;
}

async function load(root: string, unitCostModule: string, unitCostName: string): Promise<Aligners> {
  const edits = await import(path.join(root, 'core/align/edits.ts'));
  const sentence = await import(path.join(root, 'core/gcsc/sentence.ts'));
  const unit = await import(path.join(root, unitCostModule));
  return { editSets: edits.extractEditSets, unitCost: unit[unitCostName], operations: sentence.sentenceOperations };
}

const baseRoot = process.argv[2];
if (!baseRoot) throw new Error('usage: npx tsx test/bench/align-speed.ts BASE_SRC_FOLDER (see the header)');
// The base's levenshtein profile aligns with its own levenshteinEdits; ours with align/unit-cost.ts.
const base = await load(path.resolve(baseRoot), 'core/metrics/levenshtein.ts', 'levenshteinEdits');
const ours = await load(path.resolve(import.meta.dirname, '../../src'), 'core/align/unit-cost.ts', 'unitCostEdits');

const dir = path.join(sharedData(), 'sighan15');
const file = (rel: string) => ({ name: rel, bytes: new Uint8Array(readFileSync(path.join(dir, rel))) });
const test = readTestSet(file('test.tsv'));
const items = ['identity', 'oracle', 'synth-eq', 'synth-llm'].flatMap((name) => [
  ...joinPredictions(test, readPredictions(file(`pred/${name}.tsv`), {}, test)),
]);
const segmenter = createNodeJiebaSegmenter();
const refs = [...new Set(items.map((it) => it.references[0]!))];
const segmented = await segmenter.segmentBatch(refs);
const boundaries = new Map(refs.map((r, k) => [r, segmented[k]!]));
const split = items.map((it) => ({ s: chars(it.source), r: chars(it.references[0]!), p: chars(it.prediction) }));

const tasks: [string, (a: Aligners) => void][] = [
  ['cherrant: edit sets source→reference and source→prediction', (a) => items.forEach((it) => (a.editSets(it.source, it.references[0]!), a.editSets(it.source, it.prediction)))],
  ['levenshtein: unit-cost edits source→reference and source→prediction', (a) => split.forEach((x) => (a.unitCost(x.s, x.r), a.unitCost(x.s, x.p)))],
  ['gcsc: operation extraction (jieba boundaries given)', (a) => items.forEach((it) => a.operations(it.source, it.references[0]!, it.prediction, boundaries.get(it.references[0]!)!))],
];

// Same results first: every edit set, edit list and operation list, compared as JSON.
const outputs = (a: Aligners) =>
  items.map((it, k) => [
    a.editSets(it.source, it.references[0]!),
    a.editSets(it.source, it.prediction),
    a.unitCost(split[k]!.s, split[k]!.r),
    a.unitCost(split[k]!.s, split[k]!.p),
    a.operations(it.source, it.references[0]!, it.prediction, boundaries.get(it.references[0]!)!),
  ]);
const baseOut = outputs(base);
const oursOut = outputs(ours);
const differing = items.filter((_, k) => JSON.stringify(baseOut[k]) !== JSON.stringify(oursOut[k])).map((it) => it.id);
console.log(`identical results on ${items.length} sentences: ${differing.length === 0 ? 'yes' : `NO, ${differing.length} differ (${differing.slice(0, 5).join(', ')})`}`);

const rounds = 7;
const rows: (string | number)[][] = [];
for (const [name, run] of tasks) {
  const times = { base: [] as number[], ours: [] as number[] };
  run(base);
  run(ours);
  for (let k = 0; k < rounds; k++) {
    for (const side of k % 2 === 0 ? (['base', 'ours'] as const) : (['ours', 'base'] as const)) {
      const t0 = performance.now();
      run(side === 'base' ? base : ours);
      times[side].push(performance.now() - t0);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const b = median(times.base);
  const o = median(times.ours);
  rows.push([name, b, o, o / b]);
}
printTable(`Aligners on SIGHAN15 (${items.length} sentences, 4 systems), ${rounds} alternating rounds, medians`, ['task', 'base ms', 'ours ms', 'ours / base'], rows);
