import { describe, expect, test } from 'vitest';
import { guessRole, headerNames, systemNameFor, validateStaged } from '../../../src/workers/import/import-files.ts';
import { staged } from '../../db/helpers.ts';
import { CONSTRUCTED_ROWS, constructedPredictions, constructedSighanPair } from '../../fixtures/constructed.ts';
import { SAMPLE_ROWS, sampleFiles } from '../../../src/sample/sample.ts';
import { charLength } from '../../../src/core/text.ts';

const enc = new TextEncoder();
const TEST = 'id\tsource\treference\na1\t我很高心。\t我很高兴。\na2\t天气很好。\t天气很好。\n';
const PRED = 'id\tprediction\na1\t我很高兴。\na2\t天气很好。\n';

describe('guessRole', () => {
  test('reads header names, SIGHAN files and headerless widths', () => {
    expect(guessRole('test.tsv', enc.encode(TEST))).toBe('test');
    expect(guessRole('sys.tsv', enc.encode(PRED))).toBe('predictions');
    expect(guessRole('sys.json', enc.encode('[{"id":"a1","prediction":"x"}]'))).toBe('predictions');
    expect(guessRole('gold.jsonl', enc.encode('{"id":"a1","source":"x","reference":"y"}\n'))).toBe('test');
    expect(guessRole('SIGHAN15_TestInput.txt', enc.encode('(pid=A1)\t我很高心。\n'))).toBe('sighan-input');
    expect(guessRole('SIGHAN15_TestTruth.txt', enc.encode('A1, 4, 兴\n'))).toBe('sighan-truth');
    expect(guessRole('system_result.txt', enc.encode('A1, 4, 兴\n'))).toBe('predictions');
    expect(guessRole('set.para', enc.encode('a1\t我很高心。\t我很高兴。\n'))).toBe('test');
    expect(guessRole('README.md', enc.encode('# notes'))).toBe('ignore');
  });

  test('headerNames and systemNameFor', () => {
    expect(headerNames('x.csv', enc.encode('"ID",text,gold\n1,a,b\n'))).toEqual(['ID', 'text', 'gold']);
    expect(headerNames('x.jsonl', enc.encode('{"id":1,"out":"x"}\n'))).toEqual(['id', 'out']);
    expect(systemNameFor('runs/bert.tsv', ['bert'])).toBe('bert (2)');
    expect(systemNameFor('runs/llm.tsv', [])).toBe('llm');
  });
});

describe('validateStaged', () => {
  test('a valid test set and system make a bundle with the detection shown', () => {
    const result = validateStaged([staged('test.tsv', TEST, 'test'), staged('sys.tsv', PRED, 'predictions', 'sys')], undefined, 5);
    expect(result.ok).toBe(true);
    expect(result.files[0]!.detected).toMatchObject({ format: 'tsv', encoding: 'utf-8', rowCount: 2, header: true });
    expect(result.bundle!.dataset).toMatchObject({ name: 'test', file: 'test.tsv', rowCount: 2, unequalLength: 0, createdAt: 5 });
    expect(result.bundle!.systems[0]).toMatchObject({ name: 'sys', predictions: ['我很高兴。', '天气很好。'], matchedBy: 'id' });
  });

  test('problems are listed per file with their line; nothing is bundled', () => {
    const result = validateStaged([staged('test.tsv', TEST, 'test'), staged('sys.tsv', 'id\tprediction\na1\tx\nzz\ty\n', 'predictions', 'sys')]);
    expect(result.ok).toBe(false);
    expect(result.bundle).toBeUndefined();
    const problems = result.files[1]!.issues.map((i) => `${i.line}: ${i.problem}`);
    expect(problems.join('\n')).toMatch(/no prediction for id "a2"/);
    expect(problems.join('\n')).toMatch(/3: id "zz" is not in the test set/);
  });

  test('ambiguous columns offer the mapping step; choosing columns fixes the file', () => {
    const csv = 'key,original,gold\na1,我很高心。,我很高兴。\n';
    const file = staged('set.csv', csv, 'test');
    const first = validateStaged([file, staged('p.tsv', PRED.split('\n').slice(0, 2).join('\n') + '\n', 'predictions', 'p')]);
    expect(first.files[0]!.mappingHelps).toBe(true);
    expect(first.files[0]!.columns).toEqual(['key', 'original', 'gold']);
    const fixed = validateStaged([{ ...file, columns: { id: 'key' } }, staged('p.tsv', 'id\tprediction\na1\t我很高兴。\n', 'predictions', 'p')]);
    expect(fixed.ok).toBe(true);
    expect(fixed.files[0]!.detected!.columns).toMatchObject({ id: 'key', source: 'original', references: ['gold'] });
  });

  test('match by line order when ids differ', () => {
    const pred = 'id\tprediction\n1\t我很高兴。\n2\t天气很好。\n';
    expect(validateStaged([staged('t.tsv', TEST, 'test'), staged('p.tsv', pred, 'predictions', 'p')]).ok).toBe(false);
    const byLine = validateStaged([staged('t.tsv', TEST, 'test'), { ...staged('p.tsv', pred, 'predictions', 'p'), matchByLineOrder: true }]);
    expect(byLine.ok).toBe(true);
    expect(byLine.files[1]).toMatchObject({ matchedBy: 'line-order', idMismatches: 2 });
  });

  test('a SIGHAN input + truth pair, with label predictions', () => {
    const sighan = constructedSighanPair();
    const result = validateStaged([
      staged('sighan-format-TestInput.txt', sighan.input, 'sighan-input'),
      staged('sighan-format-TestTruth.txt', sighan.truth, 'sighan-truth'),
      staged('identity.tsv', constructedPredictions('identity'), 'predictions', 'identity'),
    ]);
    expect(result.general).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.bundle!.dataset).toMatchObject({ format: 'sighan', rowCount: CONSTRUCTED_ROWS, truthFile: 'sighan-format-TestTruth.txt' });
    expect(result.files[0]!.detected!.truth!.format).toBe('sighan-labels');
    expect(result.bundle!.dataset!.rows.some((r) => r.goldLabels !== undefined)).toBe(true);
  });

  test('general problems: no test set, two test sets, a truth file alone, duplicate names', () => {
    expect(validateStaged([staged('p.tsv', PRED, 'predictions', 'p')]).general.join()).toMatch(/no test set/);
    expect(validateStaged([staged('a.tsv', TEST, 'test'), staged('b.tsv', TEST, 'test'), staged('p.tsv', PRED, 'predictions', 'p')]).general.join()).toMatch(/more than one test set/);
    expect(validateStaged([staged('in.txt', '(pid=a1)\tx\n', 'sighan-input'), staged('p.tsv', PRED, 'predictions', 'p')]).general.join()).toMatch(/needs its truth file/);
    const dup = validateStaged([staged('t.tsv', TEST, 'test'), staged('p.tsv', PRED, 'predictions', 'p'), staged('q.tsv', PRED, 'predictions', 'p')]);
    expect(dup.general.join()).toMatch(/two systems are named "p"/);
  });

  test('GB18030 files are read and their encoding shown', () => {
    // "我们今天去学校上课，老师说这个问题很简单。" in GB18030: enough simplified text to tell it from Big5 (one
    // character alone is ambiguous, and the import panel then asks for the encoding).
    const gb = new Uint8Array([0x69, 0x64, 0x09, 0x70, 0x72, 0x65, 0x64, 0x69, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0x0a, 0x61, 0x31, 0x09, 0xce, 0xd2, 0xc3, 0xc7, 0xbd, 0xf1, 0xcc, 0xec, 0xc8, 0xa5, 0xd1, 0xa7, 0xd0, 0xa3, 0xc9, 0xcf, 0xbf, 0xce, 0xa3, 0xac, 0xc0, 0xcf, 0xca, 0xa6, 0xcb, 0xb5, 0xd5, 0xe2, 0xb8, 0xf6, 0xce, 0xca, 0xcc, 0xe2, 0xba, 0xdc, 0xbc, 0xf2, 0xb5, 0xa5, 0xa1, 0xa3, 0x0a]);
    const sentence = '我们今天去学校上课，老师说这个问题很简单。';
    const test = `id\tsource\treference\na1\t${sentence}\t${sentence}\n`;
    const result = validateStaged([staged('t.tsv', test, 'test'), staged('p.tsv', gb, 'predictions', 'p')]);
    expect(result.files[1]!.detected!.encoding).toBe('gb18030');
    expect(result.bundle!.systems[0]!.predictions).toEqual([sentence]);
  });
});

describe('the built-in sample', () => {
  test('is well-formed: unique ids, equal-length references, a substitution-only BERT-like system', () => {
    expect(new Set(SAMPLE_ROWS.map((r) => r.id)).size).toBe(SAMPLE_ROWS.length);
    expect(SAMPLE_ROWS.length).toBeGreaterThanOrEqual(40);
    const clean = SAMPLE_ROWS.filter((r) => r.source === r.reference).length;
    expect(clean).toBeGreaterThan(10);
    expect(SAMPLE_ROWS.length - clean).toBeGreaterThan(20);
    for (const r of SAMPLE_ROWS) {
      expect(charLength(r.reference)).toBe(charLength(r.source));
      expect(charLength(r.bert)).toBe(charLength(r.source));
    }
    expect(SAMPLE_ROWS.some((r) => charLength(r.llm) !== charLength(r.source))).toBe(true);
    // Both systems change some clean sentences and miss some errors.
    expect(SAMPLE_ROWS.some((r) => r.source === r.reference && r.bert !== r.source)).toBe(true);
    expect(SAMPLE_ROWS.some((r) => r.source !== r.reference && r.bert === r.source)).toBe(true);
    expect(SAMPLE_ROWS.some((r) => r.source === r.reference && r.llm !== r.source)).toBe(true);
  });

  test('reads through the normal import path', () => {
    const result = validateStaged(sampleFiles().map((f) => staged(f.name, f.text, f.role, f.system ?? '')));
    expect(result.ok).toBe(true);
    expect(result.bundle!.systems.map((s) => s.name)).toEqual(['bert-like', 'llm-like']);
  });
});
