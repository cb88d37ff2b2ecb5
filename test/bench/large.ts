/**
 * Large test sets (issue 27): the CLI's whole process on 1,000,000 rows of joined SIGHAN15 sentences (pair-rows.ts,
 * about 60 characters a row, written at bench time into a temporary folder), `eval --metrics cscd` with one system
 * and with --rows streamed to a file: wall time and peak RSS (targets: ≤ 20 s, ≤ 1 GB), beside the floor of reading
 * the same bytes (Node reading and decoding the two files). CSC_BENCH_LARGE_ROWS changes the size,
 * CSC_BENCH_PAIRS the runs (default 3; medians). The 50,000-row script comparisons are
 * `CSC_BENCH_ROWS=50000 npm run bench -- reference`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { printTable, sharedData } from './harness.ts';
import { measure, median, type Command, type Measured } from './measure.ts';
import { writePairRows } from './pair-rows.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function repeat(command: Command, runs: number): Measured {
  measure([command], ROOT);
  const all = Array.from({ length: runs }, () => measure([command], ROOT));
  return { ms: median(all.map((m) => m.ms)), peakMb: median(all.map((m) => m.peakMb)) };
}

export function benchLarge(): void {
  const rows = Number(process.env.CSC_BENCH_LARGE_ROWS ?? 1_000_000);
  const runs = Number(process.env.CSC_BENCH_PAIRS ?? 3);
  const built = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  if (built.status !== 0) throw new Error(`npm run build:cli failed: ${built.stderr}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'csc-bench-large-'));
  try {
    const data = writePairRows(path.join(sharedData(), 'sighan15'), dir, rows);
    const pred = data.preds['synth-eq'];
    const cli = (...args: string[]): Command => ({
      argv: ['node', path.join(ROOT, 'build/cli/csc-studio.js'), 'eval', '--test', data.test, '--pred', `synth-eq=${pred}`, '--quiet', '--output', path.join(dir, 'out.json'), ...args],
    });
    const read: Command = { argv: ['node', '-e', `const fs = require('fs'); for (const f of process.argv.slice(1)) fs.readFileSync(f, 'utf8');`, data.test, pred] };
    const table = [
      ['node reading and decoding the two files (a floor)', repeat(read, runs)],
      ['eval --metrics cscd', repeat(cli('--metrics', 'cscd'), runs)],
      ['eval --metrics cscd --rows FILE', repeat(cli('--metrics', 'cscd', '--rows', path.join(dir, 'rows.jsonl')), runs)],
    ].map(([label, m]) => [label as string, (m as Measured).ms / 1000, (m as Measured).peakMb]);
    printTable(`Large test set: ${rows.toLocaleString('en-US')} rows, one system, whole process, medians of ${runs} runs (targets for eval --metrics cscd: ≤ 20 s, ≤ 1,024 MB)`, ['run', 's', 'peak RSS MB'], table);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
