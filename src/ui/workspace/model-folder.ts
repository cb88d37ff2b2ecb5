/** A dropped model folder checked and turned into a stored model record (the worker verifies hashes on load). */
import { parseManifest } from '../../core/embed/manifest.ts';
import { newId } from '../../db/repository.ts';
import type { ModelRecord } from '../../db/types.ts';
import type { PickedFile } from '../shared/pick.ts';

/** Paths relative to the folder: a common top folder is stripped. */
export function stripTopFolder(files: readonly PickedFile[]): PickedFile[] {
  const tops = new Set(files.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
  if (tops.size !== 1 || tops.has('')) return [...files];
  return files.map((f) => ({ ...f, path: f.path.slice(f.path.indexOf('/') + 1) }));
}

/** Throws a readable Error when the folder cannot be a model; `fallbackThreshold` is used without a manifest. */
export function modelRecordFrom(picked: readonly PickedFile[], folderName: string, fallbackThreshold = 0.9, now = Date.now()): ModelRecord {
  const files = stripTopFolder(picked).filter((f) => !f.path.split('/').some((p) => p.startsWith('.')));
  const paths = files.map((f) => f.path);
  if (!paths.includes('tokenizer.json')) throw new Error('it has no tokenizer.json');
  if (!paths.some((p) => /^onnx\/[^/]+\.onnx$/.test(p))) throw new Error('it has no ONNX graph (onnx/model.onnx or onnx/model_quantized.onnx)');
  const manifestFile = files.find((f) => f.path === 'manifest.json');
  const manifest = manifestFile ? parseManifest(JSON.parse(new TextDecoder().decode(manifestFile.bytes))) : undefined;
  const record: ModelRecord = {
    id: newId(),
    name: manifest?.name ?? folderName,
    addedAt: now,
    threshold: manifest?.threshold ?? fallbackThreshold,
    files: files.map((f) => ({ path: f.path, size: f.bytes.length, blob: new Blob([f.bytes as BlobPart]) })),
    totalBytes: files.reduce((n, f) => n + f.bytes.length, 0),
  };
  if (manifest) record.manifest = manifest;
  return record;
}
