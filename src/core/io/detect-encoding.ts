import { firstDecodeError, scanUtf8, type ByteError } from './byte-errors.ts';
import { textDecoder } from './text-decoder.ts';
import { plausibility, textEvidence, textLikeness, type TextEvidence } from './text-evidence.ts';

/** The encodings a file may be in, in the order they are shown and preferred when they read the same. */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'gb18030', 'big5'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export const ENCODING_LABELS: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16LE',
  'utf-16be': 'UTF-16BE',
  gb18030: 'GB18030',
  big5: 'Big5',
};

export interface EncodingCandidate {
  encoding: TextEncodingName;
  /** The first bytes this encoding cannot read; null when the whole file decodes. */
  error: ByteError | null;
  /** Counts over the decoded text; null when it does not decode. */
  evidence: TextEvidence | null;
  /** plausibility(evidence): -4 … 1, how much the non-ASCII text reads as Chinese; null when it does not decode. */
  score: number | null;
  /** The sample line shown to the user (the first line with non-ASCII text), decoded this way. */
  sample: { line: number; text: string } | null;
}

/**
 * Why an encoding was chosen or refused. Chosen: bom, ascii (same text in every byte encoding), clear (one reads as
 * Chinese clearly better than the rest), utf-8 (valid UTF-8 with enough multi-byte characters, or the only
 * decoding that is not nonsense). Refused (encoding null): bom-invalid, bom-mismatch, invalid-utf8 (UTF-8 but for a
 * few bad sequences: utf8Errors lists them), ambiguous (two plausible readings, or too few characters to tell),
 * implausible (no reading looks like Chinese text), no-candidate (no encoding decodes the bytes), utf-32 (UTF-32,
 * which is not supported: read as UTF-16 it would be text full of NULs).
 */
export type EncodingVerdict =
  | 'bom'
  | 'ascii'
  | 'clear'
  | 'utf-8'
  | 'bom-invalid'
  | 'bom-mismatch'
  | 'invalid-utf8'
  | 'ambiguous'
  | 'implausible'
  | 'no-candidate'
  | 'utf-32';

export interface EncodingDetection {
  encoding: TextEncodingName | null;
  verdict: EncodingVerdict;
  /** The BOM's encoding, when the file starts with one. */
  bom: TextEncodingName | null;
  /** Every encoding tried, in TEXT_ENCODINGS order; only the one that decides when a valid BOM or clearly valid
   *  UTF-8 (verdict utf-8 with several multi-byte characters) made the others pointless. */
  candidates: EncodingCandidate[];
  /** With invalid-utf8: every invalid sequence. */
  utf8Errors: ByteError[];
  /** With utf-32: its byte order. */
  utf32?: 'LE' | 'BE';
}

export interface DetectOptions {
  /** The bytes are the start of a longer file: an incomplete character at the end is a cut, not an error. */
  truncated?: boolean;
}

// Thresholds, on scores from -4 to 1. Real Chinese text scores 0.8-1 (about 0.9 on the sentence sets tried);
// a wrong legacy decoding scores below 0.1, a wrong UTF-16 decoding below 0.
const PLAUSIBLE = 0.5;
const CLEAR_MARGIN = 0.3;
/** Legacy text forms a valid UTF-8 multi-byte sequence for about one character in seven; four in a row, never. */
const UTF8_CERTAIN = 4;
/** Mostly UTF-8: GBK or Big5 text has about 0.2-0.5 well-formed UTF-8 sequences per invalid one. */
const UTF8_MOSTLY_RATIO = 4;
const SAMPLE_LENGTH = 40;
/** Non-ASCII characters a reading needs before it can win against a rival reading. */
const MIN_EVIDENCE = 3;

const BOMS: [TextEncodingName, number[]][] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

export function bomOf(bytes: Uint8Array): { encoding: TextEncodingName; length: number } | null {
  for (const [encoding, mark] of BOMS) if (mark.every((b, i) => bytes[i] === b)) return { encoding, length: mark.length };
  return null;
}

/** Decodes strictly; null when the bytes are not valid in this encoding. The BOM, if any, is left to the caller. */
export function decodeOrNull(bytes: Uint8Array, encoding: TextEncodingName, truncated = false): string | null {
  try {
    return textDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes, { stream: truncated });
  } catch {
    return null;
  }
}

interface Reading extends EncodingCandidate {
  text: string | null;
}

function read(bytes: Uint8Array, encoding: TextEncodingName, start: number, truncated: boolean): Reading {
  const text = decodeOrNull(bytes.subarray(start), encoding, truncated);
  if (text === null) return { encoding, error: firstDecodeError(bytes, encoding, start, truncated), evidence: null, score: null, sample: null, text };
  const evidence = textEvidence(text);
  return { encoding, error: null, evidence, score: plausibility(evidence), sample: null, text };
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** The first line with non-ASCII text in `text`, or line `line` when given; found without splitting the text. */
function sampleLine(text: string, line?: number): { line: number; text: string } | null {
  let start = 0;
  let number = 1;
  if (line === undefined) {
    const at = /[^\t\n\r\x20-\x7e]/.exec(text)?.index;
    if (at === undefined) return null;
    LINE_BREAK.lastIndex = 0;
    for (let m = LINE_BREAK.exec(text); m !== null && m.index < at; m = LINE_BREAK.exec(text)) {
      start = m.index + m[0].length;
      number++;
    }
  } else {
    LINE_BREAK.lastIndex = 0;
    for (; number < line; number++) {
      const m = LINE_BREAK.exec(text);
      if (m === null) return null;
      start = m.index + m[0].length;
    }
  }
  LINE_BREAK.lastIndex = start;
  const end = LINE_BREAK.exec(text)?.index ?? text.length;
  const chars = Array.from(text.slice(start, Math.min(end, start + 2 * SAMPLE_LENGTH + 2)));
  const long = chars.length > SAMPLE_LENGTH || end - start > 2 * SAMPLE_LENGTH + 2;
  return { line: number, text: long ? chars.slice(0, SAMPLE_LENGTH).join('') + '…' : chars.join('') };
}

/** The detection and, when an encoding was chosen, the decoded text (so the file is not decoded twice). */
export interface DetectedText {
  detection: EncodingDetection;
  text: string | null;
}

function finish(readings: Reading[], verdict: EncodingVerdict, chosen: TextEncodingName | null, bom: TextEncodingName | null, utf8Errors: ByteError[] = []): DetectedText {
  // One sample line number for all, from the chosen or best-scoring reading, so the user compares like with like.
  const lead = readings.find((r) => r.encoding === chosen) ?? [...readings].filter((r) => r.text !== null).sort((a, b) => b.score! - a.score!)[0];
  const at = lead?.text != null ? sampleLine(lead.text)?.line : undefined;
  const candidates = readings.map(({ text, ...c }) => ({ ...c, sample: text === null || at === undefined ? null : sampleLine(text, at) }));
  const text = readings.find((r) => r.encoding === chosen)?.text ?? null;
  return { detection: { encoding: chosen, verdict, bom, candidates, utf8Errors }, text };
}

function withBom(bytes: Uint8Array, bom: { encoding: TextEncodingName; length: number }, truncated: boolean): DetectedText {
  const own = read(bytes, bom.encoding, bom.length, truncated);
  if (own.text === null) {
    const others = TEXT_ENCODINGS.filter((e) => e !== bom.encoding).map((e) => read(bytes, e, bom.length, truncated));
    return finish([own, ...others], 'bom-invalid', null, bom.encoding);
  }
  // A BOM decides, unless what follows it is plainly another encoding's text (a mark pasted onto the wrong file).
  if (textLikeness(own.evidence!) < PLAUSIBLE) {
    const others = TEXT_ENCODINGS.filter((e) => e !== bom.encoding).map((e) => read(bytes, e, bom.length, truncated));
    if (others.some((r) => r.evidence && textLikeness(r.evidence) >= 0.9 && r.score! >= PLAUSIBLE)) {
      return finish([own, ...others], 'bom-mismatch', null, bom.encoding);
    }
  }
  return finish([own], 'bom', bom.encoding, bom.encoding);
}

/**
 * Decides a file's encoding on evidence: each candidate is decoded strictly and its text weighed (see
 * text-evidence.ts). Chooses only when one reading clearly wins; otherwise says why not, with every candidate's
 * evidence and a sample line. Never throws.
 */
export function detectEncoding(bytes: Uint8Array, options: DetectOptions = {}): EncodingDetection {
  return detectAndDecode(bytes, options).detection;
}

/**
 * In bytes that decoded as UTF-8: whether at least `count` multi-byte sequences are whole in them (what scanUtf8
 * counts), stopping at the count instead of scanning the file. A lead byte whose sequence runs past the end is
 * the cut of a truncated file, not counted.
 */
function hasMultibyte(bytes: Uint8Array, count: number): boolean {
  let found = 0;
  for (let i = 0; i < bytes.length; i++) {
    const x = bytes[i]!;
    if (x < 0xc0) continue;
    const length = x < 0xe0 ? 2 : x < 0xf0 ? 3 : 4;
    if (i + length <= bytes.length && ++found >= count) return true;
  }
  return false;
}

/**
 * UTF-32 by its BOM, or by its shape: every 4-byte unit a code point (at most U+10FFFF), with its high zero bytes
 * where UTF-16 text would have characters. Checked first: its BOM starts like UTF-16LE's.
 */
export function utf32Of(bytes: Uint8Array): 'LE' | 'BE' | null {
  if (bytes.length < 4 || bytes.length % 4 !== 0) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return 'LE';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'BE';
  const units = Math.min(bytes.length, MAX_UTF32_SCAN) >> 2;
  let le = true;
  let be = true;
  for (let u = 0; u < units && (le || be); u++) {
    const i = u * 4;
    // A NUL unit (all four bytes zero) is no text in any encoding.
    const nul = (bytes[i]! | bytes[i + 1]! | bytes[i + 2]! | bytes[i + 3]!) === 0;
    if (nul || bytes[i + 3] !== 0 || bytes[i + 2]! > 0x10) le = false;
    if (nul || bytes[i] !== 0 || bytes[i + 1]! > 0x10) be = false;
  }
  return le ? 'LE' : be ? 'BE' : null;
}
const MAX_UTF32_SCAN = 1 << 16;

export function detectAndDecode(bytes: Uint8Array, options: DetectOptions = {}): DetectedText {
  const truncated = options.truncated ?? false;
  const utf32 = utf32Of(bytes);
  if (utf32) return { detection: { encoding: null, verdict: 'utf-32', bom: null, candidates: [], utf8Errors: [], utf32 }, text: null };
  const bom = bomOf(bytes);
  if (bom) return withBom(bytes, bom, truncated);

  const utf8 = read(bytes, 'utf-8', 0, truncated);
  // Valid UTF-8 with several multi-byte characters is UTF-8 whatever else the bytes could be: skip the rest.
  if (utf8.text !== null && hasMultibyte(bytes, UTF8_CERTAIN) && textLikeness(utf8.evidence!) >= PLAUSIBLE) return finish([utf8], 'utf-8', 'utf-8', null);
  const scan = scanUtf8(bytes, 0, truncated);
  const readings = [utf8, ...TEXT_ENCODINGS.slice(1).map((e) => read(bytes, e, 0, truncated))];
  const decoded = readings.filter((r) => r.text !== null);
  // Mostly UTF-8 with a few bad bytes, and no legacy reading that makes sense: report the bytes, do not reinterpret.
  if (
    utf8.text === null &&
    scan.multibyte >= UTF8_CERTAIN &&
    scan.multibyte >= UTF8_MOSTLY_RATIO * scan.errors.length &&
    !decoded.some((r) => r.score! >= PLAUSIBLE)
  ) {
    return finish(readings, 'invalid-utf8', null, null, scan.errors);
  }
  if (decoded.length === 0) return finish(readings, 'no-candidate', null, null);

  // Drop readings that are far less text-like than the best (NUL-ridden, or bytes read as UTF-16).
  const best = Math.max(...decoded.map((r) => textLikeness(r.evidence!)));
  const kept = decoded.filter((r) => textLikeness(r.evidence!) >= best - 0.25);
  // Readings with the same text are one reading; the first in TEXT_ENCODINGS order stands for them.
  const distinct = kept.filter((r, i) => kept.findIndex((o) => o.text === r.text) === i);
  const keptUtf8 = distinct.find((r) => r.encoding === 'utf-8');
  if (keptUtf8 && keptUtf8.evidence!.characters === keptUtf8.evidence!.ascii) return finish(readings, 'ascii', 'utf-8', null);
  if (keptUtf8 && scan.multibyte >= UTF8_CERTAIN) return finish(readings, 'utf-8', 'utf-8', null);

  const ranked = [...distinct].sort((a, b) => b.score! - a.score!);
  const [first, second] = ranked;
  // Against a rival reading, one or two legacy characters are too little evidence: they fit a wrong table by chance.
  // UTF-8 that reads as Chinese is exempt: its multi-byte structure is evidence of its own.
  const enough = (r: Reading) => second === undefined || r.evidence!.characters - r.evidence!.ascii >= MIN_EVIDENCE;
  const enoughFor = (r: Reading) => (r.encoding === 'utf-8' && r.score! >= PLAUSIBLE) || enough(r);
  if (first!.score! >= PLAUSIBLE && enoughFor(first!) && (second === undefined || first!.score! - second.score! >= CLEAR_MARGIN)) {
    return finish(readings, 'clear', first!.encoding, null);
  }
  // Valid UTF-8 that is not Chinese (accents, emoji) and no other reading that is: UTF-8.
  if (keptUtf8 && enough(keptUtf8) && !distinct.some((r) => r !== keptUtf8 && r.score! >= PLAUSIBLE)) return finish(readings, 'utf-8', 'utf-8', null);
  // Ambiguous: a reading makes sense but another one does too, or there is too little text to be sure.
  return finish(readings, first!.score! >= PLAUSIBLE ? 'ambiguous' : 'implausible', null, null);
}
