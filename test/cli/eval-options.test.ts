import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';

// Constructed rows: e1 fixed, e2 only changes a full-width comma to a half-width one, c1 over-corrected, u1 a
// reference that changes the length (so cscd refuses unless the row is left out).
let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-options-'));
  writeFileSync(file('test.tsv'), 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t我们，好。\t我们，好。\nc1\t订单周三发出。\t订单周三发出。\n');
  writeFileSync(file('p.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t我们,好。\nc1\t订单周二发出。\n');
  writeFileSync(file('q.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t我们，好。\nc1\t订单周三发出。\n');
  writeFileSync(file('test-u.tsv'), 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\nu1\t资料已近发出。\t资料已经寄出了。\n');
  writeFileSync(file('pu.tsv'), 'id\tprediction\ne1\t请尽快回复。\nu1\t资料已近发出。\n');
  // Ten rows, eight with one typo, for intervals: the oracle is right on every resample.
  const rows = Array.from({ length: 10 }, (_, i) => (i < 8 ? [`r${i}`, `第${i}天很高心。`, `第${i}天很高兴。`] : [`r${i}`, `第${i}天很好。`, `第${i}天很好。`]));
  writeFileSync(file('ten.tsv'), ['id\tsource\treference', ...rows.map((r) => r.join('\t'))].join('\n') + '\n');
  writeFileSync(file('oracle.tsv'), ['id\tprediction', ...rows.map((r) => `${r[0]}\t${r[2]}`)].join('\n') + '\n');
  writeFileSync(file('half.tsv'), ['id\tprediction', ...rows.map((r, i) => `${r[0]}\t${i % 2 === 0 ? r[2] : r[1]}`)].join('\n') + '\n');
});

const evalJson = async (...args: string[]) => {
  const r = await cli('eval', ...args);
  expect(r.stderr).not.toMatch(/this is a bug/);
  return { ...r, report: r.code <= 1 ? JSON.parse(r.stdout) : undefined };
};

describe('csc-studio eval: normalisation options', { timeout: 60_000 }, () => {
  it('--to-halfwidth makes a width-only change no change at all (S_D_p 1/3 → 1/2), and the report says so', async () => {
    const plain = await evalJson('--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, '--metrics', 'cscd');
    const half = await evalJson('--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, '--metrics', 'cscd', '--to-halfwidth');
    expect(plain.report.systems.p.cscd.S_D_p).toBe(33.333);
    expect(half.report.systems.p.cscd.S_D_p).toBe(50);
    expect(plain.report.dataset.normalization).toBeUndefined();
    expect(half.report.dataset.normalization).toEqual({ 'to-halfwidth': true });
    // The fingerprint names the rows as read, whatever the options.
    expect(half.report.dataset.fingerprint).toBe(plain.report.dataset.fingerprint);
  });

  it('--ignore-unmatch-length leaves the unequal row out, lists it, and cscd scores the rest', async () => {
    const plain = await evalJson('--test', file('test-u.tsv'), '--pred', `p=${file('pu.tsv')}`, '--metrics', 'cscd');
    expect(plain.report.systems.p.cscd.error).toMatch(/u1/);
    const kept = await evalJson('--test', file('test-u.tsv'), '--pred', `p=${file('pu.tsv')}`, '--metrics', 'cscd', '--ignore-unmatch-length');
    expect(kept.code).toBe(0);
    expect(kept.report.dataset.ignored_rows.map((r: { id: string }) => r.id)).toEqual(['u1']);
    expect(kept.report.systems.p.cscd.S_C_f1).toBe(100);
  });

  it('refuses a bad option value with one line and exit 2', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, '--max-length', 'ten');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-length needs a whole number/);
  });
});

describe('csc-studio eval: --report, --ci, --slice', { timeout: 60_000 }, () => {
  it('--report writes CSCD-NS’s per-row report for one system', async () => {
    const out = file('report.txt');
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, '--metrics', 'cscd', '--report', out);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^overview:\nS_D_p:33\.333\n/);
    expect(text).toContain('原始: 订单周三发出。\n正确: 订单周【三】发出。\n预测: 订单周【二】发出。\n错误类型: 过纠');
    const two = await cli('eval', '--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, '--pred', `q=${file('q.tsv')}`, '--report', out);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/exactly one --pred/);
  });

  it('--ci adds paired intervals; a system right on every sentence has [100, 100]; the same seed repeats', async () => {
    const args = ['--test', file('ten.tsv'), '--pred', `oracle=${file('oracle.tsv')}`, '--pred', `half=${file('half.tsv')}`, '--metrics', 'cscd', '--ci', '--resamples', '200', '--seed', '7'];
    const a = await evalJson(...args);
    const b = await evalJson(...args);
    expect(a.stdout).toBe(b.stdout);
    expect(a.report.interval_settings).toMatchObject({ resamples: 200, seed: 7, confidence: 0.95 });
    expect(a.report.intervals.oracle.cscd.S_C_p).toEqual([100, 100]);
    const [low, high] = a.report.intervals.half.cscd.S_C_r as [number, number];
    // half fixes r0, r2, r4, r6 of eight error rows: R = 50, and resampled R spreads around it.
    expect(a.report.systems.half.cscd.S_C_r).toBe(50);
    expect(low).toBeLessThan(50);
    expect(high).toBeGreaterThan(50);
    const noCi = await cli('eval', '--test', file('ten.tsv'), '--pred', `oracle=${file('oracle.tsv')}`, '--resamples', '10');
    expect(noCi.code).toBe(2);
  });

  it('--slice errors scores each slice; --slice seen without --train is a usage error', async () => {
    const r = await evalJson('--test', file('ten.tsv'), '--pred', `half=${file('half.tsv')}`, '--metrics', 'cscd', '--slice', 'errors');
    expect(r.code).toBe(0);
    expect(JSON.stringify(r.report.slices)).toContain('errors');
    const seen = await cli('eval', '--test', file('ten.tsv'), '--pred', `half=${file('half.tsv')}`, '--slice', 'seen');
    expect(seen.code).toBe(2);
    expect(seen.stderr).toMatch(/--train/);
  });
});
