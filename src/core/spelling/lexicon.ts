/**
 * The spelling check's lexicon (models/lexicon/lexicon.json, built from CC-CEDICT by models/lexicon/build.ts):
 * which strings of 2-8 Han characters are words, and which pairs of words are recorded variant spellings of one
 * another (唯一/惟一, 想象/想像, 其他/其它). Single characters are not listed: every character is one.
 */
type LexiconJson = { source: string; wordCount: number; words: Record<string, string>; variants: string[] };

interface Lexicon {
  source: string;
  words: Set<string>;
  variants: Set<string>;
}

let lexicon: Lexicon | undefined;

/** Imports the table (about 0.9 MB of JSON) and indexes it, once; see core-data.ts. */
export async function loadLexicon(): Promise<void> {
  if (lexicon) return;
  const json = (await import('../../../models/lexicon/lexicon.json', { with: { type: 'json' } })).default as unknown as LexiconJson;
  const words = new Set<string>();
  for (const [n, run] of Object.entries(json.words)) {
    const chars = Array.from(run);
    for (let i = 0; i < chars.length; i += Number(n)) words.add(chars.slice(i, i + Number(n)).join(''));
  }
  lexicon ??= { source: json.source, words, variants: new Set(json.variants) };
}

function loaded(): Lexicon {
  if (!lexicon) throw new Error('the lexicon is not loaded: await loadCoreData(["lexicon"]) first');
  return lexicon;
}

/** True for a listed word of two or more characters. */
export function isWord(text: string): boolean {
  return loaded().words.has(text);
}

/** True when the lexicon records a and b as variant spellings of one word (either order). */
export function isRecordedVariant(a: string, b: string): boolean {
  return loaded().variants.has(a < b ? `${a} ${b}` : `${b} ${a}`);
}

/** Where the lexicon comes from, as reports name it. */
export function lexiconSource(): string {
  return loaded().source;
}
