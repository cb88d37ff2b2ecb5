import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/csc-studio.js');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-bytype-'));
  // Constructed: e1 门→们 (both), e2 性→兴 (phonetic), c1 clean. The system fixes e1 only.
  writeFileSync(file('test.tsv'), 'id\tsource\treference\ne1\t我门明天见\t我们明天见\ne2\t今天很高性\t今天很高兴\nc1\t我们走吧。\t我们走吧。\n');
  writeFileSync(file('sys.tsv'), 'id\tprediction\ne1\t我们明天见\ne2\t今天很高性\nc1\t我们走吧。\n');
});

describe('csc-studio eval --by-type', { timeout: 60_000 }, () => {
  it('adds a by_type section per system to the JSON report', async () => {
    const r = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('sys.tsv')}`, '--metrics', 'proofread', '--by-type');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.systems.sys.proofread).toBeDefined();
    const b = report.by_type.sys;
    expect(b.recall.both).toMatchObject({ gold: 1, corrected: 1 });
    expect(b.recall.phonetic).toMatchObject({ gold: 1, corrected: 0 });
    // phonetic subset = e2 + c1: corrected 0 of 1 error sentence.
    expect(b.profiles.phonetic.scores.proofread.rates.corrected_rate).toBe(0);
  });

  it('leaves the report as it was without the flag, and refuses it with md or csv', async () => {
    const plain = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('sys.tsv')}`, '--metrics', 'proofread');
    expect(JSON.parse(plain.stdout).by_type).toBeUndefined();
    const md = await cli('eval', '--test', file('test.tsv'), '--pred', `sys=${file('sys.tsv')}`, '--format', 'md', '--by-type');
    expect(md.code).toBe(2);
    expect(md.stderr).toMatch(/--by-type/);
  });
});
