/**
 * Hostile outputs, second round (issue 24): special files are written in place or refused, never replaced; a full
 * device and a closed pipe are errors; one file named by two outputs is refused before any work; an interrupt
 * removes the temporary file; a read-only earlier output is kept; names that are no file name are refused.
 */
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bin, cli, cliWith } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const evalIn = (file: (...p: string[]) => string, ...more: string[]) => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('pred.tsv')}`, '--metrics', 'cscd', ...more];
const oneLine = (stderr: string) => expect(stderr.replace(/\n$/, '').split('\n').filter((l) => !l.startsWith('warning: '))).toHaveLength(1);
const temps = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

/** A FIFO in the scratch folder, and what a reader got from it once the writer closed it. */
function fifoWithReader(path: string): Promise<string> {
  execFileSync('mkfifo', [path]);
  return new Promise((resolve, reject) => {
    let text = '';
    createReadStream(path, 'utf8')
      .on('data', (c) => (text += c))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
}

/** A character device node (as root); null where this process may not make one. */
function device(path: string, major: number, minor: number): string | null {
  try {
    execFileSync('mknod', [path, 'c', String(major), String(minor)], { stdio: 'ignore' });
    return path;
  } catch {
    return null;
  }
}
const canMknod = (() => {
  const file = scratch();
  return device(file('probe'), 1, 3) !== null;
})();

describe('outputs onto special files are written in place, never replaced', { timeout: 60_000 }, () => {
  it('a FIFO with a reader gets the report; it stays a FIFO', async () => {
    const file = scratch();
    const got = fifoWithReader(file('fifo'));
    const r = await cli(...evalIn(file, '--output', file('fifo')));
    expect(r.code).toBe(0);
    expect(JSON.parse(await got).systems.sys.cscd.S_C_f1).toBe(100);
    expect(lstatSync(file('fifo')).isFIFO()).toBe(true);
  });

  it('--rows through a symbolic link to a FIFO: link and FIFO both survive, the reader gets the rows', async () => {
    const file = scratch();
    const got = fifoWithReader(file('fifo'));
    symlinkSync(file('fifo'), file('rows-link'));
    const r = await cli(...evalIn(file, '--rows', file('rows-link'), '--output', file('report.json')));
    expect(r.code).toBe(0);
    expect((await got).trim().split('\n').map((l) => JSON.parse(l).id)).toEqual(['e1', 'e2', 'c1']);
    expect(lstatSync(file('rows-link')).isSymbolicLink()).toBe(true);
    expect(lstatSync(file('fifo')).isFIFO()).toBe(true);
  });

  // The tests name standard output through links of their own to /proc/self/fd/1, as /dev/stdout is: a regression
  // then replaces a link in the scratch folder, never the machine's /dev/stdout.
  it('a link to /proc/self/fd/1 (as /dev/stdout is) and /dev/fd/1 as outputs write to standard output', async () => {
    const file = scratch();
    symlinkSync('/proc/self/fd/1', file('stdout'));
    const r = await cli(...evalIn(file, '--output', file('stdout'), '--format', 'md'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\| profile \| metric \| sys \|$/m);
    const rows = await cli(...evalIn(file, '--rows', '/dev/fd/1', '--output', file('report.json')));
    expect(rows.code).toBe(0);
    expect(rows.stdout.trim().split('\n')).toHaveLength(3);
    expect(lstatSync(file('stdout')).isSymbolicLink()).toBe(true);
  });

  it.skipIf(!canMknod)('a null device stays a device; a full device is ENOSPC, exit 2, and stays a device', async () => {
    const file = scratch();
    const nul = device(file('null'), 1, 3)!;
    const ok = await cli(...evalIn(file, '--rows', nul));
    expect(ok.code).toBe(0);
    expect(lstatSync(nul).isCharacterDevice()).toBe(true);
    const full = device(file('full'), 1, 7)!;
    const r = await cli(...evalIn(file, '--output', full, '--rows', file('rows.jsonl')));
    expect(r.code).toBe(2);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^csc-studio: cannot write --output .*full: no space left on the device \(ENOSPC\); no output file was changed\n$/);
    expect(lstatSync(full).isCharacterDevice()).toBe(true);
    // The rows were staged, not yet renamed: the failure leaves neither them nor a temporary file.
    expect(existsSync(file('rows.jsonl'))).toBe(false);
    expect(temps(file())).toEqual([]);
  });

  it('standard output on a full device is exit 2 with a message, not exit 0', async () => {
    const file = scratch();
    const r = await cliWith({ shellPrefix: 'exec >/dev/full;' }, ...evalIn(file));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('csc-studio: cannot write to standard output: no space left on the device (ENOSPC)\n');
  });

  it('a reader that goes away (EPIPE) on standard output and on a FIFO is exit 2', async () => {
    const file = scratch();
    // 3000 rows: the records are far larger than a pipe's buffer, so the writer meets the closed pipe.
    const rows = Array.from({ length: 3000 }, (_, i) => `r${i}\t第${i}天很高心。\t第${i}天很高兴。`);
    writeFileSync(file('big.tsv'), ['id\tsource\treference', ...rows].join('\n') + '\n');
    writeFileSync(file('big-pred.tsv'), ['id\tprediction', ...rows.map((r) => `${r.split('\t')[0]}\t${r.split('\t')[2]}`)].join('\n') + '\n');
    const args = ['eval', '--test', file('big.tsv'), '--pred', `s=${file('big-pred.tsv')}`, '--metrics', 'cscd'];
    const piped = execFileSync('bash', ['-c', `"$0" "$@" 2>"${file('err1')}" | head -c 10 >/dev/null; echo "\${PIPESTATUS[0]}"`, process.execPath, bin, ...args, '--rows', '/dev/fd/1'], { encoding: 'utf8' });
    expect(piped.trim()).toBe('2');
    expect(readFileSync(file('err1'), 'utf8')).toMatch(/^csc-studio: cannot write --rows \/dev\/fd\/1: the reader closed the pipe \(EPIPE\); no output file was changed\n$/);
    execFileSync('mkfifo', [file('fifo')]);
    const fifo = execFileSync('bash', ['-c', `head -c 10 "${file('fifo')}" >/dev/null & "$0" "$@" 2>"${file('err2')}"; echo $?`, process.execPath, bin, ...args, '--rows', file('fifo'), '--output', file('out.json')], { encoding: 'utf8' });
    expect(fifo.trim()).toBe('2');
    expect(readFileSync(file('err2'), 'utf8')).toMatch(/cannot write --rows .*fifo: the reader closed the pipe \(EPIPE\)/);
    expect(existsSync(file('out.json'))).toBe(false);
  });
});

describe('one file named by two outputs is refused before any work', { timeout: 60_000 }, () => {
  // The predictions file does not exist: a refusal about the outputs proves they were checked before reading.
  const evalMissing = (file: (...p: string[]) => string, ...more: string[]) => ['eval', '--test', file('test.tsv'), '--pred', `sys=${file('missing.tsv')}`, ...more];
  it.each<[string, (file: (...p: string[]) => string) => string[], RegExp]>([
    ['--output X --rows X', (f) => ['--output', f('x.json'), '--rows', f('x.json')], /--output .*x\.json and --rows .*x\.json name the same file/],
    ['--rows x --report ./x (relative spellings)', (f) => ['--rows', 'x.txt', '--report', './x.txt'], /--rows x\.txt and --report \.\/x\.txt name the same file/],
    ['--output a/../x --rows x', (f) => (mkdirSync(f('a')), ['--output', f('a', '..', 'x.json'), '--rows', f('x.json')]), /name the same file/],
    ['a symbolic link to a file that does not exist yet', (f) => (symlinkSync(f('x.json'), f('link.json')), ['--output', f('x.json'), '--rows', f('link.json')]), /name the same file/],
    ['a hard link to an earlier output', (f) => (writeFileSync(f('old.json'), 'old'), linkSync(f('old.json'), f('hard.json')), ['--output', f('old.json'), '--report', f('hard.json')]), /name the same file/],
    ['a link to /proc/self/fd/1 (as /dev/stdout) and /dev/fd/1', (f) => (symlinkSync('/proc/self/fd/1', f('stdout')), ['--output', f('stdout'), '--rows', '/dev/fd/1']), /--output .*stdout and --rows \/dev\/fd\/1 name the same file/],
  ])('%s', async (_, more, message) => {
    const file = scratch();
    const args = more(file);
    const r = await cliWith({ shellPrefix: `cd "${file()}";` }, ...evalMissing(file, ...args));
    expect(r.code).toBe(2);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/give each output its own file\n$/);
    expect(readdirSync(file()).filter((f) => /^x\.|\.tmp$/.test(f))).toEqual([]);
  });
});

describe('names that are no file, and read-only earlier outputs', { timeout: 60_000 }, () => {
  it.each<[string, string[], RegExp]>([
    ['--output ""', ['--output', ''], /^csc-studio: --output names no file \(an empty name\); give a file name, or leave --output out to print to standard output$/],
    ['--rows ""', ['--rows', ''], /^csc-studio: --rows names no file \(an empty name\); give a file name$/],
    ['--output dir/ (a folder that does not exist)', ['--output', 'newdir/'], /^csc-studio: cannot write --output newdir\/: the name ends in a folder, not a file; give a file name, e.g\. newdir\/report\.json$/],
    ['--report . (this folder)', ['--report', '.'], /^csc-studio: cannot write --report \.: the name ends in a folder/],
    ['--output an existing folder', ['--output', 'sub'], /^csc-studio: cannot write --output sub: it is a folder; give a file name$/],
  ])('%s', async (_, more, message) => {
    const file = scratch();
    mkdirSync(file('sub'));
    const before = readdirSync(file()).sort();
    const r = await cliWith({ shellPrefix: `cd "${file()}";` }, ...evalIn(file, ...more));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    oneLine(r.stderr);
    expect(r.stderr.trim()).toMatch(message);
    expect(readdirSync(file()).sort()).toEqual(before);
  });

  it('a read-only earlier output is refused, kept byte for byte with its mode, before any work', async () => {
    const file = scratch();
    writeFileSync(file('old.json'), '{"earlier": true}\n');
    chmodSync(file('old.json'), 0o444);
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('missing.tsv')}`, '--rows', file('old.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^csc-studio: refusing to replace --rows .*old\.json: it is read-only; make it writable \(chmod u\+w\) or choose another output file\n$/);
    expect(readFileSync(file('old.json'), 'utf8')).toBe('{"earlier": true}\n');
    expect(statSync(file('old.json')).mode & 0o777).toBe(0o444);
  });

  it('generate refuses a read-only file of an earlier set and writes none of the new set', async () => {
    const file = scratch();
    writeFileSync(file('clean.txt'), Array.from({ length: 50 }, (_, i) => `s${i}\t我在家做饭的时候心情很好。`).join('\n') + '\n');
    mkdirSync(file('gen'));
    writeFileSync(file('gen', 'test.pe0.5.tsv'), 'earlier set\n');
    chmodSync(file('gen', 'test.pe0.5.tsv'), 0o400);
    const r = await cli('generate', '--sentences', file('clean.txt'), '--pe', '0.5', '--confusion', 'phonetic', '--seed', '1', '--out', file('gen'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^csc-studio: refusing to replace .*gen\/test\.pe0\.5\.tsv: it is read-only/);
    expect(readdirSync(file('gen'))).toEqual(['test.pe0.5.tsv']);
    expect(readFileSync(file('gen', 'test.pe0.5.tsv'), 'utf8')).toBe('earlier set\n');
  });
});

describe('an interrupt removes the temporary file', { timeout: 60_000 }, () => {
  // The rows are staged first; the report then waits on a FIFO nobody reads, so the signal finds the temporary
  // file there every time.
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s while --rows is staged', async (signal) => {
    const file = scratch();
    execFileSync('mkfifo', [file('fifo')]);
    writeFileSync(file('rows.jsonl'), 'earlier rows\n');
    const child = spawn(process.execPath, [bin, ...evalIn(file, '--rows', file('rows.jsonl'), '--output', file('fifo'))], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, s) => resolve(s)));
    const deadline = Date.now() + 30_000;
    while (temps(file()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(temps(file())).toHaveLength(1);
    child.kill(signal);
    expect(await exited).toBe(signal);
    expect(temps(file())).toEqual([]);
    expect(readFileSync(file('rows.jsonl'), 'utf8')).toBe('earlier rows\n');
    expect(lstatSync(file('fifo')).isFIFO()).toBe(true);
  });
});
