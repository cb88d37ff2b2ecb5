import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CscStudioDb } from '../../src/db/schema.ts';
import { Repository } from '../../src/db/repository.ts';
import { validateStaged, type StagedFile } from '../../src/ui/logic/import-files.ts';
import { sampleFiles } from '../../src/sample/sample.ts';

let n = 0;
/** A fresh database (fake-indexeddb) per test. */
export function freshRepo(): Repository {
  return new Repository(new CscStudioDb(`test-${process.pid}-${n++}-${Math.random()}`));
}

const enc = new TextEncoder();

export function staged(name: string, text: string | Uint8Array, role: StagedFile['role'], systemName = ''): StagedFile {
  return { key: `${name}#${n++}`, path: name, name, bytes: typeof text === 'string' ? enc.encode(text) : text, role, systemName };
}

export function sampleStaged(): StagedFile[] {
  return sampleFiles().map((f) => staged(f.name, f.text, f.role, f.system ?? ''));
}

/** Imports the built-in sample; returns the dataset id. */
export async function importSample(repo: Repository): Promise<string> {
  const result = validateStaged(sampleStaged());
  if (!result.bundle) throw new Error(JSON.stringify(result, null, 1));
  await repo.importBundle(result.bundle);
  return result.bundle.datasetId;
}

/** The shared data beside the repository (as the conformance tests find it), or CSC_SHARED_DATA. */
export const SHARED = process.env['CSC_SHARED_DATA'] ?? fileURLToPath(new URL('../../../shared/data', import.meta.url));
export function sharedFile(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(`${SHARED}/${rel}`));
}
