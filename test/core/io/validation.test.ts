import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_ISSUES, readPredictions, readTestSet } from '../../../src/core/io/index.ts';
import { formatIssue } from '../../../src/core/types.ts';
import { issuesOf, singleIssue, utf8 } from './helpers.ts';

const testTsv = (...rows: string[]) => utf8('test.tsv', ['id\tsource\treference', ...rows].join('\n') + '\n');
const predTsv = (...rows: string[]) => utf8('pred.tsv', ['id\tprediction', ...rows].join('\n') + '\n');

describe('validation of test sets', () => {
  it('names both lines of a duplicate id', () => {
    const issue = singleIssue(() => readTestSet(testTsv('a\t甲\t乙', 'b\t丙\t丁', 'a\t戊\t己')));
    expect(issue).toEqual({ file: 'test.tsv', line: 4, id: 'a', problem: 'duplicate id "a": also on line 2' });
    expect(formatIssue(issue)).toBe('test.tsv:4 (id a): duplicate id "a": also on line 2');
  });

  it('names records for duplicates in a JSON array', () => {
    const json = JSON.stringify([1, 2, 1].map((id) => ({ id, source: '甲', reference: '乙' })));
    expect(singleIssue(() => readTestSet(utf8('t.json', json))).problem).toBe('duplicate id "1": also on record 1');
  });

  it('rejects empty and whitespace-only texts', () => {
    const issues = issuesOf(() => readTestSet(testTsv('a\t\t乙', 'b\t甲\t', 'c\t \t乙', 'd\t甲\t\u3000')));
    expect(issues).toEqual([
      { file: 'test.tsv', line: 2, id: 'a', problem: 'empty source' },
      { file: 'test.tsv', line: 3, id: 'b', problem: 'empty reference' },
      { file: 'test.tsv', line: 4, id: 'c', problem: 'the source is only whitespace' },
      { file: 'test.tsv', line: 5, id: 'd', problem: 'the reference is only whitespace' },
    ]);
  });

  it('keeps leading and trailing spaces in texts (the ideographic space is real text)', () => {
    const set = readTestSet(testTsv('a\t\u3000甲 \t\u3000乙 '));
    expect(set.rows[0]).toMatchObject({ source: '\u3000甲 ', references: ['\u3000乙 '] });
  });

  it('rejects C0, DEL and C1 control characters, naming the code point and position', () => {
    const issues = issuesOf(() => readTestSet(testTsv('a\t甲\u0007乙\t甲乙', 'b\t甲乙\t甲\u0085乙\u0085', 'c\t\u007f\t甲')));
    expect(issues).toEqual([
      { file: 'test.tsv', line: 2, id: 'a', problem: 'the source contains a control character U+0007 at character 2' },
      { file: 'test.tsv', line: 3, id: 'b', problem: 'the reference contains a control character U+0085 at character 2 (and 1 more)' },
      { file: 'test.tsv', line: 4, id: 'c', problem: 'the source contains a control character U+007F at character 1' },
    ]);
  });

  it('rejects a TAB inside a quoted CSV field', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.csv', 'id,source,reference\n1,"甲\t乙",甲乙\n')));
    expect(issue.problem).toBe('the source contains a control character U+0009 at character 2');
  });

  it('counts positions in code points, not UTF-16 units', () => {
    const issue = singleIssue(() => readTestSet(testTsv('a\t\u{20000}\u{20001}\u0001\t甲')));
    expect(issue.problem).toBe('the source contains a control character U+0001 at character 3');
  });

  it('rejects unpaired surrogates from JSON escapes', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.jsonl', '{"id":"1","source":"甲\\ud800","reference":"甲"}\n')));
    expect(issue.problem).toBe('the source contains an unpaired surrogate U+D800 at character 2');
  });

  it('rejects bad ids', () => {
    const issues = issuesOf(() => readTestSet(testTsv('\t甲\t乙', ' a\t甲\t乙', 'b\u0001\t甲\t乙')));
    expect(issues).toEqual([
      { file: 'test.tsv', line: 2, problem: 'empty id' },
      { file: 'test.tsv', line: 3, problem: 'the id " a" has leading or trailing whitespace' },
      { file: 'test.tsv', line: 4, problem: 'the id contains a control character U+0001 at character 2' },
    ]);
  });

  it('rejects rows with the wrong number of columns', () => {
    const issues = issuesOf(() => readTestSet(testTsv('a\t甲', 'b\t甲\t乙\t丙', 'c\t甲\t乙')));
    expect(issues).toEqual([
      { file: 'test.tsv', line: 2, problem: 'wrong number of columns: 2 columns, but the header has 3' },
      { file: 'test.tsv', line: 3, problem: 'wrong number of columns: 4 columns, but the header has 3' },
    ]);
  });

  it('requires at least three columns in a headerless test set', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.para', '1\t甲\t乙\n2\t甲\n')));
    expect(issue).toEqual({ file: 't.para', line: 2, problem: 'wrong number of columns: 2 columns; expected at least 3 (id, source, reference…)' });
  });

  it('rejects a whitespace-only line instead of skipping it', () => {
    const issue = singleIssue(() => readTestSet(testTsv('a\t甲\t乙', '  ')));
    expect(issue).toEqual({ file: 'test.tsv', line: 3, problem: 'wrong number of columns: 1 column, but the header has 3' });
  });

  it('rejects an empty reference in a para extra column', () => {
    const issue = singleIssue(() => readTestSet(utf8('t.para', '1\t甲\t乙\t\n')));
    expect(issue).toEqual({ file: 't.para', line: 1, id: '1', problem: 'empty reference' });
  });

  it('rejects non-string JSON texts and empty reference lists', () => {
    const json = JSON.stringify([
      { id: '1', source: null, references: ['乙'] },
      { id: '2', source: '甲', references: [] },
      { id: true, source: '甲', references: '乙' },
    ]);
    const issues = issuesOf(() => readTestSet(utf8('t.json', json)));
    expect(issues).toEqual([
      { file: 't.json', line: 1, id: '1', problem: 'the source ("source") is null, not a string' },
      { file: 't.json', line: 2, id: '2', problem: 'the reference list ("references") is empty' },
      { file: 't.json', line: 3, problem: 'the id ("id") is a boolean, not a string' },
    ]);
  });

  it('collects every problem, capped with a count of the rest', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `r${i}\t\t乙`);
    const issues = issuesOf(() => readTestSet(testTsv(...rows)));
    expect(issues).toHaveLength(MAX_REPORTED_ISSUES + 1);
    expect(issues[49]).toEqual({ file: 'test.tsv', line: 51, id: 'r49', problem: 'empty source' });
    expect(issues[50]).toEqual({ file: 'test.tsv', line: null, problem: '10 more problems not shown' });
  });

  it('does not treat unequal source and reference lengths as an error', () => {
    expect(readTestSet(testTsv('a\t甲乙\t甲乙丙')).rows).toHaveLength(1);
  });
});

describe('validation of predictions', () => {
  it('rejects an empty prediction, saying what to write instead', () => {
    const issue = singleIssue(() => readPredictions(predTsv('a\t甲', 'b\t')));
    expect(issue).toEqual({
      file: 'pred.tsv',
      line: 3,
      id: 'b',
      problem: 'empty prediction: every row needs output text (a system that changes nothing should output the source)',
    });
  });

  it('rejects whitespace-only predictions, control characters and duplicates together', () => {
    const issues = issuesOf(() => readPredictions(predTsv('a\t  ', 'b\t甲\u001b', 'c\t甲', 'c\t乙')));
    expect(issues).toEqual([
      { file: 'pred.tsv', line: 2, id: 'a', problem: 'the prediction is only whitespace' },
      { file: 'pred.tsv', line: 3, id: 'b', problem: 'the prediction contains a control character U+001B at character 2' },
      { file: 'pred.tsv', line: 5, id: 'c', problem: 'duplicate id "c": also on line 4' },
    ]);
  });

  it('requires exactly two columns in headerless predictions', () => {
    const issue = singleIssue(() => readPredictions(utf8('p.tsv', '1\t甲\n2\t甲\t乙\n')));
    expect(issue).toEqual({ file: 'p.tsv', line: 2, problem: 'wrong number of columns: 3 columns; expected 2 (id, prediction)' });
  });
});
