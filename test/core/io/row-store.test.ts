/**
 * Compact reads (ReadOptions.compact, the CLI's): rows kept as offsets into the decoded text must read, fail,
 * join and score exactly as plain rows do. Each case is read both ways and compared field by field.
 */
import { describe, expect, it } from 'vitest';
import { joinPredictions, readPredictions, readTestSet, type ReadOptions } from '../../../src/core/io/index.ts';
import { isStoredItem } from '../../../src/core/io/row-store.ts';
import { evaluate, sentenceRecords } from '../../../src/core/evaluate.ts';
import { scoreInterner } from '../../../src/core/stored-sentence.ts';
import type { TestRow } from '../../../src/core/types.ts';
import { parseNormalizationOptions } from '../../../src/core/normalize/index.ts';
import { cscdReportText } from '../../../src/core/metrics/cscd-report.ts';
import { utf8 } from './helpers.ts';

const plainRow = (r: TestRow) => ({ id: r.id, source: r.source, references: r.references, line: r.line });

/** The rows read plainly and compactly, or each way's error message. */
function bothWays(name: string, text: string, options: ReadOptions = {}) {
  const read = (compact: boolean) => {
    try {
      return readTestSet(utf8(name, text), { ...options, compact }).rows.map(plainRow);
    } catch (err) {
      return (err as Error).message;
    }
  };
  return { plain: read(false), compact: read(true) };
}

const TEST_FILES: [string, string, ReadOptions?][] = [
  ['header.tsv', 'id\tsource\treference\na\t我门\t我们\nb\t他门\t他们\n'],
  ['para.tsv', 'a\t我门\t我们\t我们俩\nb\t他门\t他们\n'],
  ['crlf.tsv', 'id\tsource\treference\r\na\t我门\t我们\r\n\r\nb\t他门\t他们\r\n'],
  ['named.tsv', 'id\tsource\treference\treference2\na\t我门\t我们\t\nb\t他门\t他们\t她们\n'],
  ['reordered.tsv', 'reference\tid\tsource\n我们\ta\t我门\n他们\tb\t他门\n'],
  ['plain.csv', 'id,source,reference\na,我门,我们\nb,他门,他们\n'],
  ['quoted.csv', 'id,source,reference\na,"我门,的",我们\nb,他门,他们\n'],
  ['duplicate.tsv', 'id\tsource\treference\na\t我门\t我们\na\t他门\t他们\n'],
  ['short-row.tsv', 'id\tsource\treference\na\t我门\nb\t他门\t他们\n'],
  ['empty-source.tsv', 'id\tsource\treference\na\t\t我们\nb\t他门\t他们\n'],
  ['bad-id.tsv', 'id\tsource\treference\n a\t我门\t我们\n'],
  ['no-header.tsv', 'a\t我门\t我们\nb\t他门\t他们\n', { header: false }],
];

describe('compact reads', () => {
  it.each(TEST_FILES)('%s reads (or fails) as plain rows do', (name, text, options) => {
    const { plain, compact } = bothWays(name, text, options);
    expect(compact).toEqual(plain);
  });

  it('keeps the rows of unquoted files as views, and quoted files as plain objects', () => {
    const unquoted = readTestSet(utf8('t.tsv', 'id\tsource\treference\na\t我门\t我们\n'), { compact: true }).rows[0]!;
    expect(Object.keys(unquoted)).not.toContain('source');
    expect(unquoted.source).toBe('我门');
    const quoted = readTestSet(utf8('t.csv', 'id,source,reference\na,"我门,的",我们\n'), { compact: true }).rows[0]!;
    expect(Object.keys(quoted)).toEqual(['id', 'source', 'references', 'line']);
  });

  it('reads predictions as plain rows do', () => {
    const text = 'id\tprediction\r\nb\t他们\r\n\r\na\t我们\r\n';
    const read = (compact: boolean) => readPredictions(utf8('p.tsv', text), { compact }).rows.map((r) => ({ id: r.id, prediction: r.prediction, line: r.line }));
    expect(read(true)).toEqual(read(false));
    expect(read(true)).toEqual([
      { id: 'b', prediction: '他们', line: 2 },
      { id: 'a', prediction: '我们', line: 4 },
    ]);
  });
});

describe('joining stored rows', () => {
  const test = (compact: boolean) => readTestSet(utf8('test.tsv', 'id\tsource\treference\na\t我门\t我们\nb\t他门\t他们\nc\t好\t好\n'), { compact });
  const preds = (text: string, compact: boolean) => readPredictions(utf8('pred.tsv', 'id\tprediction\n' + text), { compact });
  const join = (text: string, compact: boolean) => {
    try {
      return [...joinPredictions(test(compact), preds(text, compact))].map((i) => ({ id: i.id, source: i.source, references: i.references, prediction: i.prediction }));
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('gives the same items, as views', () => {
    const text = 'c\t好\na\t我们\nb\t他门\n';
    expect(join(text, true)).toEqual(join(text, false));
    expect(join(text, true)).toEqual([
      { id: 'a', source: '我门', references: ['我们'], prediction: '我们' },
      { id: 'b', source: '他门', references: ['他们'], prediction: '他门' },
      { id: 'c', source: '好', references: ['好'], prediction: '好' },
    ]);
    expect(isStoredItem(joinPredictions(test(true), preds(text, true))[0]!)).toBe(true);
    expect(isStoredItem(joinPredictions(test(false), preds(text, false))[0]!)).toBe(false);
  });

  it('joins the same stored predictions twice alike (the id index of the reader serves the first join only)', () => {
    const testSet = test(true);
    const predictions = preds('c\t好\na\t我们\nb\t他门\n', true);
    const ids = () => [...joinPredictions(testSet, predictions)].map((i) => `${i.id}:${i.prediction}`);
    expect(ids()).toEqual(['a:我们', 'b:他门', 'c:好']);
    expect(ids()).toEqual(['a:我们', 'b:他门', 'c:好']);
  });

  it('says the same about missing and unknown ids', () => {
    const text = 'a\t我们\nx\t甲\nb\t他们\n';
    const compact = join(text, true);
    expect(compact).toEqual(join(text, false));
    expect(compact).toContain('pred.tsv:3 (id x): id "x" is not in the test set test.tsv');
    expect(compact).toContain('no prediction for id "c"');
  });

  it('still says both of a repeated id the test set lacks, on each of its lines (rows built by hand: readers refuse repeats)', () => {
    const rows = [
      { id: 'a', prediction: '我们', line: 2 },
      { id: 'x', prediction: '甲', line: 3 },
      { id: 'x', prediction: '乙', line: 4 },
      { id: 'b', prediction: '他们', line: 5 },
      { id: 'b', prediction: '他门', line: 6 },
      { id: 'c', prediction: '好', line: 7 },
    ];
    const message = (() => {
      try {
        joinPredictions(test(false), { file: 'pred.tsv', format: 'tsv', encoding: 'utf-8', rows });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message.split('\n')).toEqual([
      'pred.tsv:4 (id x): duplicate id "x": also on line 3',
      'pred.tsv:6 (id b): duplicate id "b": also on line 5',
      'pred.tsv:3 (id x): id "x" is not in the test set test.tsv',
      'pred.tsv:4 (id x): id "x" is not in the test set test.tsv',
    ]);
  });
});

describe('evaluate() on stored items', () => {
  const testText = 'id\tsource\treference\na\t我门去\t我们去\nb\t他门好\t他们好\nc\t好的\t好的\nd\t天汽\t天气\n';
  const predText = 'id\tprediction\na\t我们去\nb\t他门好\nc\t好地\nd\t天气\n';
  const itemsOf = (compact: boolean) =>
    joinPredictions(readTestSet(utf8('test.tsv', testText), { compact }), readPredictions(utf8('pred.tsv', predText), { compact }));
  const run = async (compact: boolean, plan: Parameters<typeof evaluate>[2] = {}) => {
    const dataset = { file: 'test.tsv', format: 'tsv', encoding: 'utf-8', rows: 4, fingerprint: 'f' };
    return evaluate(dataset, [{ name: 's', items: itemsOf(compact) }], { profiles: ['cscd', 'sighan', 'lemon', 'ops'], ...plan });
  };

  it('reports and records exactly what plain items give', async () => {
    const [stored, plain] = [await run(true), await run(false)];
    expect(stored.report).toEqual(plain.report);
    expect(sentenceRecords(stored)).toEqual(sentenceRecords(plain));
  });

  it('normalises stored items with their ids (a spread would drop the getters)', async () => {
    const normalization = parseNormalizationOptions({ ignoreChars: '的地', toHalfwidth: true, maxLength: '2' });
    const [stored, plain] = [await run(true, { normalization }), await run(false, { normalization })];
    expect(stored.report).toEqual(plain.report);
    expect(stored.report.dataset.ignored_rows?.map((r) => r.id)).toEqual(['a', 'b']);
    expect(sentenceRecords(stored).map((r) => r.id)).toEqual(sentenceRecords(plain).map((r) => r.id));
    expect(cscdReportText(itemsOf(true), new Set('的'))).toBe(cscdReportText(itemsOf(false), new Set('的')));
  });

  it('shares one frozen score among equal sentences', async () => {
    const sentences = (await run(true)).systems[0]!.sentences;
    // a and d are both corrected rows: cscd counts them alike.
    expect(sentences[0]!.scores.cscd).toBe(sentences[3]!.scores.cscd);
    expect(Object.isFrozen(sentences[0]!.scores.cscd!.counts)).toBe(true);
    expect(() => {
      (sentences[0]!.scores.cscd!.counts as Record<string, number>).tp = 99;
    }).toThrow(TypeError);
  });
});

describe('scoreInterner', () => {
  it('shares equal scores only: counts, their names and the verdict all count', () => {
    const shared = scoreInterner();
    const a = shared({ counts: { tp: 1, fp: 0 }, verdict: 'correct' });
    expect(shared({ counts: { tp: 1, fp: 0 }, verdict: 'correct' })).toBe(a);
    expect(shared({ counts: { tp: 1, fp: 0 } })).not.toBe(a);
    expect(shared({ counts: { tp: 1, fp: 0 }, verdict: '' })).not.toBe(shared({ counts: { tp: 1, fp: 0 } }));
    expect(shared({ counts: { tp: 1, fn: 0 }, verdict: 'correct' })).not.toBe(a);
    expect(shared({ counts: { tp: 0, fp: 1 }, verdict: 'correct' })).not.toBe(a);
  });

  it('keeps a score with anything beyond counts and verdict as it is', () => {
    const odd = { counts: { tp: 1 }, note: 'x' } as unknown as { counts: Record<string, number> };
    expect(scoreInterner()(odd)).toBe(odd);
  });
});
