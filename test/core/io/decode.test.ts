import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding, parseEncodingName } from '../../../src/core/io/index.ts';
import { big5Bytes, gb18030 } from './legacy-encoders.ts';
import { concatBytes, issuesOf, singleIssue, utf16 } from './helpers.ts';

const SIMPLIFIED = 'id\tsource\treference\n1\t我们今天去公园玩。\t我们今天去公园玩。\n2\t他说这个问题很难解决。\t他说这个问题很难解决。\n';
const TRADITIONAL = 'id\tsource\treference\n1\t我們今天去公園玩。\t我們今天去公園玩。\n2\t他說這個問題很難解決。\t他說這個問題很難解決。\n';

describe('decodeText', () => {
  it('reads plain UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('你好\n'))).toEqual({ text: '你好\n', encoding: 'utf-8', bom: false, encodingFrom: 'detected' });
  });

  it('drops a UTF-8 BOM and records it', () => {
    expect(decodeText(concatBytes([0xef, 0xbb, 0xbf], '你好'))).toEqual({ text: '你好', encoding: 'utf-8', bom: true, encodingFrom: 'bom' });
  });

  it('reads UTF-16LE and UTF-16BE by their BOMs', () => {
    expect(decodeText(utf16('id\t你好', 'le'))).toMatchObject({ text: 'id\t你好', encoding: 'utf-16le', bom: true });
    expect(decodeText(utf16('id\t你好', 'be'))).toMatchObject({ text: 'id\t你好', encoding: 'utf-16be', bom: true });
  });

  it('reads GBK bytes as GB18030 (你好吗 = C4E3 BAC3 C2F0)', () => {
    expect(decodeText(concatBytes('1\t', [0xc4, 0xe3, 0xba, 0xc3, 0xc2, 0xf0]))).toMatchObject({ text: '1\t你好吗', encoding: 'gb18030', bom: false });
  });

  it('reads Big5 bytes as Big5, not GB18030 (中文字 = A4A4 A4E5 A672)', () => {
    expect(decodeText(concatBytes('1\t', [0xa4, 0xa4, 0xa4, 0xe5, 0xa6, 0x72]))).toMatchObject({ text: '1\t中文字', encoding: 'big5' });
  });

  it('refuses one or two legacy characters that read as Chinese in two tables', () => {
    // 你好 (C4E3 BAC3) is also two Big5 characters, one of them frequent: two characters are too few to tell.
    expect(singleIssue(() => decodeText(concatBytes('1\t', [0xc4, 0xe3, 0xba, 0xc3]), 'two.txt')).problem).toMatch(
      /^cannot tell the encoding: line 1 reads as GB18030: "1\\t你好", or as Big5: /,
    );
  });

  it('reads a GB18030 four-byte sequence', () => {
    // U+20000 is 0x95 0x32 0x82 0x36 in GB18030 (four bytes; GBK cannot express it).
    expect(decodeText(Uint8Array.from([0xc4, 0xe3, 0x95, 0x32, 0x82, 0x36])).text).toBe('你\u{20000}');
  });

  it('tells a simplified GB18030 file from a traditional Big5 one', () => {
    expect(decodeText(gb18030(SIMPLIFIED))).toMatchObject({ text: SIMPLIFIED, encoding: 'gb18030' });
    expect(decodeText(big5Bytes(TRADITIONAL))).toMatchObject({ text: TRADITIONAL, encoding: 'big5' });
    // GBK holds traditional forms too: such a file is GB18030, whatever its script.
    expect(decodeText(gb18030(TRADITIONAL))).toMatchObject({ text: TRADITIONAL, encoding: 'gb18030' });
  });

  it('reads UTF-16 without a BOM when one byte order reads as text', () => {
    expect(decodeText(utf16(SIMPLIFIED, 'le', false))).toMatchObject({ text: SIMPLIFIED, encoding: 'utf-16le', bom: false });
    expect(decodeText(utf16(SIMPLIFIED, 'be', false))).toMatchObject({ text: SIMPLIFIED, encoding: 'utf-16be', bom: false });
    expect(decodeText(utf16('id\tsource\n', 'le', false))).toMatchObject({ text: 'id\tsource\n', encoding: 'utf-16le' });
  });

  it('reports every invalid UTF-8 sequence in a UTF-8 file with its line and byte offset', () => {
    // Header 20 bytes, line 2 is 1 + 1 + 27 + 1 + 27 + 1 = 58 bytes (9 characters of 3 bytes twice): line 3 starts
    // at byte 78 and the overlong C0 80 follows "2\t" there, at 80.
    const bytes = concatBytes(SIMPLIFIED.split('\n').slice(0, 2).join('\n') + '\n2\t', [0xc0, 0x80], '他说这个问题很难解决。\n');
    expect(new TextEncoder().encode(SIMPLIFIED.split('\n').slice(0, 2).join('\n') + '\n').length).toBe(78);
    expect(issuesOf(() => decodeText(bytes, 'bad.tsv'))).toEqual([
      { file: 'bad.tsv', line: 3, problem: 'invalid UTF-8 at byte offset 80 (bytes C0 80); the rest of the file is UTF-8: correct these bytes or save the file again as UTF-8' },
    ]);
  });

  it('refuses bytes no encoding reads as text, naming the file', () => {
    const issue = singleIssue(() => decodeText(Uint8Array.from([0x31, 0x09, 0xff, 0xff]), 'bad.tsv'));
    expect(issue.file).toBe('bad.tsv');
    expect(issue.problem).toMatch(/^cannot tell the encoding: no reading looks like Chinese text .*it is not UTF-8 \(line 1, byte offset 2 \(bytes FF FF\)\)/);
  });

  it('rejects a UTF-16 BOM followed by an odd number of bytes, with the offset', () => {
    const issue = singleIssue(() => decodeText(Uint8Array.from([0xff, 0xfe, 0x31, 0x00, 0x32]), 'odd.txt'));
    expect(issue).toEqual({ file: 'odd.txt', line: 1, problem: 'the file starts with a UTF-16LE byte-order mark but is not valid UTF-16LE at byte offset 4 (bytes 32)' });
  });

  it('refuses to guess between two plausible readings and names the way out', () => {
    // B5BD BCD3 is 到加 in GB18030 and 善樓 in Big5: both frequent characters.
    const bytes = concatBytes('a\t', [0xb5, 0xbd, 0xbc, 0xd3], '\t', [0xb5, 0xbd, 0xbc, 0xd3], '\n');
    const issue = singleIssue(() => decodeText(bytes, 'short.tsv'));
    expect(issue).toEqual({
      file: 'short.tsv',
      line: 1,
      problem:
        'cannot tell the encoding: line 1 reads as GB18030: "a\\t到加\\t到加", or as Big5: "a\\t善樓\\t善樓"; name the encoding: --encoding gb18030 or --encoding big5 in the CLI, or the encoding choice in the import panel',
    });
    expect(decodeText(bytes, 'short.tsv', { encoding: 'big5' })).toEqual({ text: 'a\t善樓\t善樓\n', encoding: 'big5', bom: false, encodingFrom: 'option' });
    expect(decodeText(bytes, 'short.tsv', { encoding: 'GBK' }).text).toBe('a\t到加\t到加\n');
  });

  it('checks an explicit encoding over the whole file, with line and byte offset', () => {
    const bytes = new TextEncoder().encode('1\t好\n2\t中\n');
    // 31 09 E5 A5 BD 0A …: as Big5, E5 A5 is a character and BD, a lead byte, is followed by the LF.
    expect(singleIssue(() => decodeText(bytes, 'x.tsv', { encoding: 'big5' }))).toEqual({
      file: 'x.tsv',
      line: 1,
      problem: 'not valid Big5 (the encoding given) at byte offset 4 (bytes BD); later lines were not checked',
    });
    expect(issuesOf(() => decodeText(gb18030('1\t好\n2\t中\n'), 'y.tsv', { encoding: 'utf-8' }))).toEqual([
      { file: 'y.tsv', line: 1, problem: 'not valid UTF-8 (the encoding given) at byte offset 2 (bytes BA C3)' },
      { file: 'y.tsv', line: 2, problem: 'not valid UTF-8 (the encoding given) at byte offset 7 (bytes D6 D0)' },
    ]);
    expect(singleIssue(() => decodeText(bytes, 'x.tsv', { encoding: 'latin1' })).problem).toBe(
      'unknown encoding "latin1"; use one of utf-8, utf-16le, utf-16be, gb18030, big5',
    );
  });

  it('reads the start of a file cut inside a character when told it is truncated', () => {
    const cut = new TextEncoder().encode('1\t我们\n').subarray(0, 6); // 我 and one byte of 们
    expect(() => decodeText(cut)).toThrow();
    expect(decodeText(cut, 'head.tsv', { truncated: true })).toMatchObject({ text: '1\t我', encoding: 'utf-8' });
  });
});

describe('detectEncoding: certain UTF-8', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('takes valid UTF-8 with four multi-byte characters without weighing other encodings', () => {
    expect(detectEncoding(utf8('1\t我们去了\n')).candidates.map((c) => c.encoding)).toEqual(['utf-8']);
    // Three are not enough: every encoding is read and weighed (UTF-8 still wins here, on evidence).
    const three = detectEncoding(utf8('1\t我们去\n'));
    expect(three.candidates.length).toBeGreaterThan(1);
    expect(three.encoding).toBe('utf-8');
  });

  it('does not count a character cut off at the end of a truncated start of a file', () => {
    const cut = (text: string) => utf8(text).subarray(0, utf8(text).length - 1); // the last character loses a byte
    expect(detectEncoding(cut('1\t我们去了'), { truncated: true }).candidates.length).toBeGreaterThan(1);
    expect(detectEncoding(cut('1\t我们去了吗'), { truncated: true }).candidates.map((c) => c.encoding)).toEqual(['utf-8']);
  });
});

describe('detectEncoding', () => {
  it('shows every candidate with its evidence and a sample line', () => {
    const d = detectEncoding(big5Bytes(TRADITIONAL));
    expect(d).toMatchObject({ encoding: 'big5', verdict: 'clear', bom: null, utf8Errors: [] });
    const big5 = d.candidates.find((c) => c.encoding === 'big5')!;
    // Line 2: "1\t" + 2 × 8 Hanzi and 。: 16 frequent Hanzi, 2 punctuation, 4 traditional-only (們 園 ×2).
    expect(big5.sample).toEqual({ line: 2, text: '1\t我們今天去公園玩。\t我們今天去公園玩。' });
    expect(big5.error).toBeNull();
    expect(big5.evidence).toMatchObject({ suspicious: 0, simplified: 0 });
    expect(big5.evidence!.traditional).toBeGreaterThan(0);
    expect(big5.score).toBeGreaterThan(0.8);
    const gb = d.candidates.find((c) => c.encoding === 'gb18030')!;
    expect(gb.score).toBeLessThan(0);
    // 我們 is A7DA ADCC in Big5: A7 cannot start a UTF-8 sequence (DA AD then happens to be one).
    expect(d.candidates.find((c) => c.encoding === 'utf-8')!.error).toEqual({ line: 2, offset: 22, bytes: 'A7' });
  });

  it('counts simplified-only and traditional-only forms', () => {
    const d = detectEncoding(new TextEncoder().encode('们們们'));
    expect(d.candidates[0]!.evidence).toMatchObject({ characters: 3, frequentHanzi: 3, simplified: 2, traditional: 1 });
  });
});

describe('parseEncodingName', () => {
  it('accepts the supported names and common aliases, case-insensitively', () => {
    expect(['UTF-8', 'utf8', 'utf-16le', 'UTF16BE', 'gb18030', 'GBK', 'gb2312', 'Big5', 'cp950'].map(parseEncodingName)).toEqual([
      'utf-8',
      'utf-8',
      'utf-16le',
      'utf-16be',
      'gb18030',
      'gb18030',
      'gb18030',
      'big5',
      'big5',
    ]);
    expect(parseEncodingName('latin1')).toBeNull();
    expect(parseEncodingName('utf-16')).toBeNull();
  });
});
