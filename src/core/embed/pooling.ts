import type { Pooling } from './types.ts';

/** Scales v to unit length in place; a zero vector stays zero (its cosine with anything is then 0). */
export function l2Normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

/**
 * Pools `last_hidden_state` [batch, seq, dim] into one L2-normalised vector per row. Mean pooling averages the
 * positions whose attention mask is 1, as sentence-transformers does; CLS takes position 0.
 */
export function poolHiddenStates(
  hidden: ArrayLike<number>,
  dims: readonly number[],
  attentionMask: ArrayLike<number | bigint>,
  pooling: Pooling,
): Float32Array[] {
  const [batch, seq, dim] = shape3(dims);
  if (hidden.length !== batch * seq * dim) throw new Error(`hidden states hold ${hidden.length} values, not ${batch}×${seq}×${dim}`);
  if (attentionMask.length !== batch * seq) throw new Error(`attention mask holds ${attentionMask.length} values, not ${batch}×${seq}`);
  const out: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const row = b * seq * dim;
    if (pooling === 'cls') {
      out.push(l2Normalise(copyRow(hidden, row, dim)));
      continue;
    }
    const sum = new Float64Array(dim); // float64 so long sequences lose nothing to summation order
    let count = 0;
    for (let s = 0; s < seq; s++) {
      if (Number(attentionMask[b * seq + s]) === 0) continue;
      count++;
      const at = row + s * dim;
      for (let d = 0; d < dim; d++) sum[d] = sum[d]! + hidden[at + d]!;
    }
    out.push(l2Normalise(Float32Array.from(sum, (x) => x / Math.max(count, 1e-9))));
  }
  return out;
}

/** A graph's own `sentence_embedding` [batch, dim]: split into rows and L2-normalise (not every export does). */
export function splitSentenceEmbeddings(data: ArrayLike<number>, dims: readonly number[]): Float32Array[] {
  if (dims.length !== 2) throw new Error(`sentence embeddings must be [batch, dim], got [${dims.join(', ')}]`);
  const [batch, dim] = dims as [number, number];
  if (data.length !== batch * dim) throw new Error(`sentence embeddings hold ${data.length} values, not ${batch}×${dim}`);
  // One copy of the batch, then a view per row (a copy per row allocated 1,500 small buffers per SIGHAN15 run).
  const rows = copyRow(data, 0, batch * dim);
  return Array.from({ length: batch }, (_, b) => l2Normalise(rows.subarray(b * dim, (b + 1) * dim)));
}

/** data[start, start + length) as a new Float32Array: a block copy for typed arrays (the usual tensor data). */
function copyRow(data: ArrayLike<number>, start: number, length: number): Float32Array {
  if (data instanceof Float32Array) return data.slice(start, start + length);
  // Other typed arrays convert element by element inside the engine, rounding to float32 as an assignment does.
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    return new Float32Array((data as unknown as Float64Array).subarray(start, start + length));
  }
  const out = new Float32Array(length);
  for (let d = 0; d < length; d++) out[d] = data[start + d]!;
  return out;
}

function shape3(dims: readonly number[]): [number, number, number] {
  if (dims.length !== 3) throw new Error(`hidden states must be [batch, seq, dim], got [${dims.join(', ')}]`);
  return dims as [number, number, number];
}
