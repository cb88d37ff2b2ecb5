import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBatchEncoder } from '../../../src/core/embed/tokenize.ts';

// Ids computed by the build script's Python port of BERT's tokenizer (models/test/build_tiny_bert.py).
const root = new URL('../../../models/test/', import.meta.url);
const readJson = (p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8'));
const expected = readJson('expected.json') as { sentences: { text: string; input_ids: number[] }[]; padId: number };
const tokenizerJson = readJson('tiny-bert-cls/tokenizer.json');
const tokenizerConfig = readJson('tiny-bert-cls/tokenizer_config.json');

describe('createBatchEncoder on the tiny BERT tokenizer', () => {
  const encoder = createBatchEncoder(tokenizerJson, tokenizerConfig, 512);

  it.each(expected.sentences.map((s) => [s.text.slice(0, 24), s] as const))('encodes %j as the reference does', (_, s) => {
    expect(encoder.encode(s.text)).toEqual(s.input_ids);
  });

  it('truncates at maxLength keeping [CLS] and [SEP]', () => {
    const long = expected.sentences.find((s) => s.input_ids.length === 512)!;
    expect(long.text.length).toBeGreaterThan(512);
    const short = createBatchEncoder(tokenizerJson, tokenizerConfig, 10).encode(long.text);
    expect(short).toEqual([...long.input_ids.slice(0, 9), long.input_ids.at(-1)]);
    expect(createBatchEncoder(tokenizerJson, tokenizerConfig, 4096).maxLength).toBe(512);
  });

  it('pads a batch to its longest row with the pad id and a zero mask', () => {
    const [a, b] = [expected.sentences[0]!, expected.sentences[1]!];
    const batch = encoder.encodeBatch([a.text, b.text]);
    const seq = b.input_ids.length;
    expect(encoder.padId).toBe(expected.padId);
    expect(batch).toMatchObject({ batchSize: 2, sequenceLength: seq, lengths: [a.input_ids.length, seq] });
    const padded = [...a.input_ids, ...new Array(seq - a.input_ids.length).fill(expected.padId), ...b.input_ids];
    expect(Array.from(batch.inputIds, Number)).toEqual(padded);
    const mask = [...a.input_ids.map(() => 1), ...new Array(seq - a.input_ids.length).fill(0), ...b.input_ids.map(() => 1)];
    expect(Array.from(batch.attentionMask, Number)).toEqual(mask);
    expect(Array.from(batch.tokenTypeIds, Number)).toEqual(new Array(2 * seq).fill(0));
  });

  it('takes the pad id from tokenizer.json padding or tokenizer_config when given', () => {
    const withPadding = { ...tokenizerJson, padding: { pad_id: 4 } };
    expect(createBatchEncoder(withPadding, tokenizerConfig, 512).padId).toBe(4);
    expect(createBatchEncoder(tokenizerJson, { pad_token: '[MASK]' }, 512).padId).toBe(4);
    expect(createBatchEncoder(tokenizerJson, undefined, 512).padId).toBe(0);
  });

  it('tokenizes a repeated text once and hands out copies the caller may change', () => {
    const s = expected.sentences[0]!;
    const fresh = createBatchEncoder(tokenizerJson, tokenizerConfig, 512);
    const first = fresh.encode(s.text);
    first.fill(-1);
    expect(fresh.encode(s.text)).toEqual(s.input_ids);
    const batch = fresh.encodeBatch([s.text, s.text]);
    expect(Array.from(batch.inputIds, Number)).toEqual([...s.input_ids, ...s.input_ids]);
  });

  it('refuses a maxLength that leaves no room between the special tokens', () => {
    const tiny = createBatchEncoder(tokenizerJson, tokenizerConfig, 2);
    expect(() => tiny.encode('我爱中文')).toThrow(/no room/);
  });
});
