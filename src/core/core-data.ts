/**
 * Large tables some profiles need, loaded on demand: pinyin readings (a table of pinyin-pro's), the
 * glyph-similarity table, OpenCC's t2s dictionaries and the spelling check's lexicon. Importing them eagerly cost every run about 0.2 s of start-up even for `cscd`, which
 * needs none. evaluate() loads what its profiles declare (MetricProfile.needs); any other caller of readings(),
 * glyph lookups or toSimplified() awaits loadCoreData first, or gets an error naming what is missing.
 */
import { loadReadings } from './align/pinyin.ts';
import { loadGlyphs } from './errortype/glyphs.ts';
import { loadT2s } from './opencc/t2s.ts';
import { loadLexicon } from './spelling/lexicon.ts';

export type CoreData = 'readings' | 'glyphs' | 't2s' | 'lexicon';
export const ALL_CORE_DATA: readonly CoreData[] = ['readings', 'glyphs', 't2s', 'lexicon'];

const LOADERS: Record<CoreData, () => Promise<void>> = { readings: loadReadings, glyphs: loadGlyphs, t2s: loadT2s, lexicon: loadLexicon };

export async function loadCoreData(needs: Iterable<CoreData> = ALL_CORE_DATA): Promise<void> {
  await Promise.all([...new Set(needs)].map((n) => LOADERS[n]()));
}
