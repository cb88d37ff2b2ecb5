import { describe, expect, it } from 'vitest';
import {
  type Rng,
  sample,
  sampleIndices,
  seedFromString,
  shuffled,
  shuffleInPlace,
  SplitMix64,
} from '../../../src/core/stats/random.ts';

// The first 50 outputs of splitmix64.c (Vigna) for seed 1477776061723855037, from the `reference` test of
// rand_xoshiro's SplitMix64 (rust-random/rngs, rand_xoshiro/src/splitmix64.rs), produced with the reference C code.
const REFERENCE_SEED = 1477776061723855037n;
const REFERENCE = [
  1985237415132408290n, 2979275885539914483n, 13511426838097143398n, 8488337342461049707n, 15141737807933549159n,
  17093170987380407015n, 16389528042912955399n, 13177319091862933652n, 10841969400225389492n, 17094824097954834098n,
  3336622647361835228n, 9678412372263018368n, 11111587619974030187n, 7882215801036322410n, 5709234165213761869n,
  7799681907651786826n, 4616320717312661886n, 4251077652075509767n, 7836757050122171900n, 5054003328188417616n,
  12919285918354108358n, 16477564761813870717n, 5124667218451240549n, 18099554314556827626n, 7603784838804469118n,
  6358551455431362471n, 3037176434532249502n, 3217550417701719149n, 9958699920490216947n, 5965803675992506258n,
  12000828378049868312n, 12720568162811471118n, 245696019213873792n, 8351371993958923852n, 14378754021282935786n,
  5655432093647472106n, 5508031680350692005n, 8515198786865082103n, 6287793597487164412n, 14963046237722101617n,
  3630795823534910476n, 8422285279403485710n, 10554287778700714153n, 10871906555720704584n, 8659066966120258468n,
  9420238805069527062n, 10338115333623340156n, 13514802760105037173n, 14635952304031724449n, 15419692541594102413n,
];

/** A generator that replays scripted nextInt answers, for hand-worked shuffles. */
function scripted(answers: number[]): Rng {
  return {
    nextFloat: () => {
      throw new Error('not scripted');
    },
    nextInt: (bound: number) => {
      const a = answers.shift();
      if (a === undefined || a >= bound) throw new Error(`bad script for bound ${bound}`);
      return a;
    },
  };
}

describe('SplitMix64', () => {
  it('reproduces the reference outputs of splitmix64.c', () => {
    const rng = new SplitMix64(REFERENCE_SEED);
    expect(REFERENCE.map(() => rng.nextUint64())).toEqual(REFERENCE);
  });

  it('derives 32-bit integers and floats from the top bits of each output', () => {
    const a = new SplitMix64(REFERENCE_SEED);
    const b = new SplitMix64(REFERENCE_SEED);
    const first = REFERENCE[0] as bigint;
    expect(a.nextUint32()).toBe(Number(first >> 32n));
    expect(b.nextFloat()).toBe(Number(first >> 11n) / 2 ** 53);
  });

  it('accepts number, bigint and string seeds; a string seed is its FNV-1a 64 hash', () => {
    const fromNumber = new SplitMix64(42);
    const fromBigint = new SplitMix64(42n);
    expect(fromNumber.nextUint64()).toBe(fromBigint.nextUint64());
    // Negative seeds wrap mod 2^64: -1 is 0xFFFFFFFFFFFFFFFF.
    expect(new SplitMix64(-1).nextUint64()).toBe(new SplitMix64(0xffffffffffffffffn).nextUint64());
    expect(new SplitMix64('annotation-batch-1').nextUint64()).toBe(
      new SplitMix64(seedFromString('annotation-batch-1')).nextUint64(),
    );
    expect(() => new SplitMix64(0.5)).toThrow(RangeError);
    expect(() => new SplitMix64(2 ** 60)).toThrow(RangeError);
  });

  it('draws integers below the bound, evenly (fixed seed, so this check is deterministic)', () => {
    const rng = new SplitMix64(7);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const v = rng.nextInt(10);
      counts[v] = (counts[v] as number) + 1;
    }
    // χ² with 9 degrees of freedom; 27.9 is its 0.999 quantile.
    const chi2 = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(27.9);
    expect(new SplitMix64(1).nextInt(1)).toBe(0);
    expect(() => rng.nextInt(0)).toThrow(RangeError);
    expect(() => rng.nextInt(2.5)).toThrow(RangeError);
  });

  it('draws floats in [0, 1)', () => {
    const rng = new SplitMix64('floats');
    for (let i = 0; i < 10_000; i++) {
      const f = rng.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });
});

describe('seedFromString', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    // Fowler/Noll/Vo FNV-1a 64: "" → 0xcbf29ce484222325, "a" → 0xaf63dc4c8601ec8c, "foobar" → 0x85944171f73967e8.
    expect(seedFromString('')).toBe(0xcbf29ce484222325n);
    expect(seedFromString('a')).toBe(0xaf63dc4c8601ec8cn);
    expect(seedFromString('foobar')).toBe(0x85944171f73967e8n);
  });

  it('hashes UTF-8 bytes, so non-ASCII text is stable across platforms', () => {
    // "é" is the two bytes C3 A9; hashing them one by one gives the same result.
    const manual = [0xc3, 0xa9].reduce(
      (h, byte) => BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n),
      0xcbf29ce484222325n,
    );
    expect(seedFromString('é')).toBe(manual);
  });
});

describe('shuffles and samples', () => {
  it('shuffles with Fisher–Yates from the end (hand-worked)', () => {
    // i = 3: swap with 1 → [a, d, c, b]; i = 2: swap with 2; i = 1: swap with 0 → [d, a, c, b].
    expect(shuffleInPlace(['a', 'b', 'c', 'd'], scripted([1, 2, 0]))).toEqual(['d', 'a', 'c', 'b']);
  });

  it('samples distinct indices as the first steps of a forward Fisher–Yates (hand-worked)', () => {
    // [0,1,2,3,4]: i = 0 swaps with 4 → 4 first; i = 1 keeps 1; i = 2 swaps with 4, which now holds 0.
    expect(sampleIndices(5, 3, scripted([4, 0, 2]))).toEqual([4, 1, 0]);
    expect(() => sampleIndices(3, 4, new SplitMix64(1))).toThrow(RangeError);
  });

  it('is reproducible from the seed and leaves its input alone', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = shuffled(items, new SplitMix64('split'));
    const b = shuffled(items, new SplitMix64('split'));
    expect(a).toEqual(b);
    expect(a).not.toEqual(items);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(items[0]).toBe(0);
    const s = sample(items, 5, new SplitMix64(3));
    expect(new Set(s).size).toBe(5);
  });

  it('gives all 6 orders of 3 items about equally often', () => {
    const rng = new SplitMix64(2024);
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = shuffled(['a', 'b', 'c'], rng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // χ² with 5 degrees of freedom; 20.5 is its 0.999 quantile.
    const chi2 = [...counts.values()].reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(20.5);
  });
});
