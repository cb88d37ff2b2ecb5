import type { CancelSignal } from '../cancel.ts';
import { throwIfCancelled } from '../cancel.ts';

export interface BatchPlan {
  /** Each distinct text once, in first-seen order. */
  unique: string[];
  /** For each input text, its index in `unique`. */
  slotOf: number[];
  /** Indices into `unique`, shortest texts first, at most batchSize each: similar lengths pad little. */
  batches: number[][];
}

/** Code points, a cheap stand-in for token count when sorting. */
export const codePointLength = (text: string): number => [...text].length;

export function planBatches(texts: readonly string[], batchSize: number, lengthOf = codePointLength): BatchPlan {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, got ${batchSize}`);
  const index = new Map<string, number>();
  const unique: string[] = [];
  const slotOf = texts.map((t) => {
    let slot = index.get(t);
    if (slot === undefined) {
      slot = unique.push(t) - 1;
      index.set(t, slot);
    }
    return slot;
  });
  const lengths = unique.map(lengthOf);
  // Array.prototype.sort is stable, so equal lengths keep first-seen order.
  const order = unique.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]!);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += batchSize) batches.push(order.slice(i, i + batchSize));
  return { unique, slotOf, batches };
}

/** Runs `embedBatch` once per planned batch and returns one vector per input text, in input order. */
export async function embedInBatches(
  texts: readonly string[],
  batchSize: number,
  embedBatch: (batch: string[]) => Promise<Float32Array[]>,
  signal?: CancelSignal,
  lengthOf = codePointLength,
): Promise<Float32Array[]> {
  const plan = planBatches(texts, batchSize, lengthOf);
  const vectors: Float32Array[] = new Array(plan.unique.length);
  for (const batch of plan.batches) {
    throwIfCancelled(signal);
    const out = await embedBatch(batch.map((i) => plan.unique[i]!));
    if (out.length !== batch.length) throw new Error(`a batch of ${batch.length} texts gave ${out.length} vectors`);
    batch.forEach((slot, j) => (vectors[slot] = out[j]!));
  }
  return plan.slotOf.map((slot) => vectors[slot]!);
}
