import { fail } from './issues.ts';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

/**
 * Bytes to text: a BOM decides (UTF-8, UTF-16LE/BE); otherwise strict UTF-8; otherwise GB18030.
 * Decoding is always fatal, so a byte that fits neither encoding is an error, never a U+FFFD.
 */
export function decodeText(bytes: Uint8Array, file = 'input'): DecodedText {
  const bom = bomEncoding(bytes);
  if (bom) return { text: decodeStrict(bytes, bom, file), encoding: bom, bom: true };
  if (looksLikeUtf16(bytes)) {
    fail(file, null, 'the file looks like UTF-16 without a byte-order mark (many NUL bytes); save it as UTF-8');
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    // Not UTF-8: the common legacy encoding of Chinese data is GBK, which GB18030 contains.
  }
  try {
    return { text: new TextDecoder('gb18030', { fatal: true }).decode(bytes), encoding: 'gb18030', bom: false };
  } catch {
    fail(file, null, 'the file is neither UTF-8 nor GB18030 (GBK) text; save it as UTF-8');
  }
}

/** ASCII in UTF-16 has a NUL in every other byte; a stray NUL elsewhere is left to the control-character check. */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  let nul = 0;
  for (const b of bytes) if (b === 0) nul++;
  return bytes.length >= 4 && nul * 4 >= bytes.length;
}

function bomEncoding(bytes: Uint8Array): TextEncodingName | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** The decoder drops the BOM itself (ignoreBOM is false). */
function decodeStrict(bytes: Uint8Array, encoding: TextEncodingName, file: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    fail(file, null, `the file starts with a ${encoding.toUpperCase()} byte-order mark but is not valid ${encoding.toUpperCase()}`);
  }
}
