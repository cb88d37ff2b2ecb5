/**
 * Where bytes stop being text: exact UTF-8 error positions (every invalid sequence), and for the other encodings
 * the first sequence the strict decoder refuses. Offsets are 0-based from the start of the file, as a hex editor
 * shows them; lines are 1-based and end at LF, CRLF or a lone CR, as the readers count them.
 */

import { textDecoder } from './text-decoder.ts';

export interface ByteError {
  /** 1-based line of the offending bytes. */
  line: number;
  /** 0-based offset of the first offending byte in the file. */
  offset: number;
  /** The offending bytes in hex, e.g. "C0 80". */
  bytes: string;
}

/** At most this many bytes are shown; a long run of bad bytes (a whole line in another encoding) ends in "…". */
const SHOWN_BYTES = 8;

export function hexBytes(bytes: Uint8Array, from: number, to: number): string {
  const end = Math.max(to, from + 1);
  const shown = [...bytes.subarray(from, Math.min(end, from + SHOWN_BYTES))].map((b) => b.toString(16).toUpperCase().padStart(2, '0'));
  return shown.join(' ') + (end - from > SHOWN_BYTES ? ' …' : '');
}

/** Line of a byte offset in an ASCII-compatible encoding (UTF-8, GB18030, Big5: no trail byte is CR or LF). */
export function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i];
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) line++;
  }
  return line;
}

/** Line of a byte offset in UTF-16: CR and LF are whole code units. */
function lineOfUtf16Byte(bytes: Uint8Array, offset: number, littleEndian: boolean, start: number): number {
  let line = 1;
  const unit = (i: number) => (littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!);
  for (let i = start; i + 1 < offset; i += 2) {
    const u = unit(i);
    if (u === 0x0a || (u === 0x0d && !(i + 3 < bytes.length && unit(i + 2) === 0x0a))) line++;
  }
  return line;
}

export interface Utf8Scan {
  /** Well-formed sequences of two to four bytes. */
  multibyte: number;
  /** Every invalid sequence (maximal subparts, as the WHATWG decoder counts them), in file order. */
  errors: ByteError[];
}

/**
 * Reads bytes as UTF-8 leniently, counting well-formed multi-byte sequences and locating each invalid one.
 * With `truncated`, an incomplete sequence at the very end is a cut, not an error.
 */
export function scanUtf8(bytes: Uint8Array, start = 0, truncated = false): Utf8Scan {
  let multibyte = 0;
  const errors: { offset: number; end: number }[] = [];
  let i = start;
  while (i < bytes.length) {
    const x = bytes[i]!;
    if (x < 0x80) {
      i++;
      continue;
    }
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (x >= 0xc2 && x <= 0xdf) need = 1;
    else if (x >= 0xe0 && x <= 0xef) {
      need = 2;
      if (x === 0xe0) lo = 0xa0; // overlong
      if (x === 0xed) hi = 0x9f; // surrogates
    } else if (x >= 0xf0 && x <= 0xf4) {
      need = 3;
      if (x === 0xf0) lo = 0x90; // overlong
      if (x === 0xf4) hi = 0x8f; // above U+10FFFF
    } else {
      addError(errors, i, i + 1);
      i++;
      continue;
    }
    let j = 1;
    for (; j <= need; j++) {
      const y = bytes[i + j];
      if (y === undefined || y < lo || y > hi) break;
      lo = 0x80;
      hi = 0xbf;
    }
    if (j > need) {
      multibyte++;
      i += need + 1;
    } else if (truncated && i + j >= bytes.length) {
      break;
    } else {
      // The byte that broke the sequence starts over (it may be ASCII or a new lead).
      addError(errors, i, i + j);
      i += j;
    }
  }
  return { multibyte, errors: withLines(bytes, errors) };
}

/** Adjacent invalid bytes are one error: an overlong C0 80 is reported once, as "C0 80". */
function addError(errors: { offset: number; end: number }[], offset: number, end: number): void {
  const last = errors[errors.length - 1];
  if (last && last.end === offset) last.end = end;
  else errors.push({ offset, end });
}

function withLines(bytes: Uint8Array, spans: { offset: number; end: number }[]): ByteError[] {
  const out: ByteError[] = [];
  let line = 1;
  let at = 0;
  for (const { offset, end } of spans) {
    for (; at < offset; at++) {
      const b = bytes[at];
      if (b === 0x0a || (b === 0x0d && bytes[at + 1] !== 0x0a)) line++;
    }
    out.push({ line, offset, bytes: hexBytes(bytes, offset, end) });
  }
  return out;
}

function decodes(encoding: string, bytes: Uint8Array, stream: boolean): boolean {
  try {
    textDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes, { stream });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first sequence `encoding` refuses, from `start` (after a BOM); null when everything decodes. A streaming
 * decode of a prefix fails exactly when the prefix holds an error (an incomplete tail is held back), so the first
 * failing prefix is found by doubling then bisecting: a few decodes, not one per byte.
 */
export function firstDecodeError(bytes: Uint8Array, encoding: string, start = 0, truncated = false): ByteError | null {
  const body = bytes.subarray(start);
  if (encoding === 'utf-8') {
    const first = scanUtf8(bytes, start, truncated).errors[0];
    return first ?? null;
  }
  if (decodes(encoding, body, truncated)) return null;
  let hi = Math.min(body.length, 1024);
  while (hi < body.length && decodes(encoding, body.subarray(0, hi), true)) hi = Math.min(body.length, hi * 2);
  let lo = 0;
  let end: number;
  if (decodes(encoding, body.subarray(0, hi), true)) {
    end = body.length; // only the very end fails: an incomplete final sequence
  } else {
    // Smallest prefix that fails: lo decodes, hi does not.
    lo = Math.max(0, hi >> 1);
    if (!decodes(encoding, body.subarray(0, lo), true)) lo = 0;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (decodes(encoding, body.subarray(0, mid), true)) lo = mid;
      else hi = mid;
    }
    end = hi;
  }
  // The bad sequence starts after the last complete character: back up over at most three bytes of it.
  let seqStart = end - 1;
  for (let k = end - 1; k >= Math.max(0, end - 4); k--) {
    if (decodes(encoding, body.subarray(0, k), false)) {
      seqStart = k;
      break;
    }
  }
  // An ASCII byte that ended a sequence early is read again on its own: it is not part of the error.
  while (end - seqStart > 1 && body[end - 1]! < 0x80 && !encoding.startsWith('utf-16')) end--;
  const offset = start + seqStart;
  const littleEndian = encoding === 'utf-16le';
  const line = encoding.startsWith('utf-16') ? lineOfUtf16Byte(bytes, offset, littleEndian, start) : lineOfByte(bytes, offset);
  return { line, offset, bytes: hexBytes(bytes, offset, start + end) };
}
