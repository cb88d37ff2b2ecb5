/**
 * The service worker (built to dist/sw.js by vite/service-worker.ts, which prepends PRECACHE and VERSION).
 * Self-contained: no imports.
 *
 * - Precaches the app shell (HTML, JS, CSS, jieba and the WebAssembly ONNX runtime) on install, so the page works
 *   offline after one visit; serves those files cache-first, so a page never mixes two builds.
 * - Also caches the default model at install (entries marked cache: 'models': models/index.json, its manifest and
 *   card, its files under their ?sha256= URLs), so it is listed and loads offline even if it was never used.
 * - Caches model files after first use: `models/<name>/<file>?sha256=<hex>` is content-addressed (the worker adds
 *   the manifest's hash), so cache-first is safe; manifest.json and models/index.json are network-first.
 * - The site's benchmarks (datasets/index.json, each manifest.json, every file under its ?sha256= URL) are cached
 *   at install the same way, in their own cache, and so is every other dataset the index lists (one added to the
 *   built site by `csc-studio site add-dataset`): a hosted benchmark opens offline after one visit.
 * - Other same-origin files (the WebGPU runtime, lazily loaded chunks) are cached after first use.
 * - Adds COOP/COEP/CORP headers to the documents and scripts it serves, so static hosts that cannot send headers
 *   still get a cross-origin isolated page (multi-threaded WASM) once the worker controls it: what
 *   coi-serviceworker does.
 * - A new build waits until the page says {type: 'SKIP_WAITING'} (the update prompt), then takes over.
 */
export {}; // a module for the type checker; the build strips this line

declare const PRECACHE: readonly { url: string; revision: string; cache?: 'models' | 'datasets' }[];
declare const VERSION: string;

const sw = self as unknown as ServiceWorkerGlobalScope;
const PREFIX = 'csc-studio-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const MODEL_CACHE = `${PREFIX}models`;
const DATASET_CACHE = `${PREFIX}datasets`;
const RUNTIME_CACHE = `${PREFIX}runtime`;
const scope = new URL(sw.registration.scope);
const SHELL = PRECACHE.filter((e) => e.cache === undefined);
const MODELS = PRECACHE.filter((e) => e.cache === 'models');
const DATASETS = PRECACHE.filter((e) => e.cache === 'datasets');
const precached = new Set(SHELL.map((e) => new URL(e.url, scope).href));
const INDEX = new URL('index.html', scope).href;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const modelCache = await caches.open(MODEL_CACHE);
      const datasetCache = await caches.open(DATASET_CACHE);
      // cache: 'reload' skips the HTTP cache, so no stale copy from an older build slips in.
      const put = async (target: Cache, e: { url: string }) => {
        const url = new URL(e.url, scope).href;
        const response = await fetch(url, { cache: 'reload', credentials: 'same-origin' });
        if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
        await target.put(url, response);
      };
      const keep = async (target: Cache, e: { url: string }) => {
        if (e.url.includes('?sha256=') && (await target.match(new URL(e.url, scope).href))) return;
        await put(target, e).catch(() => undefined);
      };
      await Promise.all([
        ...SHELL.map((e) => put(cache, e)),
        // A content-addressed model file already cached (an earlier build, or used) is not fetched again. The model
        // is a convenience: a site deployed without it (or a failed download) must still install the shell; the
        // page then reports the model as not available offline rather than losing the whole worker.
        ...MODELS.map((e) => keep(modelCache, e)),
        // The site's benchmarks, likewise: a file that did not come is refused by name when the page needs it.
        ...DATASETS.map((e) => keep(datasetCache, e)),
      ]);
      // Benchmarks added to a built site (site add-dataset into its datasets/) are in the index, not in PRECACHE.
      await keepIndexedDatasets(datasetCache, keep).catch(() => undefined);
      // The first install takes over at once; an update waits for the page's consent.
      if (!sw.registration.active) await sw.skipWaiting();
    })(),
  );
});

/** Every dataset datasets/index.json lists (just cached): its manifest, and each file under its ?sha256= URL. */
async function keepIndexedDatasets(cache: Cache, keep: (target: Cache, e: { url: string }) => Promise<void>): Promise<void> {
  const folder = new URL('datasets/', scope);
  const index = await cache.match(new URL('index.json', folder).href);
  if (!index) return;
  const listed = ((await index.json()) as { datasets?: { path?: string; manifest?: { files?: { path: string; sha256: string }[] } }[] }).datasets ?? [];
  const urls = listed
    .filter((d) => typeof d.path === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]*\/$/.test(d.path))
    .flatMap((d) => {
      const base = new URL(d.path!, folder);
      const files = (d.manifest?.files ?? []).map((f) => `${new URL(f.path.split('/').map(encodeURIComponent).join('/'), base).href}?sha256=${f.sha256}`);
      return [new URL('manifest.json', base).href, ...files];
    });
  await Promise.all(urls.map((url) => keep(cache, { url })));
}

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(`${PREFIX}shell-`) && key !== SHELL_CACHE) await caches.delete(key);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | undefined;
  if (data?.type === 'SKIP_WAITING') void sw.skipWaiting();
  if (data?.type === 'GET_VERSION') event.ports[0]?.postMessage({ version: VERSION });
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.href.startsWith(scope.href)) return;
  // fetch() answers (models, WebAssembly, data: destination '') go back untouched: the headers matter only on
  // documents and scripts, and re-wrapping a 14 MB body made the browser pass it through this worker's thread.
  event.respondWith(request.destination === '' ? route(request, url) : isolate(route(request, url)));
});

async function route(request: Request, url: URL): Promise<Response> {
  const plain = url.origin + url.pathname;
  if (request.mode === 'navigate') {
    const target = plain === scope.href ? INDEX : plain;
    const hit = precached.has(target) ? await caches.match(target, { cacheName: SHELL_CACHE }) : undefined;
    // Model card pages live with their model's files.
    return hit ?? networkFirst(request, plain.startsWith(`${scope.href}models/`) ? MODEL_CACHE : RUNTIME_CACHE);
  }
  if (precached.has(plain) && url.search === '') {
    const hit = await caches.match(plain, { cacheName: SHELL_CACHE });
    if (hit) return hit;
  }
  const rel = url.href.slice(scope.href.length);
  const published = rel.startsWith('models/') ? MODEL_CACHE : rel.startsWith('datasets/') ? DATASET_CACHE : undefined;
  if (published) return url.searchParams.has('sha256') ? contentAddressed(request, url, published) : networkFirst(request, published);
  return cacheFirst(request, RUNTIME_CACHE);
}

/** Content-addressed model and dataset files: cache-first; a new version replaces the older ones of the same path. */
async function contentAddressed(request: Request, url: URL, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    for (const old of await cache.keys()) {
      const o = new URL(old.url);
      if (o.pathname === url.pathname && o.search !== url.search) await cache.delete(old);
    }
    await cache.put(request, response.clone());
  }
  return response;
}

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  } catch (e) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    throw e;
  }
}

/** Same bytes, plus the headers that make the page cross-origin isolated. */
async function isolate(pending: Promise<Response>): Promise<Response> {
  const response = await pending;
  if (response.status === 0 || response.type === 'opaque' || response.type === 'opaqueredirect') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
