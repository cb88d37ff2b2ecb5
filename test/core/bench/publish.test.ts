import { describe, expect, it } from 'vitest';
import { publishDataset, PublishError, type PublishInput } from '../../../src/core/bench/publish.ts';
import { datasetFingerprint, joinPredictions, readPredictions, readSighanTestSet, readTestSet } from '../../../src/core/io/index.ts';
import type { TestSet } from '../../../src/core/types.ts';
import { sampleFiles } from '../../../src/sample/sample.ts';
import { sampleBenchInput } from '../../../src/sample/sample-bench.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();
const file = (name: string, text: string) => ({ name, bytes: enc.encode(text) });

function input(testSet: TestSet, preds: { name: string; text: string; lineOrder?: boolean; file?: string }[]): PublishInput {
  return {
    name: 'bench',
    description: 'd',
    licence: 'MIT',
    citation: 'X (2026)',
    testSet,
    systems: preds.map((p) => ({ name: p.name, citation: null, items: joinPredictions(testSet, readPredictions(file(p.file ?? `${p.name}.tsv`, p.text), {}, testSet), { matchByLineOrder: p.lineOrder ?? false }) })),
    profiles: ['cscd'],
    judge: null,
    metric: 'cscd.S_C_f1',
  };
}

describe('publishing a benchmark', () => {
  it('writes the sample as the TSV files it is made of, with their sizes and hashes', () => {
    const { manifest, files } = publishDataset(sampleBenchInput());
    const [test, bert, llm] = sampleFiles();
    expect(files.map((f) => [f.path, dec.decode(f.bytes)])).toEqual([
      ['sample-teaching-set.tsv', test!.text],
      ['systems/bert-like.tsv', bert!.text],
      ['systems/llm-like.tsv', llm!.text],
    ]);
    expect(manifest.fingerprint).toBe(datasetFingerprint(readTestSet(file(test!.name, test!.text))));
    expect(manifest.files.map((f) => f.size)).toEqual(files.map((f) => f.bytes.length));
  });

  it('keeps every reference: extra ones in numbered columns, fewer left empty', () => {
    const json = JSON.stringify([
      { id: 'a', source: '我门', references: ['我们', '咱们'] },
      { id: 'b', source: '他门', references: ['他们'] },
    ]);
    const testSet = readTestSet(file('t.json', json));
    const { files } = publishDataset(input(testSet, [{ name: 'p', text: 'id\tprediction\na\t我们\nb\t他们\n' }]));
    expect(dec.decode(files[0]!.bytes)).toBe('id\tsource\treference\treference2\na\t我门\t我们\t咱们\nb\t他门\t他们\t\n');
    expect(readTestSet({ name: files[0]!.path, bytes: files[0]!.bytes }).rows.map((r) => r.references)).toEqual([['我们', '咱们'], ['他们']]);
  });

  it('falls back to JSON Lines where a TSV would not read back the same (CSV-style quoting)', () => {
    const rows = [{ id: 'r0', source: '"a""b"', reference: '"a""b"' }, { id: 'r1', source: '乙', reference: '乙' }];
    const testSet = readTestSet(file('t.jsonl', rows.map((r) => JSON.stringify(r)).join('\n')));
    const preds = rows.map((r) => JSON.stringify({ id: r.id, prediction: r.source })).join('\n');
    const { files } = publishDataset(input(testSet, [{ name: 'p', file: 'p.jsonl', text: preds }]));
    expect(files.map((f) => f.path)).toEqual(['bench.jsonl', 'systems/p.jsonl']);
    const back = readTestSet({ name: files[0]!.path, bytes: files[0]!.bytes });
    expect(back.rows.map((r) => [r.id, r.source, r.references])).toEqual([['r0', '"a""b"', ['"a""b"']], ['r1', '乙', ['乙']]]);
    expect(readPredictions({ name: files[1]!.path, bytes: files[1]!.bytes }, {}, back).rows.map((r) => r.prediction)).toEqual(['"a""b"', '乙']);
  });

  it('writes predictions paired by line order under the test set’s ids', () => {
    const testSet = readTestSet(file('t.tsv', 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\ne2\t资料已近发出。\t资料已经发出。\n'));
    const { files } = publishDataset(input(testSet, [{ name: 'p', text: '1\t请尽快回复。\n2\t资料已近发出。\n', lineOrder: true }]));
    expect(dec.decode(files[1]!.bytes)).toBe('id\tprediction\ne1\t请尽快回复。\ne2\t资料已近发出。\n');
  });

  it('gives systems file names a site can serve, unique whatever the case', () => {
    const testSet = readTestSet(file('t.tsv', 'id\tsource\treference\ne1\t请尽块回复。\t请尽快回复。\n'));
    const pred = 'id\tprediction\ne1\t请尽快回复。\n';
    const { manifest } = publishDataset(input(testSet, [{ name: 'BERT (ours)', text: pred }, { name: 'bert_(ours)', text: pred }, { name: '模型', text: pred }]));
    expect(manifest.systems.map((s) => s.file)).toEqual(['systems/BERT__ours_.tsv', 'systems/bert__ours_-2.tsv', 'systems/system.tsv']);
  });

  it('refuses SIGHAN truth labels that the texts do not imply, and a name a site cannot serve', () => {
    const testSet = readSighanTestSet(file('in.txt', '(pid=1)\t你好\n'), file('truth.txt', '1, 1, 你\n'));
    const publish = () => publishDataset(input(testSet, [{ name: 'p', text: 'id\tprediction\n1\t你好\n' }]));
    expect(publish).toThrow(PublishError);
    expect(publish).toThrow('the test set in.txt cannot be written as a UTF-8 file that reads back the same (row 1 has SIGHAN truth labels that its source and reference do not imply); nothing was published');
    const plain = readTestSet(file('t.tsv', 'id\tsource\treference\n1\t你好\t你好\n'));
    expect(() => publishDataset({ ...input(plain, []), name: 'a b' })).toThrow(`the name "a b" must be letters, digits, '.', '_' or '-'`);
  });
});
