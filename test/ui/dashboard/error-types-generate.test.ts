import { describe, expect, test } from 'vitest';
import { errorTypesView, percent, SEED_003_SHARES } from '../../../src/ui/dashboard/error-types.ts';
import { markChanges, parsePes, runGenerator, sampleSentences } from '../../../src/ui/import/generate-form.ts';
import { formatRows } from '../../../src/core/generate/index.ts';
import type { ExplorerData } from '../../../src/ui/explorer/explorer.ts';

// 心→兴 (xin/xing) is phonetic; 放→门 (fang/men) is neither.
const rows = [
  { id: 'a', source: '我今天很高心', references: ['我今天很高兴'], line: 2 },
  { id: 'b', source: '图书馆开放', references: ['图书馆开放'], line: 3 },
];
const data = (systems: [string, string[]][]): ExplorerData => ({
  rows,
  systems: systems.map(([name, predictions]) => ({ id: name, name, predictions, gcsc: null })),
});

describe('error types panel', () => {
  test('type shares, recall and precision by type, span F1, by hand', () => {
    const view = errorTypesView(
      data([
        ['fixer', ['我今天很高兴', '图书馆开门']],
        ['idle', ['我今天很高心', '图书馆开放']],
      ]),
    );
    expect(view.testSet.gold_units).toBe(1);
    expect(view.testSet.by_type.phonetic).toEqual({ count: 1, share: 1 });
    expect(view.testSet.similarity).toEqual({ substitutions: 1, phonetic: 1, graphic: 0, both: 0, other: 0 });
    expect(view.testSet.sentences.clean).toBe(1);
    expect(view.types).toEqual(['phonetic', 'graphic', 'both', 'other']);

    const [fixer, idle] = view.systems;
    expect(fixer!.recall.phonetic).toEqual({ gold: 1, corrected: 1, detected: 1, correction_recall: 1, detection_recall: 1 });
    expect(fixer!.precision.phonetic.correction_precision).toBe(1);
    // The over-correction 放→门 is an "other" edit touching no gold error.
    expect(fixer!.precision.other).toEqual({ predicted: 1, correct: 0, detected: 0, correction_precision: 0, detection_precision: 0 });
    // Span chars: gold {5} in row a; predicted {5} in a and {4} in b → tp 1, fp 1, fn 0: P 1/2, R 1, F1 2/3.
    expect(fixer!.span.recipe.micro).toMatchObject({ tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1 });
    expect(fixer!.span.recipe.micro.f1).toBeCloseTo(2 / 3, 12);

    expect(idle!.recall.phonetic.corrected).toBe(0);
    expect(idle!.recall.phonetic.correction_recall).toBe(0);
    expect(idle!.precision.phonetic.correction_precision).toBeNull();
    expect(idle!.span.recipe.micro).toMatchObject({ tp: 0, fp: 0, fn: 1, f1: 0 });
  });

  test('a length type gets a row once a prediction uses it; no systems still gives the test set', () => {
    const view = errorTypesView(data([['adder', ['我今天很高兴', '图书馆开放了']]]));
    expect(view.types).toEqual(['phonetic', 'graphic', 'both', 'other', 'insertion']);
    expect(view.systems[0]!.precision.insertion.predicted).toBe(1);
    expect(errorTypesView(data([])).testSet.gold_units).toBe(1);
  });

  test('percent and the seed numbers', () => {
    expect(percent(2 / 3)).toBe('66.7%');
    expect(percent(null)).toBe('—');
    expect(SEED_003_SHARES).toEqual({ phonetic: 0.83, graphic: 0.48, both: 0.35 });
  });
});

describe('generator form', () => {
  test('Pe lists', () => {
    expect(parsePes('0.05, 0.1，0.2')).toEqual([0.05, 0.1, 0.2]);
    expect(() => parsePes('')).toThrow(RangeError);
    expect(() => parsePes('1.5')).toThrow(/1\.5/);
    expect(() => parsePes('abc')).toThrow(RangeError);
  });

  test('changed characters are marked', () => {
    expect(markChanges('我很高心', '我很高兴')).toEqual([
      { ch: '我', changed: false },
      { ch: '很', changed: false },
      { ch: '高', changed: false },
      { ch: '心', changed: true },
    ]);
  });

  test('Pe 1 replaces every key, Pe 0 none (a one-key confusion set)', () => {
    const confusion = new Map([['高', ['糕']]]);
    const result = runGenerator({ sentences: '我今天很高兴\n高高', pes: '1, 0', kind: 'phonetic', seed: '7' }, confusion);
    const [all, none] = result.sets;
    expect(all!.name).toBe('test.pe1');
    expect(all!.rows).toEqual([
      { id: '1', source: '我今天很糕兴', reference: '我今天很高兴' },
      { id: '2', source: '糕糕', reference: '高高' },
    ]);
    expect(all!.meta.stats).toMatchObject({ sentences: 2, sentences_with_errors: 2, characters: 8, eligible: 3, substitutions: 3, realised_pe: 1 });
    expect(all!.meta.seed).toBe(7);
    expect(none!.meta.stats.realised_pe).toBe(0);
    expect(formatRows(none!.rows, 'tsv')).toBe('id\tsource\treference\n1\t我今天很高兴\t我今天很高兴\n2\t高高\t高高\n');
    expect(() => runGenerator({ sentences: '高', pes: '0.1', kind: 'phonetic', seed: ' ' }, confusion)).toThrow(RangeError);
  });

  test('the sample gives its clean sentences, one per line', () => {
    const lines = sampleSentences().split('\n');
    expect(lines[0]).toBe('我今天很高兴能见到你。');
    expect(new Set(lines).size).toBe(lines.length);
  });
});
