/**
 * Files of COMPACT_READ_BYTES or more are read into the compact row store (core/io/row-store.ts): the CLI must
 * then report and record exactly what it gives for the same rows read as plain objects. JSON Lines is always read
 * plainly, so each run on TSV (compact) is compared with the same run on the same rows as JSON Lines.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPACT_READ_BYTES } from '../../src/cli/large-inputs.ts';
import { cli } from './run-cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'csc-large-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);

// Sentence pairs (source with a typo, reference) and what a system makes of them: corrected, kept, a wrong
// character, a correct sentence changed; long enough that 64,000 rows pass the compact size in both files.
const PAIRS: [string, string][] = [
  ['我们今天下午去公圆散步，然后在湖边的长椅上坐了很久，看着孩子们放风筝。', '我们今天下午去公园散步，然后在湖边的长椅上坐了很久，看着孩子们放风筝。'],
  ['他的汉语说得很流力，可是写字的时候常常把字的偏旁写错，老师说要多练习。', '他的汉语说得很流利，可是写字的时候常常把字的偏旁写错，老师说要多练习。'],
  ['这家饭馆的菜又便宜又好吃，所以每天中午都有很多人在门口排队等位子的。', '这家饭馆的菜又便宜又好吃，所以每天中午都有很多人在门口排队等位子的。'],
];
const ROWS = 64_000;

function rowsOf(i: number): { id: string; source: string; reference: string; prediction: string } {
  const [source, reference] = PAIRS[i % PAIRS.length]!;
  const long = (s: string) => s + s + s.slice(0, 20 + (i % 7));
  const kind = Math.floor(i / PAIRS.length) % 4;
  const prediction = kind === 0 ? reference : kind === 1 ? source : kind === 2 ? source.replace(/[园力]/, '圆') : reference.replace('的', '地');
  return { id: `r${i}`, source: long(source), reference: long(reference), prediction: long(prediction) };
}

function writeInputs(): void {
  const rows = Array.from({ length: ROWS }, (_, i) => rowsOf(i));
  writeFileSync(file('test.tsv'), ['id\tsource\treference', ...rows.map((r) => `${r.id}\t${r.source}\t${r.reference}`)].join('\n') + '\n');
  writeFileSync(file('pred.tsv'), ['id\tprediction', ...rows.map((r) => `${r.id}\t${r.prediction}`)].join('\n') + '\n');
  writeFileSync(file('test.jsonl'), rows.map((r) => JSON.stringify({ id: r.id, source: r.source, reference: r.reference }) + '\n').join(''));
  writeFileSync(file('pred.jsonl'), rows.map((r) => JSON.stringify({ id: r.id, prediction: r.prediction }) + '\n').join(''));
}

/** The report without what names the file it was read from. */
function results(report: string): unknown {
  const parsed = JSON.parse(report) as { dataset: Record<string, unknown>; created?: unknown };
  const { file: _file, format: _format, ...dataset } = parsed.dataset;
  return { ...parsed, dataset };
}

describe('eval on files large enough to be read compactly', { timeout: 180_000 }, () => {
  writeInputs();

  it('are large enough: both TSV files pass the compact size', () => {
    expect(statSync(file('test.tsv')).size).toBeGreaterThanOrEqual(COMPACT_READ_BYTES);
    expect(statSync(file('pred.tsv')).size).toBeGreaterThanOrEqual(COMPACT_READ_BYTES);
  });

  it.each([
    ['profiles, --rows and --report', ['--metrics', 'cscd,sighan,lemon']],
    ['normalisation (rows left out by id, characters ignored)', ['--metrics', 'cscd,sighan', '--ignore-chars', '的地', '--max-length', '93']],
  ])('%s: the same report and records as plain rows', async (_name, flags) => {
    const run = async (kind: 'tsv' | 'jsonl') => {
      const r = await cli('eval', '--test', file(`test.${kind}`), '--pred', `sys=${file(`pred.${kind}`)}`, ...flags, '--rows', file(`rows.${kind}`), '--report', file(`report.${kind}`), '--output', file(`out.${kind}.json`), '--quiet');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { report: readFileSync(file(`out.${kind}.json`), 'utf8'), rows: readFileSync(file(`rows.${kind}`), 'utf8'), cscd: readFileSync(file(`report.${kind}`), 'utf8') };
    };
    const [compact, plain] = [await run('tsv'), await run('jsonl')];
    expect(results(compact.report)).toEqual(results(plain.report));
    expect(compact.rows).toBe(plain.rows);
    expect(compact.cscd).toBe(plain.cscd);
    expect(compact.rows.split('\n').length).toBeGreaterThan(ROWS / 2);
  });
});
