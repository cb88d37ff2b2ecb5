import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { runCompare } from '../../src/cli/compare-command.ts';

let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-compare-'));
  // Constructed: 6 error sentences and 4 clean ones.
  const rows = [
    ['e1', '我门明天见', '我们明天见'],
    ['e2', '今天很高性', '今天很高兴'],
    ['e3', '他在学效', '他在学校'],
    ['e4', '天气很号', '天气很好'],
    ['e5', '吃反了吗', '吃饭了吗'],
    ['e6', '在见朋友', '再见朋友'],
    ['c1', '我们走吧', '我们走吧'],
    ['c2', '好的谢谢', '好的谢谢'],
    ['c3', '这是我的书', '这是我的书'],
    ['c4', '今天是星期一', '今天是星期一'],
  ];
  writeFileSync(file('test.tsv'), 'id\tsource\treference\n' + rows.map((r) => r.join('\t')).join('\n') + '\n');
  // good fixes e1–e5; weak fixes e1 and e2 and breaks c1.
  const good = rows.map(([id, s, r]) => [id, id === 'e6' ? s : r]);
  const weak = rows.map(([id, s, r]) => [id, id === 'e1' || id === 'e2' ? r : id === 'c1' ? '我们走了' : s]);
  writeFileSync(file('good.tsv'), 'id\tprediction\n' + good.map((r) => r.join('\t')).join('\n') + '\n');
  writeFileSync(file('weak.tsv'), 'id\tprediction\n' + weak.map((r) => r.join('\t')).join('\n') + '\n');
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

const compare = async (...extra: string[]) => {
  const out = file(`out-${Math.random().toString(36).slice(2)}.json`);
  const code = await runCompare(['--test', file('test.tsv'), '--pred', `good=${file('good.tsv')}`, '--pred', `weak=${file('weak.tsv')}`, '--output', out, ...extra]);
  return { code, text: readFileSync(out, 'utf8') };
};

describe('csc-studio compare', { timeout: 60_000 }, () => {
  it('prints every headline key of every pair with the issue keys, and the sentence sets', async () => {
    const { code, text } = await compare('--metrics', 'cscd,sighan', '--resamples', '200', '--seed', '7');
    expect(code).toBe(0);
    const report = JSON.parse(text);
    expect(report.comparisons.map((c: { profile: string; key: string }) => `${c.profile}:${c.key}`)).toEqual([
      'cscd:S_D_f1',
      'cscd:S_C_f1',
      'cscd:C_D_f1',
      'cscd:C_C_f1',
      'sighan:D_f1',
      'sighan:C_f1',
    ]);
    const c = report.comparisons[1];
    // good: S_C P = 5/5, R = 5/6 → 100, 83.333, F1 90.909; weak: P = 2/3, R = 2/6 → 66.667, 33.333, F1 44.444.
    expect(c).toMatchObject({ a: 'good', b: 'weak', profile: 'cscd', key: 'S_C_f1', a_value: 90.909, b_value: 44.444, delta: 46.465, resamples: 200, seed: 7 });
    expect(c.ci[0]).toBeLessThan(c.ci[1]);
    expect(report.settings).toMatchObject({ resamples: 200, seed: 7, confidence: 0.95, keys: 'headline' });
    expect(report.sentence_sets.pairs[0]).toEqual({ a: 'good', b: 'weak', a_only: ['e3', 'e4', 'e5'], b_only: [], both_corrected: 2, both_broke: [] });
    expect(report.sentence_sets.oracle).toMatchObject({ error_sentences: 6, corrected: 5, gain_over_best: 0 });
  });

  it('the same seed gives byte-identical output; identical systems give delta 0 and p = 1', async () => {
    const a = await compare('--metrics', 'cscd', '--resamples', '100', '--seed', 'abc');
    const b = await compare('--metrics', 'cscd', '--resamples', '100', '--seed', 'abc');
    expect(b.text).toBe(a.text);
    const out = file('same.json');
    await runCompare(['--test', file('test.tsv'), '--pred', `x=${file('good.tsv')}`, '--pred', `y=${file('good.tsv')}`, '--metrics', 'lemon', '--resamples', '50', '--output', out]);
    for (const c of JSON.parse(readFileSync(out, 'utf8')).comparisons) expect(c).toMatchObject({ delta: 0, p_bootstrap: 1, p_randomization: 1, p_holm: 1 });
  });

  it('prints Markdown', async () => {
    const { text } = await compare('--metrics', 'cscd', '--resamples', '50', '--format', 'md');
    expect(text).toMatch(/^## good vs weak/);
    expect(text).toContain('| cscd | S_C_f1 | 90.909 | 44.444 | 46.465 |');
    expect(text).toContain('| good | weak | 3 | 0 | 2 | 0 |');
  });

  it('refuses bad usage with a specific message', async () => {
    const base = ['--test', file('test.tsv'), '--pred', `good=${file('good.tsv')}`];
    await expect(runCompare(base)).rejects.toThrow(UsageError);
    await expect(runCompare(base)).rejects.toThrow(/at least two systems/);
    const two = [...base, '--pred', `weak=${file('weak.tsv')}`];
    await expect(runCompare([...two, '--resamples', '0'])).rejects.toThrow(/--resamples "0"/);
    await expect(runCompare([...two, '--confidence', '95'])).rejects.toThrow(/--confidence "95"/);
    await expect(runCompare([...two, '--metrics', 'gcsc', '--judge', 'bert:x'])).rejects.toThrow(/--judge "bert:x"/);
    // Judge flags without Eval-GCSC are checked too, never ignored.
    await expect(runCompare([...two, '--spelling-check', 'maybe'])).rejects.toThrow(/--spelling-check "maybe"/);
    await expect(runCompare([...two, '--judge', 'exact'])).rejects.toThrow(/--judge sets the Eval-GCSC judge, but this command runs no gcsc unless --metrics names it: add gcsc to --metrics/);
    await expect(runCompare([...two, '--judge', 'exact', '--spelling-check', 'on', '--metrics', 'gcsc'])).rejects.toThrow(/only a model judge has one/);
    await expect(runCompare([...two, '--metrics', 'nope'])).rejects.toThrow(/unknown metric profile "nope"/);
    await expect(runCompare([...two, '--keys', 'some'])).rejects.toThrow(/--keys "some"/);
    await expect(runCompare([...two, '--bogus'])).rejects.toThrow(/unknown flag --bogus for compare/);
  });
});
