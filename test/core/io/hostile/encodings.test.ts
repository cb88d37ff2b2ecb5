import { describe, expect } from 'vitest';
import { decodeText, joinPredictions } from '../../../../src/core/io/index.ts';
import type { TestSet } from '../../../../src/core/types.ts';
import { BOM_UTF8, big5Bytes, bytes, concatBytes, gb18030, predictions, SIMPLIFIED, SIMPLIFIED_ROWS, testSet, TRADITIONAL, TRADITIONAL_ROWS, utf16 } from './fixtures.ts';
import { runCases, type HostileCase } from './table.ts';

const encoded = (encoding: string, bom: boolean) => (set: TestSet) => {
  expect(set.encoding).toBe(encoding);
  expect(set.detected!.bom).toBe(bom);
};

/** SIMPLIFIED in UTF-8 with `insert` put at byte offsets (ascending). */
function withBytesAt(text: string, inserts: [number, number[]][]): Uint8Array {
  const plain = bytes(text);
  const parts: (Uint8Array | number[])[] = [];
  let at = 0;
  for (const [offset, extra] of inserts) {
    parts.push(plain.subarray(at, offset), extra);
    at = offset;
  }
  parts.push(plain.subarray(at));
  return concatBytes(...parts);
}

// Byte layout of SIMPLIFIED in UTF-8: header 20 bytes (0-19); line 2 is "1\t" + 9 characters × 3 bytes, TAB, the same,
// LF: 58 bytes (20-77); line 3 is "2\t" + 11 × 3, TAB, 11 × 3, LF: 70 bytes (78-147).
const AMBIGUOUS = concatBytes('a\t', [0xb5, 0xbd, 0xbc, 0xd3], '\t', [0xb5, 0xbd, 0xbc, 0xd3], '\n'); // 到加 / 善樓

const cases: HostileCase[] = [
  { name: 'UTF-8 without a BOM', read: () => testSet('t.tsv', SIMPLIFIED), rows: SIMPLIFIED_ROWS, check: encoded('utf-8', false) },
  { name: 'UTF-8 with a BOM', read: () => testSet('t.tsv', concatBytes(BOM_UTF8, SIMPLIFIED)), rows: SIMPLIFIED_ROWS, check: encoded('utf-8', true) },
  { name: 'UTF-16LE with a BOM', read: () => testSet('t.tsv', utf16(SIMPLIFIED, 'le')), rows: SIMPLIFIED_ROWS, check: encoded('utf-16le', true) },
  { name: 'UTF-16BE with a BOM', read: () => testSet('t.tsv', utf16(SIMPLIFIED, 'be')), rows: SIMPLIFIED_ROWS, check: encoded('utf-16be', true) },
  { name: 'UTF-16LE without a BOM', read: () => testSet('t.tsv', utf16(SIMPLIFIED, 'le', false)), rows: SIMPLIFIED_ROWS, check: encoded('utf-16le', false) },
  { name: 'UTF-16BE without a BOM', read: () => testSet('t.tsv', utf16(SIMPLIFIED, 'be', false)), rows: SIMPLIFIED_ROWS, check: encoded('utf-16be', false) },
  {
    name: 'UTF-16LE without a BOM, ASCII only (not "control character U+0000")',
    read: () => testSet('t.tsv', utf16('id\tsource\treference\nx1\tabc\tabd\n', 'le', false)),
    rows: [['x1', 'abc', 'abd']],
    check: encoded('utf-16le', false),
  },
  { name: 'GB18030 (GBK) simplified text', read: () => testSet('t.tsv', gb18030(SIMPLIFIED)), rows: SIMPLIFIED_ROWS, check: encoded('gb18030', false) },
  { name: 'Big5 traditional text is Big5, not GB18030', read: () => testSet('t.tsv', big5Bytes(TRADITIONAL)), rows: TRADITIONAL_ROWS, check: encoded('big5', false) },
  {
    name: 'Big5 test set with UTF-8 oracle predictions: every prediction meets its reference',
    read: () => {
      const set = testSet('t.tsv', big5Bytes(TRADITIONAL));
      return joinPredictions(set, predictions('p.tsv', 'id\tprediction\n1\t我們今天去公園玩。\n2\t他說這個問題很難解決。\n'));
    },
    rows: TRADITIONAL_ROWS.map(([id, , ref]) => [id, ref]),
    check: (items) => expect(items.every((i: { prediction: string; references: string[] }) => i.prediction === i.references[0])).toBe(true),
  },
  {
    name: 'GB18030 four-byte character outside the BMP',
    // 你 = C4 E3; U+20000 = 95 32 82 36.
    read: () => testSet('t.tsv', concatBytes('id\tsource\treference\n1\t', [0xc4, 0xe3, 0x95, 0x32, 0x82, 0x36], '\t', [0xc4, 0xe3, 0x95, 0x32, 0x82, 0x36], '\n')),
    rows: [['1', '你\u{20000}', '你\u{20000}']],
    check: encoded('gb18030', false),
  },
  { name: 'GBK named explicitly (alias of GB18030)', read: () => testSet('t.tsv', gb18030(SIMPLIFIED), { encoding: 'gbk' }), rows: SIMPLIFIED_ROWS, check: encoded('gb18030', false) },
  {
    name: 'UTF-8 BOM followed by GBK text',
    // 3 BOM bytes + 20 header bytes + "1\t": 我们今 (CE D2 C3 C7 BD F1) starts at 25. CE, D2 and C3 each lack
    // their continuation byte; C7 BD happens to be a valid UTF-8 pair.
    read: () => testSet('t.tsv', concatBytes(BOM_UTF8, gb18030(SIMPLIFIED))),
    issues: [['t.tsv', 2, 'the file starts with a UTF-8 byte-order mark but is not valid UTF-8 at byte offset 25 (bytes CE D2 C3)']],
    check: (err) => expect(err.issues[0].problem).toContain('the rest reads as GB18030: "1\\t我们今天去公园玩。'),
  },
  {
    name: 'UTF-16LE BOM followed by UTF-8 text',
    read: () => testSet('t.tsv', concatBytes([0xff, 0xfe], SIMPLIFIED)),
    issues: [['t.tsv', null, 'the file starts with a UTF-16LE byte-order mark, but its text reads as UTF-8: "1\\t我们今天去公园玩。']],
  },
  {
    name: 'UTF-16LE BOM with an odd number of bytes',
    // 2 BOM bytes + 20 UTF-16 code units of the header = 42; the stray byte is on line 2.
    read: () => testSet('odd.tsv', concatBytes([0xff, 0xfe], utf16('id\tsource\treference\n', 'le', false), [0x31])),
    issues: [['odd.tsv', 2, 'the file starts with a UTF-16LE byte-order mark but is not valid UTF-16LE at byte offset 42 (bytes 31)']],
  },
  {
    name: 'invalid UTF-8 (overlong C0 80) in a UTF-8 file: line and byte offset, not GB18030',
    read: () => testSet('bad.tsv', withBytesAt(SIMPLIFIED, [[80, [0xc0, 0x80]]])),
    issues: [['bad.tsv', 3, 'invalid UTF-8 at byte offset 80 (bytes C0 80); the rest of the file is UTF-8']],
  },
  {
    name: 'invalid UTF-8: stray continuation bytes on two lines, both reported',
    read: () => testSet('bad.tsv', withBytesAt(SIMPLIFIED, [[22, [0x80]], [80, [0x80]]])),
    issues: [
      ['bad.tsv', 2, 'invalid UTF-8 at byte offset 22 (bytes 80)'],
      ['bad.tsv', 3, 'invalid UTF-8 at byte offset 81 (bytes 80)'],
    ],
  },
  {
    name: 'invalid UTF-8: file cut inside its last character',
    // The file ends "。\n" = E3 80 82 0A at 144-147; dropping the last two bytes leaves E3 80 at 144.
    read: () => testSet('cut.tsv', bytes(SIMPLIFIED).subarray(0, 146)),
    issues: [['cut.tsv', 3, 'invalid UTF-8 at byte offset 144 (bytes E3 80)']],
  },
  {
    name: 'ambiguous short file refused with both candidates and the way out',
    read: () => testSet('short.tsv', AMBIGUOUS),
    issues: [
      ['short.tsv', 1, 'cannot tell the encoding: line 1 reads as GB18030: "a\\t到加\\t到加", or as Big5: "a\\t善樓\\t善樓"; name the encoding: --encoding gb18030 or --encoding big5 in the CLI, or the encoding choice in the import panel'],
    ],
  },
  { name: 'the ambiguous file with an explicit encoding', read: () => testSet('short.tsv', AMBIGUOUS, { encoding: 'big5' }), rows: [['a', '善樓', '善樓']] },
  {
    name: 'explicit encoding the file is not in: line and byte offset',
    // 好 = E5 A5 BD at 22: as Big5 E5 A5 is a character, and the lead byte BD at 24 is followed by a TAB.
    read: () => testSet('x.tsv', 'id\tsource\treference\n1\t好\t好\n', { encoding: 'big5' }),
    issues: [['x.tsv', 2, 'not valid Big5 (the encoding given) at byte offset 24 (bytes BD)']],
  },
  { name: 'unknown explicit encoding', read: () => testSet('x.tsv', SIMPLIFIED, { encoding: 'latin-1' }), issues: [['x.tsv', null, 'unknown encoding "latin-1"; use one of utf-8, utf-16le, utf-16be, gb18030, big5']] },
  {
    name: 'binary bytes (a PNG header)',
    read: () => testSet('image.tsv', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])),
    // Only GB18030 and the UTF-16 readings decode, all with NULs, controls or rare characters: nothing to choose.
    issues: [['image.tsv', null, 'cannot tell the encoding: no reading looks like Chinese text']],
    check: (err) => expect(err.issues[0].problem).toContain('save the file as UTF-8'),
  },
  {
    name: 'a NUL byte in a UTF-8 file is a control character in its row',
    read: () => testSet('t.tsv', 'id\tsource\treference\na\t我\0门\t我们\n'),
    issues: [['t.tsv', 2, 'the source contains a control character U+0000 at character 2']],
  },
  {
    name: 'the first 64 KiB of a long UTF-8 file, cut inside a character, read as a truncated head',
    read: () => {
      const all = bytes('id\tsource\treference\n' + Array.from({ length: 3000 }, (_, i) => `${i}\t我们今天去公园玩\t我们今天去公园玩\n`).join(''));
      const cut = 65536;
      expect(all.length).toBeGreaterThan(cut);
      expect(all[cut]! & 0xc0).toBe(0x80); // the cut falls inside a character
      return { all, head: decodeText(all.subarray(0, cut), 'big.tsv', { truncated: true }) };
    },
    check: ({ all, head }) => {
      expect(head.encoding).toBe('utf-8');
      expect(new TextDecoder().decode(all).startsWith(head.text)).toBe(true);
      expect(bytes(head.text).length).toBeGreaterThan(65536 - 3);
    },
  },
];

describe('hostile input: encodings', () => runCases(cases));
