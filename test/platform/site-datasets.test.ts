/**
 * Site datasets: what the build publishes (the sample first, then the datasets/ folders that pass every check),
 * what the service worker caches, and what the page accepts: every file checked against the manifest, a tampered
 * or missing one refused by name.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestText, publishDataset } from '../../src/core/bench/publish.ts';
import { readTestSet, joinPredictions, readPredictions } from '../../src/core/io/index.ts';
import { listSiteDatasets, loadSiteDatasetFiles, SiteDatasetError } from '../../src/platform/site-datasets.ts';
import { datasetPrecacheEntries } from '../../src/platform/vite/service-worker.ts';
import { discoverSiteDatasets, sampleDataset, siteDatasetIndex } from '../../src/platform/vite/site-datasets.ts';
import { sampleFiles } from '../../src/sample/sample.ts';

const enc = new TextEncoder();
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'csc-datasets-'));

/** A dataset folder as `site add-dataset` writes it, from constructed rows. */
function writeDataset(dir: string, name: string): void {
  const testSet = readTestSet({ name: 't.tsv', bytes: enc.encode('id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\nc1\t订单周三发出。\t订单周三发出。\n') });
  const items = joinPredictions(testSet, readPredictions({ name: 'p.tsv', bytes: enc.encode('id\tprediction\ne1\t请尽快回复。\nc1\t订单周三发出。\n') }, {}, testSet));
  const { manifest, files } = publishDataset({ name, description: 'd', licence: 'MIT', citation: 'X (2026)', testSet, systems: [{ name: 'p', items, citation: null }], profiles: ['cscd'], judge: null, metric: 'cscd.S_C_f1' });
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, name, f.path)), { recursive: true });
    writeFileSync(path.join(dir, name, f.path), f.bytes);
  }
  writeFileSync(path.join(dir, name, 'manifest.json'), manifestText(manifest));
}

describe('the build publishes the site datasets', () => {
  it('the sample always, first; then every folder that passes its manifest, by name; the others named in warnings', () => {
    const dir = tempDir();
    for (const name of ['zeta', 'alpha', 'tampered', 'sample-teaching-set']) writeDataset(dir, name);
    writeFileSync(path.join(dir, 'tampered', 'systems', 'p.tsv'), 'id\tprediction\ne1\t请尽块回复。\nc1\t订单周三发出。\n');
    mkdirSync(path.join(dir, 'empty'));
    const warnings: string[] = [];
    const found = discoverSiteDatasets(dir, (w) => warnings.push(w));
    expect(found.map((d) => d.manifest.name)).toEqual(['sample-teaching-set', 'alpha', 'zeta']);
    expect(warnings).toEqual([
      'datasets/empty/ has no manifest.json: not published (csc-studio site add-dataset writes one)',
      "datasets/sample-teaching-set/ has the built-in sample's name: not published",
      expect.stringMatching(/^datasets\/tampered\/systems\/p\.tsv differs from its manifest \(\d+ bytes, sha-256 [0-9a-f]{64}\): not published$/),
    ]);
    expect(JSON.parse(siteDatasetIndex(found)).datasets.map((d: { path: string }) => d.path)).toEqual(['sample-teaching-set/', 'alpha/', 'zeta/']);
    // A repository without datasets/ still has the sample.
    expect(discoverSiteDatasets(path.join(dir, 'none')).map((d) => d.manifest.name)).toEqual(['sample-teaching-set']);
  });

  it('the sample is published from its own files, manifest included', () => {
    const { manifest, files } = sampleDataset();
    expect([...files.keys()]).toEqual(['manifest.json', 'sample-teaching-set.tsv', 'systems/bert-like.tsv', 'systems/llm-like.tsv']);
    expect(new TextDecoder().decode(files.get('sample-teaching-set.tsv'))).toBe(sampleFiles()[0]!.text);
    expect(manifest).toMatchObject({ judge: 'exact', metric: 'gcsc.S_C_f1', rows: 64 });
  });

  it('the service worker caches the index, each manifest and every file under its ?sha256= URL', () => {
    const out = tempDir();
    const datasets = [sampleDataset()];
    for (const [file, bytes] of datasets[0]!.files) {
      mkdirSync(path.dirname(path.join(out, 'datasets/sample-teaching-set', file)), { recursive: true });
      writeFileSync(path.join(out, 'datasets/sample-teaching-set', file), bytes);
    }
    writeFileSync(path.join(out, 'datasets/index.json'), siteDatasetIndex(datasets));
    const { entries } = datasetPrecacheEntries(out);
    const m = datasets[0]!.manifest;
    expect(entries.map((e) => e.url)).toEqual([
      'datasets/index.json',
      'datasets/sample-teaching-set/manifest.json',
      ...m.files.map((f) => `datasets/sample-teaching-set/${f.path}?sha256=${f.sha256}`),
    ]);
    expect(entries.every((e) => e.cache === 'datasets')).toBe(true);
    expect(datasetPrecacheEntries(tempDir())).toEqual({ entries: [], bytes: 0 });
  });
});

/** A site served from memory: path → bytes (404 otherwise); records what was asked. */
function fakeSite(files: Map<string, Uint8Array>): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  const fetchFn = (async (input: string) => {
    asked.push(input);
    const body = files.get(new URL(input).pathname.replace('/app/', ''));
    return body ? new Response(body.slice()) : new Response('not found', { status: 404 });
  }) as unknown as typeof fetch;
  return { fetch: fetchFn, asked };
}

function servedSample(): Map<string, Uint8Array> {
  const d = sampleDataset();
  const files = new Map([...d.files].map(([p, b]) => [`datasets/sample-teaching-set/${p}`, b]));
  files.set('datasets/index.json', enc.encode(siteDatasetIndex([d])));
  return files;
}

/** A CacheStorage that records deletions. */
function fakeCaches(deleted: string[]): CacheStorage {
  return { open: async () => ({ delete: async (url: string) => (deleted.push(url), true) }) } as unknown as CacheStorage;
}

describe('the page loads a site dataset only as its manifest says', () => {
  const base = 'https://host/app/';

  it('lists the datasets and loads every file, asked for under its hash', async () => {
    const site = fakeSite(servedSample());
    const [sample] = await listSiteDatasets(base, site.fetch);
    expect(sample!.url).toBe('https://host/app/datasets/sample-teaching-set/');
    const files = await loadSiteDatasetFiles(sample!, { fetch: site.fetch });
    expect(files.map((f) => f.path)).toEqual(sample!.manifest.files.map((f) => f.path));
    expect(site.asked.slice(1)).toEqual(sample!.manifest.files.map((f) => `${sample!.url}${f.path}?sha256=${f.sha256}`));
  });

  it.each<[string, (files: Map<string, Uint8Array>) => void, SiteDatasetError['kind'], RegExp]>([
    ['a changed character', (f) => f.set('datasets/sample-teaching-set/systems/llm-like.tsv', enc.encode(new TextDecoder().decode(f.get('datasets/sample-teaching-set/systems/llm-like.tsv')).replace('高兴', '高心'))), 'hash', /^datasets\/sample-teaching-set\/systems\/llm-like\.tsv: sha-256 [0-9a-f]{64} where its manifest says 567e/],
    ['a truncated file', (f) => f.set('datasets/sample-teaching-set/sample-teaching-set.tsv', f.get('datasets/sample-teaching-set/sample-teaching-set.tsv')!.slice(0, 100)), 'size', /^datasets\/sample-teaching-set\/sample-teaching-set\.tsv: 100 bytes where its manifest says 5882$/],
    ['a missing file', (f) => f.delete('datasets/sample-teaching-set/systems/bert-like.tsv'), 'missing', /^datasets\/sample-teaching-set\/systems\/bert-like\.tsv: listed in its manifest but not on the site$/],
  ])('refuses %s by name', async (_, change, kind, message) => {
    const served = servedSample();
    change(served);
    const site = fakeSite(served);
    const [sample] = await listSiteDatasets(base, site.fetch);
    const deleted: string[] = [];
    const error = await loadSiteDatasetFiles(sample!, { fetch: site.fetch, storage: fakeCaches(deleted) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteDatasetError);
    expect((error as SiteDatasetError).kind).toBe(kind);
    expect((error as SiteDatasetError).message).toMatch(message);
    // A cached copy that differs is dropped, so a repaired site is fetched again.
    expect(deleted).toHaveLength(kind === 'missing' ? 0 : 1);
  });

  it('a site without datasets lists none; a malformed index is refused by name', async () => {
    expect(await listSiteDatasets(base, fakeSite(new Map()).fetch)).toEqual([]);
    const bad = new Map([['datasets/index.json', enc.encode('{"version": 1, "datasets": [{"name": "x", "path": "x/", "manifest": {}}]}')]]);
    await expect(listSiteDatasets(base, fakeSite(bad).fetch)).rejects.toThrow('datasets/index.json: index.json datasets[0]: format must be "csc-studio-dataset"');
    const traversal = new Map([['datasets/index.json', enc.encode('{"version": 1, "datasets": [{"name": "x", "path": "../x/", "manifest": {}}]}')]]);
    await expect(listSiteDatasets(base, fakeSite(traversal).fetch)).rejects.toThrow('datasets/index.json: datasets[0] has no valid name and path');
  });
});
