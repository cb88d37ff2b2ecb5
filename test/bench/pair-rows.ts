/**
 * Large synthetic inputs made from the shared data at bench time (never committed): row i joins two SIGHAN15
 * sentences, a and b, so that up to 1,208,900 rows are all different (about 60 characters each, as CSC test sets
 * run): its source is source(a)+source(b), its reference reference(a)+reference(b), and each system's prediction
 * its predictions of a and b joined the same way (synth-eq keeps the source's length, synth-llm changes it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PairFiles {
  test: string;
  /** System name → its prediction file (header id/prediction). */
  preds: Record<'synth-eq' | 'synth-llm', string>;
  rows: number;
}

function readTsv(file: string): string[][] {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(1).map((l) => l.replace(/\r$/, '').split('\t'));
}

/** Writes `rows` rows as test.tsv, synth-eq.tsv and synth-llm.tsv into `dir` (streamed: 1M rows are ~760 MB). */
export function writePairRows(sighan15: string, dir: string, rows: number): PairFiles {
  mkdirSync(dir, { recursive: true });
  const test = readTsv(path.join(sighan15, 'test.tsv'));
  const systems = ['synth-eq', 'synth-llm'] as const;
  const preds = systems.map((s) => new Map(readTsv(path.join(sighan15, 'pred', `${s}.tsv`)).map((r) => [r[0]!, r[1]!])));
  const files = { test: path.join(dir, 'test.tsv'), preds: { 'synth-eq': path.join(dir, 'synth-eq.tsv'), 'synth-llm': path.join(dir, 'synth-llm.tsv') } };
  const out = [['id\tsource\treference'], ['id\tprediction'], ['id\tprediction']];
  const flush = (append: boolean) => {
    [files.test, files.preds['synth-eq'], files.preds['synth-llm']].forEach((f, k) => {
      writeFileSync(f, out[k]!.join('\n') + '\n', { flag: append ? 'a' : 'w' });
      out[k] = [];
    });
  };
  flush(false);
  const n = test.length;
  for (let i = 0; i < rows; i++) {
    const a = i % n;
    const b = (a + 1 + Math.floor(i / n)) % n;
    const [ia, sa, ra] = test[a]!;
    const [ib, sb, rb] = test[b]!;
    const id = `r${i}`;
    out[0]!.push(`${id}\t${sa}${sb}\t${ra}${rb}`);
    preds.forEach((p, k) => out[k + 1]!.push(`${id}\t${p.get(ia!)}${p.get(ib!)}`));
    if (out[0]!.length === 50_000) flush(true);
  }
  flush(true);
  return { ...files, rows };
}
