import { describe, expect, it } from 'vitest';
import { formatRows, generate, metaDocument, parseSentences, type GenerateOptions } from '../../../src/core/generate/index.ts';
import { readTestSet } from '../../../src/core/io/index.ts';
import { InputError } from '../../../src/core/types.ts';

const confusion = new Map([
  ['的', ['地', '得']],
  ['在', ['再']],
]);
const sentences = Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, text: '我在家的时候在看书的' }));
const options = (pes: number[]): GenerateOptions => ({ sentences, sentencesFile: 'clean.txt', confusion, confusionSource: 'hand', pes, seed: 3 });

describe('generate without splits', () => {
  it('makes one test set per Pe, each reproducible alone', () => {
    const one = generate(options([0.3]));
    const two = generate(options([0.1, 0.3]));
    expect(two.sets.map((s) => s.name)).toEqual(['test.pe0.1', 'test.pe0.3']);
    // Each Pe has its own random stream: adding 0.1 leaves the 0.3 set as it was.
    expect(two.sets[1]!.rows).toEqual(one.sets[0]!.rows);
    expect(two.confusions).toEqual([]);
    expect(one.sets[0]!.meta).toMatchObject({ kind: 'test', split: 'none', pe: 0.3, seed: 3, confusion: { keys: 2, pairs: 3, part: 'all' } });
  });

  it('refuses a missing, repeated or out-of-range Pe', () => {
    expect(() => generate(options([]))).toThrow(RangeError);
    expect(() => generate(options([0.1, 0.1]))).toThrow(/repeated/);
    expect(() => generate(options([-0.1]))).toThrow(RangeError);
  });
});

describe('output', () => {
  const rows = [
    { id: 'a', source: '我再家', reference: '我在家' },
    { id: 'b', source: '他说"好"', reference: '他说"好"' },
  ];

  it('writes TSV and JSON Lines that our reader reads back unchanged', () => {
    for (const format of ['tsv', 'jsonl'] as const) {
      const text = formatRows(rows, format);
      const set = readTestSet({ name: `x.${format}`, bytes: new TextEncoder().encode(text) });
      expect(set.rows.map((r) => ({ id: r.id, source: r.source, reference: r.references[0] }))).toEqual(rows);
    }
    expect(formatRows(rows, 'tsv').split('\n')[0]).toBe('id\tsource\treference');
  });

  it('puts the parameters in a sidecar JSON document', () => {
    const meta = generate(options([0.2])).sets[0]!.meta;
    const doc = JSON.parse(metaDocument(meta, 'test.pe0.2.tsv', 'tsv'));
    expect(doc).toMatchObject({ tool: { name: 'csc-studio' }, data_file: 'test.pe0.2.tsv', format: 'tsv', pe: 0.2, seed: 3 });
    expect(doc.stats.eligible).toBe(50 * 4); // 在 的 在 的 in each sentence
  });
});

describe('parseSentences', () => {
  it('reads plain lines (id = line number) and id<TAB>sentence lines, skipping blank ones', () => {
    expect(parseSentences('\uFEFF今天很好\n\nx7\t明天见\r\n', 's.txt')).toEqual([
      { id: '1', text: '今天很好' },
      { id: 'x7', text: '明天见' },
    ]);
  });

  it('reports duplicate ids and bad text', () => {
    try {
      parseSentences('a\t一\na\t二\nb\t三\t四\n', 's.txt');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      const lines = (err as InputError).issues.map((i) => i.line);
      expect(lines).toEqual([2, 3]);
    }
    expect(() => parseSentences('\n\n', 's.txt')).toThrow(/no sentences/);
  });
});
