/**
 * A traditional→simplified table as models/opencc/build.ts writes it: TSPhrases and TSCharacters of one program's
 * version, each key with the first of its values (the one t2s writes).
 */
export interface T2sTableJson {
  format: string;
  conversion: string;
  phrases: string[];
  /** Key and value, one code point each, alternating. */
  characters: string;
}

export interface T2sTable {
  phrases: ReadonlyMap<string, string>;
  /** Shortest and longest phrase key, in code points. */
  minPhrase: number;
  maxPhrase: number;
  /** First characters of the phrase keys: a position starting none of them needs no lookup. */
  phraseStarts: ReadonlySet<string>;
  characters: ReadonlyMap<string, string>;
}

const FORMAT = 'csc-studio t2s 1';

export function parseT2sTable(json: T2sTableJson, conversion: string): T2sTable {
  if (json.format !== FORMAT || json.conversion !== conversion) {
    throw new Error(`the ${conversion} table reads "${json.format}" for "${json.conversion}": rebuild models/opencc with build.ts`);
  }
  const phrases = new Map<string, string>();
  const phraseStarts = new Set<string>();
  let minPhrase = Infinity;
  let maxPhrase = 0;
  for (const line of json.phrases) {
    const [key, value] = line.split(' ') as [string, string];
    const length = Array.from(key).length;
    phrases.set(key, value);
    phraseStarts.add(String.fromCodePoint(key.codePointAt(0)!));
    minPhrase = Math.min(minPhrase, length);
    maxPhrase = Math.max(maxPhrase, length);
  }
  const characters = new Map<string, string>();
  const cps = Array.from(json.characters);
  for (let i = 0; i + 1 < cps.length; i += 2) characters.set(cps[i]!, cps[i + 1]!);
  return { phrases, minPhrase, maxPhrase, phraseStarts, characters };
}

/** The phrase spelt by cps[start, start + length), if the table has it. */
export function phraseAt(table: T2sTable, cps: readonly string[], start: number, length: number): string | undefined {
  if (!table.phraseStarts.has(cps[start]!)) return undefined;
  return table.phrases.get(cps.slice(start, start + length).join(''));
}

/** The character's mapping, or the character itself. */
export function mapCharacter(table: T2sTable, ch: string): string {
  return table.characters.get(ch) ?? ch;
}
