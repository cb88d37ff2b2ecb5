import { describe, expect, it } from 'vitest';
import { readTestSet } from '../../../src/core/io/index.ts';
import { concatBytes, issuesOf, utf16, utf8 } from './helpers.ts';

const rowsOf = (set: ReturnType<typeof readTestSet>) => set.rows.map((r) => [r.id, r.source, r.references, r.line]);

describe('readTestSet: CSV', () => {
  it('reads a CSV with a header', () => {
    const set = readTestSet(utf8('t.csv', 'id,source,reference\na1,我门好,我们好\na2,你好,你好\n'));
    expect(rowsOf(set)).toEqual([
      ['a1', '我门好', ['我们好'], 2],
      ['a2', '你好', ['你好'], 3],
    ]);
    expect(set).toMatchObject({ file: 't.csv', format: 'csv', encoding: 'utf-8' });
    expect(set.detected).toEqual({
      format: 'csv',
      formatFrom: 'extension',
      encoding: 'utf-8',
      bom: false,
      delimiter: ',',
      quoting: true,
      header: true,
      columns: { id: 'id', source: 'source', references: ['reference'] },
      ignoredColumns: [],
      rowCount: 2,
      lineUnit: 'line',
    });
  });

  it('reads quoted fields with commas and doubled quotes', () => {
    const set = readTestSet(utf8('t.csv', 'id,source,reference\n1,"你好,世界","他说""好"""\n'));
    expect(rowsOf(set)).toEqual([['1', '你好,世界', ['他说"好"'], 2]]);
  });

  it('reads a quoted newline as one record (then rejects the control character), keeping later line numbers right', () => {
    const issues = issuesOf(() => readTestSet(utf8('t.csv', 'id,source,reference\n1,"第一行\n第二行",好\n2,你,\n')));
    expect(issues).toEqual([
      { file: 't.csv', line: 2, id: '1', problem: 'the source contains a control character U+000A at character 4' },
      { file: 't.csv', line: 4, id: '2', problem: 'empty reference' },
    ]);
  });

  it('handles CRLF and CR line ends', () => {
    const crlf = readTestSet(utf8('t.csv', 'id,source,reference\r\n1,甲,乙\r\n2,丙,丁\r\n'));
    const cr = readTestSet(utf8('t.csv', 'id,source,reference\r1,甲,乙\r2,丙,丁\r'));
    const expected = [
      ['1', '甲', ['乙'], 2],
      ['2', '丙', ['丁'], 3],
    ];
    expect(rowsOf(crlf)).toEqual(expected);
    expect(rowsOf(cr)).toEqual(expected);
  });

  it('reports malformed quoting with its line', () => {
    const issues = issuesOf(() => readTestSet(utf8('q.csv', 'id,source,reference\n1,"你"好,好\n')));
    expect(issues[0]).toMatchObject({ file: 'q.csv', line: 2 });
    expect(issues[0]!.problem).toMatch(/^malformed quoting/);
  });
});

describe('readTestSet: TSV and para', () => {
  it('reads a TSV with a header', () => {
    const set = readTestSet(utf8('t.tsv', 'id\tsource\treference\n1\t我门\t我们\n'));
    expect(rowsOf(set)).toEqual([['1', '我门', ['我们'], 2]]);
    expect(set.detected).toMatchObject({ format: 'tsv', delimiter: '\t', quoting: false, header: true });
  });

  it('reads a headerless TSV as id, source, reference… (the para convention)', () => {
    const set = readTestSet(utf8('t.tsv', '1\t我门\t我们\n2\t他门\t他们\t它们\n'));
    expect(rowsOf(set)).toEqual([
      ['1', '我门', ['我们'], 1],
      ['2', '他门', ['他们', '它们'], 2],
    ]);
    expect(set.detected).toMatchObject({
      header: false,
      columns: { id: 'column 1', source: 'column 2', references: ['column 3 and later'] },
      rowCount: 2,
    });
  });

  it('reads .para files as headerless even when the first id looks like a column name', () => {
    const set = readTestSet(utf8('t.para', 'id\t我门\t我们\n'));
    expect(set.format).toBe('para');
    expect(rowsOf(set)).toEqual([['id', '我门', ['我们'], 1]]);
  });

  it('keeps a literal double quote inside an unquoted TSV sentence', () => {
    const set = readTestSet(utf8('t.tsv', 'id\tsource\treference\n1\t他说"你好"\t他说"你好"\n2\t"好"\t"好"\n'));
    expect(rowsOf(set)).toEqual([
      ['1', '他说"你好"', ['他说"你好"'], 2],
      ['2', '"好"', ['"好"'], 3],
    ]);
    expect(set.detected?.quoting).toBe(false);
  });

  it('keeps an unbalanced quote in TSV text', () => {
    const set = readTestSet(utf8('t.tsv', '1\t"你好\t"你好\n2\t好\t好\n'));
    expect(rowsOf(set)[0]).toEqual(['1', '"你好', ['"你好'], 1]);
  });

  it('reads quoting in a TSV that clearly uses it (quoted header)', () => {
    const set = readTestSet(utf8('t.tsv', '"id"\t"source"\t"reference"\n"1"\t"你,好"\t"你,好"\n'));
    expect(rowsOf(set)).toEqual([['1', '你,好', ['你,好'], 2]]);
    expect(set.detected?.quoting).toBe(true);
  });

  it('reads quoting in a TSV that clearly uses it (doubled quotes)', () => {
    const set = readTestSet(utf8('t.tsv', 'id\tsource\treference\n1\t"他说""好"""\t他说好\n'));
    expect(rowsOf(set)).toEqual([['1', '他说"好"', ['他说好'], 2]]);
  });

  it('reads quoting in a TSV that clearly uses it (a quoted field holding a tab)', () => {
    const issue = issuesOf(() => readTestSet(utf8('t.tsv', 'id\tsource\treference\n1\t"甲\t乙"\t甲乙\n')));
    // One record of three columns, whose source then holds a TAB: quoting was detected, the TAB is still refused.
    expect(issue).toEqual([{ file: 't.tsv', line: 2, id: '1', problem: 'the source contains a control character U+0009 at character 2' }]);
  });

  it('does not read quoting when the quoted reading would be malformed', () => {
    const set = readTestSet(utf8('t.tsv', 'id\tsource\treference\n1\t"甲\t乙"丙\n'));
    expect(set.rows[0]).toMatchObject({ source: '"甲', references: ['乙"丙'] });
    expect(set.detected?.quoting).toBe(false);
  });

  it('honours an explicit quoting option', () => {
    const set = readTestSet(utf8('t.tsv', 'id\tsource\treference\n1\t"好"\t好\n'), { quoting: true });
    expect(rowsOf(set)).toEqual([['1', '好', ['好'], 2]]);
  });

  it('skips empty lines but keeps real line numbers', () => {
    const set = readTestSet(utf8('t.tsv', 'id\tsource\treference\n\n1\t甲\t乙\n\n\n2\t丙\t丁'));
    expect(rowsOf(set).map((r) => r[3])).toEqual([3, 6]);
  });
});

describe('readTestSet: JSON and JSON Lines', () => {
  it('reports a JSON record that lacks the first reference column, by record number', () => {
    const json = JSON.stringify([
      { id: 'a', source: '我门', reference: '我们' },
      { id: 7, source: '他门', references: ['他们', '它们'] },
    ]);
    const issues = issuesOf(() => readTestSet(utf8('t.json', json)));
    // "reference" and "references" are both reference columns: the second record lacks the first.
    expect(issues).toEqual([{ file: 't.json', line: 2, id: '7', problem: 'no "reference" field' }]);
  });

  it('reads a JSON array with a list of references', () => {
    const json = JSON.stringify([
      { id: 'a', source: '我门', references: ['我们'] },
      { id: 7, source: '他门', references: ['他们', '它们'] },
    ]);
    const set = readTestSet(utf8('t.json', json));
    expect(rowsOf(set)).toEqual([
      ['a', '我门', ['我们'], 1],
      ['7', '他门', ['他们', '它们'], 2],
    ]);
    expect(set.detected).toMatchObject({ format: 'json', header: null, delimiter: null, lineUnit: 'record' });
  });

  it('reads JSON Lines, skipping blank lines', () => {
    const text = '{"id":"1","src":"我门","tgt":"我们"}\n\n{"id":"2","src":"好","tgt":"好"}\n';
    const set = readTestSet(utf8('t.jsonl', text));
    expect(rowsOf(set)).toEqual([
      ['1', '我门', ['我们'], 1],
      ['2', '好', ['好'], 3],
    ]);
    expect(set.detected).toMatchObject({ format: 'jsonl', columns: { id: 'id', source: 'src', references: ['tgt'] }, lineUnit: 'line' });
  });

  it('reports invalid JSON with the line of the error', () => {
    const issues = issuesOf(() => readTestSet(utf8('t.json', '[\n{"id": "1"},\n{"id" "2"}\n]')));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: 't.json', line: 3 });
    expect(issues[0]!.problem).toMatch(/^not valid JSON/);
  });

  it('reports every bad JSON Lines line', () => {
    const text = '{"id":"1","source":"甲","reference":"乙"}\nnot json\n[1]\n{"id":"4","source":5,"reference":"乙"}\n';
    const issues = issuesOf(() => readTestSet(utf8('t.jsonl', text)));
    expect(issues.map((i) => [i.line, i.problem.replace(/:.*/, '')])).toEqual([
      [2, 'not valid JSON'],
      [3, 'expected a JSON object, found an array'],
      [4, 'the source ("source") is a number, not a string'],
    ]);
  });

  it('rejects a JSON document that is not an array', () => {
    const issues = issuesOf(() => readTestSet(utf8('t.json', '{"id": "1", "source": "甲", "reference": "乙"}'), { format: 'json' }));
    expect(issues[0]!.problem).toMatch(/expected a JSON array of objects, found an object/);
  });

  it('rejects array records that are not objects', () => {
    const issues = issuesOf(() => readTestSet(utf8('t.json', '[{"id":"1","source":"甲","reference":"乙"}, "x"]')));
    expect(issues).toEqual([{ file: 't.json', line: 2, problem: 'record 2 is a string, not an object' }]);
  });
});

describe('readTestSet: format detection', () => {
  const tsv = 'id\tsource\treference\n1\t甲\t乙\n';
  it.each([
    ['t.txt', tsv, 'tsv'],
    ['t.txt', 'id,source,reference\n1,甲,乙\n', 'csv'],
    ['t.txt', '[{"id":"1","source":"甲","reference":"乙"}]', 'json'],
    ['t', '{"id":"1","source":"甲","reference":"乙"}\n', 'jsonl'],
    ['t.json', '{"id":"1","source":"甲","reference":"乙"}\n{"id":"2","source":"甲","reference":"乙"}\n', 'jsonl'],
    ['t.jsonl', '  [{"id":"1","source":"甲","reference":"乙"}]', 'json'],
  ])('%s with %j is read as %s from its content', (name, text, format) => {
    const set = readTestSet(utf8(name, text));
    expect(set.format).toBe(format);
    expect(set.detected?.formatFrom).toBe('content');
    expect(set.rows[0]).toMatchObject({ id: '1', source: '甲', references: ['乙'] });
  });

  it('lets an explicit format override the extension', () => {
    const set = readTestSet(utf8('t.csv', tsv), { format: 'tsv' });
    expect(set.detected).toMatchObject({ format: 'tsv', formatFrom: 'option' });
    expect(set.rows).toHaveLength(1);
  });

  it('rejects an unknown format name', () => {
    expect(issuesOf(() => readTestSet(utf8('t.tsv', tsv), { format: 'xlsx' }))[0]!.problem).toMatch(/unknown format "xlsx"/);
  });

  it('refuses SIGHAN files alone, pointing to --truth', () => {
    expect(issuesOf(() => readTestSet(utf8('in.txt', '(pid=1)\t我门\n')))[0]!.problem).toMatch(/needs both files: --test INPUT --truth TRUTH in the CLI, or both files in the import panel$/);
    expect(issuesOf(() => readTestSet(utf8('truth.txt', '1, 2, 们\n2, 0\n')))[0]!.problem).toMatch(/SIGHAN truth file/);
  });

  it('rejects a file without rows', () => {
    expect(issuesOf(() => readTestSet(utf8('t.tsv', '\n\n')))).toEqual([{ file: 't.tsv', line: null, problem: 'the file has no rows' }]);
    expect(issuesOf(() => readTestSet(utf8('t.tsv', 'id\tsource\treference\n')))[0]!.problem).toBe('the file has a header but no data rows');
  });
});

describe('readTestSet: encodings', () => {
  const rows = [
    ['1', '你好', ['你好'], 2],
    ['2', '好你', ['你好'], 3],
  ];
  it('reads a GB18030 TSV', () => {
    const ni = [0xc4, 0xe3];
    const hao = [0xba, 0xc3];
    const bytes = concatBytes('id\tsource\treference\n1\t', ni, hao, '\t', ni, hao, '\n2\t', hao, ni, '\t', ni, hao, '\n');
    const set = readTestSet({ name: 'gb.tsv', bytes });
    expect(rowsOf(set)).toEqual(rows);
    expect(set.encoding).toBe('gb18030');
    expect(set.detected).toMatchObject({ encoding: 'gb18030', bom: false });
  });

  it('reads UTF-8 with a BOM (the BOM does not leak into the first column name)', () => {
    const set = readTestSet({ name: 'bom.csv', bytes: concatBytes([0xef, 0xbb, 0xbf], 'id,source,reference\n1,你好,你好\n2,好你,你好\n') });
    expect(rowsOf(set)).toEqual(rows);
    expect(set.detected).toMatchObject({ encoding: 'utf-8', bom: true, columns: { id: 'id' } });
  });

  it.each(['le', 'be'] as const)('reads UTF-16%s with a BOM', (endian) => {
    const set = readTestSet({ name: 'u16.tsv', bytes: utf16('id\tsource\treference\r\n1\t你好\t你好\r\n2\t好你\t你好\r\n', endian) });
    expect(rowsOf(set)).toEqual(rows);
    expect(set.encoding).toBe(`utf-16${endian}`);
  });
});
