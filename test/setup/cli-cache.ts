// The CLI keeps embeddings between runs in the user's cache folder: tests give it a folder of their own per test
// file, so a run never finds another's vectors (or leaves any in the user's home).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'csc-cache-'));
process.env['CSC_STUDIO_CACHE'] = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
