/**
 * Last step of the default model's build (models/build/build_default.sh runs it):
 *   npx tsx models/build/finish.ts --model DIR --calibration FILE
 *
 * 1. Scores the synthetic calibration pairs (make_calibration.py) through the app's own runtime.
 * 2. Picks the recommended threshold by a fixed rule: on a 0.005 grid, the middle of the range of cosines whose
 *    balanced accuracy is within 0.01 of the best, where each label's accuracy is the mean of its categories' accuracies
 *    (so neither the number of categories per label nor their sizes tilt it). No judgement set is read.
 * 3. Writes config.json and manifest.json (sha-256 and size of every file, pooling, threshold, licences).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { cosine } from '../../src/core/embed/cosine.ts';
import { readLabelledPairs } from '../../src/core/meta/pairs.ts';

const { values } = parseArgs({ options: { model: { type: 'string' }, calibration: { type: 'string' } } });
const dir = path.resolve(values.model ?? 'models/default');
const calibrationFile = values.calibration!;
const pairs = readLabelledPairs({ name: path.basename(calibrationFile), bytes: new Uint8Array(readFileSync(calibrationFile)) }).map((p) => ({
  ...p,
  label: (p.label ? 1 : 0) as 0 | 1,
}));
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
const runtime = await loadOnnxNodeRuntime(dir);
const texts = pairs.flatMap((p) => [p.reference, p.candidate]);
const vectors = await runtime.embed(texts);
await runtime.release();
const scores = pairs.map((_, i) => cosine(vectors[2 * i]!, vectors[2 * i + 1]!));
const categories = [...new Set(pairs.map((p) => p.category))].sort();

/** Balanced accuracy over the two labels, each label's accuracy the mean of its categories' accuracies. */
function macroAccuracy(t: number): number {
  const byLabel: Record<0 | 1, number[]> = { 0: [], 1: [] };
  for (const c of categories) {
    const idx = pairs.map((p, i) => (p.category === c ? i : -1)).filter((i) => i >= 0);
    byLabel[pairs[idx[0]!]!.label].push(idx.filter((i) => (scores[i]! >= t ? 1 : 0) === pairs[i]!.label).length / idx.length);
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return (mean(byLabel[0]) + mean(byLabel[1])) / 2;
}

// The calibration set is small, so the arg-max alone is noisy on a flat curve: take the middle of the range of
// thresholds whose balanced accuracy is within one point (0.01) of the best.
const grid = Array.from({ length: 201 }, (_, k) => k / 200);
const accs = grid.map(macroAccuracy);
const bestAcc = Math.max(...accs);
const near = grid.filter((_, k) => accs[k]! >= bestAcc - 0.01);
const threshold = Math.round(((near[0]! + near[near.length - 1]!) / 2) * 200) / 200;
const best = { acc: bestAcc };
console.log(`calibration: ${pairs.length} pairs, ${categories.length} categories; threshold ${threshold} (best balanced accuracy ${best.acc.toFixed(3)}, within 0.01 from ${near[0]} to ${near[near.length - 1]})`);
for (const c of categories) {
  const idx = pairs.map((p, i) => (p.category === c ? i : -1)).filter((i) => i >= 0);
  const acc = idx.filter((i) => (scores[i]! >= threshold ? 1 : 0) === pairs[i]!.label).length / idx.length;
  const mean = idx.reduce((s, i) => s + scores[i]!, 0) / idx.length;
  console.log(`  ${c.padEnd(6)} n=${String(idx.length).padStart(3)} accuracy ${acc.toFixed(3)} mean cos ${mean.toFixed(3)}`);
}

const files = ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json', 'build-info.json'];
const manifest = {
  name: 'csc-studio-lexical-zh',
  pooling: 'mean',
  threshold,
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
