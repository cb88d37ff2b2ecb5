import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTestSet } from '../../src/core/io/index.ts';
import { cli } from './run-cli.ts';


let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-generate-'));
  // Constructed clean sentences and a hand-made confusion file.
  const lines = Array.from({ length: 60 }, (_, i) => `s${i}\t${['我在家做饭的时候心情很好', '他在公司做的事情不少', '今天天气不错'][i % 3]}`);
  writeFileSync(path.join(dir, 'clean.txt'), lines.join('\n') + '\n');
  writeFileSync(path.join(dir, 'confusion.txt'), '的\t地得\n在\t再\n做\t作坐\n情\t请清晴\n');
});

describe('csc-studio generate', { timeout: 60_000 }, () => {
  it('writes one test set and sidecar per Pe, the same bytes for the same seed', async () => {
    const out1 = path.join(dir, 'a');
    const out2 = path.join(dir, 'b');
    const args = ['--sentences', path.join(dir, 'clean.txt'), '--pe', '0.1,0.5', '--confusion', path.join(dir, 'confusion.txt'), '--seed', '9'];
    const r = await cli('generate', ...args, '--out', out1);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/test\.pe0\.1\.tsv: 60 sentences/);
    expect((await cli('generate', ...args, '--out', out2)).code).toBe(0);
    expect(readdirSync(out1).sort()).toEqual(['confusion.txt', 'test.pe0.1.meta.json', 'test.pe0.1.tsv', 'test.pe0.5.meta.json', 'test.pe0.5.tsv']);
    for (const f of readdirSync(out1)) expect(readFileSync(path.join(out2, f), 'utf8')).toBe(readFileSync(path.join(out1, f), 'utf8'));

    const set = readTestSet({ name: 'test.pe0.5.tsv', bytes: new Uint8Array(readFileSync(path.join(out1, 'test.pe0.5.tsv'))) });
    expect(set.rows).toHaveLength(60);
    const meta = JSON.parse(readFileSync(path.join(out1, 'test.pe0.5.meta.json'), 'utf8'));
    expect(meta).toMatchObject({ data_file: 'test.pe0.5.tsv', pe: 0.5, seed: 9, confusion: { source: 'confusion.txt', keys: 4, pairs: 8 } }); // 地得 2 + 再 1 + 作坐 2 + 请清晴 3
    // Keys per cycle of three sentences: 在做的情 4 + 在做的情 4 + 0 → 20 cycles · 8 = 160 eligible characters.
    expect(meta.stats.eligible).toBe(160);
  });

  it('writes a training file, the split test sets and the confusion parts', async () => {
    const out = path.join(dir, 'split');
    const r = await cli('generate', '--sentences', path.join(dir, 'clean.txt'), '--pe', '0.2', '--confusion', 'phonetic', '--seed', '1', '--split', 'unseenK,seen', '--format', 'jsonl', '--out', out);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      'confusion.seen.txt',
      'confusion.train.txt',
      'confusion.txt',
      'confusion.unseenK.txt',
      'seen.pe0.2.jsonl',
      'seen.pe0.2.meta.json',
      'train.pe0.05.jsonl',
      'train.pe0.05.meta.json',
      'unseenK.pe0.2.jsonl',
      'unseenK.pe0.2.meta.json',
    ]);
    const meta = JSON.parse(readFileSync(path.join(out, 'unseenK.pe0.2.meta.json'), 'utf8'));
    expect(meta.confusion).toMatchObject({ source: 'phonetic', part: 'unseenK' });
  });

  it('refuses bad usage with exit code 2', async () => {
    const base = ['generate', '--sentences', path.join(dir, 'clean.txt'), '--confusion', 'phonetic', '--out', path.join(dir, 'x')];
    expect((await cli(...base, '--seed', '1')).stderr).toMatch(/--pe is required/);
    expect((await cli(...base, '--pe', '2', '--seed', '1')).code).toBe(2);
    expect((await cli(...base, '--pe', '0.1')).stderr).toMatch(/--seed is required/);
    expect((await cli(...base, '--pe', '0.1', '--seed', '1', '--split', 'unseen')).code).toBe(2);
  });
});
