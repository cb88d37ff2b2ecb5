/**
 * What the CLI does differently for large inputs, from the files' sizes.
 *
 * Compact reads: a test set or system file of COMPACT_READ_BYTES or more is read into the compact row store
 * (core/io/row-store.ts: about 32 bytes a row beside its text, where plain rows cost some 200 more). Below that,
 * plain rows: a view slices its text on every read, which made `eval --metrics cscd` on 5,000 rows ~20 ms slower.
 *
 * Heap growth: when collecting is cheap V8 lets the old generation grow to up to four times what was live after
 * the last full collection. Reading a million rows leaves indexes and per-phase arrays behind, so a run whose live
 * data is about 600 MB peaked at 1.3–1.7 GB, most of it garbage. With 25% growth the same run peaks near 0.93 GB
 * and is no slower (fewer pages touched; `npm run bench -- large`, docs/bench.md). Small inputs keep V8's defaults.
 */
import { statSync } from 'node:fs';

/** About 45,000 rows of 60 characters. */
export const COMPACT_READ_BYTES = 16 * 1024 * 1024;
/** Inputs of this many bytes or more together (about 170,000 rows of 60 characters) collect often. */
export const LARGE_INPUT_BYTES = 64 * 1024 * 1024;
const HEAP_GROWING_PERCENT = 25;

let applied = false;

export async function collectOftenForLargeInputs(files: readonly (string | undefined)[]): Promise<void> {
  if (applied) return;
  let bytes = 0;
  for (const file of files) bytes += sizeOf(file);
  if (bytes < LARGE_INPUT_BYTES) return;
  // Loaded only here: node:v8 costs a few milliseconds to load, which small runs need not pay.
  const v8 = (await import('node:v8')).default;
  // V8 reads this flag whenever it sets the next collection's limit, so setting it at run time takes effect.
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  applied = true;
}

/** A file's size; 0 where it cannot be told (reading it says why). */
export function sizeOf(file: string | undefined): number {
  if (file === undefined) return 0;
  try {
    const s = statSync(file);
    return s.isFile() ? s.size : 0;
  } catch {
    return 0;
  }
}
