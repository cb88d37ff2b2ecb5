/**
 * opencc-python-reimplemented 0.1.7's t2s (opencc/opencc.py), which is not OpenCC's algorithm:
 * - the text is split at separators (its split_chars_re: Python's \s and the punctuation below), which are kept
 *   as they are, and each piece between them is converted alone;
 * - in a piece, the longest TSPhrases key found anywhere wins (the leftmost of equal length), is replaced, and
 *   the text on each side is converted the same way (StringTree.create_parse_tree, __findMatch); text in which
 *   no phrase is found goes through TSCharacters the same way, which, its keys being single characters, maps
 *   each character.
 * So `AB` + `BC` phrases over `ABC` take the longer one wherever it sits, where OpenCC takes the leftmost.
 */
import { isPySpace } from '../normalize/pytext.ts';
import { mapCharacter, phraseAt, type T2sTable } from './table.ts';

/** split_chars_re's single-character separators (its \s+ is Python's whitespace). */
const SEPARATORS = new Set(Array.from('-,.?!*　，。、；：？！…“”‘’『』「」﹁﹂—－（）《》〈〉～．／＼︒︑︔︓︿﹀︹︺︙︐［﹇］﹈︕︖︰︳︴︽︾︵︶｛︷｝︸﹃﹄【︻】︼'));

const isSeparator = (ch: string): boolean => SEPARATORS.has(ch) || isPySpace(ch);

export function openccPython(text: string, table: T2sTable): string {
  let out = '';
  let piece: string[] = [];
  for (const ch of text) {
    if (!isSeparator(ch)) {
      piece.push(ch);
      continue;
    }
    out += convertSpan(piece, 0, piece.length, table) + ch;
    piece = [];
  }
  return out + convertSpan(piece, 0, piece.length, table);
}

function convertSpan(cps: readonly string[], start: number, end: number, table: T2sTable): string {
  const found = longestPhrase(cps, start, end, table);
  if (!found) {
    let out = '';
    for (let i = start; i < end; i++) out += mapCharacter(table, cps[i]!);
    return out;
  }
  const [at, length, value] = found;
  return convertSpan(cps, start, at, table) + value + convertSpan(cps, at + length, end, table);
}

/** __findMatch: lengths from the longest down, positions from the left. */
function longestPhrase(cps: readonly string[], start: number, end: number, table: T2sTable): [number, number, string] | undefined {
  for (let n = Math.min(end - start, table.maxPhrase); n >= table.minPhrase; n--) {
    for (let i = start; i + n <= end; i++) {
      const value = phraseAt(table, cps, i, n);
      if (value !== undefined) return [i, n, value];
    }
  }
  return undefined;
}
