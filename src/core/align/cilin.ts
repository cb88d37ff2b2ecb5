/**
 * HIT's Cilin thesaurus (同义词词林扩展版, ChERRANT's `data/cilin.txt`) read as ChERRANT's `read_cilin` reads it,
 * and its semantic substitution cost (`Alignment._get_semantic_cost`). The project ships no Cilin (licence
 * unclear): the user gives the file they have with ChERRANT, decoded by the caller (ChERRANT reads it as GBK).
 *
 * read_cilin: the text (newlines as Python's text mode gives them: \r\n and \r become \n) is stripped, split on
 * "\n", each line on " " into a code and its words; word → code, so a word on several lines gets the code of the
 * LAST of them. Its class is (code[0], code[1], code[2:4]).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { IssueList } from '../io/issues.ts';
import { isPySpace } from '../normalize/pytext.ts';

export interface Cilin {
  /** The file's name, for the report. */
  file: string;
  /** Word → code of the last line listing it. */
  codes: Map<string, string>;
  /** Lines read (after ChERRANT's strip), blank ones included. */
  lines: number;
  /** sha-256 (hex) of the decoded text as UTF-8: the same Cilin gives the same hash in any encoding. */
  sha256: string;
}

/** What a report records about the Cilin a run used. */
export interface CilinInfo {
  file: string;
  lines: number;
  words: number;
  sha256: string;
}

/**
 * Every code of Cilin's extended edition has this shape (Aa01A01=: major, middle, minor class, word group,
 * atom group, then =, # or @). ChERRANT reads any string; a line that fails this is not a Cilin line (a wrong
 * file, or a wrong encoding), and one that is too short would crash ChERRANT when a word of it is looked up.
 */
const CODE = /^[A-Za-z]{2}[0-9]{2}[A-Za-z][0-9]{2}[=#@]$/;

/** Parse a cilin.txt text; InputError naming each bad line (at most 50) when it is not a Cilin file. */
export function parseCilin(text: string, file = 'cilin.txt'): Cilin {
  const normalized = text.replace(/\r\n?/g, '\n');
  // Python's strip() of the whole text (its whitespace is all in the BMP); leading blank lines shift the line
  // numbers the user sees.
  let start = 0;
  let end = normalized.length;
  while (start < end && isPySpace(normalized[start]!)) start++;
  while (end > start && isPySpace(normalized[end - 1]!)) end--;
  const leadingLines = normalized.slice(0, start).split('\n').length - 1;
  const lines = normalized.slice(start, end).split('\n');
  const codes = new Map<string, string>();
  const issues = new IssueList();
  lines.forEach((line, k) => {
    const [code, ...parts] = line.split(' ');
    const words = parts.filter((w) => w !== '');
    // A line without words (blank, or a code alone) gives ChERRANT nothing to look up.
    if (words.length === 0) return;
    if (!CODE.test(code!)) {
      const shown = code!.length > 20 ? `${code!.slice(0, 20)}…` : code;
      issues.add(file, leadingLines + k + 1, `"${shown}" is not a Cilin code (like Aa01A01=, then the words separated by single spaces); is this ChERRANT's data/cilin.txt, read in its encoding (GBK)?`);
      return;
    }
    for (const word of words) codes.set(word, code!);
  });
  issues.throwIfAny();
  if (codes.size === 0) issues.add(file, null, 'no Cilin entries (lines like "Aa01A01= 甲 乙 丙"); give ChERRANT\'s data/cilin.txt');
  issues.throwIfAny();
  return { file, codes, lines: lines.length, sha256: bytesToHex(sha256(new TextEncoder().encode(text))) };
}

export function describeCilin(cilin: Cilin): CilinInfo {
  return { file: cilin.file, lines: cilin.lines, words: cilin.codes.size, sha256: cilin.sha256 };
}

/**
 * ChERRANT's _get_semantic_cost: 4 when either word is not in Cilin; else 2 × (3 - d), d the number of
 * positions among (major, middle, minor) that are equal, each compared on its own (so Aa01 vs Ba01 has d = 2:
 * the middle and minor classes match although the major ones differ). Equal classes: 0. Range 0..6; the
 * aligner adds it divided by 6.
 */
export function semanticCost(cilin: Cilin, a: string, b: string): number {
  const ca = cilin.codes.get(a);
  const cb = cilin.codes.get(b);
  if (ca === undefined || cb === undefined) return 4;
  return 2 * (3 - classAgreement(ca, cb));
}

/** d: how many of (code[0], code[1], code[2:4]) are equal. */
export function classAgreement(ca: string, cb: string): number {
  return (ca[0] === cb[0] ? 1 : 0) + (ca[1] === cb[1] ? 1 : 0) + (ca.slice(2, 4) === cb.slice(2, 4) ? 1 : 0);
}
