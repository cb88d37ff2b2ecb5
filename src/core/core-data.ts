/**
 * Large tables some profiles need, loaded on demand: pinyin readings (a table of pinyin-pro's), the
 * glyph-similarity table, each t2s conversion's dictionaries (`t2s:NAME`) and the spelling check's lexicon.
 * Importing them eagerly cost every run about 0.2 s of start-up even for `cscd`, which needs none. evaluate() loads what its profiles declare
 * (MetricProfile.needs); any other caller of readings(), glyph lookups or toSimplified() awaits loadCoreData
 * first, or gets an error naming what is missing.
 */
import { loadReadings } from './align/pinyin.ts';
import { loadGlyphs } from './errortype/glyphs.ts';
import { T2S_NAMES, t2sData, type T2sData, type T2sName } from './opencc/conversions.ts';
import { loadT2s } from './opencc/t2s.ts';
import { loadLexicon } from './spelling/lexicon.ts';

export type CoreData = 'readings' | 'glyphs' | 'lexicon' | T2sData;
export const ALL_CORE_DATA: readonly CoreData[] = ['readings', 'glyphs', 'lexicon', ...T2S_NAMES.map(t2sData)];

function load(data: CoreData): Promise<void> {
  if (data === 'readings') return loadReadings();
  if (data === 'glyphs') return loadGlyphs();
  if (data === 'lexicon') return loadLexicon();
  return loadT2s(data.slice('t2s:'.length) as T2sName);
}

export async function loadCoreData(needs: Iterable<CoreData> = ALL_CORE_DATA): Promise<void> {
  await Promise.all([...new Set(needs)].map(load));
}
