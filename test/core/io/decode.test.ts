import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../src/core/io/index.ts';
import { concatBytes, singleIssue, utf16 } from './helpers.ts';

describe('decodeText', () => {
  it('reads plain UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('你好\n'))).toEqual({ text: '你好\n', encoding: 'utf-8', bom: false });
  });

  it('drops a UTF-8 BOM and records it', () => {
    expect(decodeText(concatBytes([0xef, 0xbb, 0xbf], '你好'))).toEqual({ text: '你好', encoding: 'utf-8', bom: true });
  });

  it('reads UTF-16LE and UTF-16BE by their BOMs', () => {
    expect(decodeText(utf16('id\t你好', 'le'))).toEqual({ text: 'id\t你好', encoding: 'utf-16le', bom: true });
    expect(decodeText(utf16('id\t你好', 'be'))).toEqual({ text: 'id\t你好', encoding: 'utf-16be', bom: true });
  });

  it('falls back to GB18030 when the bytes are not UTF-8', () => {
    // 你好 in GBK/GB18030.
    expect(decodeText(concatBytes('1\t', [0xc4, 0xe3, 0xba, 0xc3]))).toEqual({ text: '1\t你好', encoding: 'gb18030', bom: false });
  });

  it('reads a GB18030 four-byte sequence', () => {
    // U+20000 is 0x95 0x32 0x82 0x36 in GB18030 (four bytes; GBK cannot express it).
    expect(decodeText(Uint8Array.from([0xc4, 0xe3, 0x95, 0x32, 0x82, 0x36])).text).toBe('你\u{20000}');
  });

  it('rejects bytes that are neither UTF-8 nor GB18030, naming the file', () => {
    const issue = singleIssue(() => decodeText(Uint8Array.from([0x31, 0x09, 0xff, 0xff]), 'bad.tsv'));
    expect(issue).toEqual({ file: 'bad.tsv', line: null, problem: 'the file is neither UTF-8 nor GB18030 (GBK) text; save it as UTF-8' });
  });

  it('rejects UTF-16 without a BOM instead of reading NULs', () => {
    const issue = singleIssue(() => decodeText(utf16('id\tsource\n', 'le', false), 'u16.tsv'));
    expect(issue.problem).toMatch(/UTF-16 without a byte-order mark/);
  });

  it('rejects a UTF-16 BOM followed by an odd number of bytes', () => {
    const issue = singleIssue(() => decodeText(Uint8Array.from([0xff, 0xfe, 0x31]), 'odd.txt'));
    expect(issue.problem).toMatch(/UTF-16LE byte-order mark but is not valid UTF-16LE/);
  });
});
