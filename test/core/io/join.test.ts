import { describe, expect, it } from 'vitest';
import { isIdSummaryIssue, joinPredictions, readPredictions, readTestSet } from '../../../src/core/io/index.ts';
import { issuesOf, utf8 } from './helpers.ts';

const testSet = () => readTestSet(utf8('test.tsv', 'id\tsource\treference\na\t我门\t我们\nb\t他门\t他们\nc\t好\t好\n'));
const preds = (text: string) => readPredictions(utf8('pred.tsv', 'id\tprediction\n' + text));

describe('joinPredictions', () => {
  it('matches by id and returns items in test-set order', () => {
    const items = joinPredictions(testSet(), preds('c\t好\na\t我们\nb\t他门\n'));
    expect([...items]).toEqual([
      { id: 'a', source: '我门', references: ['我们'], prediction: '我们' },
      { id: 'b', source: '他门', references: ['他们'], prediction: '他门' },
      { id: 'c', source: '好', references: ['好'], prediction: '好' },
    ]);
    expect(items.matchedBy).toBe('id');
    expect(items.idMismatches).toBe(0);
  });

  it('reports ids missing from the predictions and ids not in the test set, all together', () => {
    const issues = issuesOf(() => joinPredictions(testSet(), preds('a\t我们\nx\t甲\ny\t乙\n')));
    expect(issues).toEqual([
      {
        file: 'pred.tsv',
        line: null,
        problem: '1 of 3 ids match: most ids are not in the test set; check that these files belong together (e.g. line 3: "x" where the test has "b"; line 4: "y" where the test has "c")',
        idSummary: {
          matched: 1,
          total: 3,
          cause: 'unrelated',
          examples: [
            { line: 3, testId: 'b', predictionId: 'x' },
            { line: 4, testId: 'c', predictionId: 'y' },
          ],
        },
      },
      { file: 'pred.tsv', line: null, id: 'b', problem: 'no prediction for id "b" (test.tsv line 3)' },
      { file: 'pred.tsv', line: null, id: 'c', problem: 'no prediction for id "c" (test.tsv line 4)' },
      { file: 'pred.tsv', line: 3, id: 'x', problem: 'id "x" is not in the test set test.tsv' },
      { file: 'pred.tsv', line: 4, id: 'y', problem: 'id "y" is not in the test set test.tsv' },
    ]);
  });

  it('never matches by line order unless asked, even when counts agree', () => {
    const issues = issuesOf(() => joinPredictions(testSet(), preds('1\t我们\n2\t他门\n3\t好\n')));
    expect(issues).toHaveLength(7);
    expect(issues[0]!.problem).toMatch(/^0 of 3 ids match: the ids look like line numbers \(counted from 1\); try --match-by-line-order/);
    expect(isIdSummaryIssue(issues[0]!)).toBe(true);
    expect(issues.slice(1).some(isIdSummaryIssue)).toBe(false);
  });

  it('matches by line order on request, ignoring ids and recording that', () => {
    const items = joinPredictions(testSet(), preds('1\t我们\n2\t他门\nc\t好\n'), { matchByLineOrder: true });
    expect(items.map((i) => [i.id, i.prediction])).toEqual([
      ['a', '我们'],
      ['b', '他门'],
      ['c', '好'],
    ]);
    expect(items.matchedBy).toBe('line-order');
    expect(items.idMismatches).toBe(2);
    // Ids 1 and 2 are line numbers; c is right: 2 of 3 lines disagree, so the join says so.
    expect(items.idSummary).toMatchObject({ matched: 1, total: 3, cause: 'unrelated' });
    expect(items.warnings).toEqual([
      'pred.tsv: the ids differ from the test set\'s on 2 of 3 lines (e.g. line 2: "1" where the test has "a"; line 3: "2" where the test has "b"); paired by line as asked: check that both files are in the same order',
    ]);
    // The same warning, coded for the page.
    expect(items.codedWarnings).toEqual([
      {
        code: 'input.line-order-ids',
        params: { file: 'pred.tsv', mismatches: 2, total: 3, cause: 'other', examples: 2, line1: 2, prediction1: '1', test1: 'a', line2: 3, prediction2: '2', test2: 'b' },
        message: items.warnings[0],
      },
    ]);
  });

  it('requires equal row counts for line order', () => {
    const issues = issuesOf(() => joinPredictions(testSet(), preds('1\t我们\n2\t他门\n'), { matchByLineOrder: true }));
    expect(issues).toEqual([
      {
        file: 'pred.tsv',
        line: null,
        problem: 'matching by line order needs as many predictions as test rows: the test set has 3, the predictions have 2',
      },
    ]);
  });

  it('rejects duplicate ids in hand-built predictions', () => {
    const p = { file: 'p', format: 'tsv', encoding: 'utf-8', rows: ['a', 'b', 'c', 'a'].map((id, i) => ({ id, prediction: '甲', line: i + 1 })) };
    expect(issuesOf(() => joinPredictions(testSet(), p))).toEqual([{ file: 'p', line: 4, id: 'a', problem: 'duplicate id "a": also on line 1' }]);
  });
});
