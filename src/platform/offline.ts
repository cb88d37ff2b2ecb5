/**
 * Is a site model usable without the network? The service worker keeps model files in one cache under the URLs
 * the loader asks for (manifest.json as is, every listed file as `path?sha256=<hex>`), so the page can look.
 * Models dropped into the page live in IndexedDB and are always available; this is about the site's models.
 */
import type { SiteModel } from './site-models.ts';

/** The service worker's model cache (src/platform/sw.ts). */
export const MODEL_CACHE_NAME = 'csc-studio-models';

export interface OfflineStatus {
  /** Every file the model needs is in the cache. */
  available: boolean;
  /** Paths not cached (manifest.json included). */
  missing: string[];
  /** Bytes still to fetch to make it available (the manifest's sizes). */
  missingBytes: number;
}

/** The URLs the model loader requests for a site model (workers/model-source.ts urlModelSource). */
export function modelFileUrls(model: Pick<SiteModel, 'url' | 'manifest'>): { path: string; url: string; size: number }[] {
  const base = model.url.endsWith('/') ? model.url : `${model.url}/`;
  return [
    { path: 'manifest.json', url: new URL('manifest.json', base).href, size: 0 },
    ...model.manifest.files.map((f) => {
      const url = new URL(f.path.split('/').map(encodeURIComponent).join('/'), base);
      url.searchParams.set('sha256', f.sha256);
      return { path: f.path, url: url.href, size: f.size };
    }),
  ];
}

export async function modelOfflineStatus(model: Pick<SiteModel, 'url' | 'manifest'>, storage: CacheStorage | undefined = globalThis.caches): Promise<OfflineStatus> {
  const files = modelFileUrls(model);
  if (!storage) return { available: false, missing: files.map((f) => f.path), missingBytes: files.reduce((s, f) => s + f.size, 0) };
  const cache = await storage.open(MODEL_CACHE_NAME);
  const missing: typeof files = [];
  for (const f of files) if (!(await cache.match(f.url))) missing.push(f);
  return { available: missing.length === 0, missing: missing.map((f) => f.path), missingBytes: missing.reduce((s, f) => s + f.size, 0) };
}

/**
 * Whether a run may start with this site model now: online, or offline with every file cached. When it returns
 * false the page must say so and not start (never fall back to another judge).
 */
export async function siteModelUsableNow(model: Pick<SiteModel, 'url' | 'manifest'>, online: boolean = globalThis.navigator?.onLine ?? true, storage?: CacheStorage): Promise<boolean> {
  if (online) return true;
  return (await modelOfflineStatus(model, storage ?? globalThis.caches)).available;
}

/** Fetches every missing file of the model into the model cache ("Make available offline"). */
export async function makeModelOffline(
  model: Pick<SiteModel, 'url' | 'manifest'>,
  options: { fetch?: typeof fetch; storage?: CacheStorage; onFile?: (done: number, total: number) => void } = {},
): Promise<void> {
  const storage = options.storage ?? globalThis.caches;
  if (!storage) throw new Error('this browser offers no cache storage to this page');
  const fetchFn = options.fetch ?? fetch;
  const cache = await storage.open(MODEL_CACHE_NAME);
  const files = modelFileUrls(model);
  let done = 0;
  for (const f of files) {
    if (!(await cache.match(f.url))) {
      const response = await fetchFn(f.url, { credentials: 'same-origin', cache: 'no-cache' });
      if (!response.ok) throw new Error(`${f.path}: HTTP ${response.status}`);
      await cache.put(f.url, response);
    }
    options.onFile?.(++done, files.length);
  }
}
