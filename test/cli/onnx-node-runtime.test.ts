import { cpSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import type { OnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { cosine } from '../../src/core/embed/cosine.ts';
import { createEmbeddingJudge } from '../../src/core/embed/embedding-judge.ts';
import { createBatchEncoder } from '../../src/core/embed/tokenize.ts';

// Reference outputs from PyTorch, written by models/test/build_tiny_bert.py next to the models.
const MODELS = fileURLToPath(new URL('../../models/test/', import.meta.url));
type Key = 'cls' | 'mean' | 'cls_int8' | 'mean_int8' | 'cls_int8e' | 'mean_int8e';
interface Sentence extends Record<Key, number[]> {
  text: string;
  input_ids: number[];
  attention_mask: number[];
}
const expected = JSON.parse(readFileSync(path.join(MODELS, 'expected.json'), 'utf8')) as { sentences: Sentence[]; padId: number };
const texts = expected.sentences.map((s) => s.text);
const longest = expected.sentences.find((s) => s.input_ids.length === 512)!;

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i]!)));
const tmpDirs: string[] = [];
function copyModel(name: string, as = name): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'csc-model-'));
  tmpDirs.push(dir);
  const target = path.join(dir, as);
  cpSync(path.join(MODELS, name), target, { recursive: true });
  return target;
}
afterAll(() => tmpDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.each(['cls', 'mean'] as const)('tiny-bert-%s on onnxruntime-node', (pooling) => {
  const folder = path.join(MODELS, `tiny-bert-${pooling}`);
  const runtimes: OnnxNodeRuntime[] = [];
  // The float graph unless a test asks for another (the folder's default is its int8 graph).
  const load = async (options: Parameters<typeof loadOnnxNodeRuntime>[1] = {}) => {
    const r = await loadOnnxNodeRuntime(folder, { graph: 'fp32', ...options });
    runtimes.push(r);
    return r;
  };
  afterAll(async () => Promise.all(runtimes.map((r) => r.release())));

  it('reads the folder and its manifest', async () => {
    const runtime = await load();
    expect(runtime.info).toMatchObject({ pooling, poolingSource: 'manifest', maxLength: 512, onnxPath: 'onnx/model.onnx' });
    expect(runtime.dimension).toBe(32);
    expect(runtime.modelId).toBe(`tiny-bert-${pooling}/onnx/model.onnx`);
    expect(runtime.inputNames).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
  });

  it('tokenizes as the reference: ids, masks, padding and truncation at 512', () => {
    const tokenizer = JSON.parse(readFileSync(path.join(folder, 'tokenizer.json'), 'utf8'));
    const encoder = createBatchEncoder(tokenizer, undefined, 512);
    const batch = encoder.encodeBatch(texts);
    expect(batch.sequenceLength).toBe(512);
    expected.sentences.forEach((s, b) => {
      const row = (a: BigInt64Array) => Array.from(a.subarray(b * 512, (b + 1) * 512), Number);
      const pad = new Array(512 - s.input_ids.length);
      expect(row(batch.inputIds)).toEqual([...s.input_ids, ...pad.fill(expected.padId)]);
      expect(row(batch.attentionMask)).toEqual([...s.attention_mask, ...pad.fill(0)]);
    });
    expect(longest.input_ids).toHaveLength(512);
  });

  it('matches the PyTorch embeddings, all sentences in one padded batch', async () => {
    const runtime = await load();
    const vectors = await runtime.embed(texts);
    vectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]![pooling])).toBeLessThan(1e-5));
  });

  it('gives the same embeddings one at a time as in a batch of different lengths', async () => {
    const batched = await (await load()).embed(texts);
    const single = await (await load({ batchSize: 1 })).embed(texts);
    single.forEach((v, i) => expect(maxAbsDiff(v, batched[i]!)).toBeLessThan(1e-6));
  });

  it('embeds a text over 512 tokens as its first 510 tokens between [CLS] and [SEP]', async () => {
    const runtime = await load();
    const [v] = await runtime.embed([longest.text]);
    expect(maxAbsDiff(v!, longest[pooling])).toBeLessThan(1e-5);
    const [longer] = await runtime.embed([longest.text + '我爱中文'.repeat(50)]);
    expect(maxAbsDiff(longer!, v!)).toBeLessThan(1e-6);
  });

  // The int8 reference is PyTorch simulating the graph's integer arithmetic exactly, so only float32 rounding
  // order separates them (measured ~1e-7); 1e-4 leaves room for a rare one-step flip of a quantized activation.
  it('matches the simulated int8 graph one sentence at a time', async () => {
    const runtime = await load({ quantized: true, batchSize: 1 });
    expect(runtime.info.onnxPath).toBe('onnx/model_quantized.onnx');
    const vectors = await runtime.embed(texts);
    vectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]![`${pooling}_int8`])).toBeLessThan(1e-4));
  });

  // Published int8 exports also store the embedding tables as uint8 (Gather, then DequantizeLinear): such a graph
  // loads and gives the simulation's numbers (tables dequantized exactly, then the int8 MatMuls).
  it('matches the simulated int8 graph with uint8 embedding tables, as published exports have', async () => {
    const runtime = await load({ onnxFile: 'onnx/model_int8_embeddings.onnx', batchSize: 1 });
    expect(runtime.info.onnxPath).toBe('onnx/model_int8_embeddings.onnx');
    const vectors = await runtime.embed(texts);
    vectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]![`${pooling}_int8e`])).toBeLessThan(1e-4));
  });

  // DynamicQuantizeLinear picks one activation scale per tensor, i.e. per batch, padding included, so batched
  // int8 vectors drift a little from one-at-a-time ones (measured ≤ 6e-3 per element); cosine ≥ 0.999 allows that
  // and still tells the sentences apart (the closest two sentences sit at cosine 0.98).
  it('stays close to the float model and to itself when batched in int8', async () => {
    const runtime = await load({ quantized: true });
    const vectors = await runtime.embed(texts);
    vectors.forEach((v, i) => {
      const s = expected.sentences[i]!;
      expect(cosine(v, s[`${pooling}_int8`])).toBeGreaterThan(0.999);
      expect(cosine(v, s[pooling])).toBeGreaterThan(0.999);
    });
  });

  it('drives the embedding judge to the reference cosines', async () => {
    const runtime = await load();
    const judge = createEmbeddingJudge(runtime, { threshold: 0.95 });
    const [a, b] = expected.sentences;
    const requests = [
      { reference: a!.text, rPro: b!.text, id: '1', system: 's', sourceSpan: [0, 1] as [number, number], referenceText: '', predictedText: '' },
      { reference: a!.text, rPro: a!.text, id: '2', system: 's', sourceSpan: [0, 1] as [number, number], referenceText: '', predictedText: '' },
    ];
    const [changed, same] = await judge.judge(requests);
    expect(changed!.score).toBeCloseTo(cosine(a![pooling], b![pooling]), 5);
    expect(changed!.correct).toBe(changed!.score! >= 0.95);
    expect(same).toEqual({ correct: true, score: 1 });
    expect(judge.stats.embedded).toBe(2);
  });
});

describe('loading model folders', () => {
  it('gives CLS and mean runtimes different hashes although they share the graph', async () => {
    const fp32 = { graph: 'fp32' } as const;
    const [cls, mean] = await Promise.all([loadOnnxNodeRuntime(path.join(MODELS, 'tiny-bert-cls'), fp32), loadOnnxNodeRuntime(path.join(MODELS, 'tiny-bert-mean'), fp32)]);
    const [clsQ] = [await loadOnnxNodeRuntime(path.join(MODELS, 'tiny-bert-cls'), { quantized: true })];
    expect(new Set([cls.hash, mean.hash, clsQ.hash]).size).toBe(3);
    await Promise.all([cls.release(), mean.release(), clsQ.release()]);
  });

  it('names the file whose bytes differ from manifest.json', async () => {
    const folder = copyModel('tiny-bert-cls');
    const file = path.join(folder, 'tokenizer.json');
    const bytes = readFileSync(file);
    bytes[bytes.indexOf('"[UNK]"') + 1] = 'X'.charCodeAt(0); // same size, different content
    writeFileSync(file, bytes);
    await expect(loadOnnxNodeRuntime(folder)).rejects.toThrow(/model file "tokenizer.json" has sha-256 [0-9a-f]{64}; manifest.json says/);
  });

  it('names a truncated graph by its size', async () => {
    const folder = copyModel('tiny-bert-mean');
    truncateSync(path.join(folder, 'onnx', 'model_quantized.onnx'), 1000);
    await expect(loadOnnxNodeRuntime(folder, { quantized: true })).rejects.toThrow(/model file "onnx\/model_quantized.onnx" has 1000 bytes/);
  });

  it('reports a graph missing from the folder', async () => {
    const folder = copyModel('tiny-bert-cls');
    rmSync(path.join(folder, 'onnx', 'model.onnx'));
    await expect(loadOnnxNodeRuntime(folder, { graph: 'fp32' })).rejects.toThrow(/"onnx\/model.onnx" is listed in manifest.json but missing/);
  });

  it('prefers the int8 graph, and reads and hashes only the graph it loads', async () => {
    const folder = copyModel('tiny-bert-cls');
    // The float graph no longer matches the manifest: checking it would refuse the folder.
    truncateSync(path.join(folder, 'onnx', 'model.onnx'), 1000);
    const runtime = await loadOnnxNodeRuntime(folder, { threads: 1 });
    expect(runtime.info.onnxPath).toBe('onnx/model_quantized.onnx');
    expect(runtime.threads).toBe(1);
    const [v] = await runtime.embed([texts[0]!]);
    expect(maxAbsDiff(v!, expected.sentences[0]!.cls_int8)).toBeLessThan(1e-4);
    await runtime.release();
    await expect(loadOnnxNodeRuntime(folder, { graph: 'fp32' })).rejects.toThrow(/model file "onnx\/model.onnx" has 1000 bytes/);
    await expect(loadOnnxNodeRuntime(folder, { graph: 'onnx/none.onnx' })).rejects.toThrow(/has no onnx\/none.onnx/);
  });

  it('without a manifest, takes pooling from 1_Pooling, else from the model name', async () => {
    const mean = copyModel('tiny-bert-mean');
    rmSync(path.join(mean, 'manifest.json'));
    const fromConfig = await loadOnnxNodeRuntime(mean, { graph: 'fp32' });
    expect(fromConfig.info).toMatchObject({ pooling: 'mean', poolingSource: 'sentence-transformers', maxLength: 512 });
    const [v] = await fromConfig.embed([texts[0]!]);
    expect(maxAbsDiff(v!, expected.sentences[0]!.mean)).toBeLessThan(1e-5);

    const bge = copyModel('tiny-bert-cls', 'tiny-bge');
    for (const f of ['manifest.json', 'modules.json', '1_Pooling', 'config.json']) rmSync(path.join(bge, f), { recursive: true });
    const byName = await loadOnnxNodeRuntime(bge, { graph: 'fp32' });
    expect(byName.info).toMatchObject({ name: 'tiny-bge', pooling: 'cls', poolingSource: 'model name' });
    expect(byName.dimension).toBe(32); // probed: no config.json to state hidden_size
    const [w] = await byName.embed([texts[0]!]);
    expect(maxAbsDiff(w!, expected.sentences[0]!.cls)).toBeLessThan(1e-5);
    await Promise.all([fromConfig.release(), byName.release()]);
  });
});
