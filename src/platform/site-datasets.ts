/**
 * The site's benchmarks (datasets/index.json, written by vite/site-datasets.ts or `csc-studio site add-dataset`)
 * and their files, each checked against its manifest's size and sha-256 before the page uses a byte of it. The
 * files are asked for as `path?sha256=<hex>`, the URLs the service worker keeps them under for offline use.
 */
import { BENCH_INDEX_FILE, BENCH_NAME, parseBenchManifest, type BenchManifest } from '../core/bench/manifest.ts';
import { sha256Hex } from '../workers/model-source.ts';

/** The service worker's dataset cache (src/platform/sw.ts). */
export const DATASET_CACHE_NAME = 'csc-studio-datasets';

export interface SiteDataset {
  name: string;
  /** Absolute URL of the dataset's folder, ending in '/'. */
  url: string;
  manifest: BenchManifest;
}

/** Why a dataset or one of its files was refused: `file` names it (relative to the site's datasets/ folder). */
export class SiteDatasetError extends Error {
  constructor(
    readonly kind: 'index' | 'missing' | 'fetch' | 'size' | 'hash',
    readonly file: string,
    detail: string,
  ) {
    super(`datasets/${file}: ${detail}`);
    this.name = 'SiteDatasetError';
  }
}

/** Reads datasets/index.json next to the page; [] when the site has none. A malformed index is refused by name. */
export async function listSiteDatasets(baseUrl: string = document.baseURI, fetchFn: typeof fetch = fetch): Promise<SiteDataset[]> {
  const indexUrl = new URL(`datasets/${BENCH_INDEX_FILE}`, baseUrl);
  let response: Response;
  try {
    response = await fetchFn(indexUrl.href, { cache: 'no-cache', credentials: 'same-origin' });
  } catch {
    return [];
  }
  if (response.status === 404) return [];
  if (!response.ok) throw new SiteDatasetError('index', BENCH_INDEX_FILE, `HTTP ${response.status}`);
  let index: { version?: unknown; datasets?: unknown };
  try {
    index = (await response.json()) as typeof index;
  } catch (err) {
    throw new SiteDatasetError('index', BENCH_INDEX_FILE, `not JSON (${(err as Error).message})`);
  }
  if (index.version !== 1 || !Array.isArray(index.datasets)) throw new SiteDatasetError('index', BENCH_INDEX_FILE, 'not a version 1 dataset index');
  return (index.datasets as { name?: unknown; path?: unknown; manifest?: unknown }[]).map((d, i) => {
    const where = `${BENCH_INDEX_FILE} datasets[${i}]`;
    if (typeof d.name !== 'string' || !BENCH_NAME.test(d.name) || d.path !== `${d.name}/`) throw new SiteDatasetError('index', BENCH_INDEX_FILE, `datasets[${i}] has no valid name and path`);
    let manifest: BenchManifest;
    try {
      manifest = parseBenchManifest(d.manifest, where);
    } catch (err) {
      throw new SiteDatasetError('index', BENCH_INDEX_FILE, (err as Error).message);
    }
    if (manifest.name !== d.name) throw new SiteDatasetError('index', BENCH_INDEX_FILE, `datasets[${i}] names "${d.name}" but its manifest "${manifest.name}"`);
    return { name: d.name, url: new URL(d.path, indexUrl).href, manifest };
  });
}

/** The URL the page asks for a listed file under (the service worker's key). */
export function datasetFileUrl(dataset: Pick<SiteDataset, 'url'>, file: { path: string; sha256: string }): string {
  const url = new URL(file.path.split('/').map(encodeURIComponent).join('/'), dataset.url);
  url.searchParams.set('sha256', file.sha256);
  return url.href;
}

/**
 * Every file of the dataset, checked: a missing file, a failed download, or bytes that differ from the manifest
 * refuse the whole dataset with the file's name. A cached copy that differs is dropped, so a repaired site is
 * fetched again next time.
 */
export async function loadSiteDatasetFiles(
  dataset: SiteDataset,
  options: { fetch?: typeof fetch; storage?: CacheStorage } = {},
): Promise<{ path: string; bytes: Uint8Array }[]> {
  const fetchFn = options.fetch ?? fetch;
  const out: { path: string; bytes: Uint8Array }[] = [];
  for (const f of dataset.manifest.files) {
    const name = `${dataset.name}/${f.path}`;
    const url = datasetFileUrl(dataset, f);
    let response: Response;
    try {
      response = await fetchFn(url, { credentials: 'same-origin' });
    } catch (err) {
      throw new SiteDatasetError('fetch', name, (err as Error).message);
    }
    if (response.status === 404 || response.status === 410) throw new SiteDatasetError('missing', name, 'listed in its manifest but not on the site');
    if (!response.ok) throw new SiteDatasetError('fetch', name, `HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const refuse = async (kind: 'size' | 'hash', detail: string): Promise<never> => {
      await (options.storage ?? globalThis.caches)?.open(DATASET_CACHE_NAME).then((c) => c.delete(url)).catch(() => undefined);
      throw new SiteDatasetError(kind, name, detail);
    };
    if (bytes.length !== f.size) await refuse('size', `${bytes.length} bytes where its manifest says ${f.size}`);
    const sha = await sha256Hex(bytes);
    if (sha !== f.sha256) await refuse('hash', `sha-256 ${sha} where its manifest says ${f.sha256}`);
    out.push({ path: f.path, bytes });
  }
  return out;
}
