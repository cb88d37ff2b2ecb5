import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { datasetFingerprint, readSighanTestSet, readTestSet, unequalLengthRows } from '../../../src/core/io/index.ts';
import { concatBytes, utf16, utf8 } from './helpers.ts';

const NI = [0xc4, 0xe3];
const HAO = [0xba, 0xc3];

// The same two rows (1: 你好 → 你好; 2: 好你 → 你好) written every way we read.
const sameRows = {
  csv: utf8('t.csv', 'id,source,reference\n1,你好,你好\n2,好你,你好\n'),
  tsvCrlfBom: { name: 't.tsv', bytes: concatBytes([0xef, 0xbb, 0xbf], 'id\tsource\treference\r\n1\t你好\t你好\r\n2\t好你\t你好\r\n') },
  para: utf8('t.para', '1\t你好\t你好\n2\t好你\t你好\n'),
  jsonl: utf8('t.jsonl', '{"id":"1","src":"你好","tgt":"你好"}\n{"id":"2","src":"好你","tgt":"你好"}\n'),
  json: utf8('t.json', JSON.stringify([{ id: 1, source: '你好', references: ['你好'] }, { id: 2, source: '好你', references: ['你好'] }])),
  gb18030: { name: 'gb.tsv', bytes: concatBytes('1\t', NI, HAO, '\t', NI, HAO, '\n2\t', HAO, NI, '\t', NI, HAO, '\n') },
  utf16: { name: 'u16.csv', bytes: utf16('id,source,reference\n1,你好,你好\n2,好你,你好\n', 'le') },
  reordered: utf8('r.tsv', '2\t好你\t你好\n1\t你好\t你好\n'),
};

describe('datasetFingerprint', () => {
  it('is the documented serialization hashed with sha-256', () => {
    const text = 'csc-studio test set v1\n["1","你好","你好"]\n["2","好你","你好"]\n';
    const expected = createHash('sha256').update(text, 'utf8').digest('hex');
    expect(datasetFingerprint(readTestSet(sameRows.csv))).toBe(expected);
  });

  it('is the same for the same rows in any format, encoding, line ending and order', () => {
    const prints = Object.values(sameRows).map((f) => datasetFingerprint(readTestSet(f)));
    expect(new Set(prints).size).toBe(1);
  });

  it('is the same for a SIGHAN pair with the same rows', () => {
    const set = readSighanTestSet(utf8('in.txt', '(pid=1)\t你好\n(pid=2)\t好你\n'), utf8('truth.txt', '1, 0\n2, 1, 你, 2, 好\n'));
    expect(datasetFingerprint(set)).toBe(datasetFingerprint(readTestSet(sameRows.csv)));
  });

  it('changes with any id, text or reference, and with reference order', () => {
    const base = datasetFingerprint(readTestSet(sameRows.para));
    for (const text of [
      '1\t你好\t你好\n3\t好你\t你好\n',
      '1\t你好\t你好\n2\t好你 \t你好\n',
      '1\t你好\t你好\n2\t好你\t你好\t好你\n',
    ]) {
      expect(datasetFingerprint(readTestSet(utf8('t.para', text)))).not.toBe(base);
    }
    const ab = datasetFingerprint(readTestSet(utf8('t.para', '1\t甲\t乙\t丙\n')));
    const ba = datasetFingerprint(readTestSet(utf8('t.para', '1\t甲\t丙\t乙\n')));
    expect(ab).not.toBe(ba);
  });

  it('does not normalize Unicode: composed and decomposed text differ', () => {
    const nfc = datasetFingerprint({ rows: [{ id: '1', source: '\u00e9', references: ['\u00e9'], line: 1 }] });
    const nfd = datasetFingerprint({ rows: [{ id: '1', source: 'e\u0301', references: ['e\u0301'], line: 1 }] });
    expect(nfc).not.toBe(nfd);
  });
});

describe('unequalLengthRows', () => {
  it('lists rows whose references differ in code-point length from the source', () => {
    const rows = [
      { id: 'same', source: '我门', references: ['我们'] },
      { id: 'astral', source: '\u{20000}门', references: ['我们'] },
      { id: 'longer', source: '我门', references: ['我们', '我们了'] },
      { id: 'shorter', source: '我门了', references: ['我们'] },
    ];
    expect(unequalLengthRows(rows)).toEqual([
      { id: 'longer', sourceLength: 2, referenceLengths: [2, 3] },
      { id: 'shorter', sourceLength: 3, referenceLengths: [2] },
    ]);
  });
});
