/**
 * OpenCC's t2s as version 1.1.2 runs data/config/t2s.json (src/MaxMatchSegmentation.cpp, Conversion.cpp,
 * DictGroup.cpp at tag ver.1.1.2): the text is cut into segments by the longest TSPhrases key at each position
 * (characters no key starts are gathered into one segment); each segment then goes through the group
 * [TSPhrases, TSCharacters], where the first dictionary with any prefix match wins with its longest one. A phrase
 * segment is a whole TSPhrases key, and no key starts inside a gathered segment, so the result is: from left to
 * right, the longest phrase at each position, else the character's mapping, else the character.
 */
import { mapCharacter, phraseAt, type T2sTable } from './table.ts';

export function openccMaxMatch(text: string, table: T2sTable): string {
  // The C++ walks a NUL-terminated string (Python's OpenCC passes the bytes on): nothing after U+0000 comes out.
  const nul = text.indexOf('\u0000');
  const cps = Array.from(nul < 0 ? text : text.slice(0, nul));
  let out = '';
  for (let i = 0; i < cps.length; ) {
    let matched = false;
    for (let n = Math.min(table.maxPhrase, cps.length - i); n >= table.minPhrase && !matched; n--) {
      const value = phraseAt(table, cps, i, n);
      if (value === undefined) continue;
      out += value;
      i += n;
      matched = true;
    }
    if (!matched) out += mapCharacter(table, cps[i++]!);
  }
  return out;
}
