/**
 * Vite plugin: the repo's model folders become part of the site. In dev they are served from models/ at
 * `<page>/models/...`; on build the files each manifest.json lists (and the manifest) are copied to
 * `dist/models/<name>/`, and `models/index.json` lists what is there, so the app finds the default model with no
 * user action. Only folders with a valid manifest.json are served: the worker verifies every byte against it.
 *
 * The tiny test models (models/test/<name>/) are served in dev, and built only when `testModelsInBuild` is set
 * (CSC_TEST_MODELS=1, as `npm run test:e2e` does): they are random weights, not for users.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { parseManifest } from '../../core/embed/manifest.ts';
import type { ModelManifest } from '../../core/embed/types.ts';
import { isLexicalBaseline, LEXICAL_NOTE, MODEL_CARD_PAGE } from '../model-card.ts';
import { modelCardPage } from './model-card-page.ts';
import { publishedPath } from './dev-path.ts';

export interface SiteModelsOptions {
  /** The repo's models folder; default <root>/models. */
  modelsDir?: string;
  /** Top-level model folders to publish; default ['default']. Missing ones are skipped (with a warning on build). */
  include?: string[];
  /** Also build models/test/<name>/ as "test/<name>" (the dev server always serves them); default false. */
  testModelsInBuild?: boolean;
  /** A folder whose model folders are published as "bench/<name>" (the benchmarks' real-size test models). */
  benchModelsDir?: string;
}

/** One entry of models/index.json. */
export interface SiteModelEntry {
  /** "default", or "test/tiny-bert-cls". */
  name: string;
  /** Relative to the site root, ending in '/': "models/default/". */
  path: string;
  /** True for the model the app loads without being asked. */
  default: boolean;
  /** Sum of the listed files' sizes. */
  bytes: number;
  manifest: ModelManifest;
  /** The model card page, relative to the site root ("models/default/MODEL_CARD.html"), when the folder has a card. */
  card?: string;
}

export interface SiteModelIndex {
  version: 1;
  models: SiteModelEntry[];
}

export const MODEL_INDEX_FILE = 'models/index.json';

interface FoundModel {
  entry: SiteModelEntry;
  folder: string;
}

/** The model folders to publish, each with its parsed manifest. */
export function discoverSiteModels(
  modelsDir: string,
  include: readonly string[],
  includeTest: boolean,
  warn: (m: string) => void = () => undefined,
  benchDir?: string,
): FoundModel[] {
  const found: FoundModel[] = [];
  const add = (name: string, folder: string) => {
    const manifestPath = path.join(folder, 'manifest.json');
    if (!existsSync(manifestPath)) {
      warn(`models/${name}/ has no manifest.json: not published`);
      return;
    }
    let manifest: ModelManifest;
    try {
      manifest = parseManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
    } catch (e) {
      warn(`models/${name}/manifest.json: ${(e as Error).message}: not published`);
      return;
    }
    const missing = manifest.files.filter((f) => !existsSync(path.join(folder, f.path)));
    if (missing.length > 0) warn(`models/${name}/ lacks ${missing.map((f) => f.path).join(', ')} (listed in its manifest)`);
    const present = manifest.files.filter((f) => !missing.includes(f));
    const entry: SiteModelEntry = { name, path: `models/${name}/`, default: name === 'default', bytes: present.reduce((s, f) => s + f.size, 0), manifest };
    if (existsSync(path.join(folder, CARD_SOURCE))) entry.card = `models/${name}/${MODEL_CARD_PAGE}`;
    found.push({ folder, entry });
  };
  for (const name of include) {
    const folder = path.join(modelsDir, name);
    if (existsSync(folder) && statSync(folder).isDirectory()) add(name, folder);
    else warn(`models/${name}/ does not exist: not published`);
  }
  const addAll = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const folder = path.join(dir, name);
      if (statSync(folder).isDirectory() && existsSync(path.join(folder, 'manifest.json'))) add(`${prefix}/${name}`, folder);
    }
  };
  const testDir = path.join(modelsDir, 'test');
  if (includeTest && existsSync(testDir)) addAll(testDir, 'test');
  if (benchDir && existsSync(benchDir)) addAll(benchDir, 'bench');
  return found;
}

export function modelIndex(models: readonly FoundModel[]): SiteModelIndex {
  return { version: 1, models: models.map((m) => m.entry) };
}

const CARD_SOURCE = 'MODEL_CARD.md';

/** Files of a published model: manifest.json, every listed file present, and the card's Markdown. */
function publishedFiles(model: FoundModel): string[] {
  const listed = model.entry.manifest.files.map((f) => f.path).filter((p) => existsSync(path.join(model.folder, p)));
  return ['manifest.json', ...listed, ...(model.entry.card ? [CARD_SOURCE] : [])];
}

/** The card page of a model that has one, with the lexical baseline's note first when it is one. */
export function renderCard(model: FoundModel): string | undefined {
  if (!model.entry.card) return undefined;
  const markdown = readFileSync(path.join(model.folder, CARD_SOURCE), 'utf8');
  return modelCardPage(markdown, { title: model.entry.manifest.name ?? model.entry.name, ...(isLexicalBaseline(model.entry.manifest) ? { note: LEXICAL_NOTE } : {}) });
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

export function siteModels(options: SiteModelsOptions = {}): Plugin {
  let config: ResolvedConfig;
  const modelsDir = () => options.modelsDir ?? path.join(config.root, 'models');
  const include = options.include ?? ['default'];
  return {
    name: 'csc-site-models',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const rel = publishedPath(req, 'models');
        if (rel === undefined) return next();
        // Discovered per request: the default model may appear while the dev server runs.
        const models = discoverSiteModels(modelsDir(), include, true);
        if (rel === 'index.json') return send(res, JSON.stringify(modelIndex(models)), CONTENT_TYPES['.json']!);
        const model = models.find((m) => rel.startsWith(`${m.entry.name}/`));
        if (!model) return next();
        const file = rel.slice(model.entry.name.length + 1);
        const card = file === MODEL_CARD_PAGE ? renderCard(model) : undefined;
        if (card !== undefined) return send(res, card, CONTENT_TYPES['.html']!);
        if (!publishedFiles(model).includes(file)) {
          res.statusCode = 404;
          return res.end('not found');
        }
        const full = path.join(model.folder, file);
        res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.setHeader('Content-Length', String(statSync(full).size));
        res.setHeader('Cache-Control', 'no-cache');
        if (req.method === 'HEAD') return res.end();
        return res.end(readFileSync(full));
      });
    },
    writeBundle: {
      sequential: true,
      handler() {
        if (config.command !== 'build' || this.environment?.name !== 'client') return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const models = discoverSiteModels(modelsDir(), include, options.testModelsInBuild ?? false, (m) => this.warn(m), options.benchModelsDir);
        for (const model of models) {
          for (const file of publishedFiles(model)) {
            const target = path.join(outDir, 'models', model.entry.name, file);
            mkdirSync(path.dirname(target), { recursive: true });
            copyFileSync(path.join(model.folder, file), target);
          }
          const card = renderCard(model);
          if (card !== undefined) writeFileSync(path.join(outDir, 'models', model.entry.name, MODEL_CARD_PAGE), card);
        }
        mkdirSync(path.join(outDir, 'models'), { recursive: true });
        writeFileSync(path.join(outDir, MODEL_INDEX_FILE), JSON.stringify(modelIndex(models), null, 1));
      },
    },
  };
}

function send(res: ServerResponse, body: string, type: string): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-cache');
  res.end(body);
}
