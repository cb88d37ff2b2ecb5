/**
 * OpenCC's t2s (Traditional → Simplified Chinese), as the reference scripts run it (`OpenCC("t2s")`: ChERRANT's
 * parallel_to_m2.py, C-LLM, simple-csc --to_simplified). opencc-js (MIT/Apache-2.0) carries OpenCC's own
 * TSPhrases and TSCharacters dictionaries; longest match over both, as t2s.json's conversion chain. Checked
 * against Debian's `opencc -c t2s.json` on every sentence of the shared data (docs/metrics.md).
 * Only these two dictionaries are imported (about 37 KB); the trie is built on first use.
 */
import { ConverterFactory, type ConverterFunction } from 'opencc-js/core';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TSPhrases from 'opencc-js/dict/TSPhrases';

let converter: ConverterFunction | null = null;

export function toSimplified(text: string): string {
  converter ??= ConverterFactory([TSPhrases, TSCharacters]);
  return converter(text);
}
