import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run-cli.ts';

// A constructed Cilin in GBK, as ChERRANT ships its own: 决 绝 in one class, 解 in a class that differs at every
// level (test/core/align/cilin.test.ts works the alignment out: with it 决绝 → 解决 gets S 0–2 解决 as well as
// M 0 解 + R 1–2, so cherrant's cs TP for a system that fixes the row goes from 2 to 3).
const CILIN_GBK = Uint8Array.from([
  ...Buffer.from('Xa01A01= '), 0xbe, 0xf6, 0x20, 0xbe, 0xf8, 0x0a, // 决 绝
  ...Buffer.from('Yb02B01= '), 0xbd, 0xe2, 0x0a, // 解
]);

let dir = '';
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-cilin-'));
  writeFileSync(file('cilin.txt'), CILIN_GBK);
  writeFileSync(file('bad-cilin.txt'), 'Xa01A01= 决 绝\n决 绝\n');
  writeFileSync(file('test.tsv'), 'id\tsource\treference\nf\t决绝\t解决\n');
  writeFileSync(file('p.tsv'), 'id\tprediction\nf\t解决\n');
});

const run = (...extra: string[]) => cli('eval', '--test', file('test.tsv'), '--pred', `p=${file('p.tsv')}`, ...extra);

describe('csc-studio eval --cilin', { timeout: 60_000 }, () => {
  it('aligns cherrant with the Cilin and records it in the report', async () => {
    const plain = await run('--metrics', 'cherrant');
    const withIt = await run('--metrics', 'cherrant', '--cilin', file('cilin.txt'), '--encoding', `${file('cilin.txt')}=gbk`);
    expect(withIt.stderr).toBe('');
    const [a, b] = [JSON.parse(plain.stdout), JSON.parse(withIt.stdout)];
    expect(a.systems.p.cherrant.cs.TP).toBe(2);
    expect(b.systems.p.cherrant.cs.TP).toBe(3);
    expect(a.dataset.cilin).toBeUndefined();
    expect(b.dataset.cilin).toMatchObject({ file: 'cilin.txt', lines: 2, words: 3 });
  });

  it('refuses a file that is not Cilin (file and line), and --cilin without cherrant or cllm', async () => {
    const bad = await run('--metrics', 'cherrant', '--cilin', file('bad-cilin.txt'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad-cilin\.txt:2: "决" is not a Cilin code/);
    const unused = await run('--metrics', 'cscd', '--cilin', file('cilin.txt'));
    expect(unused.code).toBe(2);
    expect(unused.stderr).toMatch(/--cilin changes only the cherrant and cllm profiles/);
  });
});
