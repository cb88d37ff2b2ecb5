/** The models the site publishes (models/index.json, written by vite/site-models.ts), for the app to list. */
import type { ModelManifest } from '../core/embed/types.ts';

export interface SiteModel {
  /** "default", or "test/tiny-bert-cls" in test builds. */
  name: string;
  /** Absolute URL of the model folder, ending in '/': pass it to createWorkerEmbeddingRuntime. */
  url: string;
  default: boolean;
  /** Sum of the listed files' sizes (both graphs when the folder has float and int8). */
  bytes: number;
  manifest: ModelManifest;
  /** Absolute URL of the model card page (MODEL_CARD.html), when the folder has a card. */
  cardUrl?: string;
}

/** Reads models/index.json next to the page; [] when the build has none (e.g. no default model was built). */
export async function listSiteModels(baseUrl: string = document.baseURI, fetchFn: typeof fetch = fetch): Promise<SiteModel[]> {
  const indexUrl = new URL('models/index.json', baseUrl);
  let response: Response;
  try {
    response = await fetchFn(indexUrl.href, { cache: 'no-cache' });
  } catch {
    return [];
  }
  if (!response.ok) return [];
  const index = (await response.json()) as { version?: number; models?: { name: string; path: string; default?: boolean; bytes?: number; manifest: ModelManifest; card?: string }[] };
  if (index.version !== 1 || !Array.isArray(index.models)) throw new Error(`${indexUrl.href} is not a version 1 model index`);
  const root = new URL('../', indexUrl);
  return index.models.map((m) => ({
    name: m.name,
    url: new URL(m.path, root).href,
    default: m.default === true,
    bytes: m.bytes ?? 0,
    manifest: m.manifest,
    ...(typeof m.card === 'string' ? { cardUrl: new URL(m.card, root).href } : {}),
  }));
}

/** The model to load without asking: the one marked default, else none. */
export function defaultSiteModel(models: readonly SiteModel[]): SiteModel | undefined {
  return models.find((m) => m.default);
}
