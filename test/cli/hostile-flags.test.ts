/**
 * Hostile command lines, second round (issue 24): flags that need something loaded, help after a command, flags
 * that only matter together, and messages that speak CLI. Each case runs the real binary.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
const evalArgs = (...more: string[]) => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, ...more];
const noBug = (stderr: string) => expect(stderr).not.toMatch(/internal error|this is a bug/);

describe('every --slice works without other flags', { timeout: 60_000 }, () => {
  it.each([
    ['type', [] as string[]],
    ['type,length', ['--metrics', 'cscd,lemon']],
    ['errors,type', ['--ci', '--resamples', '50']],
  ])('--slice %s %s', async (slice, more) => {
    const r = await cli(...evalArgs('--metrics', 'cscd', '--slice', slice, ...more));
    noBug(r.stderr);
    expect(r.code).toBe(0);
    // 块→快 sounds alike (phonetic); 近→经 sounds and looks alike (both): read from the readings and glyph tables.
    const type = (JSON.parse(r.stdout) as { slices: { type: { slices: Record<string, { error_sentences: number }> } } }).slices.type.slices;
    expect([type['phonetic']!.error_sentences, type['both']!.error_sentences]).toEqual([1, 1]);
  });

  it('--slice type with --format md scores (the slices stay in the JSON report)', async () => {
    const r = await cli(...evalArgs('--metrics', 'cscd', '--slice', 'type', '--format', 'md'));
    noBug(r.stderr);
    expect(r.code).toBe(0);
  });

  it('--slice seen with --train reads the training errors without --by-type', async () => {
    // Training: 块→快 was seen; 近→经 never.
    writeFileSync(file('train.tsv'), 'id\tsource\treference\nt1\t尽块\t尽快\n');
    const r = await cli(...evalArgs('--metrics', 'cscd,sighan', '--slice', 'seen', '--train', file('train.tsv')));
    noBug(r.stderr);
    expect(r.code).toBe(0);
    const seen = (JSON.parse(r.stdout) as { slices: { seen: { slices: Record<string, { error_sentences: number }> } } }).slices.seen.slices;
    expect(Object.fromEntries(Object.entries(seen).map(([name, s]) => [name, s.error_sentences]))).toEqual({ seen: 1, unseenV: 0, unseenK: 1 });
  });
});

describe('an unrecognised header is refused with the flags that name it, never scored', { timeout: 60_000 }, () => {
  it('编号/原句/正确: exit 2 naming --columns; with the flags it scores the real row', async () => {
    writeFileSync(file('h.tsv'), '编号\t原句\t正确\na\t我门\t我们\n');
    writeFileSync(file('hp.tsv'), '编号\t预测\na\t我们\n');
    const r = await cli('eval', '--test', file('h.tsv'), '--pred', `s=${file('hp.tsv')}`, '--metrics', 'cscd');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^csc-studio: invalid input: .*h\.tsv:1: the first row looks like a header, but no column name is recognised \(first row: "编号", "原句", "正确"\); name the columns: --columns id=编号,source=原句,reference=正确 in the CLI/);
    const named = await cli('eval', '--test', file('h.tsv'), '--pred', `s=${file('hp.tsv')}`, '--metrics', 'cscd', '--columns', 'id=编号,source=原句,reference=正确', '--pred-columns', 'id=编号,prediction=预测');
    expect(named.code).toBe(0);
    expect(JSON.parse(named.stdout).dataset.rows).toBe(1);
  });

  it('--test-header no / --pred-header no read every row as data; any other value is refused', async () => {
    writeFileSync(file('d.csv'), '1,我门,我们\n2,他门,他们\n');
    writeFileSync(file('dp.csv'), '1,我们\n2,他们\n');
    const r = await cli('eval', '--test', file('d.csv'), '--pred', `s=${file('dp.csv')}`, '--metrics', 'cscd', '--test-header', 'no', '--pred-header', 'no');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).dataset.rows).toBe(2);
    const bad = await cli('eval', '--test', file('d.csv'), '--pred', `s=${file('dp.csv')}`, '--test-header', 'false');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('csc-studio: --test-header "false": use yes (the first row names the columns) or no (every row is data)\n');
  });
});
