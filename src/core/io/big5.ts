/**
 * The WHATWG Big5 decoder (Encoding Standard §12.1.1: Big5 with the HKSCS extension), the one decoder the CLI and
 * the page share: browsers' TextDecoder('big5') follows it, Node's follows ICU's table and turns Hong Kong
 * characters (佢哋冇嘅嘢) into private-use code points. It behaves as a TextDecoder does: fatal throws a TypeError at
 * the first error, otherwise errors become U+FFFD; with {stream: true} a lead byte at the end waits for the next chunk.
 */
import { BIG5_CODE_POINTS, BIG5_FIRST_POINTER } from './big5-index.ts';

let table: Uint32Array | null = null;

function index(): Uint32Array {
  if (table) return table;
  const cps: number[] = [];
  for (const ch of BIG5_CODE_POINTS) cps.push(ch.codePointAt(0)!);
  return (table = Uint32Array.from(cps));
}

/** The code point at a pointer, or null (unmapped). */
export function big5CodePoint(pointer: number): number | null {
  const cp = index()[pointer - BIG5_FIRST_POINTER];
  return cp === undefined || cp === 0xffff ? null : cp;
}

/** Four pointers decode to two code points each (the standard's special cases). */
const PAIRS: Record<number, string> = { 1133: '\u00ca\u0304', 1135: '\u00ca\u030c', 1164: '\u00ea\u0304', 1166: '\u00ea\u030c' };

export class Big5Decoder {
  readonly encoding = 'big5';
  #lead = 0;
  readonly #fatal: boolean;

  constructor(options: { fatal?: boolean } = {}) {
    this.#fatal = options.fatal ?? false;
  }

  decode(bytes: Uint8Array = new Uint8Array(0), options: { stream?: boolean } = {}): string {
    const parts: string[] = [];
    let run: number[] = [];
    const flush = () => {
      if (run.length > 0) parts.push(String.fromCodePoint(...run));
      run = [];
    };
    const error = () => {
      if (this.#fatal) {
        this.#lead = 0;
        throw new TypeError('The encoded data was not valid for encoding big5');
      }
      run.push(0xfffd);
    };
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (run.length >= 4096) flush();
      if (this.#lead !== 0) {
        const lead = this.#lead;
        this.#lead = 0;
        const offset = b < 0x7f ? 0x40 : 0x62;
        const pointer = (b >= 0x40 && b <= 0x7e) || (b >= 0xa1 && b <= 0xfe) ? (lead - 0x81) * 157 + (b - offset) : null;
        const pair = pointer === null ? undefined : PAIRS[pointer];
        if (pair !== undefined) {
          flush();
          parts.push(pair);
          continue;
        }
        const cp = pointer === null ? null : big5CodePoint(pointer);
        if (cp !== null) {
          run.push(cp);
          continue;
        }
        error();
        if (b < 0x80) i--; // an ASCII byte that ended the sequence is read again on its own
        continue;
      }
      if (b < 0x80) run.push(b);
      else if (b === 0x80 || b === 0xff) error();
      else this.#lead = b;
    }
    if (this.#lead !== 0 && !options.stream) {
      this.#lead = 0;
      error();
    }
    flush();
    return parts.join('');
  }
}
