import 'fake-indexeddb/auto';
import { CscStudioDb } from '../../src/db/schema.ts';
import { Repository } from '../../src/db/repository.ts';
import { validateStaged, type StagedFile } from '../../src/workers/import/import-files.ts';
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
