/**
 * Traditional → simplified Chinese, by the conversion a reference script pins (conversions.ts): the tables of
 * models/opencc/ (built from OpenCC 1.1.2 and opencc-python-reimplemented 0.1.7) with each program's algorithm,
 * or opencc-js with today's OpenCC dictionaries. Each loads on demand (core-data.ts), once.
 */
import type { ConverterFunction } from 'opencc-js/core';
import { t2sData, type T2sName } from './conversions.ts';
import { openccMaxMatch } from './opencc-max-match.ts';
import { openccPython } from './opencc-python.ts';
import { parseT2sTable, type T2sTableJson } from './table.ts';

type Convert = (text: string) => string;

const loaded = new Map<T2sName, Convert>();

const LOADERS: Record<T2sName, () => Promise<Convert>> = {
  'opencc-1.1.2': async () => {
    const json = (await import('../../../models/opencc/opencc-1.1.2-t2s.json', { with: { type: 'json' } })).default as T2sTableJson;
    const table = parseT2sTable(json, 'opencc-1.1.2');
    return (text) => openccMaxMatch(text, table);
  },
  'opencc-python-reimplemented-0.1.7': async () => {
    const json = (await import('../../../models/opencc/opencc-python-reimplemented-0.1.7-t2s.json', { with: { type: 'json' } })).default as T2sTableJson;
    const table = parseT2sTable(json, 'opencc-python-reimplemented-0.1.7');
    return (text) => openccPython(text, table);
  },
  'opencc-current': async () => {
    // Only these two of opencc-js's dictionaries (about 37 KB); its trie takes the longest match over both.
    const [{ ConverterFactory }, phrases, characters] = await Promise.all([import('opencc-js/core'), import('opencc-js/dict/TSPhrases'), import('opencc-js/dict/TSCharacters')]);
    const convert: ConverterFunction = ConverterFactory([phrases.default, characters.default]);
    return convert;
  },
};

export async function loadT2s(name: T2sName): Promise<void> {
  if (!loaded.has(name)) loaded.set(name, await LOADERS[name]());
}

export function toSimplified(text: string, name: T2sName): string {
  const convert = loaded.get(name);
  if (!convert) throw new Error(`OpenCC t2s ${name} is not loaded: await loadCoreData(["${t2sData(name)}"]) first`);
  return convert(text);
}
