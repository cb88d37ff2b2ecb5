/**
 * How far V8 lets the heap grow between full collections, for large inputs. When collecting is cheap V8 lets the
 * old generation grow to up to four times what was live after the last full collection; reading a million rows
 * leaves indexes and per-phase arrays behind, so a run whose live data is about 600 MB peaked at 1.3–1.7 GB, most
 * of it garbage. With 25% growth the same run peaks near 0.95 GB and is no slower (fewer pages touched;
 * `npm run bench -- large`, docs/bench.md). Small inputs keep V8's defaults.
 */
import { statSync } from 'node:fs';
import v8 from 'node:v8';

/** Inputs of this many bytes or more together (about 170,000 rows of 60 characters) collect often. */
export const LARGE_INPUT_BYTES = 64 * 1024 * 1024;
const HEAP_GROWING_PERCENT = 25;

let applied = false;

export function collectOftenForLargeInputs(files: readonly (string | undefined)[]): void {
  if (applied) return;
  let bytes = 0;
  for (const file of files) bytes += sizeOf(file);
  if (bytes < LARGE_INPUT_BYTES) return;
  // V8 reads this flag whenever it sets the next collection's limit, so setting it at run time takes effect.
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  applied = true;
}

/** A file's size; 0 where it cannot be told (reading it says why). */
function sizeOf(file: string | undefined): number {
  if (file === undefined) return 0;
  try {
    const s = statSync(file);
    return s.isFile() ? s.size : 0;
  } catch {
    return 0;
  }
}
