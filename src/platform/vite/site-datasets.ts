/**
 * Vite plugin: the site's benchmarks (docs/hosting.md). The built-in sample is always the first, published by the
 * same code as `csc-studio site add-dataset` (src/sample/sample-bench.ts); then every folder of the repository's
 * datasets/ (next to models/) that holds a manifest.json whose files are all there with their listed size and
 * sha-256. On build they are copied to `dist/datasets/<name>/` with `datasets/index.json`; the dev server serves
 * the same at `<page>/datasets/…`. A folder that fails a check is named in a warning and left out: the page would
 * refuse it anyway, by name, at every visit.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { BENCH_INDEX_FILE, BENCH_MANIFEST_FILE, benchIndex, parseBenchManifest, type BenchManifest } from '../../core/bench/manifest.ts';
import { manifestText, publishDataset } from '../../core/bench/publish.ts';
import { sampleBenchInput } from '../../sample/sample-bench.ts';
import { publishedPath } from './dev-path.ts';

export interface SiteDatasetsOptions {
  /** The repository's datasets folder; default <root>/datasets (absent: the sample alone). */
  datasetsDir?: string;
}

/** The index's path in the site. */
export const DATASET_INDEX_FILE = `datasets/${BENCH_INDEX_FILE}`;

export interface FoundDataset {
  manifest: BenchManifest;
  /** Every published file by its path in the dataset's folder: manifest.json and the listed files. */
  files: Map<string, Uint8Array>;
}

/** The sample, published in memory. */
export function sampleDataset(): FoundDataset {
  const { manifest, files } = publishDataset(sampleBenchInput());
  return { manifest, files: new Map([[BENCH_MANIFEST_FILE, new TextEncoder().encode(manifestText(manifest))], ...files.map((f) => [f.path, f.bytes] as const)]) };
}

/** One folder of datasets/, checked byte for byte against its manifest; undefined (after a warning) when it fails. */
function readFolder(dir: string, name: string, warn: (m: string) => void): FoundDataset | undefined {
  const where = `datasets/${name}/${BENCH_MANIFEST_FILE}`;
  const manifestPath = path.join(dir, name, BENCH_MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    warn(`datasets/${name}/ has no ${BENCH_MANIFEST_FILE}: not published (csc-studio site add-dataset writes one)`);
    return undefined;
  }
  try {
    const bytes = readFileSync(manifestPath);
    const manifest = parseBenchManifest(JSON.parse(bytes.toString('utf8')), where);
    if (manifest.name !== name) throw new Error(`${where}: its name "${manifest.name}" is not its folder's`);
    const files = new Map<string, Uint8Array>([[BENCH_MANIFEST_FILE, bytes]]);
    for (const f of manifest.files) {
      const file = path.join(dir, name, ...f.path.split('/'));
      if (!existsSync(file)) throw new Error(`datasets/${name}/${f.path} is missing`);
      const data = readFileSync(file);
      const sha = createHash('sha256').update(data).digest('hex');
      if (data.length !== f.size || sha !== f.sha256) throw new Error(`datasets/${name}/${f.path} differs from its manifest (${data.length} bytes, sha-256 ${sha})`);
      files.set(f.path, data);
    }
    return { manifest, files };
  } catch (err) {
    warn(`${err instanceof SyntaxError ? `${where}: ${err.message}` : (err as Error).message}: not published`);
    return undefined;
  }
}

export function discoverSiteDatasets(datasetsDir: string, warn: (m: string) => void = () => undefined): FoundDataset[] {
  const found = [sampleDataset()];
  if (!existsSync(datasetsDir)) return found;
  for (const name of readdirSync(datasetsDir).sort()) {
    if (!statSync(path.join(datasetsDir, name)).isDirectory()) continue;
    if (found.some((d) => d.manifest.name === name)) {
      warn(`datasets/${name}/ has the built-in sample's name: not published`);
      continue;
    }
    const dataset = readFolder(datasetsDir, name, warn);
    if (dataset) found.push(dataset);
  }
  return found;
}

/** index.json as the site serves it: the sample first, then the others by name. */
export function siteDatasetIndex(datasets: readonly FoundDataset[]): string {
  return JSON.stringify(benchIndex(datasets.map((d) => d.manifest)), null, 1) + '\n';
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
};

export function siteDatasets(options: SiteDatasetsOptions = {}): Plugin {
  let config: ResolvedConfig;
  const datasetsDir = () => options.datasetsDir ?? path.join(config.root, 'datasets');
  return {
    name: 'csc-site-datasets',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const rel = publishedPath(req, 'datasets');
        if (rel === undefined) return next();
        // Discovered per request: a dataset added while the dev server runs is served at once.
        const datasets = discoverSiteDatasets(datasetsDir());
        const slash = rel.indexOf('/');
        const body = rel === BENCH_INDEX_FILE ? new TextEncoder().encode(siteDatasetIndex(datasets)) : datasets.find((d) => d.manifest.name === rel.slice(0, slash))?.files.get(rel.slice(slash + 1));
        if (!body) return next();
        res.setHeader('Content-Type', CONTENT_TYPES[path.extname(rel)] ?? 'application/octet-stream');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
    writeBundle: {
      sequential: true,
      handler() {
        if (config.command !== 'build' || this.environment?.name !== 'client') return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const datasets = discoverSiteDatasets(datasetsDir(), (m) => this.warn(m));
        for (const d of datasets) {
          for (const [file, bytes] of d.files) {
            const target = path.join(outDir, 'datasets', d.manifest.name, ...file.split('/'));
            mkdirSync(path.dirname(target), { recursive: true });
            writeFileSync(target, bytes);
          }
        }
        writeFileSync(path.join(outDir, DATASET_INDEX_FILE), siteDatasetIndex(datasets));
      },
    },
  };
}
