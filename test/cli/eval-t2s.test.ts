import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';

// 乾紅: OpenCC 1.1.2 reads "乾紅 乾红", today's OpenCC "乾紅 干红"; so ChERRANT with 1.1.2 sees the traditional
// prediction change 干 into 乾 (one false positive; test/core/metrics/t2s-scripts.test.ts has the scripts' numbers).
let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-t2s-'));
  writeFileSync(file('test.tsv'), 'id\tsource\treference\nr4\t这瓶干红很好喝。\t这瓶干红很好喝。\n');
  writeFileSync(file('p.tsv'), 'id\tprediction\nr4\t這瓶乾紅很好喝。\n');
});

const run = (command: string, ...extra: string[]) => cli(command, '--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, ...extra);

describe('csc-studio eval --t2s', { timeout: 60_000 }, () => {
  it('converts with the one named, and the report says which each use took', async () => {
    const pinned = JSON.parse((await run('eval', '--metrics', 'cherrant')).stdout);
    const current = JSON.parse((await run('eval', '--metrics', 'cherrant', '--t2s', 'opencc-current')).stdout);
    expect(pinned.systems.p.cherrant.cs.FP).toBe(1);
    expect(current.systems.p.cherrant.cs.FP).toBe(0);
    expect(pinned.dataset.t2s).toEqual({ cherrant: 'opencc-1.1.2' });
    expect(current.dataset.t2s).toEqual({ cherrant: 'opencc-current' });
    const simplified = JSON.parse((await run('eval', '--metrics', 'cscd', '--to-simplified', '--t2s', 'opencc-1.1.2')).stdout);
    expect(simplified.dataset.t2s).toEqual({ 'to-simplified': 'opencc-1.1.2' });
  });

  it('refuses a name it does not know, and a run with nothing to convert', async () => {
    const unknown = await run('eval', '--metrics', 'cherrant', '--t2s', 'opencc-1.1.6');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--t2s "opencc-1.1.6": use one of opencc-1.1.2, opencc-python-reimplemented-0.1.7, opencc-current/);
    const unused = await run('eval', '--metrics', 'cscd', '--t2s', 'opencc-current');
    expect(unused.code).toBe(2);
    expect(unused.stderr).toMatch(/--t2s changes only --to-simplified and the cherrant and cllm profiles/);
  });

  it('compare takes it too', async () => {
    const out = await cli('compare', '--test', file('test.tsv'), '--pred', `a=${file('p.tsv')}`, '--pred', `b=${file('p.tsv')}`, '--metrics', 'cherrant', '--t2s', 'nope');
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--t2s "nope"/);
  });
});
