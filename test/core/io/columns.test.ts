import { describe, expect, it } from 'vitest';
import { readPredictions, readTestSet } from '../../../src/core/io/index.ts';
import { singleIssue, utf8 } from './helpers.ts';

const tsv = (header: string, ...rows: string[]) => [header, ...rows].join('\n') + '\n';

describe('column mapping by name', () => {
  it.each([
    ['ID\tSRC\tTGT', { id: 'ID', source: 'SRC', references: ['TGT'] }],
    ['pid\toriginal\tcorrect', { id: 'pid', source: 'original', references: ['correct'] }],
    ['sid\tinput\tgold', { id: 'sid', source: 'input', references: ['gold'] }],
    [' Id \t Source \t Correction ', { id: ' Id ', source: ' Source ', references: [' Correction '] }],
    ['id\ttext\ttarget', { id: 'id', source: 'text', references: ['target'] }],
  ])('maps header %j case-insensitively', (header, columns) => {
    const set = readTestSet(utf8('t.tsv', tsv(header, '1\t我门\t我们')));
    expect(set.detected?.columns).toEqual(columns);
    expect(set.rows[0]).toMatchObject({ id: '1', source: '我门', references: ['我们'] });
  });

  it('reads several reference columns in file order', () => {
    const set = readTestSet(utf8('t.csv', 'id,source,reference,reference2\n1,他门,他们,它们\n'));
    expect(set.rows[0]!.references).toEqual(['他们', '它们']);
    expect(set.detected?.columns?.references).toEqual(['reference', 'reference2']);
  });

  it('reads numbered tgt1, tgt2 columns', () => {
    const set = readTestSet(utf8('t.tsv', tsv('id\tsrc\ttgt1\ttgt2', '1\t他门\t他们\t它们')));
    expect(set.rows[0]!.references).toEqual(['他们', '它们']);
  });

  it('lets a later reference column be empty (that row has fewer references)', () => {
    const set = readTestSet(utf8('t.tsv', tsv('id\tsrc\tref_1\tref_2', '1\t他门\t他们\t它们', '2\t我门\t我们\t')));
    expect(set.rows.map((r) => r.references)).toEqual([['他们', '它们'], ['我们']]);
  });

  it('rejects an empty first reference even when a later one is filled', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.tsv', tsv('id\tsrc\tref1\tref2', '1\t他门\t\t它们'))));
    expect(issue).toEqual({ file: 't.tsv', line: 2, id: '1', problem: 'empty reference' });
  });

  it('prefers a real source name over "text"', () => {
    const set = readTestSet(utf8('t.tsv', tsv('id\ttext\tsource\treference', '1\t注释\t我门\t我们')));
    expect(set.detected).toMatchObject({ columns: { source: 'source' }, ignoredColumns: ['text'] });
    expect(set.rows[0]!.source).toBe('我门');
  });

  it('reports unused columns', () => {
    const set = readTestSet(utf8('t.csv', 'note,id,source,reference,prediction\nx,1,甲,乙,丙\n'));
    expect(set.detected?.ignoredColumns).toEqual(['note', 'prediction']);
  });

  it('maps prediction columns', () => {
    for (const name of ['prediction', 'Pred', 'predict', 'output', 'hypothesis', 'HYP']) {
      const preds = readPredictions(utf8('p.tsv', tsv(`id\t${name}`, '1\t我们')));
      expect(preds.rows).toEqual([{ id: '1', prediction: '我们', line: 2 }]);
      expect(preds.detected?.columns).toEqual({ id: 'id', prediction: name });
    }
  });

  it('ignores test-set columns in a predictions file', () => {
    const preds = readPredictions(utf8('p.tsv', tsv('id\tsource\treference\tprediction', '1\t我门\t我们\t我们')));
    expect(preds.detected).toMatchObject({ columns: { id: 'id', prediction: 'prediction' }, ignoredColumns: ['source', 'reference'] });
  });

  it('reads headerless predictions as id, prediction', () => {
    const preds = readPredictions(utf8('p.tsv', '1\t我们\n2\t你好\n'));
    expect(preds.rows.map((r) => [r.id, r.prediction, r.line])).toEqual([
      ['1', '我们', 1],
      ['2', '你好', 2],
    ]);
    expect(preds.detected).toMatchObject({ header: false, columns: { id: 'column 1', prediction: 'column 2' } });
  });
});

describe('column overrides', () => {
  it('chooses columns by name, case-insensitively', () => {
    const set = readTestSet(utf8('t.csv', 'key,wrong,right,right_too\n1,他门,他们,它们\n'), {
      columns: { id: 'KEY', source: 'wrong', references: ['right', 'right_too'] },
    });
    expect(set.rows[0]).toMatchObject({ id: '1', source: '他门', references: ['他们', '它们'] });
    expect(set.detected?.columns).toEqual({ id: 'key', source: 'wrong', references: ['right', 'right_too'] });
  });

  it('resolves an ambiguity the user settles', () => {
    const set = readTestSet(utf8('t.tsv', tsv('id\tsource\tsrc\treference', '1\t甲\t乙\t丙')), { columns: { source: 'src' } });
    expect(set.rows[0]!.source).toBe('乙');
    expect(set.detected?.ignoredColumns).toEqual(['source']);
  });

  it('chooses the prediction column of a system file written like a test set', () => {
    const preds = readPredictions(utf8('p.tsv', tsv('id\tsource\ttarget', '1\t我门\t我们')), { columns: { prediction: 'target' } });
    expect(preds.rows[0]!.prediction).toBe('我们');
  });

  it('rejects an override naming a missing column, listing the columns', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.tsv', tsv('id\tsource\treference', '1\t甲\t乙')), { columns: { source: 'sentence' } }));
    expect(issue).toEqual({
      file: 't.tsv',
      line: 1,
      problem: 'the source column "sentence" is not in the file (columns found: "id", "source", "reference")',
    });
  });

  it('rejects using one column for two fields', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.tsv', tsv('id\tsource\treference', '1\t甲\t乙')), { columns: { references: ['source'] } }));
    expect(issue.problem).toMatch(/^column "source" cannot be both the source and the reference/);
  });

  it('rejects a name override on a headerless file', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.para', '1\t甲\t乙\n'), { columns: { id: 'id' } }));
    expect(issue.problem).toBe('columns can only be chosen by name when the file has a header row');
  });
});

describe('ambiguous or unknown headers', () => {
  it('refuses two source columns, naming them and the override', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.tsv', tsv('id\tsource\tsrc\treference', '1\t甲\t乙\t丙'))));
    expect(issue).toEqual({
      file: 't.tsv',
      line: 1,
      problem:
        'cannot tell which column is the source: "source", "src" both look like it; choose one: --columns source=<column name> in the CLI, or the column choice in the import panel (columns found: "id", "source", "src", "reference")',
    });
  });

  it('refuses two id columns', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.csv', 'id,pid,source,reference\n1,2,甲,乙\n')));
    expect(issue.problem).toMatch(/^cannot tell which column is the id: "id", "pid"/);
  });

  it('refuses a header without a needed column', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.csv', 'id,source,note\n1,甲,乙\n')));
    expect(issue.problem).toMatch(/^no reference column; name the columns id, source and reference/);
    expect(issue.problem).toMatch(/columns found: "id", "source", "note"/);
    const pred = singleIssue(() => readPredictions(utf8('p.csv', 'id,target\n1,甲\n')));
    expect(pred.problem).toMatch(/^no prediction column; .*--pred-columns id=…,prediction=… in the CLI, or the column choices in the import panel.*columns found: "id", "target"/);
    expect(pred.problem).not.toMatch(/[{}]/); // no library options
  });

  it('refuses a CSV whose first row is not a header, naming --test-header no', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.csv', '1,我门,我们\n')));
    expect(issue.line).toBe(1);
    expect(issue.problem).toMatch(/^no recognisable header \(first row: "1", "我门", "我们"\);.*--test-header no in the CLI, "First row is a header: no" in the import panel/);
    expect(issue.problem).not.toMatch(/[{}]/);
  });

  it('reads a headerless CSV when told so', () => {
    const set = readTestSet(utf8('t.csv', '1,我门,我们,我们俩\n'), { header: false });
    expect(set.rows[0]).toMatchObject({ id: '1', source: '我门', references: ['我们', '我们俩'] });
  });

  it('refuses a header-like first row with no known name instead of reading it as data', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.tsv', tsv('key\twrong\tright', '1\t甲\t乙'))));
    expect(issue.problem).toMatch(/^the first row looks like a header, but no column name is recognised \(first row: "key", "wrong", "right"\); name the columns: --columns id=key,source=wrong,reference=right in the CLI/);
  });

  it('lets header: true force a header', () => {
    const set = readTestSet(utf8('t.tsv', tsv('键\t错\t对', '1\t甲\t乙')), { header: true, columns: { id: '键', source: '错', references: ['对'] } });
    expect(set.rows).toHaveLength(1);
  });
});
