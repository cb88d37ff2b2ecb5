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

describe('messages speak CLI', { timeout: 60_000 }, () => {
  it.each([['eval'], ['compare'], ['generate'], ['spanf1']])('%s --help prints the usage, exit 0', async (command) => {
    for (const flag of ['--help', '-h']) {
      const r = await cli(command, flag);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: csc-studio eval --test FILE/);
      expect(r.stderr).toBe('');
    }
    const after = await cli(...evalArgs('--metrics', 'cscd', '--help'));
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/^Usage:/);
  });

  it.each([
    ['--threshold without gcsc', ['--metrics', 'cscd', '--threshold', '0.9'], '--threshold sets the Eval-GCSC judge, but --metrics cscd runs no gcsc: add gcsc to --metrics, or leave --threshold out'],
    ['--judge without gcsc', ['--metrics', 'cscd,ops', '--judge', 'exact'], '--judge sets the Eval-GCSC judge, but --metrics cscd,ops runs no gcsc: add gcsc to --metrics, or leave --judge out'],
    ['--resamples without --ci', ['--resamples', '10'], '--resamples and --confidence set the intervals of --ci: add --ci'],
    ['--threads without gcsc', ['--metrics', 'cscd', '--threads', '2'], '--threads sets how a model judge runs, but this run judges nothing (no gcsc in --metrics): use it with --judge model:DIR or model:default, or leave --threads out'],
    ['--graph with the exact judge', ['--metrics', 'gcsc', '--judge', 'exact', '--graph', 'fp32'], '--graph sets how a model judge runs, but the judge is exact: use it with --judge model:DIR or model:default, or leave --graph out'],
  ])('%s is an error, not ignored', async (_, more, message) => {
    const r = await cli(...evalArgs(...more));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`csc-studio: ${message}\n`);
  });

  it('--encoding FILE=ENC must name an input file; other spellings of one are the file', async () => {
    const r = await cli(...evalArgs('--metrics', 'cscd', '--encoding', 'tests.tsv=big5'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^csc-studio: --encoding "tests\.tsv=big5": tests\.tsv is not an input file of this command \(.*test\.tsv, .*pred\.tsv\); name a file as given to --test, --truth, --pred, --train or --cilin\n$/);
    // The same file spelled with ./ and ..: the encoding applies (big5 cannot read this UTF-8 file: refused).
    const spelled = file('x', '..', 'test.tsv');
    const applied = await cli(...evalArgs('--metrics', 'cscd', '--encoding', `${spelled}=big5`));
    expect(applied.code).toBe(2);
    expect(applied.stderr).toMatch(/test\.tsv:\d+: not valid Big5 \(the encoding given\)/);
  });

  it.each([
    ['UTF-32LE with a BOM', 'utf-32le', true, 'LE'],
    ['UTF-32BE without a BOM', 'utf-32be', false, 'BE'],
  ])('%s is named as UTF-32, not read as NUL characters', async (_, encoding, bom, order) => {
    const text = (bom ? '\ufeff' : '') + 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\nc1\t订单周三发出。\t订单周三发出。\n';
    const units = [...text].map((c) => c.codePointAt(0)!);
    const bytes = Buffer.alloc(units.length * 4);
    units.forEach((u, i) => (encoding === 'utf-32le' ? bytes.writeUInt32LE(u, i * 4) : bytes.writeUInt32BE(u, i * 4)));
    writeFileSync(file('wide.tsv'), bytes);
    const r = await cli('eval', '--test', file('wide.tsv'), '--pred', `s=${file('pred.tsv')}`, '--metrics', 'cscd');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^csc-studio: invalid input: .*wide\\.tsv: the file is UTF-32 \\(${order}\\), which is not supported; save it as UTF-8\\n$`));
  });
});
