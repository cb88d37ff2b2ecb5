import { describe, expect } from 'vitest';
import { isIdSummaryIssue, joinPredictions, type JoinedItems } from '../../../../src/core/io/index.ts';
import { InputError } from '../../../../src/core/types.ts';
import { concatBytes, gb18030, predictions, smallTestSet, testSet, utf16 } from './fixtures.ts';
import { runCases, type HostileCase } from './table.ts';

const H = 'id\tsource\treference\n';
const P = 'id\tprediction\n';

/** A test set of n rows with ids made by `id`, and predictions numbered by `predId`, both in the same order. */
function mismatched(n: number, id: (i: number) => string, predId: (i: number) => string) {
  const set = testSet('test.tsv', H + Array.from({ length: n }, (_, i) => `${id(i)}\t我门\t我们\n`).join(''));
  return joinPredictions(set, predictions('pred.tsv', P + Array.from({ length: n }, (_, i) => `${predId(i)}\t我们\n`).join('')));
}

const pad = (i: number) => String(i + 1).padStart(4, '0');

const cases: HostileCase[] = [
  // Ids beyond 2^53 are text and stay exact; JSON numbers that lost digits are refused.
  { name: 'TSV id above 2^53 stays exact', read: () => testSet('t.tsv', H + '12345678901234567890123\t我门\t我们\n'), rows: [['12345678901234567890123', '我门', '我们']] },
  {
    name: 'JSON string id above 2^53 stays exact',
    read: () => testSet('t.json', '[{"id": "9007199254740993", "source": "我门", "reference": "我们"}]'),
    rows: [['9007199254740993', '我门', '我们']],
  },
  {
    name: 'JSON numeric id above 2^53 is refused, not rounded',
    read: () => testSet('t.json', '[{"id": 12345678901234567890, "source": "我门", "reference": "我们"}]'),
    issues: [['t.json', 1, 'the id ("id") is the JSON number 12345678901234567000, which cannot be kept exactly (beyond 2^53 or not a whole number); write ids as strings']],
  },
  {
    name: 'JSON Lines numeric id 2^53 + 1 is refused (JSON.parse made it 2^53)',
    read: () => predictions('p.jsonl', '{"id": 9007199254740993, "prediction": "我们"}\n'),
    issues: [['p.jsonl', 1, 'the JSON number 9007199254740992, which cannot be kept exactly']],
  },
  { name: 'JSON numeric id within 2^53 is read as its digits', read: () => predictions('p.jsonl', '{"id": 9007199254740991, "prediction": "我们"}\n'), rows: [['9007199254740991', '我们']] },
  { name: 'JSON non-integer numeric id is refused', read: () => predictions('p.jsonl', '{"id": 1.10, "prediction": "我们"}\n'), issues: [['p.jsonl', 1, 'the JSON number 1.1, which cannot be kept exactly']] },

  // Duplicate, untidy, missing and extra ids.
  { name: 'duplicate ids in the test set', read: () => testSet('t.tsv', H + 'a\t我门\t我们\na\t他门\t他们\n'), issues: [['t.tsv', 3, 'duplicate id "a": also on line 2']] },
  { name: 'duplicate ids in predictions', read: () => predictions('p.tsv', P + 'a\t我们\nb\t他们\na\t我门\n'), issues: [['p.tsv', 4, 'duplicate id "a": also on line 2']] },
  { name: 'id with surrounding whitespace', read: () => testSet('t.tsv', H + ' a\t我门\t我们\n'), issues: [['t.tsv', 2, 'the id " a" has leading or trailing whitespace']] },
  {
    name: 'an id missing from the predictions',
    read: () => joinPredictions(smallTestSet(), predictions('pred.tsv', P + 'a\t我们\nb\t他们\n')),
    issues: [['pred.tsv', null, 'no prediction for id "c" (test.tsv line 4)']],
  },
  {
    name: 'an id the test set does not have',
    read: () => joinPredictions(smallTestSet(), predictions('pred.tsv', P + 'a\t我们\nb\t他们\nc\t好\nd\t好\n')),
    issues: [['pred.tsv', 5, 'id "d" is not in the test set test.tsv']],
  },

  // Mass mismatches: one summary line with the likely cause leads the capped per-row list.
  {
    name: '1100 ids numbered by line from 1: one summary line, then the capped list',
    read: () => mismatched(1100, (i) => `A2-${pad(i)}-1`, (i) => String(i + 1)),
    // 1100 missing + 1100 extra = 2200 row problems: 49 shown after the summary, then one line for the other 2151.
    issues: [
      ['pred.tsv', null, '0 of 1100 ids match: the ids look like line numbers (counted from 1); try --match-by-line-order (e.g. line 2: "1" where the test has "A2-0001-1";'],
      ['pred.tsv', null, 'no prediction for id "A2-0001-1" (test.tsv line 2)'],
    ],
    issueCount: 51,
    check: (err: InputError) => {
      expect(err.issues[50]!.problem).toBe('2151 more problems not shown');
      expect(isIdSummaryIssue(err.issues[0]!) && err.issues[0].idSummary).toEqual({
        matched: 0,
        total: 1100,
        cause: 'line-numbers-1',
        examples: [
          { line: 2, testId: 'A2-0001-1', predictionId: '1' },
          { line: 3, testId: 'A2-0002-1', predictionId: '2' },
          { line: 4, testId: 'A2-0003-1', predictionId: '3' },
        ],
      });
    },
  },
  {
    name: 'ids numbered by line from 0',
    read: () => mismatched(20, (i) => `s${pad(i)}`, (i) => String(i)),
    issues: [['pred.tsv', null, '0 of 20 ids match: the ids look like line numbers (counted from 0); try --match-by-line-order']],
    issueCount: 41,
  },
  {
    name: 'the same numbers with another prefix and zero padding',
    // test_00101 … test_00120 against 101 … 120.
    read: () => mismatched(20, (i) => `test_${String(i + 101).padStart(5, '0')}`, (i) => String(i + 101)),
    issues: [['pred.tsv', null, '0 of 20 ids match: the ids hold the same numbers in another form (prefix, case or zero padding)']],
    issueCount: 41,
  },
  {
    name: 'a prediction file covering a fifth of the test set',
    read: () => {
      const set = testSet('test.tsv', H + Array.from({ length: 10 }, (_, i) => `t${i}\t我门\t我们\n`).join(''));
      return joinPredictions(set, predictions('pred.tsv', P + 't0\t我们\nt1\t我们\n'));
    },
    issues: [['pred.tsv', null, '2 of 10 ids match: the prediction file covers only part of the test set']],
    issueCount: 9,
  },

  // Matching by line order on request: a warning when the ids say the order is wrong.
  {
    name: 'line order with the test ids shuffled: paired, with a warning and examples',
    read: () => joinPredictions(smallTestSet(), predictions('pred.tsv', P + 'c\t好\na\t我们\nb\t他们\n'), { matchByLineOrder: true }),
    rows: [
      ['a', '好'],
      ['b', '我们'],
      ['c', '他们'],
    ],
    check: (items: JoinedItems) => {
      expect(items.idMismatches).toBe(3);
      expect(items.warnings).toEqual([
        'pred.tsv: the ids differ from the test set\'s on 3 of 3 lines (e.g. line 2: "c" where the test has "a"; line 3: "a" where the test has "b"; line 4: "b" where the test has "c"); they are the test set\'s ids in another order, so pairing by line most likely scores the wrong sentences: match by id instead',
      ]);
    },
  },
  {
    name: 'line order with line-number ids: paired, with a calm note',
    read: () => joinPredictions(smallTestSet(), predictions('pred.tsv', P + '1\t我们\n2\t他们\n3\t好\n'), { matchByLineOrder: true }),
    rows: [
      ['a', '我们'],
      ['b', '他们'],
      ['c', '好'],
    ],
    check: (items: JoinedItems) => {
      expect(items.idSummary!.cause).toBe('line-numbers-1');
      expect(items.warnings[0]).toMatch(/on 3 of 3 lines .*; they look like line numbers; paired by line as asked$/);
    },
  },
  {
    name: 'line order with matching ids: no warning',
    read: () => joinPredictions(smallTestSet(), predictions('pred.tsv', P + 'a\t我们\nb\t他们\nc\t好\n'), { matchByLineOrder: true }),
    check: (items: JoinedItems) => expect([items.idMismatches, items.idSummary, items.warnings]).toEqual([0, null, []]),
  },

  // Many systems at once: each file read and joined on its own; one bad file names only itself.
  {
    name: '20 systems at once in mixed formats and encodings, one with a missing id',
    read: () => {
      const set = smallTestSet();
      const body = [
        ['a', '我们'],
        ['b', '他们'],
        ['c', '好'],
      ];
      const results = Array.from({ length: 20 }, (_, k) => {
        const rows = k === 13 ? body.slice(0, 2) : body;
        const tsv = P + rows.map((r) => r.join('\t')).join('\n') + '\n';
        const files: [string, string | Uint8Array][] = [
          [`sys${k}.tsv`, tsv],
          [`sys${k}.csv`, 'id,prediction\n' + rows.map((r) => r.join(',')).join('\n')],
          [`sys${k}.jsonl`, rows.map(([id, prediction]) => JSON.stringify({ id, prediction })).join('\n')],
          [`sys${k}.json`, JSON.stringify(rows.map(([id, prediction]) => ({ id, prediction })))],
          [`sys${k}.tsv`, gb18030(tsv)],
          [`sys${k}.tsv`, utf16(tsv, 'le')],
          [`sys${k}.tsv`, concatBytes([0xef, 0xbb, 0xbf], tsv)],
        ];
        const [name, content] = files[k % files.length]!;
        try {
          return joinPredictions(set, predictions(name, content)).map((i) => i.prediction).join('|');
        } catch (err) {
          return (err as InputError).issues;
        }
      });
      return results;
    },
    check: (results: unknown[]) => {
      results.forEach((r, k) => {
        if (k === 13) {
          expect(r).toEqual([
            { file: 'sys13.tsv', line: null, id: 'c', problem: 'no prediction for id "c" (test.tsv line 4)', code: 'input.no-prediction', params: { id: 'c', file: 'test.tsv', line: 4 } },
          ]);
        }
        else expect(r, `system ${k}`).toBe('我们|他们|好');
      });
    },
  },
];

describe('hostile input: ids', () => runCases(cases));
