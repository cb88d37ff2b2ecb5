import { describe, expect, test } from 'vitest';
import { guessEncoding, PREVIEW_BYTES, previewText, sniffFile } from '../../../src/workers/import/file-preview.ts';
import { guessRole, headerNames } from '../../../src/workers/import/import-files.ts';

const enc = new TextEncoder();

/**
 * A UTF-8 TSV whose byte PREVIEW_BYTES (64 KiB) falls inside a three-byte character: the ASCII start is padded so
 * the first Hanzi of a row straddles the cut. Rows are `id<TAB>source<TAB>reference`.
 */
function cutInsideCharacter(header: string | null, makeRow: (i: number) => string): Uint8Array {
  const lines: string[] = header ? [header] : [];
  for (let i = 0; enc.encode(lines.join('\n')).length < 2 * PREVIEW_BYTES; i++) lines.push(makeRow(i));
  const first = header ? 1 : 0;
  const row = lines[first]!;
  // Shift with padding in the first row until the cut lands on a continuation byte of a multi-byte character.
  for (let pad = 0; pad < 64; pad++) {
    const sep = row.includes('\t') ? '\t' : ',';
    lines[first] = row.replace(sep, sep + 'x'.repeat(pad));
    const bytes = enc.encode(lines.join('\n') + '\n');
    if ((bytes[PREVIEW_BYTES]! & 0xc0) === 0x80) return bytes;
  }
  throw new Error('could not place the cut inside a character');
}

describe('previewText: stream-decoding the start of a file', () => {
  test('a cut inside a character is never made: the preview ends on a whole line', () => {
    const bytes = cutInsideCharacter(null, (i) => `${i}\t我们今天去学校上课了\t我们今天去学校上课了`);
    // Strict decoding of the first 64 KiB fails: the last character is cut.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, PREVIEW_BYTES))).toThrow();
    const { text, complete } = previewText(bytes, 'utf-8');
    expect(complete).toBe(false);
    expect(text).not.toContain('\uFFFD');
    expect(text.endsWith('\n')).toBe(true);
    // At least the first 64 KiB, and every line in it is a whole row of three fields.
    expect(enc.encode(text).length).toBeGreaterThanOrEqual(PREVIEW_BYTES);
    for (const line of text.trimEnd().split('\n')) expect(line.split('\t')).toHaveLength(3);
  });

  test('UTF-16LE split at odd byte offsets reads back whole', () => {
    const text = '编号\t原句\n'.repeat(5000);
    const bytes = new Uint8Array(text.length * 2 + 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    const preview = previewText(bytes, 'utf-16le', 1001);
    expect(preview.text.startsWith('编号\t原句\n')).toBe(true);
    expect(preview.text).not.toContain('\uFFFD');
    expect(preview.text.endsWith('\n')).toBe(true);
  });

  test('a small file is decoded whole', () => {
    expect(previewText(enc.encode('a\tb\n1\t2'), 'utf-8')).toEqual({ text: 'a\tb\n1\t2', complete: true });
  });
});

describe('role and format detection read enough of the file', () => {
  test('a headerless para test set over 64 KiB with the cut inside a character is a test set (was: Predictions)', () => {
    const bytes = cutInsideCharacter(null, (i) => `${i}\t我们今天去学校上课了\t我们今天去学校上课了`);
    expect(guessRole('test.tsv', bytes)).toBe('test');
  });

  test('a SIGHAN input over 64 KiB with the cut inside a character is a SIGHAN input (was: Predictions)', () => {
    const bytes = cutInsideCharacter(null, (i) => `(pid=A2-${String(i).padStart(4, '0')}-1)\t我们今天去学校上课了，老师很好。`);
    expect(guessRole('TestInput.txt', bytes)).toBe('sighan-input');
  });

  test('header names of a large CSV test set survive the cut', () => {
    const bytes = cutInsideCharacter('id,source,target', (i) => `${i},我们今天去学校上课了,我们今天去学校上课了`);
    expect(headerNames('t.csv', bytes)).toEqual(['id', 'source', 'target']);
    expect(guessRole('t.csv', bytes)).toBe('test');
  });

  test('the encoding the user chose is the one looked at', () => {
    // "善樓" in Big5 is also valid GB18030 ("到加"): the user's choice decides.
    const big5 = new Uint8Array([0x61, 0x09, 0xb5, 0xbd, 0xbc, 0xd3, 0x0a]);
    expect(guessEncoding(big5, 'big5')).toMatchObject({ encoding: 'big5', from: 'option' });
    expect(sniffFile('x.tsv', big5, { encoding: 'big5' }).text).toBe('a\t善樓\n');
  });

  test('a file no encoding reads is ignored, and the sniff says so', () => {
    const bytes = new Uint8Array([0x00, 0xff, 0xfe, 0x00, 0xd8, 0x00, 0xdc, 0xff, 0x80, 0x81, 0x00, 0x00, 0xff, 0xff]);
    const sniffed = sniffFile('blob.dat', bytes);
    if (sniffed.encoding.encoding === null) {
      expect(sniffed.format).toBeNull();
      expect(guessRole('blob.dat', bytes)).toBe('ignore');
    }
  });
});
