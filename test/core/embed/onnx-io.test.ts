import { describe, expect, it } from 'vitest';
import { buildFeeds, readEmbeddings } from '../../../src/core/embed/onnx-io.ts';
import type { TensorLike } from '../../../src/core/embed/onnx-io.ts';
import { createOnnxEmbeddingRuntime, probeDimension } from '../../../src/core/embed/onnx-runtime.ts';
import type { BatchEncoder, EncodedBatch } from '../../../src/core/embed/tokenize.ts';

const batch: EncodedBatch = {
  batchSize: 2,
  sequenceLength: 2,
  inputIds: BigInt64Array.from([2n, 3n, 2n, 0n]),
  attentionMask: BigInt64Array.from([1n, 1n, 1n, 0n]),
  tokenTypeIds: new BigInt64Array(4),
  lengths: [2, 1],
};
const tensor = (data: BigInt64Array, dims: [number, number]) => ({ data, dims });
const float = (data: number[], dims: number[]): TensorLike => ({ type: 'float32', data: Float32Array.from(data), dims });

describe('buildFeeds', () => {
  it('feeds token_type_ids only when the graph declares it', () => {
    expect(Object.keys(buildFeeds(batch, ['input_ids', 'attention_mask'], tensor))).toEqual(['input_ids', 'attention_mask']);
    const all = buildFeeds(batch, ['input_ids', 'attention_mask', 'token_type_ids'], tensor);
    expect(all['token_type_ids']).toEqual({ data: batch.tokenTypeIds, dims: [2, 2] });
    expect(all['input_ids']!.data).toBe(batch.inputIds);
  });

  it('refuses inputs it cannot feed', () => {
    expect(() => buildFeeds(batch, ['input_ids', 'position_ids'], tensor)).toThrow(/"position_ids"/);
    expect(() => buildFeeds(batch, ['inputs_embeds'], tensor)).toThrow(/no input_ids/);
  });
});

describe('readEmbeddings', () => {
  // [2, 2, 2]: row 1's second position is padding.
  const hidden = float([3, 4, 0, 1, 0, 2, 9, 9], [2, 2, 2]);

  it('pools last_hidden_state with the batch mask', () => {
    const mean = readEmbeddings({ last_hidden_state: hidden }, batch, 'mean');
    expect(mean[1]).toEqual(Float32Array.from([0, 1]));
    expect(mean[0]![0]).toBeCloseTo(3 / Math.hypot(3, 5), 6);
    const cls = readEmbeddings({ last_hidden_state: hidden }, batch, 'cls');
    expect(cls[0]![0]).toBeCloseTo(0.6, 6);
  });

  it('prefers the graph’s sentence_embedding, normalised', () => {
    const out = readEmbeddings({ last_hidden_state: hidden, sentence_embedding: float([0, 2, 5, 0], [2, 2]) }, batch, 'cls');
    expect(out).toEqual([Float32Array.from([0, 1]), Float32Array.from([1, 0])]);
  });

  it('uses a lone output of any name', () => {
    expect(readEmbeddings({ output_0: hidden }, batch, 'cls')).toEqual(readEmbeddings({ last_hidden_state: hidden }, batch, 'cls'));
  });

  it('refuses ambiguous, non-float and mis-shaped outputs', () => {
    expect(() => readEmbeddings({ a: hidden, b: hidden }, batch, 'cls')).toThrow(/cannot tell/);
    const half: TensorLike = { type: 'float16', data: new Uint16Array(8), dims: [2, 2, 2] };
    expect(() => readEmbeddings({ last_hidden_state: half }, batch, 'cls')).toThrow(/float16/);
    expect(() => readEmbeddings({ last_hidden_state: float(new Array(12).fill(1), [2, 3, 2]) }, batch, 'cls')).toThrow(/shape/);
  });
});

describe('createOnnxEmbeddingRuntime', () => {
  // A fake session whose "hidden state" at each position is [id, 1]; CLS pooling then sees [CLS]'s id.
  const encoder: BatchEncoder = {
    maxLength: 8,
    padId: 0,
    encode: (t) => [2, ...[...t].map((c) => c.codePointAt(0)! % 50), 3],
    encodeBatch(texts) {
      const rows = texts.map((t) => this.encode(t));
      const seq = Math.max(...rows.map((r) => r.length));
      const ids = new BigInt64Array(rows.length * seq);
      const mask = new BigInt64Array(rows.length * seq);
      rows.forEach((r, b) => r.forEach((id, s) => ((ids[b * seq + s] = BigInt(id)), (mask[b * seq + s] = 1n))));
      return { batchSize: rows.length, sequenceLength: seq, inputIds: ids, attentionMask: mask, tokenTypeIds: new BigInt64Array(ids.length), lengths: rows.map((r) => r.length) };
    },
  };
  const runs: number[][] = [];
  const session = {
    inputNames: ['input_ids', 'attention_mask'],
    outputNames: ['last_hidden_state'],
    async run(feeds: Record<string, { data: BigInt64Array; dims: [number, number] }>) {
      const { data, dims } = feeds['input_ids']!;
      runs.push(dims);
      const hidden = Array.from(data, (id) => [Number(id), 1]).flat();
      return { last_hidden_state: float(hidden, [dims[0], dims[1], 2]) };
    },
  };
  const options = { session, makeInt64Tensor: tensor, encoder, pooling: 'mean' as const, modelId: 'fake', hash: 'h', dimension: 2, batchSize: 2 };

  it('batches, pools and restores order', async () => {
    runs.length = 0;
    const runtime = createOnnxEmbeddingRuntime(options);
    const out = await runtime.embed(['bbb', 'a', 'bbb', 'cc']);
    expect(runs).toEqual([[2, 4], [1, 5]]); // 'a','cc' then 'bbb'
    const expectMean = (t: string) => {
      const ids = encoder.encode(t);
      const m = ids.reduce((s, x) => s + x, 0) / ids.length;
      return [m / Math.hypot(m, 1), 1 / Math.hypot(m, 1)];
    };
    out.forEach((v, i) => {
      const want = expectMean(['bbb', 'a', 'bbb', 'cc'][i]!);
      expect(v[0]).toBeCloseTo(want[0]!, 6);
      expect(v[1]).toBeCloseTo(want[1]!, 6);
    });
  });

  it('asks only for sentence_embedding when the graph has it (the per-token output is never copied out)', async () => {
    const asked: string[][] = [];
    const pooled = {
      inputNames: ['input_ids', 'attention_mask'],
      outputNames: ['last_hidden_state', 'sentence_embedding'],
      async run(feeds: Record<string, { dims: [number, number] }>, fetches: string[]) {
        asked.push(fetches);
        const rows = feeds['input_ids']!.dims[0];
        return { sentence_embedding: float(Array.from({ length: rows }, () => [3, 4]).flat(), [rows, 2]) };
      },
    };
    const out = await createOnnxEmbeddingRuntime({ ...options, session: pooled }).embed(['a', 'bb', 'ccc']);
    expect(asked).toEqual([['sentence_embedding'], ['sentence_embedding']]);
    expect([...out[2]!]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    asked.length = 0;
    await createOnnxEmbeddingRuntime({ ...options, session: { ...session, run: (f: Parameters<typeof session.run>[0], fetches: string[]) => (asked.push(fetches), session.run(f)) } }).embed(['a']);
    expect(asked).toEqual([['last_hidden_state']]);
  });

  it('probes the dimension and checks it on every batch', async () => {
    expect(await probeDimension(options)).toBe(2);
    await expect(createOnnxEmbeddingRuntime({ ...options, dimension: 3 }).embed(['a'])).rejects.toThrow(/2-dimensional.*expected 3/);
  });
});
