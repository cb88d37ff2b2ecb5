/**
 * Names and ids end to end (issue 24): system names that Object.prototype holds are ordinary names in every output;
 * names and ids with control characters, terminal escapes or invisible characters are shown escaped in text
 * outputs (Markdown, CSV, stderr), so they neither act on a terminal nor print like another id.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
writeFileSync(file('p2.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已近发出。\nc1\t订单周二发出。\n');
writeFileSync(file('p3.tsv'), 'id\tprediction\ne1\t请尽块回复。\ne2\t资料已经发出。\nc1\t订单周三发出。\n');
const HOSTILE = ['__proto__', 'constructor', 'toString'];
const PLAIN = ['a', 'b', 'c'];
const preds = (names: readonly string[]) => names.flatMap((n, i) => ['--pred', `${n}=${file(['pred.tsv', 'p2.tsv', 'p3.tsv'][i]!)}`]);
const asPlain = (text: string) => HOSTILE.reduce((t, n, i) => t.replace(new RegExp(`(?<=^|[^\\w])${n}(?=[^\\w]|$)`, 'gm'), PLAIN[i]!), text);

describe('system names are plain keys end to end', { timeout: 120_000 }, () => {
  it('--pred __proto__=P alone is scored (was: "systems": {}, exit 1)', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `__proto__=${file('pred.tsv')}`, '--metrics', 'cscd');
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).systems)).toEqual(['__proto__']);
  });

  it.each([
    ['json with --ci, --slice, --by-type, gcsc and ops', ['--metrics', 'cscd,sighan,gcsc,ops', '--judge', 'exact', '--ci', '--resamples', '30', '--slice', 'length,errors,type', '--by-type']],
    ['md', ['--metrics', 'cscd,lemon,gcsc', '--judge', 'exact', '--format', 'md']],
    ['csv', ['--metrics', 'cscd,gcsc', '--judge', 'exact', '--format', 'csv']],
  ])('eval %s: the same report, rows and warnings as under plain names', async (_, more) => {
    const run = async (names: readonly string[]) => {
      const rows = file(`rows-${names[0]}.jsonl`);
      const r = await cli('eval', '--test', file('test.tsv'), ...preds(names), ...more, '--rows', rows);
      expect(r.code).toBe(0);
      return { stdout: r.stdout, stderr: r.stderr, rows: readFileSync(rows, 'utf8') };
    };
    const plain = await run(PLAIN);
    const hostile = await run(HOSTILE);
    expect(hostile.stdout).toMatch(/__proto__/);
    expect(asPlain(hostile.stdout)).toBe(plain.stdout);
    expect(asPlain(hostile.stderr)).toBe(plain.stderr);
    expect(asPlain(hostile.rows)).toBe(plain.rows);
  });

  it('compare and spanf1 keep every system', async () => {
    const compare = await cli('compare', '--test', file('test.tsv'), ...preds(HOSTILE), '--metrics', 'cscd', '--resamples', '30');
    expect(compare.code).toBe(0);
    const pairs = (JSON.parse(compare.stdout).comparisons as { a: string; b: string }[]).map((c) => `${c.a}|${c.b}`);
    expect([...new Set(pairs)]).toEqual(['__proto__|constructor', '__proto__|toString', 'constructor|toString']);
    const spans = await cli('spanf1', '--test', file('test.tsv'), ...preds(HOSTILE));
    expect(spans.code).toBe(0);
    expect(Object.keys(JSON.parse(spans.stdout).systems)).toEqual(HOSTILE);
  });
});

describe('names and ids with invisible or terminal characters are shown escaped', { timeout: 60_000 }, () => {
  const ESC = '\u001b[31mred\u0007';
  it('a system name with a terminal escape: Markdown, CSV and stderr show \\u{001B}, JSON keeps the name', async () => {
    writeFileSync(file('odd.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nc1\t订单周二发出。\n'); // c1 over-corrected
    const args = ['eval', '--test', file('test.tsv'), '--pred', `${ESC}=${file('odd.tsv')}`, '--metrics', 'cscd,sighan'];
    const md = await cli(...args, '--format', 'md');
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('| profile | metric | \\u{001B}[31mred\\u{0007} |');
    const csv = await cli(...args, '--format', 'csv');
    expect(csv.stdout.split('\r\n')[0]).toBe('profile,metric,\\u{001B}[31mred\\u{0007}');
    for (const text of [md.stdout, md.stderr, csv.stdout, csv.stderr]) expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    const json = await cli(...args);
    expect(Object.keys(JSON.parse(json.stdout).systems)).toEqual([ESC]);
    // A usage error naming the system, as two systems of one name.
    const twice = await cli('eval', '--test', file('test.tsv'), '--pred', `${ESC}=${file('pred.tsv')}`, '--pred', `${ESC}=${file('p2.tsv')}`);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('csc-studio: two systems are named "\\u{001B}[31mred\\u{0007}"; name them with --pred NAME=FILE\n');
  });

  it.each([
    ['a zero-width space', 'e1\u200b', 'e1\\u{200B}'],
    ['a byte-order mark inside the id', '\ufeffe1', '\\u{FEFF}e1'],
    ['a decomposed (NFD) accent', 'e\u0301', 'e\\u{0301}'],
  ])('ids that differ only by %s print differently', async (_, id, shown) => {
    writeFileSync(file('t-inv.tsv'), `id\tsource\treference\n${id === 'e\u0301' ? '\u00e9' : 'e1'}\t我门\t我们\nx2\t他门\t他们\n`);
    writeFileSync(file('p-inv.tsv'), `id\tprediction\n${id}\t我们\nx2\t他们\n`);
    const r = await cli('eval', '--test', file('t-inv.tsv'), '--pred', `s=${file('p-inv.tsv')}`, '--metrics', 'cscd');
    expect(r.code).toBe(2);
    // Refused as not in the test set, or (BOM, which JavaScript counts as whitespace) as surrounded by whitespace.
    expect(r.stderr).toMatch(new RegExp(`id "${shown.replaceAll('\\', '\\\\').replace(/[{}]/g, '\\$&')}" (is not in the test set|has leading or trailing whitespace)`));
    expect(r.stderr).not.toMatch(/[\u200b\ufeff\u0301]/);
  });
});
