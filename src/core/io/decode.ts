import type { InputIssue } from '../types.ts';
import { InputError } from '../types.ts';
import { firstDecodeError, scanUtf8, type ByteError } from './byte-errors.ts';
import {
  bomOf,
  decodeOrNull,
  detectAndDecode,
  detectEncoding,
  ENCODING_LABELS,
  TEXT_ENCODINGS,
  type EncodingCandidate,
  type EncodingDetection,
  type TextEncodingName,
} from './detect-encoding.ts';
import { capIssues, fail } from './issues.ts';
import { coded } from '../messages.ts';

export { detectEncoding, ENCODING_LABELS, TEXT_ENCODINGS, type EncodingCandidate, type EncodingDetection, type TextEncodingName };
export type { ByteError } from './byte-errors.ts';
export type { EncodingVerdict, DetectOptions } from './detect-encoding.ts';
export type { TextEvidence } from './text-evidence.ts';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
  /** option: named by the user; bom: the byte-order mark; detected: chosen on evidence (detectEncoding). */
  encodingFrom: 'option' | 'bom' | 'detected';
}

export interface DecodeOptions {
  /** An encoding name (see parseEncodingName): overrides detection; the whole file must decode in it. */
  encoding?: string | undefined;
  /** The bytes are the start of a longer file: an incomplete character at the end is dropped, not an error. */
  truncated?: boolean;
}

const ALIASES: Record<string, TextEncodingName> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16le': 'utf-16le',
  utf16le: 'utf-16le',
  'utf-16be': 'utf-16be',
  utf16be: 'utf-16be',
  gb18030: 'gb18030',
  // GB18030 contains GBK and GB2312 byte for byte, so their files decode identically.
  gbk: 'gb18030',
  gb2312: 'gb18030',
  cp936: 'gb18030',
  big5: 'big5',
  'big5-hkscs': 'big5',
  cp950: 'big5',
};

/** A user-given encoding name, case-insensitive, with common aliases (gbk → gb18030); null when unsupported. */
export function parseEncodingName(name: string): TextEncodingName | null {
  return ALIASES[name.trim().toLowerCase()] ?? null;
}

/** What the user can do when the encoding cannot be decided: one phrase for the CLI and the page alike. */
function wayOut(names: readonly TextEncodingName[]): string {
  return `name the encoding: ${names.map((n) => `--encoding ${n}`).join(' or ')} in the CLI, or the encoding choice in the import panel`;
}

function at(error: ByteError): string {
  return `byte offset ${error.offset} (bytes ${error.bytes})`;
}

function sampleOf(c: EncodingCandidate): string {
  return c.sample ? `as ${ENCODING_LABELS[c.encoding]}: ${JSON.stringify(c.sample.text)}` : `as ${ENCODING_LABELS[c.encoding]}`;
}

/** The issues for a file whose encoding could not be decided. */
export function detectionIssues(detection: EncodingDetection, file: string): InputIssue[] {
  const decodable = detection.candidates.filter((c) => c.error === null);
  const plausible = decodable.filter((c) => c.score !== null && c.score >= 0.5);
  const utf8Error = detection.candidates.find((c) => c.encoding === 'utf-8')?.error ?? null;
  switch (detection.verdict) {
    case 'invalid-utf8':
      return capIssues(
        detection.utf8Errors.map((e) => ({
          file,
          line: e.line,
          problem: `invalid UTF-8 at ${at(e)}; the rest of the file is UTF-8: correct these bytes or save the file again as UTF-8`,
        })),
      );
    case 'bom-invalid': {
      const bom = detection.bom!;
      const error = detection.candidates.find((c) => c.encoding === bom)!.error!;
      const hint = plausible.length > 0 ? `; the rest reads ${plausible.map(sampleOf).join(', or ')}: remove the mark or save the file again` : '';
      return [{ file, line: error.line, problem: `the file starts with a ${ENCODING_LABELS[bom]} byte-order mark but is not valid ${ENCODING_LABELS[bom]} at ${at(error)}${hint}` }];
    }
    case 'bom-mismatch': {
      const bom = detection.bom!;
      return [{ file, line: null, problem: `the file starts with a ${ENCODING_LABELS[bom]} byte-order mark, but its text reads ${plausible.map(sampleOf).join(', or ')}: remove the mark or save the file again` }];
    }
    case 'ambiguous': {
      // The plausible readings, and at least the two best: with very little text one may be plausible alone.
      const ranked = [...decodable].sort((a, b) => b.score! - a.score!);
      const shown = ranked.filter((c, i) => c.score! >= 0.5 || i < 2);
      const line = shown[0]?.sample?.line ?? null;
      return [{ file, line, problem: `cannot tell the encoding: line ${line} reads ${shown.map(sampleOf).join(', or ')}; ${wayOut(shown.map((c) => c.encoding))}` }];
    }
    case 'implausible': {
      const tried = decodable.map(sampleOf).join(', or ');
      const u8 = utf8Error ? `; it is not UTF-8 (line ${utf8Error.line}, ${at(utf8Error)})` : '';
      return [{ file, line: null, problem: `cannot tell the encoding: no reading looks like Chinese text (${tried})${u8}; save the file as UTF-8, or ${wayOut(decodable.map((c) => c.encoding))}` }];
    }
    case 'utf-32': {
      const m = coded('input.utf-32', { order: detection.utf32 ?? 'LE' });
      return [{ file, line: null, problem: m.message, code: m.code, params: m.params }];
    }
    case 'no-candidate': {
      const u8 = utf8Error ? `: it is not UTF-8 (${at(utf8Error)})` : '';
      return [{ file, line: utf8Error?.line ?? null, problem: `the file is not text in any supported encoding (${TEXT_ENCODINGS.map((e) => ENCODING_LABELS[e]).join(', ')})${u8}; save it as UTF-8` }];
    }
    default:
      return [];
  }
}

function decodeAs(bytes: Uint8Array, file: string, encoding: TextEncodingName, truncated: boolean): DecodedText {
  // A BOM is skipped when it matches, and also when it does not: the user named the encoding of the text.
  const bom = bomOf(bytes);
  const start = bom?.length ?? 0;
  const text = decodeOrNull(bytes.subarray(start), encoding, truncated);
  if (text !== null) return { text, encoding, bom: bom !== null, encodingFrom: 'option' };
  const label = ENCODING_LABELS[encoding];
  if (encoding === 'utf-8') {
    const errors = scanUtf8(bytes, start, truncated).errors;
    const all = errors.map((e) => ({ file, line: e.line, problem: `not valid ${label} (the encoding given) at ${at(e)}` }));
    throw new InputError(capIssues(all), all);
  }
  const error = firstDecodeError(bytes, encoding, start, truncated)!;
  fail(file, error.line, `not valid ${label} (the encoding given) at ${at(error)}; later lines were not checked`);
}

/**
 * Bytes to text. An explicit encoding decides (every byte must decode); otherwise a BOM decides; otherwise
 * detectEncoding chooses on evidence or this throws an InputError that names the candidates with a sample line
 * each (or, for a UTF-8 file with a few bad bytes, every bad sequence with its line and byte offset). Decoding is
 * always strict: a byte is never replaced by U+FFFD.
 */
export function decodeText(bytes: Uint8Array, file = 'input', options: DecodeOptions = {}): DecodedText {
  const truncated = options.truncated ?? false;
  if (options.encoding !== undefined) {
    const encoding = parseEncodingName(options.encoding);
    if (encoding === null) fail(file, null, `unknown encoding "${options.encoding}"; use one of ${TEXT_ENCODINGS.join(', ')}`);
    return decodeAs(bytes, file, encoding, truncated);
  }
  const { detection, text } = detectAndDecode(bytes, { truncated });
  if (detection.encoding === null || text === null) throw new InputError(detectionIssues(detection, file));
  return { text, encoding: detection.encoding, bom: detection.bom !== null, encodingFrom: detection.bom ? 'bom' : 'detected' };
}
