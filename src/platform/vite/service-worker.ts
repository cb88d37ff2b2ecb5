/**
 * Vite plugin: builds src/platform/sw.ts into dist/sw.js with a precache list of the build's own files, and its
 * VERSION (a hash of that list) so every new build is a service-worker update. No workbox: the worker is small and
 * also does the cross-origin-isolation headers (one scope holds one service worker).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { transformWithOxc } from 'vite';
import { MODEL_INDEX_FILE, type SiteModelIndex, type SiteModelEntry } from './site-models.ts';
import { DATASET_INDEX_FILE } from './site-datasets.ts';
import { BENCH_MANIFEST_FILE, type BenchIndex } from '../../core/bench/manifest.ts';

export interface ServiceWorkerOptions {
  /** The worker's source; default src/platform/sw.ts. */
  source?: string;
  /** Output file name in dist; default sw.js. */
  fileName?: string;
  /**
   * Build-relative paths kept out of the shell's precache. Default: models/ and datasets/ (cached apart), source maps,
   * the WebGPU runtime (ort-wasm-simd-threaded.asyncify.*, 27 MB), which only WebGPU machines load, and the
   * static hosts' configuration files from public/ (_headers, _redirects), which they never serve.
   */
  exclude?: (file: string) => boolean;
  /**
   * Published models (models/index.json) whose files are cached at install, so they work offline after one visit
   * without having been used. Default: the model marked default.
   */
  offlineModels?: (entry: SiteModelEntry) => boolean;
}

export const defaultPrecacheExclude = (file: string): boolean =>
  file.startsWith('models/') || file.startsWith('datasets/') || file.endsWith('.map') || /asyncify/.test(file) || file === 'sw.js' || file.startsWith('.') || file.startsWith('_');

export interface PrecacheEntry {
  url: string;
  revision: string;
  /** Kept in the model or dataset cache under exactly this URL (their files carry their ?sha256=). Absent: the shell. */
  cache?: 'models' | 'datasets';
}

/** Every file under outDir (relative, '/'-separated), sorted. */
export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) out.push(...listFiles(full, rel));
    else out.push(rel);
  }
  return out;
}

export function precacheEntries(outDir: string, exclude: (file: string) => boolean = defaultPrecacheExclude): PrecacheEntry[] {
  return listFiles(outDir)
    .filter((f) => !exclude(f))
    .map((f) => ({ url: f, revision: createHash('sha256').update(readFileSync(path.join(outDir, f))).digest('hex').slice(0, 16) }));
}

const revisionOf = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

/** A folder of published files: its path in the site (ending in '/'), files kept as they are, and content-addressed ones. */
interface PublishedFolder {
  path: string;
  plain: string[];
  files: readonly { path: string; sha256: string; size: number }[];
}

/**
 * Entries for an index and its folders, as the app will request them: the index and each folder's plain files as
 * they are, every listed file as `path?sha256=<hex>` (what the loaders ask for). Files the build lacks are left out.
 */
function publishedEntries(outDir: string, indexFile: string, cache: 'models' | 'datasets', folders: readonly PublishedFolder[]): { entries: PrecacheEntry[]; bytes: number } {
  const entries: PrecacheEntry[] = [{ url: indexFile, revision: revisionOf(path.join(outDir, indexFile)), cache }];
  let bytes = statSync(path.join(outDir, indexFile)).size;
  for (const folder of folders) {
    for (const rel of folder.plain.map((p) => `${folder.path}${p}`)) {
      const full = path.join(outDir, rel);
      if (!existsSync(full)) continue;
      entries.push({ url: rel, revision: revisionOf(full), cache });
      bytes += statSync(full).size;
    }
    for (const f of folder.files) {
      if (!existsSync(path.join(outDir, folder.path, f.path))) continue;
      const url = `${folder.path}${f.path.split('/').map(encodeURIComponent).join('/')}?sha256=${f.sha256}`;
      entries.push({ url, revision: f.sha256.slice(0, 16), cache });
      bytes += f.size;
    }
  }
  return { entries, bytes };
}

/** The offline models' files: models/index.json, each manifest.json and card page, every listed file by its hash. */
export function modelPrecacheEntries(outDir: string, offline: (entry: SiteModelEntry) => boolean = (e) => e.default): { entries: PrecacheEntry[]; bytes: number } {
  const indexFile = path.join(outDir, MODEL_INDEX_FILE);
  if (!existsSync(indexFile)) return { entries: [], bytes: 0 };
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as SiteModelIndex;
  const chosen = index.models.filter(offline);
  if (chosen.length === 0) return { entries: [], bytes: 0 };
  return publishedEntries(
    outDir,
    MODEL_INDEX_FILE,
    'models',
    chosen.map((m) => ({ path: m.path, plain: ['manifest.json', ...(m.card ? [m.card.slice(m.path.length)] : [])], files: m.manifest.files })),
  );
}

/** Every site dataset's files (they are small, and a benchmark must open offline): the index, manifests, files by hash. */
export function datasetPrecacheEntries(outDir: string): { entries: PrecacheEntry[]; bytes: number } {
  const indexFile = path.join(outDir, DATASET_INDEX_FILE);
  if (!existsSync(indexFile)) return { entries: [], bytes: 0 };
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as BenchIndex;
  const folder = path.posix.dirname(DATASET_INDEX_FILE) + '/';
  return publishedEntries(outDir, DATASET_INDEX_FILE, 'datasets', index.datasets.map((d) => ({ path: `${folder}${d.path}`, plain: [BENCH_MANIFEST_FILE], files: d.manifest.files })));
}

export function serviceWorker(options: ServiceWorkerOptions = {}): Plugin {
  let config: ResolvedConfig;
  const fileName = options.fileName ?? 'sw.js';
  return {
    name: 'csc-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (this.environment?.name !== 'client') return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const exclude = options.exclude ?? defaultPrecacheExclude;
        const shell = precacheEntries(outDir, (f) => f === fileName || exclude(f));
        const models = modelPrecacheEntries(outDir, options.offlineModels);
        const datasets = datasetPrecacheEntries(outDir);
        const entries = [...shell, ...models.entries, ...datasets.entries];
        const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
        const sourcePath = options.source ?? path.join(config.root, 'src/platform/sw.ts');
        const { code } = await transformWithOxc(readFileSync(sourcePath, 'utf8'), sourcePath, { lang: 'ts', sourcemap: false });
        const header = `// Generated by the csc-service-worker Vite plugin from src/platform/sw.ts.\nconst VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(entries)};\n`;
        // sw.ts is a module only for the type checker; a classic service worker cannot contain `export`.
        writeFileSync(path.join(outDir, fileName), header + code.replace(/^export\s*\{\s*\};?[^\n]*$/m, ''));
        const bytes = shell.reduce((s, e) => s + statSync(path.join(outDir, e.url)).size, 0);
        config.logger.info(
          `service worker: ${fileName} precaches ${shell.length} files (${(bytes / 1048576).toFixed(1)} MB), ${models.entries.length} model files (${(models.bytes / 1048576).toFixed(1)} MB) and ${datasets.entries.length} dataset files (${(datasets.bytes / 1048576).toFixed(1)} MB), version ${version}`,
        );
      },
    },
  };
}
