/**
 * The default judge's spelling check through the CLI: eval records it and what it rejected, --spelling-check
 * switches it, judge-eval --typos measures typo acceptance from a test set's own errors.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';

let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-spelling-'));
  // Constructed: s1 a system that swaps a correct word for a sound-alike (散步 → 散布), s2 a correct fix, s3 a
  // synonym (十分 → 非常) on a clean sentence.
  writeFileSync(
    file('test.tsv'),
    'id\tsource\treference\ns1\t我们晚饭后在公园里散步。\t我们晚饭后在公园里散步。\ns2\t请尽块回复。\t请尽快回复。\ns3\t今天的天气十分炎热。\t今天的天气十分炎热。\n',
  );
  writeFileSync(file('pred.tsv'), 'id\tprediction\ns1\t我们晚饭后在公园里散布。\ns2\t请尽快回复。\ns3\t今天的天气非常炎热。\n');
  // Real-style misspellings: 两 words misspelt in one sentence, one 的/地 swap (left out), one clean row.
  writeFileSync(
    file('typos.tsv'),
    'id\tsource\treference\nt1\t我们晚反后在公园里散布。\t我们晚饭后在公园里散步。\nt2\t他慢慢的走了过来。\t他慢慢地走了过来。\nt3\t今天天气很好。\t今天天气很好。\n',
  );
});

describe('the spelling check', { timeout: 90_000 }, () => {
  it('is on for the default model: the report names it and counts what it rejected', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--metrics', 'gcsc');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.gcsc.judge).toMatch(/^spelling-check-1\+embedding:csc-studio-lexical-zh/);
    expect(report.gcsc.spelling_check).toMatchObject({ version: 'spelling-check-1', rejected: { sys: { confusable: 1, non_word: 0 } } });
    expect(report.gcsc.spelling_check.lexicon).toMatch(/^CC-CEDICT/);
    // 散布 rejected, 快 = the reference, 非常 kept: 2 of 3 operations correct.
    expect(report.systems.sys.gcsc.counts).toMatchObject({ operations: 3, operations_correct: 2 });
  });

  it('is off on request, and then judges by the cosine alone', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--metrics', 'gcsc', '--spelling-check', 'off');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.gcsc.judge).toMatch(/^embedding:csc-studio-lexical-zh/);
    expect(report.gcsc.spelling_check).toBeUndefined();
  });

  it('refuses a bad value and a spelling check on a judge without a model', async () => {
    const bad = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--metrics', 'gcsc', '--spelling-check', 'yes');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--spelling-check "yes": use on or off/);
    const exact = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--metrics', 'gcsc', '--judge', 'exact', '--spelling-check', 'on');
    expect(exact.code).toBe(2);
    expect(exact.stderr).toMatch(/spelling check: only a model judge has one/);
  });

  it('judge-eval --typos: the share of real misspellings a judge accepts, with and without the check', async () => {
    const on = await cli('judge-eval', '--typos', file('typos.tsv'));
    expect(on.code).toBe(0);
    const checked = JSON.parse(on.stdout).typos;
    // t1: two word pairs (晚反, 散布) and the sentence; t2's 的 for 地 is left out, t3 has no error.
    expect(checked).toMatchObject({ file: 'typos.tsv', rows_with_errors: 2, left_out: { word: { variant: 0, alternation: 1 }, sentence: { variant: 0, alternation: 1 } } });
    expect(checked.acceptance).toEqual({ word: { pairs: 2, accepted: 0, share: 0 }, sentence: { pairs: 1, accepted: 0, share: 0 } });
    const off = await cli('judge-eval', '--typos', file('typos.tsv'), '--spelling-check', 'off', '--threshold=-1');
    // At threshold −1 the plain cosine accepts everything: the check, not the threshold, rejected them above.
    expect(JSON.parse(off.stdout).typos.acceptance.word).toEqual({ pairs: 2, accepted: 2, share: 1 });
  });

  it('judge-eval needs pairs or a test set', async () => {
    const r = await cli('judge-eval');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--pairs FILE .*--typos TESTSET/);
  });
});
