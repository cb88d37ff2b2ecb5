import { describe, expect } from 'vitest';
import { unequalLengthRows } from '../../../../src/core/io/index.ts';
import type { TestSet } from '../../../../src/core/types.ts';
import { predictions, sighan, testSet } from './fixtures.ts';
import { runCases, type HostileCase } from './table.ts';

const H = 'id\tsource\treference\n';
const lengths = (expected: ReturnType<typeof unequalLengthRows>) => (set: TestSet) => expect(unequalLengthRows(set.rows)).toEqual(expected);

const cases: HostileCase[] = [
  // Empty and header-only files.
  { name: 'empty file (0 bytes)', read: () => testSet('t.tsv', ''), issues: [['t.tsv', null, 'the file has no rows']] },
  { name: 'only blank lines', read: () => testSet('t.tsv', '\n\r\n\n'), issues: [['t.tsv', null, 'the file has no rows']] },
  { name: 'header only (TSV)', read: () => testSet('t.tsv', H), issues: [['t.tsv', null, 'the file has a header but no data rows']] },
  { name: 'header only (CSV, no final newline)', read: () => testSet('t.csv', 'id,source,reference'), issues: [['t.csv', null, 'the file has a header but no data rows']] },
  { name: 'empty JSON array', read: () => testSet('t.json', '[]'), issues: [['t.json', null, 'the file has no rows']] },
  { name: 'predictions: header only', read: () => predictions('p.tsv', 'id\tprediction\n'), issues: [['p.tsv', null, 'the file has a header but no data rows']] },

  // Line endings: rows read alike, and problems carry the right line.
  { name: 'CRLF line endings', read: () => testSet('t.tsv', 'id\tsource\treference\r\na\t我门\t我们\r\nb\t\t他们\r\n'), issues: [['t.tsv', 3, 'empty source']] },
  { name: 'lone CR line endings', read: () => testSet('t.tsv', 'id\tsource\treference\ra\t我门\t我们\rb\t\t他们\r'), issues: [['t.tsv', 3, 'empty source']] },
  {
    name: 'mixed CRLF, LF and CR: line numbers still count every ending',
    read: () => testSet('t.tsv', 'id\tsource\treference\r\na\t我门\t我们\nb\t他门\t他们\rc\t\t好\r\n'),
    issues: [['t.tsv', 4, 'empty source']],
  },
  {
    name: 'mixed line endings read cleanly, no final newline',
    read: () => testSet('t.tsv', 'id\tsource\treference\r\na\t我门\t我们\nb\t他门\t他们\rc\t好\t好'),
    rows: [
      ['a', '我门', '我们'],
      ['b', '他门', '他们'],
      ['c', '好', '好'],
    ],
  },

  // Control characters.
  { name: 'control character U+0007 in a reference', read: () => testSet('t.tsv', H + 'a\t我门\t我\x07们\n'), issues: [['t.tsv', 2, 'the reference contains a control character U+0007 at character 2']] },
  { name: 'C1 control U+0085 (NEL) in a source', read: () => testSet('t.tsv', H + 'a\t我\u0085门\t我们\n'), issues: [['t.tsv', 2, 'the source contains a control character U+0085 at character 2']] },
  { name: 'DEL in a prediction', read: () => predictions('p.tsv', 'id\tprediction\na\t我们\x7f\n'), issues: [['p.tsv', 2, 'the prediction contains a control character U+007F at character 3']] },
  {
    name: 'several controls in one text: the first and a count',
    read: () => testSet('t.tsv', H + 'a\t\x01我\x02门\x03\t我们\n'),
    issues: [['t.tsv', 2, 'the source contains a control character U+0001 at character 1 (and 2 more)']],
  },

  // Quotes.
  {
    name: 'CSV with an unbalanced quote',
    // The open quote runs to the end of the file: row 2 becomes two cells.
    read: () => testSet('t.csv', 'id,source,reference\na,"我门,我们\nb,他门,他们\n'),
    issues: [
      ['t.csv', 2, 'malformed quoting'],
      ['t.csv', 2, 'wrong number of columns: 2 columns, but the header has 3'],
    ],
  },
  { name: 'TSV with a literal unbalanced quote in a sentence', read: () => testSet('t.tsv', H + 'a\t他说"我门\t他说"我们\n'), rows: [['a', '他说"我门', '他说"我们']] },
  {
    name: 'CSV quoted field with a comma and doubled quotes',
    read: () => testSet('t.csv', 'id,source,reference\na,"我门,""好""","我们,""好"""\n'),
    rows: [['a', '我门,"好"', '我们,"好"']],
  },
  {
    name: 'CSV quoted newline inside a field: that row is refused, later rows keep their line',
    read: () => testSet('t.csv', 'id,source,reference\na,"我\n门",我们\nb,,他们\n'),
    issues: [
      ['t.csv', 2, 'the source contains a control character U+000A at character 2'],
      ['t.csv', 4, 'empty source'],
    ],
  },
  { name: 'a row with too few columns', read: () => testSet('t.tsv', H + 'a\t我门\n'), issues: [['t.tsv', 2, 'wrong number of columns: 2 columns, but the header has 3']] },
  {
    name: 'para format with one or two references',
    read: () => testSet('t.para', 'a\t我门\t我们\t我们\nb\t他门\t他们\n'),
    rows: [
      ['a', '我门', '我们', '我们'],
      ['b', '他门', '他们'],
    ],
  },

  // JSON.
  {
    name: 'JSON top-level object (pretty-printed)',
    read: () => testSet('t.json', '{\n  "data": [{"id": "a", "source": "我门", "reference": "我们"}]\n}\n'),
    issues: [['t.json', null, 'expected a JSON array of objects, found an object']],
  },
  { name: 'JSON top-level number', read: () => testSet('t.json', '42'), issues: [['t.json', null, 'expected a JSON array of objects, found a number']] },
  { name: 'JSON top-level string', read: () => testSet('t.json', '"我门"'), issues: [['t.json', null, 'expected a JSON array of objects, found a string']] },
  {
    name: 'JSON array with a record that is not an object',
    read: () => testSet('t.json', '[{"id": "a", "source": "我门", "reference": "我们"}, 5]'),
    issues: [['t.json', 2, 'record 2 is a number, not an object']],
  },
  { name: 'JSON syntax error', read: () => testSet('t.json', '[{"id": "a",}]'), issues: [['t.json', 1, 'not valid JSON']] },
  {
    name: 'JSON Lines with a bad line',
    read: () => testSet('t.jsonl', '{"id": "a", "source": "我门", "reference": "我们"}\n{"id": "b", "source":\n'),
    issues: [['t.jsonl', 2, 'not valid JSON']],
  },
  {
    name: 'JSON Lines with an array line',
    read: () => testSet('t.jsonl', '{"id": "a", "source": "我门", "reference": "我们"}\n["b", "他门", "他们"]\n'),
    issues: [['t.jsonl', 2, 'expected a JSON object, found an array']],
  },
  {
    name: 'duplicate JSON keys in one record',
    read: () => testSet('t.json', '[{"id": "a", "source": "我门", "reference": "我们"},\n {"id": "b", "source": "他门", "source": "她门", "reference": "他们"}]'),
    issues: [['t.json', 2, 'duplicate key "source" in one object: JSON readers keep only the last value']],
  },
  {
    name: 'duplicate JSON Lines keys, one written with an escape',
    read: () => predictions('p.jsonl', '{"id": "a", "pred\\u0069ction": "我们", "prediction": "我门"}\n'),
    issues: [['p.jsonl', 1, 'duplicate key "prediction" in one object']],
  },
  {
    name: 'a nested object may repeat the record\'s keys',
    read: () => testSet('t.json', '[{"id": "a", "source": "我门", "reference": "我们", "meta": {"id": 1, "source": "x"}}]'),
    rows: [['a', '我门', '我们']],
  },

  // Text that is empty or only whitespace.
  { name: 'whitespace-only source', read: () => testSet('t.tsv', H + 'a\t  \t我们\n'), issues: [['t.tsv', 2, 'the source is only whitespace']] },
  { name: 'ideographic-space-only prediction', read: () => predictions('p.tsv', 'id\tprediction\na\t\u3000\u3000\n'), issues: [['p.tsv', 2, 'the prediction is only whitespace']] },
  { name: 'empty prediction', read: () => predictions('p.tsv', 'id\tprediction\na\t\n'), issues: [['p.tsv', 2, 'empty prediction: every row needs output text']] },

  // Characters that change lengths.
  {
    name: 'characters outside the BMP count as one',
    read: () => testSet('t.tsv', H + 'a\t\u{20000}门\t\u{20000}们\n'),
    rows: [['a', '\u{20000}门', '\u{20000}们']],
    check: lengths([]),
  },
  {
    name: 'SIGHAN truth positions count code points (after a character outside the BMP)',
    read: () => sighan('(pid=A1)\t\u{20000}我门\n', 'A1, 3, 们\n'),
    rows: [['A1', '\u{20000}我门', '\u{20000}我们']],
  },
  {
    name: 'SIGHAN truth with full-width commas',
    read: () => sighan('(pid=A1)\t我门\n', 'A1，2，们\n'),
    issues: [
      ['TestTruth.txt', 1, 'malformed SIGHAN line: no position after the id; expected "ID, 0" or "ID, position, character[, position, character…]"; the line has full-width commas (，): SIGHAN separates fields with ASCII commas'],
      ['TestInput.txt', 1, 'id "A1" has no line in the truth file TestTruth.txt'],
    ],
  },
  {
    name: 'combining marks are kept as written (no normalization) and counted',
    read: () => testSet('t.tsv', H + 'a\t我门\u0301\t我们\n'),
    rows: [['a', '我门\u0301', '我们']],
    check: lengths([{ id: 'a', sourceLength: 3, referenceLengths: [2] }]),
  },
  {
    name: 'a zero-width space is kept and counted',
    read: () => testSet('t.tsv', H + 'a\t我\u200b门\t我们\n'),
    rows: [['a', '我\u200b门', '我们']],
    check: lengths([{ id: 'a', sourceLength: 3, referenceLengths: [2] }]),
  },
  {
    name: 'U+FEFF inside a line is text, not a BOM',
    read: () => testSet('t.tsv', H + 'a\t\ufeff我门\t我们\n'),
    rows: [['a', '\ufeff我门', '我们']],
    check: lengths([{ id: 'a', sourceLength: 3, referenceLengths: [2] }]),
  },
  {
    name: 'a 700,000-character row is read whole',
    read: () => testSet('t.tsv', H + `a\t${'我门'.repeat(350_000)}\t${'我们'.repeat(350_000)}\n`),
    check: (set: TestSet) => {
      expect(set.rows).toHaveLength(1);
      expect(set.rows[0]!.source.length).toBe(700_000);
      expect(set.rows[0]!.references[0]!.endsWith('我们')).toBe(true);
    },
  },
];

describe('hostile input: structure and text', () => runCases(cases));
