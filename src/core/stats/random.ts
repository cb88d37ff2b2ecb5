/**
 * Seeded pseudo-random numbers for reproducible splits and samples: SplitMix64 (Steele, Lea & Flood 2014; the
 * reference C code is Vigna's splitmix64.c). The 64-bit state advances by the golden-ratio constant
 * 0x9E3779B97F4A7C15 and each output is that state through the MurmurHash3-style mixer (shifts 30, 27, 31;
 * multipliers 0xBF58476D1CE4E5B9, 0x94D049BB133111EB). Same seed, same sequence, in Node and browsers.
 *
 * Derived draws: a float in [0, 1) from the top 53 bits; a 32-bit integer from the top 32 bits; an integer below
 * `bound` by rejection (exactly uniform); Fisher–Yates (Durstenfeld) shuffles. Not for cryptography.
 */

/** A seed: a safe integer, a bigint (taken mod 2⁶⁴), or a string (hashed with FNV-1a 64 over its UTF-8 bytes). */
export type Seed = number | bigint | string;

/** What the shuffling and sampling helpers need from a generator. */
export interface Rng {
  /** Uniform in [0, 1) with 53 random bits. */
  nextFloat(): number;
  /** Uniform integer in [0, bound), 1 ≤ bound ≤ 2⁵³. */
  nextInt(bound: number): number;
}

const TWO_32 = 0x1_0000_0000;
const TWO_53 = 2 ** 53;

export class SplitMix64 implements Rng {
  // The state as two unsigned 32-bit halves: plain number arithmetic, no BigInt on the hot path.
  private hi: number;
  private lo: number;

  constructor(seed: Seed) {
    const s = seedToBigInt(seed);
    this.hi = Number(s >> 32n);
    this.lo = Number(s & 0xffffffffn);
  }

  /** The next 64-bit output as two unsigned 32-bit halves [high, low]. */
  nextPair(): [number, number] {
    // state += 0x9E3779B97F4A7C15
    const lo = this.lo + 0x7f4a7c15;
    this.lo = lo >>> 0;
    this.hi = (this.hi + 0x9e3779b9 + (lo >= TWO_32 ? 1 : 0)) >>> 0;
    let [h, l] = [this.hi, this.lo];
    [h, l] = xorShiftRight(h, l, 30);
    [h, l] = mul64(h, l, 0xbf58476d, 0x1ce4e5b9);
    [h, l] = xorShiftRight(h, l, 27);
    [h, l] = mul64(h, l, 0x94d049bb, 0x133111eb);
    return xorShiftRight(h, l, 31);
  }

  nextUint64(): bigint {
    const [h, l] = this.nextPair();
    return (BigInt(h) << 32n) | BigInt(l);
  }

  /** The high 32 bits of the next output (the better-mixed half). */
  nextUint32(): number {
    return this.nextPair()[0];
  }

  nextFloat(): number {
    const [h, l] = this.nextPair();
    return (h * 2 ** 21 + (l >>> 11)) / TWO_53;
  }

  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > TWO_53) {
      throw new RangeError(`nextInt: bound must be an integer in [1, 2^53], got ${bound}`);
    }
    // Reject the top partial block of 53-bit values so every residue is equally likely.
    const limit = TWO_53 - (TWO_53 % bound);
    for (;;) {
      const [h, l] = this.nextPair();
      const x = h * 2 ** 21 + (l >>> 11);
      if (x < limit) return x % bound;
    }
  }
}

/** Shuffle in place with Fisher–Yates (Durstenfeld): for i = n−1 … 1 swap items[i] with items[nextInt(i + 1)]. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

/** A shuffled copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  return shuffleInPlace([...items], rng);
}

/**
 * k distinct indices from 0 … n−1, in draw order: the first k steps of a forward Fisher–Yates shuffle
 * (position i swaps with a uniform pick from i … n−1), using a sparse map so memory is O(k).
 */
export function sampleIndices(n: number, k: number, rng: Rng): number[] {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || n < 0 || k > n) {
    throw new RangeError(`sampleIndices: need integers 0 ≤ k ≤ n, got k = ${k}, n = ${n}`);
  }
  const moved = new Map<number, number>();
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + rng.nextInt(n - i);
    const atJ = moved.get(j) ?? j;
    moved.set(j, moved.get(i) ?? i);
    out.push(atJ);
  }
  return out;
}

/** k distinct items drawn without replacement, in draw order. */
export function sample<T>(items: readonly T[], k: number, rng: Rng): T[] {
  return sampleIndices(items.length, k, rng).map((i) => items[i] as T);
}

/** FNV-1a 64-bit hash of the UTF-8 bytes of `text` (offset basis 0xCBF29CE484222325, prime 0x100000001B3). */
export function seedFromString(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  }
  return h;
}

function seedToBigInt(seed: Seed): bigint {
  if (typeof seed === 'string') return seedFromString(seed);
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
    return BigInt.asUintN(64, BigInt(seed));
  }
  return BigInt.asUintN(64, seed);
}

function xorShiftRight(h: number, l: number, s: number): [number, number] {
  // z ^ (z >>> s) for 0 < s < 32 on the two halves.
  const sl = ((l >>> s) | (h << (32 - s))) >>> 0;
  const sh = h >>> s;
  return [(h ^ sh) >>> 0, (l ^ sl) >>> 0];
}

/** (a · b) mod 2⁶⁴ on 32-bit halves; the low product is split into 16-bit limbs so every step is exact. */
function mul64(ah: number, al: number, bh: number, bl: number): [number, number] {
  const a0 = al & 0xffff;
  const a1 = al >>> 16;
  const b0 = bl & 0xffff;
  const b1 = bl >>> 16;
  const mid = a1 * b0 + a0 * b1; // < 2^33
  const low = a0 * b0 + (mid % 0x10000) * 0x10000; // < 2^33
  const carry = Math.floor(low / TWO_32);
  const high = a1 * b1 + Math.floor(mid / 0x10000) + carry + Math.imul(ah, bl) + Math.imul(al, bh);
  return [high >>> 0, low >>> 0];
}
