import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';


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
