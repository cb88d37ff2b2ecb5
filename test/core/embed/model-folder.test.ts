import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/core/embed/manifest.ts';
import { defaultPooling, maxLengthFor, poolingFromConfig, readModelFolder, runtimeHash } from '../../../src/core/embed/model-folder.ts';

const folder = (files: Record<string, unknown>) => ({
  readText: async (p: string) => (p in files ? JSON.stringify(files[p]) : undefined),
});
const tokenizer = { model: { type: 'WordPiece', vocab: {} } };
const manifest = parseManifest({
  name: 'from-manifest',
  pooling: 'cls',
  threshold: 0.8,
  maxLength: 256,
  files: [],
  licence: 'l',
  attribution: 'a',
  source: 's',
});

describe('readModelFolder', () => {
  it('takes pooling, name and max length from the manifest first', async () => {
    const info = await readModelFolder(folder({ 'tokenizer.json': tokenizer, '1_Pooling/config.json': { pooling_mode_mean_tokens: true } }), manifest);
    expect(info).toMatchObject({ name: 'from-manifest', pooling: 'cls', poolingSource: 'manifest', maxLength: 256, onnxPath: 'onnx/model.onnx' });
  });

  it('follows modules.json to the sentence-transformers Pooling config', async () => {
    const info = await readModelFolder(
      folder({
        'tokenizer.json': tokenizer,
        'modules.json': [{ idx: 1, path: 'pool', type: 'sentence_transformers.models.Pooling' }],
        'pool/config.json': { pooling_mode_cls_token: true },
        'config.json': { hidden_size: 384, max_position_embeddings: 512 },
        'sentence_bert_config.json': { max_seq_length: 128 },
      }),
      undefined,
      { quantized: true, fallbackName: 'bge-like' },
    );
    expect(info).toMatchObject({ pooling: 'cls', poolingSource: 'sentence-transformers', maxLength: 128, dimension: 384, onnxPath: 'onnx/model_quantized.onnx' });
  });

  it('falls back to the model name for pooling', async () => {
    const bge = await readModelFolder(folder({ 'tokenizer.json': tokenizer, 'config.json': { _name_or_path: 'BAAI/bge-small-zh-v1.5' } }), undefined);
    expect(bge).toMatchObject({ name: 'BAAI/bge-small-zh-v1.5', pooling: 'cls', poolingSource: 'model name' });
    const other = await readModelFolder(folder({ 'tokenizer.json': tokenizer }), undefined, { fallbackName: 'text2vec-base-chinese', onnxFile: 'onnx/model_int8.onnx' });
    expect(other).toMatchObject({ name: 'text2vec-base-chinese', pooling: 'mean', onnxPath: 'onnx/model_int8.onnx' });
  });

  it('needs tokenizer.json', async () => {
    await expect(readModelFolder(folder({}), undefined)).rejects.toThrow(/no tokenizer.json/);
  });

  it('reports invalid JSON by file', async () => {
    await expect(readModelFolder({ readText: async () => '{' }, undefined)).rejects.toThrow(/tokenizer.json is not valid JSON/);
  });
});

describe('pooling settings', () => {
  it('reads CLS or mean from a Pooling config and refuses the rest', () => {
    expect(poolingFromConfig({ pooling_mode_cls_token: true, pooling_mode_mean_tokens: false })).toBe('cls');
    expect(poolingFromConfig({ pooling_mode_mean_tokens: true })).toBe('mean');
    expect(() => poolingFromConfig({ pooling_mode_max_tokens: true })).toThrow(/only one of/);
    expect(() => poolingFromConfig({ pooling_mode_mean_tokens: true, pooling_mode_cls_token: true })).toThrow(/only one of/);
  });

  it('defaults to CLS for bge and mean otherwise', () => {
    expect(defaultPooling('bge-small-zh-v1.5')).toBe('cls');
    expect(defaultPooling('shibing624/text2vec-base-chinese')).toBe('mean');
    expect(defaultPooling('paraphrase-multilingual-MiniLM-L12-v2')).toBe('mean');
  });
});

describe('maxLengthFor', () => {
  it('skips the tokenizer config sentinel and caps at 512', () => {
    expect(maxLengthFor(undefined, undefined, { model_max_length: 1e30 }, {})).toBe(512);
    expect(maxLengthFor(undefined, undefined, undefined, { max_position_embeddings: 514 })).toBe(512);
    expect(maxLengthFor(undefined, undefined, { model_max_length: 64 }, { max_position_embeddings: 512 })).toBe(64);
    expect(maxLengthFor(undefined, undefined, undefined, {})).toBe(512);
  });
});

describe('runtimeHash', () => {
  it('changes with every part that changes the vectors', () => {
    const base = { onnxSha256: 'a', tokenizerSha256: 'b', pooling: 'cls', maxLength: 512 } as const;
    const hashes = new Set([
      runtimeHash(base),
      runtimeHash({ ...base, onnxSha256: 'c' }),
      runtimeHash({ ...base, tokenizerSha256: 'c' }),
      runtimeHash({ ...base, pooling: 'mean' }),
      runtimeHash({ ...base, maxLength: 128 }),
    ]);
    expect(hashes.size).toBe(5);
    expect(runtimeHash(base)).toMatch(/^[0-9a-f]{64}$/);
  });
});
