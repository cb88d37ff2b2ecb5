/**
 * The glyph-similarity table (models/glyphs/glyph-similar.json, built from the CJK Decomposition Data): which
 * Han characters look alike. Symmetric; characters outside the table's list are similar to nothing.
 */
type GlyphTable = typeof import('../../../models/glyphs/glyph-similar.json');

let loaded: GlyphTable | undefined;

/** Imports the table (about 0.3 MB of JSON), once; see core-data.ts. */
export async function loadGlyphs(): Promise<void> {
  loaded ??= (await import('../../../models/glyphs/glyph-similar.json', { with: { type: 'json' } })).default as GlyphTable;
}

function table(): GlyphTable {
  if (!loaded) throw new Error('the glyph table is not loaded: await loadCoreData(["glyphs"]) first');
  return loaded;
}

let neighbours: Map<string, Set<string>> | undefined;

// Built on first use: a few thousand sets, so importing the module stays cheap.
function load(): Map<string, Set<string>> {
  if (neighbours) return neighbours;
  const map = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    let set = map.get(a);
    if (!set) map.set(a, (set = new Set()));
    set.add(b);
  };
  for (const line of table().pairs) {
    const [head, ...rest] = Array.from(line);
    for (const other of rest) {
      link(head!, other);
      link(other, head!);
    }
  }
  neighbours = map;
  return map;
}

/** True when the table lists a and b as visually similar. */
export function glyphSimilar(a: string, b: string): boolean {
  return a !== b && (load().get(a)?.has(b) ?? false);
}

/** The characters the table lists as looking like ch, in the table's character order. */
export function glyphNeighbours(ch: string): string[] {
  const set = load().get(ch);
  if (!set) return [];
  const order = charOrder();
  return [...set].sort((a, b) => order.get(a)! - order.get(b)!);
}

let orderMap: Map<string, number> | undefined;
function charOrder(): Map<string, number> {
  return (orderMap ??= new Map(glyphChars().map((c, i) => [c, i])));
}

let charList: string[] | undefined;
/** Every character the table covers: GB2312 level 1 first (the common ones), then level 2, then Big5's frequent ones. */
export function glyphChars(): string[] {
  return (charList ??= Array.from(table().chars));
}

/** GB2312 level 1: the 3755 most common simplified characters, the default list for generated confusion sets. */
export function commonChars(): string[] {
  return glyphChars().slice(0, table().common);
}

/** Where the table came from, for reports and generated sets' metadata. */
export function glyphTableInfo(): { format: string; sources: GlyphTable['sources']; pairCount: number } {
  const t = table();
  return { format: t.format, sources: t.sources, pairCount: t.pairCount };
}
