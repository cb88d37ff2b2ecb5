import { describe, expect, it } from 'vitest';
import { generate, seenConfusion, splitConfusion, type CleanSentence } from '../../../src/core/generate/index.ts';
import { SplitMix64 } from '../../../src/core/stats/random.ts';

// 40 keys 一 丁 丂 … (U+4E00 onwards), each with three candidates from U+5000 onwards: 120 pairs.
const keys = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0x4e00 + i));
const full = new Map(keys.map((k, i) => [k, [0, 1, 2].map((j) => String.fromCodePoint(0x5000 + 3 * i + j))]));
const pairs = (set: ReadonlyMap<string, readonly string[]>) => [...set].flatMap(([k, vs]) => vs.map((v) => `${k}${v}`));

describe('splitConfusion', () => {
  const split = splitConfusion(full, new SplitMix64(5));

  it('moves 10% of keys with all their values to UnseenK', () => {
    expect(split.unseenK.size).toBe(4); // round(0.1 · 40)
    for (const [k, vs] of split.unseenK) {
      expect(split.train.has(k)).toBe(false);
      expect(split.unseenV.has(k)).toBe(false);
      expect(vs).toEqual(full.get(k));
    }
  });

  it('moves half the values of 10% of the other keys to UnseenV, keeping those keys in train', () => {
    expect(split.unseenV.size).toBe(4); // round(0.1 · 36)
    for (const [k, vs] of split.unseenV) {
      expect(vs).toHaveLength(2); // max(1, round(0.5 · 3)) = 2, leaving 1
      expect(split.train.get(k)).toHaveLength(1);
      for (const v of vs) expect(split.train.get(k)).not.toContain(v);
    }
  });

  it('partitions the pairs: disjoint parts whose union is the whole set', () => {
    const parts = [pairs(split.train), pairs(split.unseenK), pairs(split.unseenV)];
    expect(parts.map((p) => p.length)).toEqual([120 - 12 - 8, 12, 8]); // 4 keys · 3; 4 keys · 2
    expect(new Set(parts.flat())).toEqual(new Set(pairs(full)));
  });

  it('is deterministic under a seed', () => {
    expect(splitConfusion(full, new SplitMix64(5))).toEqual(split);
    expect(splitConfusion(full, new SplitMix64(6))).not.toEqual(split);
  });
});

describe('seenConfusion', () => {
  it('keeps only pairs the training file used', () => {
    const train = new Map([
      ['的', ['地', '得']],
      ['在', ['再']],
    ]);
    const used = new Map([['的', new Map([['得', 3]])]]);
    expect([...seenConfusion(used, train, new SplitMix64(1))]).toEqual([['的', ['得']]]);
  });
});

describe('generate with splits', () => {
  // Constructed sentences: every key of the set once per sentence, so each part gets errors.
  const text = keys.join('');
  const sentences: CleanSentence[] = Array.from({ length: 200 }, (_, i) => ({ id: `s${i}`, text }));
  const result = generate({
    sentences,
    sentencesFile: 'clean.txt',
    confusion: full,
    confusionSource: 'hand-made',
    pes: [0.1],
    seed: 42,
    splits: ['seen', 'unseenK', 'unseenV'],
  });
  const byName = new Map(result.sets.map((s) => [s.name, s]));
  const confusion = new Map(result.confusions.map((c) => [c.name, c.confusion]));
  const errors = (name: string) =>
    byName.get(name)!.rows.flatMap((r) => {
      const src = Array.from(r.source);
      return Array.from(r.reference).flatMap((k, i) => (src[i] !== k ? [`${k}${src[i]}`] : []));
    });

  it('writes a training file and one test set per split, from disjoint sentences', () => {
    expect([...byName.keys()]).toEqual(['train.pe0.05', 'seen.pe0.1', 'unseenK.pe0.1', 'unseenV.pe0.1']);
    const trainIds = new Set(byName.get('train.pe0.05')!.rows.map((r) => r.id));
    expect(trainIds.size).toBe(100); // half of 200
    for (const r of byName.get('unseenK.pe0.1')!.rows) expect(trainIds.has(r.id)).toBe(false);
  });

  it('never shows an UnseenK key or an UnseenV pair in the training file', () => {
    const trainErrors = new Set(errors('train.pe0.05'));
    expect(trainErrors.size).toBeGreaterThan(0);
    const unseenKeys = new Set(confusion.get('confusion.unseenK')!.keys());
    for (const e of trainErrors) expect(unseenKeys.has(Array.from(e)[0]!)).toBe(false);
    for (const p of pairs(confusion.get('confusion.unseenV')!)) expect(trainErrors.has(p)).toBe(false);
  });

  it('makes each test set from its own part only; Seen from pairs the training file contains', () => {
    const trainErrors = new Set(errors('train.pe0.05'));
    for (const e of errors('seen.pe0.1')) expect(trainErrors.has(e)).toBe(true);
    const k = new Set(pairs(confusion.get('confusion.unseenK')!));
    for (const e of errors('unseenK.pe0.1')) expect(k.has(e)).toBe(true);
    const v = new Set(pairs(confusion.get('confusion.unseenV')!));
    for (const e of errors('unseenV.pe0.1')) expect(v.has(e)).toBe(true);
  });

  it('records every parameter in the metadata', () => {
    const meta = byName.get('unseenK.pe0.1')!.meta;
    expect(meta).toMatchObject({
      kind: 'test',
      split: 'unseenK',
      pe: 0.1,
      seed: 42,
      rng: { stream: 'csc-studio generate|42|unseenK|pe0.1' },
      sentences: { file: 'clean.txt', count: 100, part: 'test', share: 0.5 },
      confusion: { source: 'hand-made', part: 'unseenK', keys: 4, pairs: 12, file: 'confusion.unseenK.txt' },
      split_options: { unseenKeys: 0.1, unseenValueKeys: 0.1, unseenValues: 0.5, seen_share: 1, train_pe: 0.05 },
    });
  });
});
