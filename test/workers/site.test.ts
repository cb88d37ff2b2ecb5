import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSiteModel, listSiteModels } from '../../src/platform/site-models.ts';
import { defaultPrecacheExclude, precacheEntries } from '../../src/platform/vite/service-worker.ts';
import { discoverSiteModels, modelIndex } from '../../src/platform/vite/site-models.ts';
import { transformWithOxc } from 'vite';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'csc-site-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('site models', () => {
  it('publishes models/default and, when asked, models/test/*, each with its manifest', () => {
    const models = tempDir();
    cpSync(path.join(REPO, 'models/test/tiny-bert-cls'), path.join(models, 'default'), { recursive: true });
    cpSync(path.join(REPO, 'models/test'), path.join(models, 'test'), { recursive: true });
    mkdirSync(path.join(models, 'glyphs'));
    const warnings: string[] = [];
    const found = discoverSiteModels(models, ['default', 'missing'], true, (w) => warnings.push(w));
    expect(found.map((m) => m.entry.name)).toEqual(['default', 'test/tiny-bert-cls', 'test/tiny-bert-mean']);
    expect(warnings).toEqual(['models/missing/ does not exist: not published']);
    const index = modelIndex(found);
    expect(index.models[0]).toMatchObject({ name: 'default', path: 'models/default/', default: true, bytes: 190182 + 148770 + 76017 + 185 + 307 + 320 + 5769 + 303 });
    expect(index.models[1]!.default).toBe(false);
    expect(index.models[1]!.manifest.name).toBe('tiny-bert-cls');
    expect(discoverSiteModels(models, ['default'], false).map((m) => m.entry.name)).toEqual(['default']);
    // The benchmarks' folder of real-size models, published as bench/<name> when given.
    const bench = tempDir();
    cpSync(path.join(REPO, 'models/test/tiny-bert-mean'), path.join(bench, 'bge-small'), { recursive: true });
    mkdirSync(path.join(bench, 'empty'));
    expect(discoverSiteModels(models, ['default'], false, () => undefined, bench).map((m) => m.entry.name)).toEqual(['default', 'bench/bge-small']);
  });

  it('skips a folder without a valid manifest, and warns about listed files that are missing', () => {
    const models = tempDir();
    mkdirSync(path.join(models, 'default'));
    writeFileSync(path.join(models, 'default', 'manifest.json'), '{"name": 1}');
    const warnings: string[] = [];
    expect(discoverSiteModels(models, ['default'], false, (w) => warnings.push(w))).toEqual([]);
    expect(warnings[0]).toMatch(/models\/default\/manifest.json: .*not published/);
    cpSync(path.join(REPO, 'models/test/tiny-bert-mean'), path.join(models, 'default'), { recursive: true });
    rmSync(path.join(models, 'default', 'onnx', 'model.onnx'));
    const found = discoverSiteModels(models, ['default'], false, (w) => warnings.push(w));
    expect(found).toHaveLength(1);
    expect(warnings.at(-1)).toBe('models/default/ lacks onnx/model.onnx (listed in its manifest)');
  });

  it('lists the published models for the app, with absolute folder URLs', async () => {
    const index = {
      version: 1,
      models: [
        { name: 'default', path: 'models/default/', default: true, bytes: 10, manifest: { name: 'm' } },
        { name: 'test/tiny', path: 'models/test/tiny/', default: false, bytes: 5, manifest: { name: 't' } },
      ],
    };
    const asked: string[] = [];
    const fetchFn = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(index));
    }) as unknown as typeof fetch;
    const models = await listSiteModels('https://host/sub/app/index.html', fetchFn);
    expect(asked).toEqual(['https://host/sub/app/models/index.json']);
    expect(models.map((m) => m.url)).toEqual(['https://host/sub/app/models/default/', 'https://host/sub/app/models/test/tiny/']);
    expect(defaultSiteModel(models)?.name).toBe('default');
    const none = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    expect(await listSiteModels('https://host/', none)).toEqual([]);
  });
});

describe('service worker build', () => {
  it('precaches the shell, not models, source maps or the WebGPU runtime', () => {
    const out = tempDir();
    for (const f of ['index.html', 'assets/a.js', 'assets/a.js.map', 'assets/ort-wasm-simd-threaded.asyncify-X.wasm', 'assets/ort-wasm-simd-threaded-Y.wasm', 'models/index.json', 'models/default/onnx/model.onnx', 'sw.js']) {
      mkdirSync(path.dirname(path.join(out, f)), { recursive: true });
      writeFileSync(path.join(out, f), f);
    }
    const entries = precacheEntries(out, defaultPrecacheExclude);
    expect(entries.map((e) => e.url)).toEqual(['assets/a.js', 'assets/ort-wasm-simd-threaded-Y.wasm', 'index.html']);
    expect(entries[0]!.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it('compiles sw.ts to a classic script (no import/export) that defines its handlers', async () => {
    const file = path.join(REPO, 'src/platform/sw.ts');
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts', sourcemap: false });
    const script = code.replace(/^export\s*\{\s*\};?[^\n]*$/m, '');
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(() => new Script(`const VERSION = "v"; const PRECACHE = [];\n${script}`)).not.toThrow();
    expect(script).toMatch(/addEventListener\(["']fetch["']/);
  });
});
