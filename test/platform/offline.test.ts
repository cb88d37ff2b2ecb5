import { describe, expect, test } from 'vitest';
import { makeModelOffline, MODEL_CACHE_NAME, modelFileUrls, modelOfflineStatus, siteModelUsableNow } from '../../src/platform/offline.ts';
import type { ModelManifest } from '../../src/core/embed/types.ts';

/** A CacheStorage holding URLs only, enough for the functions under test. */
function fakeCaches(): CacheStorage & { stored: Map<string, Set<string>> } {
  const stored = new Map<string, Set<string>>();
  const open = async (name: string) => {
    const urls = stored.get(name) ?? new Set<string>();
    stored.set(name, urls);
    return {
      match: async (url: string) => (urls.has(url) ? new Response('x') : undefined),
      put: async (url: string) => void urls.add(url),
    } as unknown as Cache;
  };
  return { open, stored } as unknown as CacheStorage & { stored: Map<string, Set<string>> };
}

const manifest = {
  name: 'm',
  files: [
    { path: 'onnx/model.onnx', sha256: 'a'.repeat(64), size: 1000 },
    { path: 'tokenizer.json', sha256: 'b'.repeat(64), size: 20 },
  ],
} as unknown as ModelManifest;
const model = { url: 'https://host/app/models/default/', manifest };

describe('site models offline', () => {
  test('the URLs are the ones the model loader asks for: manifest as is, files with ?sha256=', () => {
    expect(modelFileUrls(model).map((f) => f.url)).toEqual([
      'https://host/app/models/default/manifest.json',
      `https://host/app/models/default/onnx/model.onnx?sha256=${'a'.repeat(64)}`,
      `https://host/app/models/default/tokenizer.json?sha256=${'b'.repeat(64)}`,
    ]);
  });

  test('status lists what is missing and its size; usable offline only when everything is cached', async () => {
    const caches = fakeCaches();
    expect(await modelOfflineStatus(model, caches)).toEqual({ available: false, missing: ['manifest.json', 'onnx/model.onnx', 'tokenizer.json'], missingBytes: 1020 });
    expect(await siteModelUsableNow(model, true, caches)).toBe(true);
    expect(await siteModelUsableNow(model, false, caches)).toBe(false);
    expect(await modelOfflineStatus(model, undefined)).toMatchObject({ available: false, missingBytes: 1020 });

    const fetched: string[] = [];
    const fetchFn = (async (url: string) => {
      fetched.push(url);
      return new Response('bytes');
    }) as unknown as typeof fetch;
    caches.stored.set(MODEL_CACHE_NAME, new Set([modelFileUrls(model)[2]!.url])); // the tokenizer was used before
    const progress: number[] = [];
    await makeModelOffline(model, { fetch: fetchFn, storage: caches, onFile: (done) => progress.push(done) });
    expect(fetched).toEqual(modelFileUrls(model).slice(0, 2).map((f) => f.url));
    expect(progress).toEqual([1, 2, 3]);
    expect(await modelOfflineStatus(model, caches)).toEqual({ available: true, missing: [], missingBytes: 0 });
    expect(await siteModelUsableNow(model, false, caches)).toBe(true);
  });

  test('a failed download names the file and caches nothing for it', async () => {
    const caches = fakeCaches();
    const fetchFn = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    await expect(makeModelOffline(model, { fetch: fetchFn, storage: caches })).rejects.toThrow('manifest.json: HTTP 404');
    expect((await modelOfflineStatus(model, caches)).available).toBe(false);
  });
});
