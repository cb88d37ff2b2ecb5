import { describe, expect, it } from 'vitest';
import { embedInBatches, planBatches } from '../../../src/core/embed/batching.ts';
import { CancelledError } from '../../../src/core/cancel.ts';

describe('planBatches', () => {
  it('dedupes, sorts by length (stable) and cuts batches', () => {
    const plan = planBatches(['ccc', 'a', 'bb', 'a', 'dd', 'ccc', 'e'], 2);
    expect(plan.unique).toEqual(['ccc', 'a', 'bb', 'dd', 'e']);
    expect(plan.slotOf).toEqual([0, 1, 2, 1, 3, 0, 4]);
    // lengths 3,1,2,2,1 → order a, e, bb, dd, ccc
    expect(plan.batches).toEqual([[1, 4], [2, 3], [0]]);
  });

  it('measures length in code points, so an astral character counts once', () => {
    const plan = planBatches(['ab', '𠮷'], 1);
    expect(plan.batches).toEqual([[1], [0]]);
  });

  it('cuts a batch before it would pad past the token limit, one text at least', () => {
    const texts = ['一', '一二', '一二三四', '一二三四五六七八九十'];
    // (count + 1) × (longest + 2) ≤ 12: [一, 一二] is 2 × 4 = 8; adding 一二三四 would be 3 × 6 = 18.
    expect(planBatches(texts, { texts: 8, tokens: 12 }).batches).toEqual([[0, 1], [2], [3]]);
    expect(planBatches(texts, { texts: 1, tokens: 1000 }).batches).toEqual([[0], [1], [2], [3]]);
  });

  it('rejects a batch size below 1', () => {
    expect(() => planBatches(['a'], 0)).toThrow(/positive integer/);
  });

  it('plans nothing for no texts', () => {
    expect(planBatches([], 4)).toEqual({ unique: [], slotOf: [], batches: [] });
  });
});

describe('embedInBatches', () => {
  const vectorOf = (t: string) => Float32Array.from([t.length, t.charCodeAt(0)]);

  it('returns vectors in input order and embeds each distinct text once', async () => {
    const seen: string[][] = [];
    const texts = ['xyz', 'a', 'xyz', 'bc', 'a'];
    const out = await embedInBatches(texts, 2, async (batch) => {
      seen.push(batch);
      return batch.map(vectorOf);
    });
    expect(out.map((v) => Array.from(v))).toEqual(texts.map((t) => Array.from(vectorOf(t))));
    expect(seen).toEqual([['a', 'bc'], ['xyz']]);
  });

  it('fails when a batch returns the wrong number of vectors', async () => {
    await expect(embedInBatches(['a', 'b'], 2, async () => [new Float32Array(1)])).rejects.toThrow(/2 texts gave 1/);
  });

  it('stops between batches once cancelled', async () => {
    const signal = { aborted: false };
    let calls = 0;
    const run = embedInBatches(['a', 'bb', 'ccc'], 1, async (batch) => {
      calls++;
      signal.aborted = true;
      return batch.map(vectorOf);
    }, signal);
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(calls).toBe(1);
  });
});
