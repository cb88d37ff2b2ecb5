/**
 * Hostile inputs, second round (issue 24): only regular files are read, and only after their size is checked.
 * Special files (endless devices, FIFOs, sockets) once grew memory without limit or hung the run.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cli, cliWith } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
execFileSync('mkfifo', [file('fifo')]); // nobody ever writes to it: opening it for reading must not wait
symlinkSync('/dev/urandom', file('random-link.tsv'));
// A sparse file: 600 MiB by its size, nothing on disk; refused by its size before a byte is read.
writeFileSync(file('huge.tsv'), '');
truncateSync(file('huge.tsv'), 600 * 1024 * 1024);
const socket = file('sock');
const server = createServer().listen(socket);

const evalWith = (test: string, pred: string, ...more: string[]) => ['eval', '--test', test, '--pred', `sys=${pred}`, '--metrics', 'cscd', ...more];

describe('inputs that are not regular files are refused, clearly and at once', { timeout: 60_000 }, () => {
  it.each<[string, () => string[], RegExp]>([
    ['--pred /dev/urandom', () => evalWith(file('test.tsv'), '/dev/urandom'), /^csc-studio: cannot read \/dev\/urandom: it is a character device, not a regular file; save the data to a file and give its path$/],
    ['--test /dev/zero', () => evalWith('/dev/zero', file('pred.tsv')), /^csc-studio: cannot read \/dev\/zero: it is a character device/],
    ['--pred through a symbolic link to /dev/urandom', () => evalWith(file('test.tsv'), file('random-link.tsv')), /random-link\.tsv: it is a character device/],
    ['--test a FIFO nobody writes to', () => evalWith(file('fifo'), file('pred.tsv')), /^csc-studio: cannot read .*fifo: it is a FIFO \(named pipe\), not a regular file/],
    ['--train a FIFO', () => evalWith(file('test.tsv'), file('pred.tsv'), '--slice', 'seen', '--train', file('fifo')), /cannot read .*fifo: it is a FIFO/],
    ['--cilin a socket', () => evalWith(file('test.tsv'), file('pred.tsv'), '--metrics', 'cherrant', '--cilin', socket), /cannot read .*sock: it is a socket, not a regular file/],
    ['--judge labels:/dev/zero', () => evalWith(file('test.tsv'), file('pred.tsv'), '--metrics', 'gcsc', '--judge', 'labels:/dev/zero'), /cannot read \/dev\/zero: it is a character device/],
    ['judge-eval --pairs /dev/urandom', () => ['judge-eval', '--pairs', '/dev/urandom', '--judge', 'exact'], /cannot read \/dev\/urandom: it is a character device/],
    ['generate --sentences a FIFO', () => ['generate', '--sentences', file('fifo'), '--pe', '0.1', '--confusion', 'phonetic', '--seed', '1', '--out', file('gen')], /cannot read .*fifo: it is a FIFO/],
    ['spanf1 --gold /dev/zero', () => ['spanf1', '--gold', '/dev/zero', '--pred', file('pred.tsv')], /cannot read \/dev\/zero: it is a character device/],
    ['a 600 MiB --pred, by its size', () => evalWith(file('test.tsv'), file('huge.tsv')), /^csc-studio: cannot read .*huge\.tsv: it has 629,145,600 bytes, more than the 536,870,912 an input file may have; split it$/],
  ])('%s', async (_, args, message) => {
    const started = Date.now();
    const r = await cli(...args());
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('/dev/stdin redirected from a regular file is read as that file; from a pipe it is refused', async () => {
    const args = ['eval', '--test', file('test.tsv'), '--pred', 'sys=/dev/stdin', '--metrics', 'cscd'];
    const fromFile = await cliWith({ shellPrefix: `exec <"${file('pred.tsv')}";` }, ...args);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout).systems.sys.cscd.S_C_f1).toBe(100);
    const fromPipe = await cliWith({ shellPrefix: `exec < <(cat "${file('pred.tsv')}");` }, ...args);
    expect(fromPipe.code).toBe(2);
    expect(fromPipe.stderr).toMatch(/^csc-studio: cannot read \/dev\/stdin: it is a FIFO \(named pipe\), not a regular file/);
  });
});

process.on('exit', () => server.close());

describe('Big5 is read with the WHATWG decoder (HKSCS included), as the page reads it', { timeout: 60_000 }, () => {
  it('a Big5-HKSCS test set with 佢哋冇嘅嘢 and UTF-8 oracle predictions scores 100 (Node’s decoder gave 0)', async () => {
    // Bytes from the Encoding Standard's index-big5.txt: 佢 CA5C, 哋 925D, 冇 C94E, 嘅 9DEF, 嘢 9DCF; 係 AB59, 朋 AA42, 有 A6B3, 友 A4CD.
    const b = (h: string) => Buffer.from(h.replace(/ /g, ''), 'hex');
    const HK = b('CA5C 925D C94E 9DEF 9DCF');
    const wrong = b('CA5C AB59 A7DA 9DEF AA42 A6B3'); // 佢係我嘅朋有
    const right = b('CA5C AB59 A7DA 9DEF AA42 A4CD'); // 佢係我嘅朋友
    const t = (s: string) => Buffer.from(s, 'ascii');
    writeFileSync(file('hk.tsv'), Buffer.concat([t('id\tsource\treference\nh1\t'), HK, t('\t'), HK, t('\nh2\t'), wrong, t('\t'), right, t('\n')]));
    writeFileSync(file('hk-oracle.tsv'), 'id\tprediction\nh1\t佢哋冇嘅嘢\nh2\t佢係我嘅朋友\n');
    const r = await cli('eval', '--test', file('hk.tsv'), '--pred', `oracle=${file('hk-oracle.tsv')}`, '--metrics', 'cscd', '--encoding', `${file('hk.tsv')}=big5-hkscs`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.dataset.encoding).toBe('big5');
    expect(report.systems.oracle.cscd).toMatchObject({ S_C_p: 100, S_C_r: 100, S_C_f1: 100 });
  });
});
