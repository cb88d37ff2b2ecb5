/**
 * Real-size encoders (issue 27): random-weight models of bge-small-zh's and bert-base-chinese's shapes, built on
 * demand into tmp/bench-models/ (models/test/build_tiny_bert.py --shape; Debian's python3-onnx and python3-numpy),
 * on 5,000 rows of joined SIGHAN15 sentences (pair-rows.ts, synth-eq: about 6,000 texts to embed). For each graph:
 *   - the CLI's whole run (`eval --metrics gcsc --judge model:DIR --graph G`, no embedding cache): wall time, peak
 *     RSS, against the same run with the exact judge;
 *   - a second run of the same test set with the embedding cache the first one filled (target: ≥ 3× faster);
 *   - the CLI's embedding (its model thread, as eval runs it) against onnxruntime-node alone on the same batches
 *     with the same threads (target: ≥ 0.95× its texts/s), paired and alternating.
 * CSC_BENCH_ENCODERS picks configurations (e.g. "bge-small:int8,bert-base:fp32"); CSC_BENCH_PAIRS the pairs
 * (default 3; bert-base runs one pair); CSC_BENCH_THREADS the threads (default: every core). The page's time
 * for the same run is `npm run bench:app` (test/bench/app.ts, with CSC_BENCH_ENCODER_APP=1).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { printTable, sharedData } from './harness.ts';
import { measure, paired, type Command } from './measure.ts';
import { writePairRows } from './pair-rows.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_MODELS = path.join(ROOT, 'tmp/bench-models');
const GRAPHS = { fp32: 'onnx/model.onnx', int8: 'onnx/model_quantized.onnx', 'int8-embeddings': 'onnx/model_int8_embeddings.onnx' } as const;
type Graph = keyof typeof GRAPHS;
const DEFAULT_CONFIGS = ['bge-small:int8', 'bge-small:int8-embeddings', 'bge-small:fp32', 'bert-base:int8'];

/** The shape's folder, built now when missing; null (with a printed reason) when it cannot be. */
export function benchModel(shape: 'bge-small' | 'bert-base'): string | null {
  const folder = path.join(BENCH_MODELS, shape);
  if (existsSync(path.join(folder, 'manifest.json'))) return folder;
  const python = process.env.CSC_MODEL_PYTHON ?? '/usr/bin/python3';
  console.log(`building ${shape} into ${folder} (random weights)…`);
  const r = spawnSync(python, [path.join(ROOT, 'models/test/build_tiny_bert.py'), '--shape', shape, '--out', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status === 0) return folder;
  console.log(`skipped ${shape}: the builder failed (apt-get install -y python3-onnx python3-numpy): ${r.stderr?.toString().trim().split('\n').pop()}`);
  return null;
}

/** R and R_pro of every operation the judge is asked about, each once: what a model run embeds. */
function textsToEmbed(rowsFile: string): string[] {
  const texts = new Set<string>();
  for (const line of readFileSync(rowsFile, 'utf8').split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line) as { reference: string; gcsc?: { operations?: { rPro: string }[] } };
    for (const op of record.gcsc?.operations ?? []) {
      if (op.rPro === record.reference) continue;
      texts.add(record.reference);
      texts.add(op.rPro);
    }
  }
  return [...texts];
}

/** The embedding's milliseconds in a process of its own (embed-probe.ts): the CLI's model thread, or onnxruntime alone. */
function probe(mode: 'ours' | 'alone', folder: string, graph: string, threads: number, textsFile: string): number {
  const r = spawnSync('node', ['--import', 'tsx', path.join(ROOT, 'test/bench/embed-probe.ts'), mode, folder, graph, String(threads), textsFile], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`embed-probe ${mode} failed: ${r.stderr.slice(-800)}`);
  return Number(r.stdout.trim().split('\n').pop());
}

function embeddingRatio(folder: string, graph: string, threads: number, textsFile: string, pairs: number) {
  const timed = (mode: 'ours' | 'alone') => () => ({ ms: probe(mode, folder, graph, threads, textsFile), peakMb: NaN });
  const { a, b } = paired(timed('ours'), timed('alone'), pairs);
  return { oursMs: a.ms, aloneMs: b.ms };
}

export async function benchEncoders(): Promise<void> {
  const configs = (process.env.CSC_BENCH_ENCODERS?.split(',') ?? DEFAULT_CONFIGS).map((c) => c.split(':') as ['bge-small' | 'bert-base', Graph]);
  const pairs = Number(process.env.CSC_BENCH_PAIRS ?? 3);
  const threads = Number(process.env.CSC_BENCH_THREADS ?? availableParallelism());
  const built = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  if (built.status !== 0) throw new Error(`npm run build:cli failed: ${built.stderr}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'csc-bench-enc-'));
  try {
    const data = writePairRows(path.join(sharedData(), 'sighan15'), dir, 5000);
    const cli = (...args: string[]): Command => ({
      argv: ['node', path.join(ROOT, 'build/cli/csc-studio.js'), 'eval', '--test', data.test, '--pred', `synth-eq=${data.preds['synth-eq']}`, '--metrics', 'gcsc', '--quiet', ...args],
    });
    const rowsFile = path.join(dir, 'rows.jsonl');
    measure([cli('--judge', 'exact', '--output', path.join(dir, 'exact.json'))], ROOT); // warm-up
    const exact = measure([cli('--judge', 'exact', '--rows', rowsFile, '--output', path.join(dir, 'exact.json'))], ROOT);
    const texts = textsToEmbed(rowsFile);
    console.log(`\n${data.rows} rows, ${texts.length} distinct texts to embed; ${threads} threads; exact judge: ${(exact.ms / 1000).toFixed(2)} s, ${exact.peakMb.toFixed(0)} MB`);
    const table: (string | number)[][] = [];
    for (const [shape, graph] of configs) {
      const folder = benchModel(shape);
      if (!folder) continue;
      const n = shape === 'bert-base' ? 1 : pairs;
      const model = ['--judge', `model:${folder}`, '--graph', GRAPHS[graph], '--threads', String(threads), '--output', path.join(dir, 'model.json')];
      const cache = path.join(dir, `cache-${shape}-${graph}`);
      const cold = () => measure([cli(...model, '--embedding-cache', 'off')], ROOT);
      // The first run fills the cache (the pair's warm-up); every later one reads it.
      const warm = () => measure([cli(...model, '--embedding-cache', cache)], ROOT);
      const whole = paired(cold, warm, n);
      const report = JSON.parse(readFileSync(path.join(dir, 'model.json'), 'utf8')) as { run_environment: { embedding: { cacheHits: number } } };
      const sample = shape === 'bert-base' ? texts.slice(0, 1500) : texts;
      const textsFile = path.join(dir, `texts-${shape}.json`);
      writeFileSync(textsFile, JSON.stringify(sample));
      const emb = embeddingRatio(folder, GRAPHS[graph], threads, textsFile, n);
      const mb = statSync(path.join(folder, GRAPHS[graph])).size / 1e6;
      console.log(`  ${shape} ${graph}: whole ${(whole.a.ms / 1000).toFixed(1)} s ${whole.a.peakMb.toFixed(0)} MB; cached ${(whole.b.ms / 1000).toFixed(2)} s (${report.run_environment.embedding.cacheHits} hits); CLI ${(sample.length / emb.oursMs * 1000).toFixed(0)} texts/s, alone ${(sample.length / emb.aloneMs * 1000).toFixed(0)} texts/s`);
      table.push([
        `${shape} ${graph}`,
        mb,
        whole.a.ms / 1000,
        whole.a.peakMb,
        (sample.length / emb.oursMs) * 1000,
        (sample.length / emb.aloneMs) * 1000,
        (emb.aloneMs / emb.oursMs).toFixed(3),
        whole.b.ms / 1000,
        (whole.a.ms / whole.b.ms).toFixed(2),
      ]);
    }
    printTable(
      `Real-size encoders: CLI eval --metrics gcsc on ${data.rows} rows (${texts.length} texts), ${threads} threads, medians of ${pairs} paired runs (bert-base: 1). Targets (bge-small int8): peak ≤ 450 MB, CLI/alone ≥ 0.95, cold/cached ≥ 3`,
      ['model, graph', 'graph MB', 'whole run s', 'peak RSS MB', 'CLI texts/s', 'ORT alone texts/s', 'CLI / alone', 'cached run s', 'cold / cached'],
      table,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
