import { describe, expect, it } from 'vitest';
import { joinPredictions, readPredictions, readSighanTestSet, readTestSet } from '../../../src/core/io/index.ts';
import { concatBytes, issuesOf, singleIssue, utf8 } from './helpers.ts';

const input = (text: string) => utf8('TestInput.txt', text);
const truth = (text: string) => utf8('TestTruth.txt', text);

const INPUT = '(pid=A-1)\t我门去学校。\n(pid=A-2)\t今天天气很好。\n(pid=A-3)\t他门在哪理？\n';
const TRUTH = 'A-1, 2, 们\nA-2, 0\nA-3, 2, 们, 5, 里\n';

describe('readSighanTestSet', () => {
  it('builds references by putting the truth characters at their 1-based positions', () => {
    const set = readSighanTestSet(input(INPUT), truth(TRUTH));
    expect(set.rows).toEqual([
      { id: 'A-1', source: '我门去学校。', references: ['我们去学校。'], line: 1, goldLabels: [[2, '们']] },
      { id: 'A-2', source: '今天天气很好。', references: ['今天天气很好。'], line: 2, goldLabels: [] },
      { id: 'A-3', source: '他门在哪理？', references: ['他们在哪里？'], line: 3, goldLabels: [[2, '们'], [5, '里']] },
    ]);
    expect(set).toMatchObject({ file: 'TestInput.txt', format: 'sighan', encoding: 'utf-8' });
    expect(set.detected).toMatchObject({ format: 'sighan', rowCount: 3, truth: { format: 'sighan-labels', rowCount: 3 } });
  });

  it('accepts truth lines in any order, with trailing spaces, CRLF and no final newline', () => {
    const set = readSighanTestSet(input(INPUT.replace(/\n/g, '\r\n')), truth('A-3, 2, 们, 5, 里\r\nA-2, 0 \r\nA-1,2,们'));
    expect(set.rows.map((r) => r.references[0])).toEqual(['我们去学校。', '今天天气很好。', '他们在哪里？']);
  });

  it('counts positions in code points', () => {
    const set = readSighanTestSet(input('(pid=1)\t\u{20000}我门\n'), truth('1, 3, 们\n'));
    expect(set.rows[0]!.references).toEqual(['\u{20000}我们']);
  });

  it('reads each file in its own encoding', () => {
    // 你好吗 in GB18030 (C4E3 BAC3 C2F0); the truth is UTF-8.
    const gbInput = { name: 'in.txt', bytes: concatBytes('(pid=1)\t', [0xc4, 0xe3, 0xba, 0xc3, 0xc2, 0xf0], '\n') };
    const set = readSighanTestSet(gbInput, truth('1, 2, 们\n'));
    expect(set.rows[0]).toMatchObject({ source: '你好吗', references: ['你们吗'] });
    expect(set.detected).toMatchObject({ encoding: 'gb18030', truth: { encoding: 'utf-8' } });
  });

  it('accepts an edit that puts back the character already there', () => {
    const set = readSighanTestSet(input('(pid=1)\t周末\n'), truth('1, 1, 周\n'));
    expect(set.rows[0]!.references).toEqual(['周末']);
  });

  it('reports malformed truth lines, each with its line', () => {
    const issues = issuesOf(() =>
      readSighanTestSet(
        input('(pid=1)\t我门\n(pid=2)\t我门\n(pid=3)\t我门\n(pid=4)\t我门\n(pid=5)\t我门\n(pid=6)\t我门\n(pid=7)\t我门\n'),
        truth('1\n2, 2\n3, x, 们\n4, 2, 们们\n5, 2, 们, 2, 门\n6, 1, 我, 0, 门\n7, 3, 们\n'),
      ),
    );
    const syntax = 'expected "ID, 0" or "ID, position, character[, position, character…]"';
    expect(issues).toEqual([
      { file: 'TestTruth.txt', line: 1, id: '1', problem: `malformed SIGHAN line: no position after the id; ${syntax}` },
      { file: 'TestTruth.txt', line: 2, id: '2', problem: `malformed SIGHAN line: positions and characters must come in pairs; ${syntax}` },
      { file: 'TestTruth.txt', line: 3, id: '3', problem: `malformed SIGHAN line: position "x" is not a number; ${syntax}` },
      { file: 'TestTruth.txt', line: 4, id: '4', problem: 'malformed SIGHAN line: "们们" at position 2 is not a single character' },
      { file: 'TestTruth.txt', line: 5, id: '5', problem: 'malformed SIGHAN line: position 2 is given twice' },
      { file: 'TestTruth.txt', line: 6, id: '6', problem: 'malformed SIGHAN line: position 0 means "no error" and must stand alone, as "ID, 0"' },
      { file: 'TestInput.txt', line: 1, id: '1', problem: 'id "1" has no line in the truth file TestTruth.txt' },
      { file: 'TestInput.txt', line: 2, id: '2', problem: 'id "2" has no line in the truth file TestTruth.txt' },
      { file: 'TestInput.txt', line: 3, id: '3', problem: 'id "3" has no line in the truth file TestTruth.txt' },
      { file: 'TestInput.txt', line: 4, id: '4', problem: 'id "4" has no line in the truth file TestTruth.txt' },
      { file: 'TestInput.txt', line: 5, id: '5', problem: 'id "5" has no line in the truth file TestTruth.txt' },
      { file: 'TestInput.txt', line: 6, id: '6', problem: 'id "6" has no line in the truth file TestTruth.txt' },
      { file: 'TestTruth.txt', line: 7, id: '7', problem: 'position 3 is out of range: the sentence has 2 characters' },
    ]);
  });

  it('reports malformed input lines, duplicates and ids missing on either side', () => {
    const issues = issuesOf(() =>
      readSighanTestSet(input('(pid=1)\t我门\npid=2\t我门\n(pid=1)\t他门\n(pid=3)\t\n'), truth('1, 2, 们\n1, 0\n9, 0\n')),
    );
    expect(issues).toEqual([
      { file: 'TestInput.txt', line: 2, problem: 'malformed SIGHAN input line: expected "(pid=ID)<TAB>sentence"' },
      { file: 'TestTruth.txt', line: 2, id: '1', problem: 'duplicate id "1": also on line 1' },
      { file: 'TestInput.txt', line: 3, id: '1', problem: 'duplicate id "1": also on line 1' },
      { file: 'TestInput.txt', line: 4, id: '3', problem: 'empty source' },
      { file: 'TestTruth.txt', line: 3, id: '9', problem: 'id "9" is not in the input file TestInput.txt' },
    ]);
  });

  it('is what readTestSet points to for SIGHAN files', () => {
    expect(singleIssue(() => readTestSet(input(INPUT))).problem).toMatch(/needs both files/);
  });
});

describe('SIGHAN predictions', () => {
  const testSet = () => readSighanTestSet(input(INPUT), truth(TRUTH));

  it('rebuilds prediction text from a SIGHAN result file and the test set', () => {
    const preds = readPredictions(utf8('result.txt', 'A-1, 2, 们\nA-2, 3, 田\nA-3, 0\n'), {}, testSet());
    expect(preds.format).toBe('sighan-labels');
    expect(preds.rows).toEqual([
      { id: 'A-1', prediction: '我们去学校。', line: 1 },
      { id: 'A-2', prediction: '今天田气很好。', line: 2 },
      { id: 'A-3', prediction: '他门在哪理？', line: 3 },
    ]);
  });

  it('needs the test set for SIGHAN labels', () => {
    expect(singleIssue(() => readPredictions(utf8('result.txt', 'A-1, 0\n'))).problem).toMatch(/need the test set/);
  });

  it('reports result lines that do not fit the test set', () => {
    const issues = issuesOf(() => readPredictions(utf8('result.txt', 'A-1, 9, 们\nZ-9, 0\nA-2, 0\nA-2, 0\n'), { format: 'sighan-labels' }, testSet()));
    expect(issues).toEqual([
      { file: 'result.txt', line: 1, id: 'A-1', problem: 'position 9 is out of range: the sentence has 6 characters' },
      { file: 'result.txt', line: 2, id: 'Z-9', problem: 'id "Z-9" is not in the test set TestInput.txt' },
      { file: 'result.txt', line: 4, id: 'A-2', problem: 'duplicate id "A-2": also on line 3' },
    ]);
  });

  it('reads predictions written in the SIGHAN input format', () => {
    const preds = readPredictions(utf8('out.txt', '(pid=A-1)\t我们去学校。\n(pid=A-2)\t今天天气很好。\n'));
    expect(preds.format).toBe('sighan-input');
    expect(preds.rows).toEqual([
      { id: 'A-1', prediction: '我们去学校。', line: 1 },
      { id: 'A-2', prediction: '今天天气很好。', line: 2 },
    ]);
    expect(issuesOf(() => readPredictions(utf8('out.txt', '(pid=A-1)\t\n')))[0]!.problem).toMatch(/^empty prediction/);
  });

  it('joins SIGHAN predictions by id', () => {
    const set = testSet();
    const items = joinPredictions(set, readPredictions(utf8('result.txt', 'A-3, 2, 们, 5, 里\nA-2, 0\nA-1, 0\n'), {}, set));
    expect(items.map((i) => i.prediction)).toEqual(['我门去学校。', '今天天气很好。', '他们在哪里？']);
  });
});

describe('SIGHAN truth labels travel with the items', () => {
  it('keeps a label that puts back the source’s own character, so label-based profiles see it', () => {
    // Traditional→simplified conversion can leave such labels (週→周 on a source that already has 周).
    const set = readSighanTestSet(input('(pid=1)\t周末见。\n'), truth('1, 1, 周\n'));
    expect(set.rows[0]).toMatchObject({ references: ['周末见。'], goldLabels: [[1, '周']] });
    const items = joinPredictions(set, readPredictions(utf8('p.tsv', 'id\tprediction\n1\t周末见。\n')));
    expect(items[0]!.goldLabels).toEqual([[1, '周']]);
  });
});
