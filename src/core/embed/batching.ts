import type { CancelSignal } from '../cancel.ts';
import { throwIfCancelled } from '../cancel.ts';

export interface BatchPlan {
  /** Each distinct text once, in first-seen order. */
  unique: string[];
  /** For each input text, its index in `unique`. */
  slotOf: number[];
  /** Indices into `unique`, shortest texts first, within the limits: similar lengths pad little. */
  batches: number[][];
}

/** At most `texts` texts per batch and, when given, at most `tokens` padded positions (texts × longest + 2). */
export interface BatchLimits {
  texts: number;
  tokens?: number;
}

/** Code points, a cheap stand-in for token count when sorting. */
export const codePointLength = (text: string): number => [...text].length;

export function planBatches(texts: readonly string[], limits: number | BatchLimits, lengthOf = codePointLength): BatchPlan {
  const { texts: batchSize, tokens = Infinity } = typeof limits === 'number' ? { texts: limits } : limits;
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
  let batch: number[] = [];
  for (const i of order) {
    // Sorted ascending, so the text being added is the batch's longest; +2 for [CLS] and [SEP].
    if (batch.length > 0 && (batch.length === batchSize || (batch.length + 1) * (lengths[i]! + 2) > tokens)) {
      batches.push(batch);
      batch = [];
    }
    batch.push(i);
  }
  if (batch.length > 0) batches.push(batch);
  return { unique, slotOf, batches };
}

/** Runs `embedBatch` once per planned batch and returns one vector per input text, in input order. */
export async function embedInBatches(
  texts: readonly string[],
  limits: number | BatchLimits,
  embedBatch: (batch: string[]) => Promise<Float32Array[]>,
  signal?: CancelSignal,
  lengthOf = codePointLength,
): Promise<Float32Array[]> {
  const plan = planBatches(texts, limits, lengthOf);
  const vectors: Float32Array[] = new Array(plan.unique.length);
  for (const batch of plan.batches) {
    throwIfCancelled(signal);
    const out = await embedBatch(batch.map((i) => plan.unique[i]!));
    if (out.length !== batch.length) throw new Error(`a batch of ${batch.length} texts gave ${out.length} vectors`);
    batch.forEach((slot, j) => (vectors[slot] = out[j]!));
  }
  return plan.slotOf.map((slot) => vectors[slot]!);
}
