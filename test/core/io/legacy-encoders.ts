/**
 * Encoders for GB18030 (two-byte part) and Big5, for building test fixtures: the inverse of TextDecoder's tables.
 * legacy-encoders.test.ts pins known code points from the standards (你 = C4E3 in GB2312, 中 = A4A4 in Big5).
 */
type Table = Map<string, [number, number]>;

function invert(encoding: string, trails: [number, number][]): Table {
  const table: Table = new Map();
  const decoder = new TextDecoder(encoding, { fatal: true });
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (const [lo, hi] of trails) {
      for (let trail = lo; trail <= hi; trail++) {
        let ch: string;
        try {
          ch = decoder.decode(Uint8Array.from([lead, trail]));
        } catch {
          continue;
        }
        if ([...ch].length === 1 && !table.has(ch)) table.set(ch, [lead, trail]);
      }
    }
  }
  return table;
}

let gb: Table | null = null;
let big5: Table | null = null;

function encodeWith(table: Table, text: string, name: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else {
      const pair = table.get(ch);
      if (!pair) throw new Error(`${name} cannot encode ${ch}`);
      out.push(...pair);
    }
  }
  return Uint8Array.from(out);
}

export function gb18030(text: string): Uint8Array {
  gb ??= invert('gb18030', [
    [0x40, 0x7e],
    [0x80, 0xfe],
  ]);
  return encodeWith(gb, text, 'GB18030');
}

export function big5Bytes(text: string): Uint8Array {
  big5 ??= invert('big5', [
    [0x40, 0x7e],
    [0xa1, 0xfe],
  ]);
  return encodeWith(big5, text, 'Big5');
}
