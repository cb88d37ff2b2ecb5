import type { ManifestFile, ModelManifest, Pooling } from './types.ts';

/** A model file that is missing or differs from manifest.json; `file` is the path relative to the folder. */
export class ModelIntegrityError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`model file "${file}" ${detail}`);
    this.name = 'ModelIntegrityError';
  }
}

export interface FileDigest {
  sha256: string;
  size: number;
}

/** Validates manifest.json's parsed JSON; throws naming the first bad field. */
export function parseManifest(json: unknown): ModelManifest {
  const m = asObject(json, 'manifest.json');
  const pooling = m['pooling'];
  if (pooling !== 'cls' && pooling !== 'mean') throw new Error(`manifest.json: pooling must be "cls" or "mean"`);
  const threshold = m['threshold'];
  if (typeof threshold !== 'number' || !(threshold >= -1 && threshold <= 1)) {
    throw new Error('manifest.json: threshold must be a number in [-1, 1]');
  }
  const spellingCheckThreshold = m['spellingCheckThreshold'];
  if (spellingCheckThreshold !== undefined && (typeof spellingCheckThreshold !== 'number' || !(spellingCheckThreshold >= -1 && spellingCheckThreshold <= 1))) {
    throw new Error('manifest.json: spellingCheckThreshold must be a number in [-1, 1]');
  }
  const maxLength = m['maxLength'];
  if (!Number.isInteger(maxLength) || (maxLength as number) < 2) throw new Error('manifest.json: maxLength must be an integer ≥ 2');
  const dimension = m['dimension'];
  if (dimension !== undefined && (!Number.isInteger(dimension) || (dimension as number) < 1)) {
    throw new Error('manifest.json: dimension must be a positive integer');
  }
  if (!Array.isArray(m['files'])) throw new Error('manifest.json: files must be an array');
  const manifest: ModelManifest = {
    name: text(m, 'name'),
    pooling: pooling as Pooling,
    threshold,
    maxLength: maxLength as number,
    files: m['files'].map(parseFile),
    licence: text(m, 'licence'),
    attribution: text(m, 'attribution'),
    source: text(m, 'source'),
  };
  if (dimension !== undefined) manifest.dimension = dimension as number;
  if (spellingCheckThreshold !== undefined) manifest.spellingCheckThreshold = spellingCheckThreshold;
  return manifest;
}

/** A relative '/'-separated path that stays inside its folder (no '..', no empty or '.' segment, no '\\'). */
export function isInsideFolder(path: string): boolean {
  return !path.startsWith('/') && !path.includes('\\') && !path.split('/').some((p) => p === '..' || p === '' || p === '.');
}

function parseFile(json: unknown, i: number): ManifestFile {
  const f = asObject(json, `manifest.json files[${i}]`);
  const path = text(f, 'path');
  // Paths stay inside the folder: the Node runtime joins them onto it.
  if (!isInsideFolder(path)) {
    throw new Error(`manifest.json: files[${i}].path "${path}" must be a relative path inside the model folder`);
  }
  const sha256 = text(f, 'sha256').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`manifest.json: files[${i}].sha256 must be 64 hex digits`);
  const size = f['size'];
  if (!Number.isInteger(size) || (size as number) < 0) throw new Error(`manifest.json: files[${i}].size must be an integer ≥ 0`);
  return { path, sha256, size: size as number };
}

/**
 * Checks every listed file against the manifest. A listed file that is absent is skipped (a folder may hold only
 * the float or only the int8 graph) unless it is in `required`. Size is compared first so a truncated download
 * fails before it is hashed.
 */
export async function verifyManifest(
  manifest: ModelManifest,
  digest: (path: string) => Promise<FileDigest | undefined>,
  required: readonly string[] = [],
): Promise<void> {
  for (const file of manifest.files) {
    const actual = await digest(file.path);
    if (actual === undefined) {
      if (required.includes(file.path)) throw new ModelIntegrityError(file.path, 'is listed in manifest.json but missing');
      continue;
    }
    if (actual.size !== file.size) {
      throw new ModelIntegrityError(file.path, `has ${actual.size} bytes; manifest.json says ${file.size}`);
    }
    if (actual.sha256.toLowerCase() !== file.sha256) {
      throw new ModelIntegrityError(file.path, `has sha-256 ${actual.sha256}; manifest.json says ${file.sha256}`);
    }
  }
}

function asObject(json: unknown, what: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`${what} must be a JSON object`);
  return json as Record<string, unknown>;
}

function text(o: Record<string, unknown>, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new Error(`manifest.json: ${key} must be a string`);
  return v;
}
