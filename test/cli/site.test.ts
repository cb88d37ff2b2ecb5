/**
 * `csc-studio site add-dataset`: what it writes, end to end through the real binary. The published files are
 * UTF-8, read back as the same test set (the fingerprint `eval` reports for the original files), score the same
 * numbers with `eval`, and carry the sizes and sha-256 the manifest lists; the index lists every dataset.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBenchManifest } from '../../src/core/bench/manifest.ts';
import { sampleFiles } from '../../src/sample/sample.ts';
import { cli } from './run-cli.ts';
import { scratch } from './hostile-fixtures.ts';

const file = scratch();
for (const f of sampleFiles()) writeFileSync(file(f.name), f.text);
const [test, ...preds] = sampleFiles();
const predArgs = preds.flatMap((p) => ['--pred', `${p.system}=${file(p.name)}`]);
const read = (...p: string[]) => readFileSync(file(...p));

/** The sample's test set in UTF-16LE with a BOM: the published copy must be UTF-8. */
writeFileSync(file('test-utf16.tsv'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(test!.text, 'utf16le')]));

describe('site add-dataset', { timeout: 120_000 }, () => {
  it('publishes a benchmark that scores as its originals do', async () => {
    const r = await cli('site', 'add-dataset', '--test', file('test-utf16.tsv'), ...predArgs, '--name', 'teaching', '--licence', 'CC BY 4.0', '--cite', 'Maintainers (2026)', '--pred-cite', 'bert-like=Someone (2025)', '--out', file('site'));
    // The profiles that refuse llm-like's unequal lengths say so, as eval does; nothing else is said.
    expect(r.stderr.trimEnd().split('\n').map((l) => l.split(':')[1])).toEqual([' llm-like / cscd', ' llm-like / realise', ' llm-like / scope', ' llm-like / sighan', ' llm-like / cllm']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/teaching: 64 sentences and 2 baselines \(3 files, [\d,]+ bytes\), ranked by gcsc\.S_C_f1; fingerprint [0-9a-f]{64}\n/);
    const manifest = parseBenchManifest(JSON.parse(read('site', 'teaching', 'manifest.json').toString('utf8')));
    expect(manifest).toMatchObject({ name: 'teaching', licence: 'CC BY 4.0', citation: 'Maintainers (2026)', rows: 64, test: 'teaching.tsv', judge: 'exact', metric: 'gcsc.S_C_f1' });
    expect(manifest.systems).toEqual([
      { name: 'bert-like', file: 'systems/bert-like.tsv', citation: 'Someone (2025)' },
      { name: 'llm-like', file: 'systems/llm-like.tsv', citation: null },
    ]);
    for (const f of manifest.files) {
      const bytes = read('site', 'teaching', ...f.path.split('/'));
      expect({ path: f.path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual(f);
    }
    // UTF-8 without a BOM, whatever the original's encoding.
    expect(read('site', 'teaching', 'teaching.tsv').toString('utf8')).toBe(test!.text);

    const index = JSON.parse(read('site', 'index.json').toString('utf8'));
    expect(index).toEqual({ version: 1, datasets: [{ name: 'teaching', path: 'teaching/', manifest }] });

    const original = await cli('eval', '--test', file('test-utf16.tsv'), ...predArgs, '--metrics', 'cscd,lemon,cherrant', '--ci', '--resamples', '50');
    const published = await cli('eval', '--test', file('site', 'teaching', 'teaching.tsv'), ...manifest.systems.flatMap((s) => ['--pred', `${s.name}=${file('site', 'teaching', s.file)}`]), '--metrics', 'cscd,lemon,cherrant', '--ci', '--resamples', '50');
    const a = JSON.parse(original.stdout);
    const b = JSON.parse(published.stdout);
    expect(b.dataset.fingerprint).toBe(manifest.fingerprint);
    expect(a.dataset.fingerprint).toBe(manifest.fingerprint);
    expect(b.systems).toEqual(a.systems);
    expect(b.intervals).toEqual(a.intervals);
  });

  it('adds a second dataset beside the first; the index lists both by name', async () => {
    const r = await cli('site', 'add-dataset', '--test', file(test!.name), '--pred', `mine=${file('bert-like.tsv')}`, '--name', 'another', '--license', 'MIT', '--cite', 'Us (2026)', '--metrics', 'cscd,cherrant', '--metric', 'cherrant.cs.F0.5', '--description', 'A second one', '--out', file('site'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const index = JSON.parse(read('site', 'index.json').toString('utf8'));
    expect(index.datasets.map((d: { name: string }) => d.name)).toEqual(['another', 'teaching']);
    expect(index.datasets[0].manifest).toMatchObject({ profiles: ['cscd', 'cherrant'], judge: null, metric: 'cherrant.cs.F0.5', description: 'A second one', licence: 'MIT' });
  });

  it('names the on-request profiles and the other judges it cannot publish', async () => {
    const base = ['site', 'add-dataset', '--test', file(test!.name), ...predArgs, '--licence', 'MIT', '--cite', 'Us (2026)', '--out', file('site'), '--name', 'x'];
    expect((await cli(...base, '--metrics', 'cscd,conventional')).stderr).toMatch(/^csc-studio: --metrics: the page's runs score .*; conventional is scored on request only\n$/);
    expect((await cli(...base, '--judge', 'llm:http://127.0.0.1:9/v1')).stderr).toMatch(/^csc-studio: --judge "llm:http:\/\/127\.0\.0\.1:9\/v1": a hosted benchmark is judged by exact or model:default/);
    expect((await cli(...base, '--judge', 'none')).code).toBe(0);
    expect(JSON.parse(read('site', 'x', 'manifest.json').toString('utf8'))).toMatchObject({ judge: null, metric: 'cscd.S_D_f1' });
  });
});
