import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, cli } from './run-cli.ts';


// Constructed teaching examples: two error sentences (一处错字) and one clean sentence.
let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-cli-'));
  writeFileSync(file('test.tsv'), 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n');
  // bert: fixes e1, misses e2, keeps c1. llm: fixes e1, rewrites e2 with an extra character.
  writeFileSync(file('bert.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已近发出。\nc1\t订单周三发出。\n');
  writeFileSync(file('llm.jsonl'), '{"id":"e1","prediction":"请尽快回复。"}\n{"id":"e2","prediction":"资料已经寄出了。"}\n{"id":"c1","prediction":"订单周三发出。"}\n');
  writeFileSync(file('missing.tsv'), 'id\tprediction\ne1\t请尽快回复。\nc1\t订单周三发出。\n');
});

// Each test spawns the CLI; on a loaded machine a start can take seconds.
describe('csc-studio eval', { timeout: 60_000 }, () => {
  it('scores several systems and prints the JSON report', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `bert=${file('bert.tsv')}`, '--pred', `llm=${file('llm.jsonl')}`, '--metrics', 'cscd,proofread');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.dataset).toMatchObject({ file: 'test.tsv', format: 'tsv', encoding: 'utf-8', rows: 3 });
    expect(report.dataset.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(report.profiles)).toEqual(['cscd', 'proofread']);
    // bert: 1 changed sentence, correct; 2 error sentences → S_C_p = 100, S_C_r = 50, F1 = 2·100·50/150 = 66.667.
    expect(report.systems.bert.cscd).toMatchObject({ S_C_p: 100, S_C_r: 50, S_C_f1: 66.667 });
    // llm changes e2's length: cscd refuses it, naming the row; proofread still scores it (1 of 2 corrected).
    expect(report.systems.llm.cscd.error).toMatch(/1 row differs in length: e2/);
    expect(report.systems.llm.proofread.rates.corrected_rate).toBe(0.5);
    expect(r.stderr).toMatch(/llm \/ cscd: needs .*e2/);
    expect(report.warnings.some((w: string) => w.startsWith('llm / cscd'))).toBe(true);
  });

  it('prints a side-by-side Markdown table', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `bert=${file('bert.tsv')}`, '--pred', `llm=${file('llm.jsonl')}`, '--metrics', 'lemon', '--format', 'md');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('| profile | metric | bert | llm |');
    expect(r.stdout).toMatch(/\| lemon \| correct\.p \| [\d.]+ \| [\d.]+ \|/);
  });

  it('writes CSV with a BOM to --output', async () => {
    const out = file('report.csv');
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', 'cscd', '--format', 'csv', '--output', out);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('\uFEFFprofile,metric,bert\r\n')).toBe(true);
    expect(text).toContain('cscd,S_C_r,50\r\n');
  });

  it('exits 1 when no profile could score anything', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `llm=${file('llm.jsonl')}`, '--metrics', 'cscd');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).systems.llm.cscd.error).toMatch(/e2/);
  });

  it('exits 2 for invalid input, naming the file, row and problem', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', file('missing.tsv'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing.tsv');
    expect(r.stderr).toMatch(/no prediction for id "e2" \(.*test\.tsv line 3\)/);
    expect(r.stdout).toBe('');
  });

  it('exits 2 for usage errors: unknown profile, missing flags', async () => {
    const unknown = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown metric profile "nope"; known profiles: cscd/);
    const noPred = await cli('eval', '--test', file('test.tsv'));
    expect(noPred.code).toBe(2);
    expect(noPred.stderr).toMatch(/--pred/);
  });

  it('runs Eval-GCSC with the exact judge and the operation statistics', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `llm=${file('llm.jsonl')}`, '--metrics', 'gcsc,ops', '--judge', 'exact');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.gcsc).toMatchObject({ judge: 'exact', segmenter: 'jieba-wasm@2.4.0 hmm=off' });
    // llm: e1 fixed (块→快, R_pro = R); e2's 发出→寄出了 is not the reference: wrong under the exact judge.
    // Sentences: 2 modified, 1 correct → S_C_p = 50; 2 with errors, 1 correct → S_C_r = 50.
    expect(report.systems.llm.gcsc).toMatchObject({ S_C_p: 50, S_C_r: 50 });
    expect(report.systems.llm.ops).toMatchObject({ M: 1, S_e: 2, total: 3 });
  });

  it('runs Eval-GCSC with an embedding model folder and reports the judge', async () => {
    const model = path.resolve(path.dirname(bin), '../../models/test/tiny-bert-cls');
    const cache = path.join(dir, 'embedding-cache');
    const run = (...more: string[]) =>
      cli('eval', '--test', file('test.tsv'), '--pred', `llm=${file('llm.jsonl')}`, '--metrics', 'gcsc', '--judge', `model:${model}`, '--threshold', '0.5', '--embedding-cache', cache, ...more);
    const r = await run();
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    // The folder has a float and an int8 graph: the int8 one runs unless --graph says otherwise.
    expect(report.gcsc.judge).toMatch(/^embedding:tiny-bert-cls\/onnx\/model_quantized\.onnx@[0-9a-f]{12}:threshold=0\.5$/);
    expect(report.run_environment).toMatchObject({ graph: 'onnx/model_quantized.onnx', threads: availableParallelism(), embedding_cache: { folder: cache, read: 0, added: 2 } });
    expect(report.run_environment.embedding).toMatchObject({ embedded: 2, cacheHits: 0 });
    expect(report.gcsc).toMatchObject({ threshold: 0.5, pooling: 'cls' });
    // e2 gives two operations: 已近→已经 (R_pro = R: no request) and 发出→寄出了 (one request); e1's 块→快 has
    // R_pro = R too.
    expect(report.gcsc.judge_requests).toBe(1);
    // Cache figures depend on earlier runs, so they stay out of the report (a page's repeated run equals the CLI's).
    expect(report.gcsc.embedding).toBeUndefined();
    expect(typeof report.systems.llm.gcsc.C_C_p).toBe('number');

    // Again: both texts come from the cache, and the numbers are the same; run-time facts differ only in run_environment.
    const again = JSON.parse((await run()).stdout);
    expect(again.run_environment.embedding).toMatchObject({ embedded: 0, cacheHits: 2 });
    expect(again.run_environment.embedding_cache).toEqual({ folder: cache, read: 2, added: 0 });
    expect(again.systems).toEqual(report.systems);
    const off = JSON.parse((await run('--embedding-cache', 'off', '--graph', 'fp32', '--threads', '1')).stdout);
    expect(off.run_environment.embedding.embedded).toBe(2);
    expect(off.gcsc.judge).toMatch(/^embedding:tiny-bert-cls\/onnx\/model\.onnx@/);
    expect(off.run_environment).toMatchObject({ graph: 'onnx/model.onnx', threads: 1, embedding_cache: 'off' });
  });

  it('exits 2 for a bad judge or threshold', async () => {
    const bad = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', 'gcsc', '--judge', 'model:/nonexistent');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no model folder at \/nonexistent/);
    const t = await cli('eval', '--test', file('test.tsv'), '--pred', file('bert.tsv'), '--metrics', 'gcsc', '--judge', 'exact', '--threshold', '2');
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/--threshold "2"/);
  });
});
