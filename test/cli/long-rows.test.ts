import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { longRow } from '../fixtures/long-rows.ts';
import { cli } from './run-cli.ts';

// Constructed rows: three short teaching examples and one 2,000-character row whose prediction shares no
// character with its source. Under --max-align-cells 1000 the short rows align (at most 8 × 8 cells) and the long
// pair cannot (its texts differ in every position).
const LENGTH = 2000;
const { source: LONG_SOURCE, reference: LONG_REFERENCE, unrelated: UNRELATED } = longRow(LENGTH);
const METRICS = 'levenshtein,cherrant,cllm,gcsc,ops';

let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-long-rows-'));
  const head = 'id\tsource\treference\n';
  const short = 'e1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\n';
  writeFileSync(file('test.tsv'), `${head}${short}long-1\t${LONG_SOURCE}\t${LONG_REFERENCE}\nc1\t订单周三发出。\t订单周三发出。\n`);
  writeFileSync(file('test-short.tsv'), `${head}${short}c1\t订单周三发出。\t订单周三发出。\n`);
  const predShort = 'e1\t请尽快回复。\ne2\t资料已经寄出了。\n';
  writeFileSync(file('pred.tsv'), `id\tprediction\n${predShort}long-1\t${UNRELATED}\nc1\t订单周二发出。\n`);
  writeFileSync(file('pred-fixed.tsv'), `id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nlong-1\t${LONG_REFERENCE}\nc1\t订单周二发出。\n`);
  writeFileSync(file('pred-short.tsv'), `id\tprediction\n${predShort}c1\t订单周二发出。\n`);
});

const evalJson = async (...args: string[]) => {
  const r = await cli('eval', '--metrics', METRICS, '--judge', 'exact', ...args);
  expect(r.stderr).not.toMatch(/this is a bug/);
  return { ...r, report: r.code <= 1 ? JSON.parse(r.stdout) : undefined };
};

describe('csc-studio eval --max-align-cells', { timeout: 60_000 }, () => {
  it('leaves a row too long to align out of every alignment-based count, by name, and scores the rest as without it', async () => {
    const run = await evalJson('--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--max-align-cells', '1000');
    const without = await evalJson('--test', file('test-short.tsv'), '--pred', `sys=${file('pred-short.tsv')}`, '--max-align-cells', '1000');
    expect(run.code).toBe(0);
    expect(without.code).toBe(0);
    expect(run.report.systems).toEqual(without.report.systems);
    expect(run.report.gcsc.operations).toBe(without.report.gcsc.operations);
    expect(run.report.refused_rows).toEqual({ sys: { levenshtein: ['long-1'], cllm: ['long-1'], cherrant: ['long-1'], gcsc: ['long-1'], ops: ['long-1'] } });
    expect(without.report.refused_rows).toBeUndefined();
    for (const profile of METRICS.split(',')) {
      expect(run.stderr).toContain(
        `warning: sys / ${profile}: row long-1 left out: texts of ${LENGTH} and ${LENGTH} characters differ too much to align within 1000 table cells`,
      );
    }
  });

  it('scores a near-identical long row (the prediction fixes it) under a limit its band fits in', async () => {
    const fixed = await evalJson('--test', file('test.tsv'), '--pred', `sys=${file('pred-fixed.tsv')}`, '--max-align-cells', '100000');
    expect(fixed.code).toBe(0);
    expect(fixed.report.refused_rows).toBeUndefined();
    // One edit each: e1, e2 and long-1 fixed, c1 over-corrected; every gold edit made.
    expect(fixed.report.systems.sys.ops.total).toBe(4);
    expect(fixed.report.systems.sys.levenshtein['char correction r']).toBe(100);
  });

  it.each([['0'], ['abc'], ['1e6'], ['-5'], ['4294967297']])('refuses --max-align-cells=%j with exit 2', async (value) => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, `--max-align-cells=${value}`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--max-align-cells "${value}": give a whole number of alignment table cells from 1 to 4294967296`);
    expect(r.stdout).toBe('');
  });
});
