/**
 * OpenCC's t2s (Traditional → Simplified Chinese), as the reference scripts run it (`OpenCC("t2s")`: ChERRANT's
 * parallel_to_m2.py, C-LLM, simple-csc --to_simplified). opencc-js (MIT/Apache-2.0) carries OpenCC's own
 * TSPhrases and TSCharacters dictionaries; longest match over both, as t2s.json's conversion chain. Checked
 * against Debian's `opencc -c t2s.json` on every sentence of the shared data (docs/metrics.md).
 * Only these two dictionaries are imported (about 37 KB), on demand (core-data.ts).
 */
import type { ConverterFunction } from 'opencc-js/core';

let converter: ConverterFunction | undefined;

/** Imports opencc-js and builds the t2s trie, once; see core-data.ts. */
export async function loadT2s(): Promise<void> {
  if (converter) return;
  const [{ ConverterFactory }, phrases, characters] = await Promise.all([import('opencc-js/core'), import('opencc-js/dict/TSPhrases'), import('opencc-js/dict/TSCharacters')]);
  converter ??= ConverterFactory([phrases.default, characters.default]);
}

export function toSimplified(text: string): string {
  if (!converter) throw new Error('OpenCC t2s is not loaded: await loadCoreData(["t2s"]) first');
  return converter(text);
}
