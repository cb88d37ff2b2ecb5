/**
 * Reading a model folder in a browser worker: from the site (a URL base, fetched with byte progress) or from files
 * the user dropped (a Map of relative path → Blob | ArrayBuffer). Runtime-neutral apart from fetch, Blob and
 * crypto.subtle, which Node 20 also has, so it is unit-tested in Node.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { FileDigest } from '../core/embed/manifest.ts';
import { ModelIntegrityError, parseManifest, verifyManifest } from '../core/embed/manifest.ts';
import type { ModelFolderInfo, ModelFolderOptions } from '../core/embed/model-folder.ts';
import { readModelFolder, runtimeHash } from '../core/embed/model-folder.ts';
import type { ModelManifest } from '../core/embed/types.ts';
import { MODEL_FILES } from '../core/embed/types.ts';

/** Where a model's files come from, as the worker receives it (structured-cloneable). */
export type ModelSourceSpec =
  /** An absolute URL of a model folder, ending in '/' (e.g. https://host/app/models/default/). */
  | { kind: 'url'; url: string }
  /** Files of a dropped folder: paths relative to the folder ('/'-separated); a common top folder is stripped. */
  | { kind: 'files'; files: Map<string, Blob | ArrayBuffer | Uint8Array>; name?: string };

/** Byte progress of one file: loaded so far, and the total when known. */
export type BytesCallback = (loaded: number, total: number | undefined) => void;

export interface ModelByteSource {
  /** For messages: the URL or "dropped folder <name>". */
  readonly description: string;
  /** The folder's name when the source knows it (the dropped folder's, or the URL's last segment). */
  readonly name: string | undefined;
  /** 'download' for URLs, 'read' for dropped files: the phase the UI shows while bytes arrive. */
  readonly phase: 'download' | 'read';
  /** The file's bytes, or undefined when the folder has no such file. `expected` names the manifest entry. */
  readBytes(path: string, expected?: { sha256: string; size: number }, onBytes?: BytesCallback): Promise<Uint8Array | undefined>;
}

export class ModelSourceError extends Error {
  constructor(
    readonly file: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ModelSourceError';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sources

export interface UrlSourceOptions {
  fetch?: typeof fetch;
}

/**
 * A model folder served over HTTP. Files the manifest lists are fetched as `path?sha256=<hex>`: static servers
 * ignore the query, and the service worker's cache then holds each version of a file under its own key.
 */
export function urlModelSource(url: string, options: UrlSourceOptions = {}): ModelByteSource {
  const base = url.endsWith('/') ? url : `${url}/`;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const segments = new URL(base).pathname.split('/').filter(Boolean);
  return {
    description: base,
    name: segments.length > 0 ? decodeURIComponent(segments[segments.length - 1]!) : undefined,
    phase: 'download',
    async readBytes(path, expected, onBytes) {
      const target = new URL(path.split('/').map(encodeURIComponent).join('/'), base);
      if (expected) target.searchParams.set('sha256', expected.sha256);
      let response: Response;
      try {
        // The manifest is revalidated so a redeployed model is noticed; versioned files may come from any cache.
        response = await doFetch(target.href, { cache: expected ? 'default' : 'no-cache', credentials: 'same-origin' });
      } catch (e) {
        throw new ModelSourceError(path, `could not fetch model file "${path}" from ${base}: ${(e as Error).message}`);
      }
      if (response.status === 404 || response.status === 410) return undefined;
      if (!response.ok) {
        throw new ModelSourceError(path, `could not fetch model file "${path}" from ${base}: HTTP ${response.status} ${response.statusText}`);
      }
      const header = Number(response.headers.get('content-length'));
      // Content-Length is the encoded size when the server compresses; the manifest's size is the real one.
      const total = expected?.size ?? (Number.isFinite(header) && header > 0 ? header : undefined);
      return readBody(response, path, total, onBytes);
    },
  };
}

async function readBody(response: Response, path: string, total: number | undefined, onBytes?: BytesCallback): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let buffer: Uint8Array | undefined = total !== undefined ? new Uint8Array(total) : undefined;
  onBytes?.(0, total);
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (e) {
      throw new ModelSourceError(path, `the download of model file "${path}" failed after ${loaded} bytes: ${(e as Error).message}`);
    }
    if (step.done) break;
    const chunk = step.value;
    if (buffer && loaded + chunk.length <= buffer.length) buffer.set(chunk, loaded);
    else {
      if (buffer) chunks.push(buffer.subarray(0, loaded)); // more bytes than announced: fall back to chunks
      buffer = undefined;
      chunks.push(chunk);
    }
    loaded += chunk.length;
    onBytes?.(loaded, total);
  }
  if (buffer) return loaded === buffer.length ? buffer : buffer.slice(0, loaded);
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Normalises dropped paths: '\' → '/', no leading './' or '/', and one folder shared by every file is stripped. */
export function normaliseDroppedPaths<T>(files: Map<string, T>): { files: Map<string, T>; folder: string | undefined } {
  const cleaned = new Map<string, T>();
  for (const [raw, value] of files) {
    const p = raw.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
    if (p !== '') cleaned.set(p, value);
  }
  const paths = [...cleaned.keys()];
  const first = paths[0]?.split('/')[0];
  const shared =
    first !== undefined && paths.length > 0 && paths.every((p) => p.startsWith(`${first}/`)) && !cleaned.has(MODEL_FILES.tokenizer);
  if (!shared) return { files: cleaned, folder: undefined };
  const stripped = new Map<string, T>();
  for (const [p, v] of cleaned) stripped.set(p.slice(first!.length + 1), v);
  return { files: stripped, folder: first };
}

/** Files the user dropped; the Map may hold Blobs (File), ArrayBuffers or Uint8Arrays. */
export function filesModelSource(input: Map<string, Blob | ArrayBuffer | Uint8Array>, name?: string): ModelByteSource {
  const { files, folder } = normaliseDroppedPaths(input);
  const label = name ?? folder;
  return {
    description: `the dropped folder${label ? ` "${label}"` : ''}`,
    name: label,
    phase: 'read',
    async readBytes(path, _expected, onBytes) {
      const file = files.get(path);
      if (file === undefined) return undefined;
      if (file instanceof Uint8Array) return file;
      if (file instanceof ArrayBuffer) return new Uint8Array(file);
      onBytes?.(0, file.size);
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (e) {
        throw new ModelSourceError(path, `could not read model file "${path}": ${(e as Error).message}`);
      }
      onBytes?.(bytes.length, file.size);
      return bytes;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Hashing

/** Lower-case hex sha-256: crypto.subtle where the context is secure, @noble/hashes otherwise (plain-http LAN hosts). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const view = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
      return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', view)));
    } catch {
      // fall through: some browsers refuse very large inputs
    }
  }
  return bytesToHex(nobleSha256(bytes));
}

// ---------------------------------------------------------------------------------------------------------------
// Loading

export type LoadPhase = 'download' | 'read' | 'verify' | 'compile' | 'warm-up' | 'ready';

export interface ModelLoadProgress {
  phase: LoadPhase;
  /** The file being read or downloaded (download/read phases). */
  file?: string;
  /** Bytes of that file so far, and its size when known. */
  loadedBytes?: number;
  totalBytes?: number;
  /** Bytes of every file so far (small JSON files included), and the sum the manifest announces when it has one. */
  overallLoadedBytes?: number;
  overallTotalBytes?: number;
  /** The backend being compiled for / warmed up (compile, warm-up and ready phases). */
  backend?: 'webgpu' | 'wasm';
  /** A short human sentence, e.g. "Downloading onnx/model_quantized.onnx (12.1 of 24.0 MB)". */
  message: string;
}

export interface LoadedModelFiles {
  info: ModelFolderInfo;
  onnxBytes: Uint8Array;
  /** The runtime hash (cache key) the Node runtime would compute for the same folder and options. */
  hash: string;
  modelId: string;
  /** Files whose sha-256 was checked against manifest.json. */
  verified: string[];
}

/**
 * Reads manifest.json and the folder's JSON files, then the ONNX graph with byte progress, and checks every file it
 * read against the manifest (size, then sha-256) before returning: a session is only created from verified bytes.
 */
export async function loadModelFiles(
  source: ModelByteSource,
  options: Omit<ModelFolderOptions, 'fallbackName'> = {},
  onProgress: (p: ModelLoadProgress) => void = () => undefined,
): Promise<LoadedModelFiles> {
  const bytes = new Map<string, Uint8Array>();
  let manifest: ModelManifest | undefined;
  let overall = 0;
  const digests = new Map<string, Promise<FileDigest>>();
  const digest = (path: string): Promise<FileDigest | undefined> => {
    const data = bytes.get(path);
    if (data === undefined) return Promise.resolve(undefined); // not read: not needed for this model
    if (!digests.has(path)) digests.set(path, sha256Hex(data).then((sha256) => ({ sha256, size: data.length })));
    return digests.get(path)!;
  };
  const check = async (path: string) => {
    const expected = manifest?.files.find((f) => f.path === path);
    if (manifest && expected) await verifyManifest({ ...manifest, files: [expected] }, digest);
  };
  /** Reads a file; a small one is checked against the manifest at once, before anything parses it. */
  const read = async (path: string, deferCheck = false): Promise<Uint8Array | undefined> => {
    if (bytes.has(path)) return bytes.get(path);
    const expected = manifest?.files.find((f) => f.path === path);
    // A site folder publishes exactly what its manifest lists: do not ask the server for anything else.
    if (manifest && !expected && source.phase === 'download') return undefined;
    let last = 0;
    let lastReport = 0;
    const onBytes: BytesCallback = (loaded, total) => {
      overall += loaded - last;
      last = loaded;
      const now = Date.now();
      if (loaded !== total && loaded !== 0 && now - lastReport < 100) return;
      lastReport = now;
      onProgress({
        phase: source.phase,
        file: path,
        loadedBytes: loaded,
        ...(total !== undefined ? { totalBytes: total } : {}),
        overallLoadedBytes: overall,
        ...(manifest ? { overallTotalBytes: manifest.files.reduce((s, f) => s + f.size, 0) } : {}),
        message: `${source.phase === 'download' ? 'Downloading' : 'Reading'} ${path}${total ? ` (${formatBytes(loaded)} of ${formatBytes(total)})` : ''}`,
      });
    };
    const data = await source.readBytes(path, expected, onBytes);
    if (data !== undefined) bytes.set(path, data);
    if (data !== undefined && !deferCheck) await check(path);
    return data;
  };
  const decoder = new TextDecoder('utf-8');
  const readText = async (path: string) => {
    const data = await read(path);
    return data === undefined ? undefined : decoder.decode(data);
  };

  const manifestText = await readText(MODEL_FILES.manifest);
  if (manifestText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(manifestText);
    } catch (e) {
      throw new ModelSourceError(MODEL_FILES.manifest, `manifest.json is not valid JSON: ${(e as Error).message}`);
    }
    manifest = parseManifest(json);
  }
  const info = await readModelFolder({ readText }, manifest, { ...options, ...(source.name ? { fallbackName: source.name } : {}) });
  const onnxBytes = await read(info.onnxPath, true);
  if (onnxBytes === undefined) {
    const listed = manifest?.files.some((f) => f.path === info.onnxPath);
    if (listed) throw new ModelIntegrityError(info.onnxPath, 'is listed in manifest.json but missing');
    throw new ModelSourceError(info.onnxPath, `${source.description} has no model file "${info.onnxPath}"`);
  }

  onProgress({ phase: 'verify', message: manifest ? 'Checking the files against manifest.json' : 'Hashing the model (no manifest.json)' });
  const verified: string[] = [];
  if (manifest) {
    await verifyManifest(manifest, digest, [info.onnxPath, MODEL_FILES.tokenizer]);
    for (const f of manifest.files) if (bytes.has(f.path)) verified.push(f.path);
  }
  const onnxDigest = (await digest(info.onnxPath))!;
  const tokenizerDigest = (await digest(MODEL_FILES.tokenizer))!;
  return {
    info,
    onnxBytes,
    hash: runtimeHash({ onnxSha256: onnxDigest.sha256, tokenizerSha256: tokenizerDigest.sha256, pooling: info.pooling, maxLength: info.maxLength }),
    modelId: `${info.name}/${info.onnxPath}`,
    verified,
  };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
