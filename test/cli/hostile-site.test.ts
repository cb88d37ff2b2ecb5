/**
 * Hostile command lines for `site add-dataset`, as eval's (hostile*.test.ts): each case asserts the exit code, one
 * specific line on stderr, and that nothing was published: no dataset folder, the index as it was, an existing
 * dataset untouched. The inputs are read by eval's code, so eval's rules (special files, encodings, ids) apply.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, cliWith } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
execFileSync('mkfifo', [file('fifo')]);
writeFileSync(file('stray.tsv'), 'id\tprediction\ne1\t请尽快回复。\ne2\t资料已经发出。\nc1\t订单周三发出。\nz9\t多出来的一行。\n');
writeFileSync(file('shuffled.tsv'), 'id\tprediction\nx1\t请尽快回复。\nx2\t资料已经发出。\nx3\t订单周三发出。\n');
// A SIGHAN truth label that puts back the source's own character: scores depend on it, no table can carry it.
writeFileSync(file('in.txt'), '(pid=1)\t请尽快回复。\n(pid=2)\t资料已近发出。\n(pid=3)\t订单周三发出。\n');
writeFileSync(file('truth.txt'), '1, 1, 请\n2, 4, 经\n3, 0\n');
writeFileSync(file('in-pred.tsv'), 'id\tprediction\n1\t请尽快回复。\n2\t资料已经发出。\n3\t订单周三发出。\n');
writeFileSync(file('a-file'), 'not a folder\n');
writeFileSync(file('my test.tsv'), readFileSync(file('test.tsv')));

const add = (...more: string[]) => ['site', 'add-dataset', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--licence', 'CC BY 4.0', '--cite', 'Maintainers (2026)', ...more];

/** What `dir` holds, file by file, to show nothing changed. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const entries = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  return Object.fromEntries(entries.map((f) => [f, statSync(`${dir}/${f}`).isDirectory() ? '<dir>' : readFileSync(`${dir}/${f}`, 'utf8')]));
}

// A site with one dataset already: every refused case must leave it exactly so.
const site = file('site');
let before: Record<string, string> = {};

describe('site add-dataset refuses what it cannot publish cleanly', { timeout: 120_000 }, () => {
  it('publishes the first dataset (the baseline every case below must leave alone)', async () => {
    const r = await cli(...add('--name', 'first', '--out', site, '--metrics', 'cscd'));
    expect(r.code).toBe(0);
    before = snapshot(site);
    expect(Object.keys(before)).toEqual(['first', 'first/first.tsv', 'first/manifest.json', 'first/systems', 'first/systems/sys.tsv', 'index.json']);
  });

  it.each<[string, () => string[], RegExp]>([
    ['no --licence', () => ['site', 'add-dataset', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--cite', 'X (2026)', '--out', site, '--name', 'n1'], /^csc-studio: --licence is required: the terms the data may be shared under \(publish only data whose licence allows it; docs\/hosting\.md\)$/],
    ['a blank --cite', () => ['site', 'add-dataset', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--licence', 'MIT', '--cite', '  ', '--out', site, '--name', 'n2'], /^csc-studio: --cite is empty: how to cite the dataset, with its authors and year$/],
    ['--licence and --license together', () => add('--license', 'MIT', '--out', site, '--name', 'n3'), /^csc-studio: --licence and --license are one flag: give it once$/],
    ['a name that leaves the folder', () => add('--out', site, '--name', '../evil'), /^csc-studio: --name "\.\.\/evil" is not a folder name a site can serve: use letters, digits/],
    ['a test file whose name is no folder name, and no --name', () => ['site', 'add-dataset', '--test', file('my test.tsv'), '--pred', `s=${file('pred.tsv')}`, '--licence', 'MIT', '--cite', 'X (2026)', '--out', site], /^csc-studio: the name taken from --test, "my test", is not a folder name a site can serve: .*; give --name$/],
    ['--out names a file', () => add('--out', file('a-file'), '--name', 'n4'), /^csc-studio: --out .*a-file is an existing file, not a folder; give a folder \(it is created when missing\)$/],
    ['a dataset of that name exists', () => add('--out', site, '--name', 'first'), /^csc-studio: --out .*site already holds first \(.*site\/first\); choose another --name, or remove that folder to publish it again$/],
    ['--pred a FIFO', () => ['site', 'add-dataset', '--test', file('test.tsv'), '--pred', `sys=${file('fifo')}`, '--licence', 'MIT', '--cite', 'X (2026)', '--out', site, '--name', 'n5'], /^csc-studio: cannot read .*fifo: it is a FIFO \(named pipe\), not a regular file/],
    ['--test /dev/zero', () => ['site', 'add-dataset', '--test', '/dev/zero', '--pred', `sys=${file('pred.tsv')}`, '--licence', 'MIT', '--cite', 'X (2026)', '--out', site, '--name', 'n6'], /^csc-studio: cannot read \/dev\/zero: it is a character device/],
    ['a prediction for an id the test set lacks', () => ['site', 'add-dataset', '--test', file('test.tsv'), '--pred', `sys=${file('stray.tsv')}`, '--licence', 'MIT', '--cite', 'X (2026)', '--out', site, '--name', 'n7'], /^csc-studio: invalid input: .*stray\.tsv:5 \(id z9\): id "z9" is not in the test set .*test\.tsv$/],
    ['ids paired by line order that disagree', () => ['site', 'add-dataset', '--test', file('test.tsv'), '--pred', `sys=${file('shuffled.tsv')}`, '--match-by-line-order', '--licence', 'MIT', '--cite', 'X (2026)', '--out', site, '--name', 'n8'], /^csc-studio: not published: sys: .*; a benchmark's files must read cleanly$/],
    ['two baselines with one name', () => add('--pred', `sys=${file('pred.tsv')}`, '--out', site, '--name', 'n9'), /^csc-studio: two systems are named "sys"; name them with --pred NAME=FILE$/],
    ['--pred-cite for no baseline', () => add('--pred-cite', 'other=Someone (2020)', '--out', site, '--name', 'n10'), /^csc-studio: --pred-cite "other=Someone \(2020\)": no --pred is named "other" \(the baselines are sys\)$/],
    ['--pred-cite twice for one baseline', () => add('--pred-cite', 'sys=A (2020)', '--pred-cite', 'sys=B (2021)', '--out', site, '--name', 'n11'), /^csc-studio: --pred-cite names sys twice$/],
    ['--pred-cite without a citation', () => add('--pred-cite', 'sys=', '--out', site, '--name', 'n12'), /^csc-studio: --pred-cite "sys=": write --pred-cite NAME=CITATION/],
    ['an unknown profile', () => add('--metrics', 'cscd,nope', '--out', site, '--name', 'n13'), /^csc-studio: --metrics: unknown metric profile "nope"; known profiles: /],
    ['--judge none with gcsc', () => add('--metrics', 'cscd,gcsc', '--judge', 'none', '--out', site, '--name', 'n14'), /^csc-studio: --judge none leaves Eval-GCSC out: take gcsc and ops out of --metrics too$/],
    ['a judge without Eval-GCSC', () => add('--metrics', 'cscd', '--judge', 'exact', '--out', site, '--name', 'n15'), /^csc-studio: --judge exact judges Eval-GCSC: add gcsc to --metrics, or leave --judge out$/],
    ['a judge that needs a server', () => add('--judge', 'llm:http://127.0.0.1:9/v1', '--out', site, '--name', 'n16'), /^csc-studio: --judge "llm:http:\/\/127\.0\.0\.1:9\/v1": a hosted benchmark is judged by exact or model:default/],
    ['a metric that is not PROFILE.KEY', () => add('--metric', 'f1', '--out', site, '--name', 'n17'), /^csc-studio: --metric "f1": write PROFILE\.KEY, e\.g\. gcsc\.S_C_f1 or cscd\.S_C_f1$/],
    ['a metric of a profile not recommended', () => add('--metrics', 'cscd', '--metric', 'lemon.correct.f1', '--out', site, '--name', 'n18'), /^csc-studio: --metric "lemon\.correct\.f1": lemon is not one of the --metrics \(cscd\)$/],
    ['a key the profile does not have', () => add('--metrics', 'cscd', '--metric', 'cscd.F2', '--out', site, '--name', 'n19'), /^csc-studio: --metric "cscd\.F2": cscd has no ratio key "F2"; its ratio keys are S_D_p, /],
    ['a count rather than a ratio', () => add('--metrics', 'cherrant', '--metric', 'cherrant.cs.TP', '--out', site, '--name', 'n20'), /^csc-studio: --metric "cherrant\.cs\.TP": cherrant has no ratio key "cs\.TP"/],
    ['SIGHAN labels the texts do not imply', () => ['site', 'add-dataset', '--test', file('in.txt'), '--truth', file('truth.txt'), '--pred', `s=${file('in-pred.tsv')}`, '--licence', 'MIT', '--cite', 'X (2026)', '--metrics', 'sighan', '--out', site, '--name', 'n21'], /^csc-studio: the test set .*in\.txt cannot be written as a UTF-8 file that reads back the same \(row 1 has SIGHAN truth labels that its source and reference do not imply\); nothing was published$/],
  ])('%s', async (_, args, message) => {
    const r = await cli(...args());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(snapshot(site)).toEqual(before);
  });

  it('a read-only index is refused before anything is written; the new folder does not stay', async () => {
    chmodSync(`${site}/index.json`, 0o444);
    try {
      const r = await cli(...add('--out', site, '--name', 'ro'));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^csc-studio: refusing to replace .*index\.json: it is read-only; make it writable \(chmod u\+w\) or choose another output file\n$/);
      expect(snapshot(site)).toEqual(before);
    } finally {
      chmodSync(`${site}/index.json`, 0o644);
    }
  });

  it('a write that fails part-way (file size limit) leaves no dataset folder and the index as it was', async () => {
    const big = file('big.tsv');
    const rows = Array.from({ length: 400 }, (_, i) => `r${i}\t我们一定要遵手交通规则，这是每一个人都应该做到的。\t我们一定要遵守交通规则，这是每一个人都应该做到的。`);
    writeFileSync(big, ['id\tsource\treference', ...rows].join('\n') + '\n');
    writeFileSync(file('big-pred.tsv'), ['id\tprediction', ...rows.map((r) => r.split('\t').filter((_, k) => k !== 1).join('\t'))].join('\n') + '\n');
    const r = await cliWith({ shellPrefix: 'ulimit -f 16;' }, 'site', 'add-dataset', '--test', big, '--pred', `p=${file('big-pred.tsv')}`, '--licence', 'MIT', '--cite', 'X (2026)', '--metrics', 'cscd', '--out', site, '--name', 'big');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^csc-studio: cannot write .*site\/big\/big\.tsv: the file is larger than this system allows; .*big\.tsv was not created\n$/);
    expect(snapshot(site)).toEqual(before);
  });

  it('a broken dataset folder beside is named and left out of the index; the new one is published', async () => {
    mkdirSync(`${site}/broken`);
    writeFileSync(`${site}/broken/manifest.json`, '{"format": "csc-studio-dataset", ');
    const r = await cli(...add('--out', site, '--name', 'second', '--metrics', 'cscd'));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: .*broken\/manifest\.json: .*; left out of index\.json\n$/);
    const index = JSON.parse(readFileSync(`${site}/index.json`, 'utf8'));
    expect(index.datasets.map((d: { name: string }) => d.name)).toEqual(['first', 'second']);
  });
});
