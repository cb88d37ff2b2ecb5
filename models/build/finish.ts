/**
 * Last step of the default model's build (models/build/build_default.sh runs it):
 *   npx tsx models/build/finish.ts --model DIR --calibration FILE [--homophones FILE] [--typos TESTSET ...]
 *
 * 1. Scores the synthetic calibration pairs (make_calibration.py) through the app's own runtime, with its
 *    homophone substitutions (`--homophones`, a file of its own) as one more "change" category.
 * 2. Picks the recommended threshold by a fixed rule: on a 0.005 grid, the middle of the range of cosines whose
 *    balanced accuracy is within 0.01 of the best, where each label's accuracy is the mean of its categories' accuracies
 *    (so neither the number of categories per label nor their sizes tilt it). No judgement set is read.
 * 3. The same rule for the judge with the spelling check in front (src/core/spelling): a pair the check rejects is
 *    rejected at every threshold, and real misspellings join the calibration as one more "change" category: the
 *    word pairs of `--typos` test sets (src/core/meta/typo-negatives.ts; SIGHAN 2013/2014 in the build, never
 *    the sets the model card reports on).
 * 4. Writes config.json and manifest.json (sha-256 and size of every file, pooling, thresholds, licences).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { cosine } from '../../src/core/embed/cosine.ts';
import { readLabelledPairs } from '../../src/core/meta/pairs.ts';
import { typoNegatives } from '../../src/core/meta/typo-negatives.ts';
import { readTestSet } from '../../src/core/io/index.ts';
import { loadCoreData } from '../../src/core/core-data.ts';
import { checkSpelling } from '../../src/core/spelling/check.ts';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';

const { values } = parseArgs({
  options: { model: { type: 'string' }, calibration: { type: 'string' }, homophones: { type: 'string' }, typos: { type: 'string', multiple: true } },
});
const dir = path.resolve(values.model ?? 'models/default');
const readPairs = (file: string) =>
  readLabelledPairs({ name: path.basename(file), bytes: new Uint8Array(readFileSync(file)) }).map((p) => ({ ...p, label: (p.label ? 1 : 0) as 0 | 1 }));
// Homophones are misspellings the plain cosine must reject too: both thresholds see them (the check rejects most).
const pairs = [...readPairs(values.calibration!), ...(values.homophones ? readPairs(values.homophones) : [])];
const meta = JSON.parse(readFileSync(path.join(dir, 'build-info.json'), 'utf8')) as {
  dimension: number;
  vocabulary: number;
  settings: Record<string, unknown>;
};

const config = {
  _name_or_path: 'csc-studio-lexical-zh',
  model_type: 'csc-lexical',
  architectures: ['LexicalSentenceEncoder'],
  hidden_size: meta.dimension,
  vocab_size: meta.vocabulary,
  max_position_embeddings: 512,
};
writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config, null, 2) + '\n');

rmSync(path.join(dir, 'manifest.json'), { force: true }); // a manifest from an earlier build would not verify
await loadCoreData(['readings', 'glyphs', 'lexicon']);
type CalibrationPair = { reference: string; candidate: string; category: string; label: 0 | 1 };
const typoPairs: CalibrationPair[] = [];
for (const file of values.typos ?? []) {
  const rows = readTestSet({ name: file, bytes: new Uint8Array(readFileSync(file)) }).rows;
  const segmenter = createNodeJiebaSegmenter();
  const references = [...new Set(rows.map((r) => r.references[0]!))];
  const cuts = await segmenter.segmentBatch(references);
  const boundaries = new Map(references.map((r, i) => [r, cuts[i]!]));
  for (const pair of typoNegatives(rows, (r) => boundaries.get(r)!).pairs) {
    if (pair.kind === 'word') typoPairs.push({ reference: pair.reference, candidate: pair.candidate, category: 'typo', label: 0 });
  }
}

const runtime = await loadOnnxNodeRuntime(dir);
async function cosines(list: readonly CalibrationPair[]): Promise<number[]> {
  const vectors = await runtime.embed(list.flatMap((p) => [p.reference, p.candidate]));
  return list.map((_, i) => cosine(vectors[2 * i]!, vectors[2 * i + 1]!));
}

/**
 * The fixed rule over `list`: balanced accuracy over the two labels, each label's accuracy the mean of its
 * categories' accuracies; the calibration set is small, so the arg-max alone is noisy on a flat curve: the middle
 * of the range of thresholds whose balanced accuracy is within one point (0.01) of the best.
 */
function chooseThreshold(name: string, list: readonly CalibrationPair[], scores: readonly number[], rejected: readonly boolean[]): number {
  const categories = [...new Set(list.map((p) => p.category))].sort();
  const members = new Map(categories.map((c) => [c, list.flatMap((p, i) => (p.category === c ? [i] : []))]));
  const accuracy = (c: string, t: number) => {
    const idx = members.get(c)!;
    return idx.filter((i) => (!rejected[i] && scores[i]! >= t ? 1 : 0) === list[i]!.label).length / idx.length;
  };
  const macroAccuracy = (t: number) => {
    const byLabel: Record<0 | 1, number[]> = { 0: [], 1: [] };
    for (const c of categories) byLabel[list[members.get(c)![0]!]!.label].push(accuracy(c, t));
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    return (mean(byLabel[0]) + mean(byLabel[1])) / 2;
  };
  const grid = Array.from({ length: 201 }, (_, k) => k / 200);
  const accs = grid.map(macroAccuracy);
  const bestAcc = Math.max(...accs);
  const near = grid.filter((_, k) => accs[k]! >= bestAcc - 0.01);
  const threshold = Math.round(((near[0]! + near[near.length - 1]!) / 2) * 200) / 200;
  console.log(`${name}: ${list.length} pairs, ${categories.length} categories; threshold ${threshold} (best balanced accuracy ${bestAcc.toFixed(3)}, within 0.01 from ${near[0]} to ${near[near.length - 1]})`);
  for (const c of categories) {
    const idx = members.get(c)!;
    const mean = idx.reduce((a, i) => a + scores[i]!, 0) / idx.length;
    const vetoed = idx.filter((i) => rejected[i]).length;
    console.log(`  ${c.padEnd(6)} n=${String(idx.length).padStart(4)} accuracy ${accuracy(c, threshold).toFixed(3)} mean cos ${mean.toFixed(3)}${vetoed ? ` (spelling check rejects ${vetoed})` : ''}`);
  }
  return threshold;
}

const calibration: CalibrationPair[] = pairs.map((p) => ({ reference: p.reference, candidate: p.candidate, category: p.category, label: p.label }));
const calibrationScores = await cosines(calibration);
const threshold = chooseThreshold('calibration', calibration, calibrationScores, calibration.map(() => false));
const withTypos = [...calibration, ...typoPairs];
const scores = [...calibrationScores, ...(await cosines(typoPairs))];
await runtime.release();
const spellingCheckThreshold = chooseThreshold(
  `calibration with the spelling check and ${typoPairs.length} real misspellings`,
  withTypos,
  scores,
  withTypos.map((p) => checkSpelling(p.reference, p.candidate) !== null),
);

const files = ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json', 'build-info.json'];
const manifest = {
  name: 'csc-studio-lexical-zh',
  pooling: 'mean',
  threshold,
  spellingCheckThreshold,
  maxLength: 512,
  dimension: meta.dimension,
  files: files.map((f) => {
    const bytes = readFileSync(path.join(dir, f));
    return { path: f, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
  }),
  licence:
    'CC BY-SA 4.0 (derived from CC-CEDICT, CC BY-SA 4.0, and the open-gram language model of sunpinyin-data, CC BY-SA 3.0); ' +
    'also uses jieba dict.txt (MIT), Pangu synonyms from the npm package segment (MIT) and WordNet 3.0 (WordNet licence)',
  attribution:
    'CC-CEDICT (MDBG and contributors; CEDICT © 1997-1998 Paul Andrew Denisowski); open-gram (Kov Chai, virus huo, Tinyfool; ' +
    'lexicon © 1997-2010 MDBG); jieba (Sun Junyi); Pangu segment dictionaries via node-segment (Zongmin Lei); ' +
    'WordNet 3.0 © 2006 Princeton University. See MODEL_CARD.md.',
  source: 'built by models/build/build_default.sh (a lexical baseline, not a neural encoder); see MODEL_CARD.md',
};
writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`wrote ${path.join(dir, 'manifest.json')}`);
