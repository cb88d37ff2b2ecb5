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

export interface ServiceWorkerOptions {
  /** The worker's source; default src/platform/sw.ts. */
  source?: string;
  /** Output file name in dist; default sw.js. */
  fileName?: string;
  /**
   * Build-relative paths kept out of the precache (cached on first use instead). Default: models/, source maps,
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
  file.startsWith('models/') || file.endsWith('.map') || /asyncify/.test(file) || file === 'sw.js' || file.startsWith('.') || file.startsWith('_');

export interface PrecacheEntry {
  url: string;
  revision: string;
  /** 'models': kept in the model cache under exactly this URL (model files carry their ?sha256=). Absent: the shell. */
  cache?: 'models';
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

/**
 * The offline models' files, as the app will request them: models/index.json, each manifest.json and the card
 * page as they are, every listed file as `path?sha256=<hex>` (what the model loader asks for). Files the build
 * lacks are left out. Returns the entries and their total size.
 */
export function modelPrecacheEntries(outDir: string, offline: (entry: SiteModelEntry) => boolean = (e) => e.default): { entries: PrecacheEntry[]; bytes: number } {
  const indexFile = path.join(outDir, MODEL_INDEX_FILE);
  if (!existsSync(indexFile)) return { entries: [], bytes: 0 };
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as SiteModelIndex;
  const chosen = index.models.filter(offline);
  if (chosen.length === 0) return { entries: [], bytes: 0 };
  const entries: PrecacheEntry[] = [{ url: MODEL_INDEX_FILE, revision: revisionOf(indexFile), cache: 'models' }];
  let bytes = statSync(indexFile).size;
  const plain = (rel: string) => {
    const full = path.join(outDir, rel);
    if (!existsSync(full)) return;
    entries.push({ url: rel, revision: revisionOf(full), cache: 'models' });
    bytes += statSync(full).size;
  };
  for (const model of chosen) {
    plain(`${model.path}manifest.json`);
    if (model.card) plain(model.card);
    for (const f of model.manifest.files) {
      if (!existsSync(path.join(outDir, model.path, f.path))) continue;
      const url = `${model.path}${f.path.split('/').map(encodeURIComponent).join('/')}?sha256=${f.sha256}`;
      entries.push({ url, revision: f.sha256.slice(0, 16), cache: 'models' });
      bytes += f.size;
    }
  }
  return { entries, bytes };
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
        const entries = [...shell, ...models.entries];
        const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
        const sourcePath = options.source ?? path.join(config.root, 'src/platform/sw.ts');
        const { code } = await transformWithOxc(readFileSync(sourcePath, 'utf8'), sourcePath, { lang: 'ts', sourcemap: false });
        const header = `// Generated by the csc-service-worker Vite plugin from src/platform/sw.ts.\nconst VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(entries)};\n`;
        // sw.ts is a module only for the type checker; a classic service worker cannot contain `export`.
        writeFileSync(path.join(outDir, fileName), header + code.replace(/^export\s*\{\s*\};?[^\n]*$/m, ''));
        const bytes = shell.reduce((s, e) => s + statSync(path.join(outDir, e.url)).size, 0);
        config.logger.info(
          `service worker: ${fileName} precaches ${shell.length} files (${(bytes / 1048576).toFixed(1)} MB) and ${models.entries.length} model files (${(models.bytes / 1048576).toFixed(1)} MB), version ${version}`,
        );
      },
    },
  };
}
