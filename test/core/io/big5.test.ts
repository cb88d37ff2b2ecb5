/**
 * The WHATWG Big5 decoder (issue 24): Big5 with HKSCS, the same in the CLI and the page. Code points are pinned from
 * the Encoding Standard's index-big5.txt (pointer = (lead - 0x81) * 157 + trail - (trail < 0x7F ? 0x40 : 0x62)).
 */
import { describe, expect, it } from 'vitest';
import { BIG5_CODE_POINTS, BIG5_FIRST_POINTER } from '../../../src/core/io/big5-index.ts';
import { Big5Decoder, big5CodePoint } from '../../../src/core/io/big5.ts';
import { decodeText, joinPredictions, readPredictions, readTestSet } from '../../../src/core/io/index.ts';
import { detectEncoding } from '../../../src/core/io/index.ts';
import { firstDecodeError } from '../../../src/core/io/byte-errors.ts';
import { buildReport } from '../../../src/core/report.ts';

const hex = (text: string) => Uint8Array.from(text.split(' ').map((h) => Number.parseInt(h, 16)));
/** 佢哋冇嘅嘢 in Big5-HKSCS, from the index: pointers 11489, 2698, 11318, 4537, 4505. */
const HK = hex('CA 5C 92 5D C9 4E 9D EF 9D CF');
const ascii = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

/** Text to Big5 bytes by the index: each character's first pointer, HKSCS included (the test's own encoder). */
function big5Encode(text: string): Uint8Array {
  const pointer = new Map<number, number>();
  [...BIG5_CODE_POINTS].forEach((c, i) => {
    const cp = c.codePointAt(0)!;
    if (!pointer.has(cp)) pointer.set(cp, BIG5_FIRST_POINTER + i);
  });
  return Uint8Array.from(
    [...text].flatMap((c) => {
      const cp = c.codePointAt(0)!;
      if (cp < 0x80) return [cp];
      const p = pointer.get(cp)!;
      const trail = p % 157;
      return [Math.floor(p / 157) + 0x81, trail < 0x3f ? trail + 0x40 : trail + 0x62];
    }),
  );
}

describe('the WHATWG Big5 index', () => {
  it('holds the standard’s pointers, HKSCS and the Unicode planes beyond the BMP included', () => {
    expect(big5CodePoint(942)).toBe(0x43f0);
    expect(big5CodePoint(947)).toBe(0x27267);
    expect(big5CodePoint(2698)).toBe(0x54cb); // 哋
    expect(big5CodePoint(5024)).toBe(0x3000); // A1 40, the first standard Big5 code: the ideographic space
    expect(big5CodePoint(5024 + 157 * 3 + 0)).toBe(0x4e00); // A4 40: 一
    expect(big5CodePoint(941)).toBeNull();
    const cps = [...BIG5_CODE_POINTS].map((c) => c.codePointAt(0)!).filter((cp) => cp !== 0xffff);
    expect(cps).toHaveLength(18590);
    expect(cps.filter((cp) => cp > 0xffff)).toHaveLength(1713);
  });
});

describe('Big5Decoder', () => {
  it('decodes Hong Kong characters (HKSCS), where Node’s ICU decoder gives private-use code points', () => {
    expect(new Big5Decoder({ fatal: true }).decode(HK)).toBe('佢哋冇嘅嘢');
    const icu = new TextDecoder('big5').decode(HK);
    expect(icu).not.toBe('佢哋冇嘅嘢'); // the reason for a decoder of our own
  });

  it('decodes the four pointers that stand for two code points, and ASCII as itself', () => {
    expect(new Big5Decoder().decode(hex('88 62 88 64 88 A3 88 A5 41'))).toBe('\u00ca\u0304\u00ca\u030c\u00ea\u0304\u00ea\u030cA');
  });

  it('fails like a fatal TextDecoder, and replaces like a lenient one; an ASCII byte after a lead is read again', () => {
    expect(() => new Big5Decoder({ fatal: true }).decode(hex('A4 40 80'))).toThrow(TypeError);
    expect(new Big5Decoder().decode(hex('A4 40 80 FF'))).toBe('一\ufffd\ufffd');
    expect(new Big5Decoder().decode(hex('A4 0A 41'))).toBe('\ufffd\nA');
    expect(new Big5Decoder().decode(hex('81 A1'))).toBe('\ufffd'); // unmapped pointer
    expect(new Big5Decoder().decode(hex('81 40'))).toBe('\ufffd@'); // … with an ASCII trail, read again
  });

  it('streams: a lead byte at the end of a chunk waits for its trail; at the very end it is an error', () => {
    const d = new Big5Decoder({ fatal: true });
    expect(d.decode(hex('CA 5C 92'), { stream: true })).toBe('佢');
    expect(d.decode(hex('5D'))).toBe('哋');
    expect(() => new Big5Decoder({ fatal: true }).decode(hex('CA 5C 92'))).toThrow(TypeError);
  });
});

describe('Big5 files', () => {
  const file = concat(ascii('id\tsource\treference\nh1\t'), HK, ascii('\t'), HK, ascii('\nh2\t'), hex('A7 DA AA BA AE D1'), ascii('\t'), hex('A7 DA AA BA AE D1'), ascii('\n'));

  it('the index encoder gives the standard’s bytes for 佢哋冇嘅嘢', () => expect(big5Encode('佢哋冇嘅嘢')).toEqual(HK));

  it('a Big5-HKSCS test set built from the index round-trips, and an oracle in UTF-8 scores 100 (was 0)', () => {
    const rows = [
      ['h1', '佢哋冇嘅嘢', '佢哋冇嘅嘢'],
      ['h2', '佢係我嘅朋有。', '佢係我嘅朋友。'],
      ['h3', '我哋去咗邊渡？', '我哋去咗邊度？'],
    ];
    const bytes = big5Encode(['id\tsource\treference', ...rows.map((r) => r.join('\t'))].join('\n') + '\n');
    const set = readTestSet({ name: 'hk.tsv', bytes, encoding: 'big5' });
    expect(set.encoding).toBe('big5');
    expect(set.rows.map((r) => [r.id, r.source, r.references[0]])).toEqual(rows);
    const oracle = ascii(['id\tprediction', ...rows.map((r) => `${r[0]}\t${r[2]}`)].join('\n') + '\n');
    const preds = readPredictions({ name: 'p.tsv', bytes: oracle }, {}, set);
    const report = buildReport({ file: 'hk.tsv', format: 'tsv', encoding: 'big5', rows: 3, fingerprint: 'f' }, [{ name: 'oracle', items: joinPredictions(set, preds) }], ['cscd']);
    expect(report.systems['oracle']!['cscd']).toMatchObject({ S_C_p: 100, S_C_r: 100, C_C_f1: 100 });
  });

  it('decodeText names the encoding given; detection shows the HKSCS sample as text', () => {
    expect(decodeText(HK, 'x', { encoding: 'big5-hkscs' })).toMatchObject({ text: '佢哋冇嘅嘢', encoding: 'big5' });
    const big5 = detectEncoding(file).candidates.find((c) => c.encoding === 'big5')!;
    expect(big5.error).toBeNull();
    expect(big5.sample?.text).toContain('佢哋冇嘅嘢');
  });

  it('the first bad Big5 sequence is found by line and byte offset', () => {
    const bad = concat(ascii('a\n'), HK, ascii('\n'), hex('A4 40 81 0A'));
    expect(firstDecodeError(bad, 'big5')).toEqual({ line: 3, offset: 13 + 2, bytes: '81' });
  });
});
