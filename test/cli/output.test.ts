import { chmodSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { writeOutputFile, writeOutputs } from '../../src/cli/output.ts';

let dir = '';
const file = (name: string) => path.join(dir, name);
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-output-'));
  writeFileSync(file('test.tsv'), 'id\tsource\treference\n1\t请尽块回复。\t请尽快回复。\n');
});
const entries = () => readdirSync(dir).sort();

describe('writeOutputFile', () => {
  it('writes a new file and leaves no temporary file', async () => {
    await writeOutputFile(file('report.json'), '{"a":1}\n', [file('test.tsv')]);
    expect(readFileSync(file('report.json'), 'utf8')).toBe('{"a":1}\n');
    expect(entries()).toEqual(['report.json', 'test.tsv']);
  });

  it('replaces a previous file, keeping its permissions', async () => {
    writeFileSync(file('report.json'), 'old');
    chmodSync(file('report.json'), 0o640);
    await writeOutputFile(file('report.json'), 'new', []);
    expect(readFileSync(file('report.json'), 'utf8')).toBe('new');
    expect(statSync(file('report.json')).mode & 0o777).toBe(0o640);
  });

  it.each([
    ['the same path', (input: string) => input],
    ['a relative path with ..', (input: string) => path.join(dir, 'x', '..', path.basename(input))],
    ['a symbolic link', (input: string) => (symlinkSync(input, file('link.tsv')), file('link.tsv'))],
    ['a hard link', (input: string) => (linkSync(input, file('hard.tsv')), file('hard.tsv'))],
  ])('refuses to overwrite an input reached through %s', async (_, reach) => {
    mkdirSync(file('x'));
    const input = file('test.tsv');
    const before = readFileSync(input);
    const out = reach(input);
    await expect(writeOutputFile(out, 'report', [input])).rejects.toThrow(new RegExp(`refusing to write .*: it is the input file .*test\\.tsv; choose another output file`));
    await expect(writeOutputFile(out, 'report', [input])).rejects.toBeInstanceOf(UsageError);
    expect(readFileSync(input).equals(before)).toBe(true);
  });

  it('writes through a symbolic link to another file, keeping the link', async () => {
    writeFileSync(file('real.json'), 'old');
    symlinkSync(file('real.json'), file('alias.json'));
    await writeOutputFile(file('alias.json'), 'new', [file('test.tsv')]);
    expect(lstatSync(file('alias.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(file('real.json'), 'utf8')).toBe('new');
  });

  it('names a missing folder and writes nothing', async () => {
    await expect(writeOutputFile(file('no/such/report.json'), 'x', [])).rejects.toThrow(/cannot write .*no\/such\/report\.json: no such file or folder in .*no\/such; choose a folder that exists and is writable/);
    expect(entries()).toEqual(['test.tsv']);
  });

  it('names a path under a regular file', async () => {
    await expect(writeOutputFile(file('test.tsv/out.json'), 'x', [])).rejects.toThrow(/cannot write .*test\.tsv\/out\.json: a part of the path is a file, not a folder/);
    expect(entries()).toEqual(['test.tsv']);
  });

  it('refuses a folder as the output file', async () => {
    mkdirSync(file('out'));
    await expect(writeOutputFile(file('out'), 'x', [])).rejects.toThrow(/cannot write .*out: it is a folder; give a file name/);
  });
});

describe('writeOutputs with lines', () => {
  it('writes lines as they come, a megabyte at a time, the same bytes as the whole text', async () => {
    const file = path.join(dir, 'rows.jsonl');
    const line = (i: number) => `${JSON.stringify({ id: i, text: '我爱中文'.repeat(50) })}\n`;
    let made = 0;
    function* lines() {
      for (let i = 0; i < 5000; i++, made++) yield line(i);
    }
    await writeOutputs([{ file, lines: lines() }], []);
    expect(made).toBe(5000);
    expect(readFileSync(file, 'utf8')).toBe(Array.from({ length: 5000 }, (_, i) => line(i)).join(''));
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
