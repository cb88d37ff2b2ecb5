import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import type { OnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import { cosine } from '../../src/core/embed/cosine.ts';
import { createEmbeddingJudge } from '../../src/core/embed/embedding-judge.ts';
import { parseManifest } from '../../src/core/embed/manifest.ts';

// The embedded default model (models/default, built by models/build/build_default.sh; CI never rebuilds it).
const FOLDER = fileURLToPath(new URL('../../models/default/', import.meta.url));
const manifest = parseManifest(JSON.parse(readFileSync(path.join(FOLDER, 'manifest.json'), 'utf8')));

describe('models/default manifest', () => {
  it.each(manifest.files.map((f) => [f.path, f] as const))('%s matches its size and sha-256', (_, file) => {
    const bytes = readFileSync(path.join(FOLDER, file.path));
    expect(bytes.length).toBe(file.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
  });

  it('names the graph and tokenizer the runtime loads, and says what the model is', () => {
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain('onnx/model.onnx');
    expect(paths).toContain('tokenizer.json');
    expect(manifest.threshold).toBeGreaterThan(0);
    expect(manifest.threshold).toBeLessThan(1);
    // The spelling check removes misspellings before the cosine is read, so its threshold is its own.
    expect(manifest.spellingCheckThreshold).toBeGreaterThan(0);
    expect(manifest.spellingCheckThreshold).toBeLessThan(1);
    expect(manifest.dimension).toBeGreaterThan(0);
    expect(manifest.licence).toMatch(/CC BY-SA/);
    expect(readFileSync(path.join(FOLDER, 'MODEL_CARD.md'), 'utf8')).toMatch(/lexical baseline/i);
  });

  it('stays small enough for git', () => {
    const total = manifest.files.reduce((s, f) => s + f.size, 0);
    expect(total).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('models/default on onnxruntime-node', () => {
  let runtime: OnnxNodeRuntime;
  beforeAll(async () => {
    runtime = await loadOnnxNodeRuntime(FOLDER, { threads: 1 });
  }, 60_000);
  afterAll(async () => {
    await runtime?.release();
  });

  const score = async (a: string, b: string) => {
    const [va, vb] = await runtime.embed([a, b]);
    return cosine(va!, vb!);
  };

  it('loads with the manifest dimension and gives unit-norm vectors', async () => {
    expect(runtime.dimension).toBe(manifest.dimension);
    const texts = ['我们明天去图书馆看书。', '', 'Hello, world!', '𠀀𠀁 unknown characters', '他说：“好的。”'];
    const vectors = await runtime.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v.length).toBe(manifest.dimension);
      const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
      expect(norm).toBeCloseTo(1, 4);
    }
  });

  it('embeds a text the same alone and in a padded batch', async () => {
    const text = '他买了三本书。';
    const [alone] = await runtime.embed([text]);
    const [batched] = await runtime.embed([text, '这是一个比较长的句子，用来让批次里的另一行有很多填充。']);
    expect(cosine(alone!, batched!)).toBeCloseTo(1, 5);
  });

  it('scores identical sentences 1, through the judge', async () => {
    const judge = createEmbeddingJudge(runtime, { threshold: manifest.threshold });
    const text = '妈妈每天早上去公园散步。';
    const request = { reference: text, rPro: text, id: '1', system: 'test', sourceSpan: [0, 0] as [number, number], referenceText: '', predictedText: '' };
    const [same] = await judge.judge([request]);
    expect(same!.score).toBe(1);
    expect(same!.correct).toBe(true);
    expect(await score(text, text)).toBeCloseTo(1, 5);
  });

  it('ignores punctuation and keeps a synonym swap above the threshold', async () => {
    expect(await score('老师很快就来了。', '老师很快就来了！')).toBeGreaterThan(0.99);
    const syn = await score('他把这件事告诉了我们。', '他把这件事通知了我们。');
    expect(syn).toBeGreaterThanOrEqual(manifest.threshold);
  });

  it('puts a synonym swap above an inserted negation', async () => {
    const synonym = await score('我们必须马上出发。', '我们必须立即出发。');
    const negated = await score('我们必须马上出发。', '我们不必须马上出发。');
    expect(synonym).toBeGreaterThan(negated);
    expect(negated).toBeLessThan(manifest.threshold);
  });

  it('puts changed numbers, digit order and dates below the threshold', async () => {
    expect(await score('书架上有七本书。', '书架上有八本书。')).toBeLessThan(manifest.threshold);
    expect(await score('他的电话号码是38号。', '他的电话号码是83号。')).toBeLessThan(manifest.threshold);
    expect(await score('我们星期三见面。', '我们星期五见面。')).toBeLessThan(manifest.threshold);
  });

  it('puts an antonym and a changed name below a synonym', async () => {
    const synonym = await score('这个房间非常干净。', '这个房间非常清洁。');
    const antonym = await score('这个房间非常干净。', '这个房间非常肮脏。');
    const name = await score('我在上海工作。', '我在广州工作。');
    expect(antonym).toBeLessThan(synonym);
    expect(name).toBeLessThan(synonym);
    expect(name).toBeLessThan(manifest.threshold);
  });

  it('treats a CC-CEDICT variant spelling as the same word', async () => {
    expect(await score('这是唯一的机会。', '这是惟一的机会。')).toBeGreaterThan(0.99);
  });
});
