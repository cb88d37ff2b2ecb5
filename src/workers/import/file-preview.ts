/**
 * A first look at a staged file, before it is read for real: its encoding, the start of its text, its format
 * and header names. Used to guess the file's role and to show what was detected when reading it failed.
 *
 * The start is stream-decoded (TextDecoder with {stream: true}), so a cut never falls inside a character, and it
 * ends on a line boundary: a 64 KiB cut inside a Chinese character used to fail strict decoding, and the role
 * guess then called a test set "Predictions".
 */
import { detectEncoding, parseEncodingName, TEXT_ENCODINGS, type EncodingDetection, type TextEncodingName } from '../../core/io/index.ts';
import { detectFormat } from '../../core/io/detect-format.ts';
import { textDecoder } from '../../core/io/text-decoder.ts';

/** How much of a file the first look reads at least (then up to the end of a line). */
export const PREVIEW_BYTES = 64 * 1024;
/** The encoding is decided on this much (a wider window than the preview: legacy encodings need evidence). */
const DETECT_BYTES = 256 * 1024;
const CHUNK = 16 * 1024;
/** A line longer than this ends the preview where it is. */
const MAX_LINE_BYTES = 1024 * 1024;

export interface PreviewText {
  text: string;
  /** The whole file was decoded. */
  complete: boolean;
}

/**
 * The first `minBytes` (or more, to the end of the line) of `bytes` as text, decoded in chunks with a streaming
 * decoder: a character split between chunks is joined, never cut. Undecodable bytes become U+FFFD here: the
 * preview guesses, the real read (core readers) is strict.
 */
export function previewText(bytes: Uint8Array, encoding: TextEncodingName, minBytes = PREVIEW_BYTES): PreviewText {
  const decoder = textDecoder(encoding);
  let text = '';
  let offset = 0;
  /** Where the text reached minBytes: the preview ends at the first line break from there. */
  let mark = -1;
  while (offset < bytes.length) {
    const end = Math.min(bytes.length, offset + CHUNK);
    text += decoder.decode(bytes.subarray(offset, end), { stream: end < bytes.length });
    offset = end;
    if (offset >= minBytes && offset < bytes.length) {
      if (mark < 0) mark = text.length;
      const lineEnd = /\r\n|\r|\n/.exec(text.slice(mark));
      // A file of one huge line is previewed by its start.
      if (lineEnd) return { text: text.slice(0, mark + lineEnd.index + lineEnd[0].length), complete: false };
      if (offset >= minBytes + MAX_LINE_BYTES) return { text, complete: false };
    }
  }
  return { text, complete: true };
}

export interface EncodingGuess {
  /** null: no reading is plausible enough to look at. */
  encoding: TextEncodingName | null;
  /** option: the user's choice; detected: the core's verdict; likely: the best-scoring reading of an undecided file. */
  from: 'option' | 'detected' | 'likely';
  bom: boolean;
  detection: EncodingDetection | null;
}

/** The encoding to look at the file in: the user's choice, else the core's detection on the first 256 KiB. */
export function guessEncoding(bytes: Uint8Array, chosen?: string): EncodingGuess {
  const named = chosen ? parseEncodingName(chosen) : null;
  if (named) return { encoding: named, from: 'option', bom: false, detection: null };
  const detection = detectEncoding(bytes.subarray(0, DETECT_BYTES), { truncated: bytes.length > DETECT_BYTES });
  if (detection.encoding) return { encoding: detection.encoding, from: 'detected', bom: detection.bom !== null, detection };
  const best = detection.candidates
    .filter((c) => c.score !== null)
    .sort((a, b) => b.score! - a.score! || TEXT_ENCODINGS.indexOf(a.encoding) - TEXT_ENCODINGS.indexOf(b.encoding))[0];
  return { encoding: best?.encoding ?? null, from: 'likely', bom: detection.bom !== null, detection };
}

export interface Sniffed {
  encoding: EncodingGuess;
  /** null when the content fits no format (or nothing decodes). */
  format: string | null;
  formatFrom: 'option' | 'extension' | 'content' | null;
  /** Header names (CSV/TSV first row) or the first JSON record's keys; empty for other formats. */
  columns: string[];
  text: string;
}

/** Header names of CSV/TSV text's first row, or the first JSON object's keys. */
function columnsOf(text: string, format: string | null): string[] {
  if (format === 'json' || format === 'jsonl') {
    const m = /\{[^{}]*\}/.exec(text);
    if (!m) return [];
    try {
      return Object.keys(JSON.parse(m[0]) as object);
    } catch {
      return [];
    }
  }
  if (format !== 'csv' && format !== 'tsv') return [];
  const first = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  return first.split(format === 'csv' ? ',' : '\t').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

/** The first look at a file: encoding, text start, format and header names. Never throws. */
export function sniffFile(name: string, bytes: Uint8Array, options: { encoding?: string | undefined; format?: string | undefined } = {}): Sniffed {
  const encoding = guessEncoding(bytes, options.encoding);
  if (!encoding.encoding) return { encoding, format: null, formatFrom: null, columns: [], text: '' };
  const { text } = previewText(bytes, encoding.encoding);
  let format: string | null = null;
  let formatFrom: Sniffed['formatFrom'] = null;
  try {
    const choice = detectFormat(name, text, options.format);
    format = choice.format;
    formatFrom = choice.from;
  } catch {
    // No format fits: the real read says why.
  }
  return { encoding, format, formatFrom, columns: columnsOf(text, format), text };
}
