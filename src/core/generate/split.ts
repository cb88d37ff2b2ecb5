/**
 * Seen/unseen division of a confusion set S (seed 003 §3): S_unseen^k takes some keys with all their values;
 * from the rest, S_unseen^v takes some values of some keys; S_train is what remains. S_seen is a sample of the
 * pairs a training file made from S_train actually contains (see seenConfusion).
 */
import { sample, type Rng } from '../stats/random.ts';
import type { ConfusionSet } from './confusion.ts';

export interface SplitOptions {
  /** Share of the keys moved, with all their values, to UnseenK. Default 0.1. */
  unseenKeys?: number;
  /** Share of the remaining keys (those with two or more values) that give values to UnseenV. Default 0.1. */
  unseenValueKeys?: number;
  /** Share of such a key's values moved to UnseenV, at least one, always leaving one in train. Default 0.5. */
  unseenValues?: number;
}

export interface ConfusionSplit {
  train: Map<string, string[]>;
  unseenK: Map<string, string[]>;
  unseenV: Map<string, string[]>;
}

export const SPLIT_DEFAULTS: Required<SplitOptions> = { unseenKeys: 0.1, unseenValueKeys: 0.1, unseenValues: 0.5 };

/** The options with every unset (or undefined) field at its default. */
export function splitDefaults(options: SplitOptions = {}): Required<SplitOptions> {
  return {
    unseenKeys: options.unseenKeys ?? SPLIT_DEFAULTS.unseenKeys,
    unseenValueKeys: options.unseenValueKeys ?? SPLIT_DEFAULTS.unseenValueKeys,
    unseenValues: options.unseenValues ?? SPLIT_DEFAULTS.unseenValues,
  };
}

function share(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be in [0, 1], got ${value}`);
  return value;
}

/** How many of n a share takes: rounded, but at least one when the share and n are positive. */
function portion(n: number, s: number): number {
  return n === 0 || s === 0 ? 0 : Math.min(n, Math.max(1, Math.round(n * s)));
}

export function splitConfusion(set: ConfusionSet, rng: Rng, options: SplitOptions = {}): ConfusionSplit {
  const o = splitDefaults(options);
  const keys = [...set.keys()].filter((k) => (set.get(k)?.length ?? 0) > 0);
  const unseenKeys = new Set(sample(keys, portion(keys.length, share('unseenKeys', o.unseenKeys)), rng));
  const rest = keys.filter((k) => !unseenKeys.has(k));
  const donors = rest.filter((k) => set.get(k)!.length >= 2);
  const valueKeys = new Set(sample(donors, portion(donors.length, share('unseenValueKeys', o.unseenValueKeys)), rng));
  const unseenValues = share('unseenValues', o.unseenValues);

  const split: ConfusionSplit = { train: new Map(), unseenK: new Map(), unseenV: new Map() };
  for (const k of keys) {
    const values = set.get(k)!;
    if (unseenKeys.has(k)) {
      split.unseenK.set(k, [...values]);
      continue;
    }
    if (!valueKeys.has(k)) {
      split.train.set(k, [...values]);
      continue;
    }
    const moved = new Set(sample(values, Math.min(values.length - 1, portion(values.length, unseenValues)), rng));
    split.unseenV.set(
      k,
      values.filter((v) => moved.has(v)),
    );
    split.train.set(
      k,
      values.filter((v) => !moved.has(v)),
    );
  }
  return split;
}

/** S_seen: a share (default all) of the pairs a training file used, in the confusion set's order. */
export function seenConfusion(used: ReadonlyMap<string, ReadonlyMap<string, number>>, train: ConfusionSet, rng: Rng, keep = 1): Map<string, string[]> {
  const pairs: [string, string][] = [];
  for (const [k, values] of train) for (const v of values) if (used.get(k)?.has(v)) pairs.push([k, v]);
  const chosen = new Set(sample(pairs, portion(pairs.length, share('seen share', keep)), rng));
  const seen = new Map<string, string[]>();
  for (const pair of pairs) {
    if (!chosen.has(pair)) continue;
    const list = seen.get(pair[0]) ?? [];
    list.push(pair[1]);
    seen.set(pair[0], list);
  }
  return seen;
}
