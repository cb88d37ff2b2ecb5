import { describe, expect, it } from 'vitest';
import { pyRound, pyRoundExact } from '../../../src/core/metrics/pyround.ts';

describe('pyRound reproduces CPython round(x, n)', () => {
  it('rounds the stored binary value, not the decimal literal', () => {
    // 2.675 is stored as 2.67499999999999982236431605997495353221893310546875 → down.
    expect(pyRound(2.675, 2)).toBe(2.67);
    // 1.005 is stored as 1.00499999999999989341858963598497211933135986328125 → down.
    expect(pyRound(1.005, 2)).toBe(1);
    // 2.665 is stored as 2.66500000000000003552713678800500929355621337890625 → up.
    expect(pyRound(2.665, 2)).toBe(2.67);
  });

  it('sends exact binary ties to the even digit', () => {
    expect(pyRound(0.125, 2)).toBe(0.12); // 1/8 exactly: tie, 2 is even
    expect(pyRound(0.375, 2)).toBe(0.38); // 3/8 exactly: tie, 8 is even
    expect(pyRound(2.5, 0)).toBe(2);
    expect(pyRound(3.5, 0)).toBe(4);
    expect(pyRound(1.5625, 3)).toBe(1.562); // 25/16 exactly: tie, 2 is even
    expect(pyRound(1.4375, 3)).toBe(1.438); // 23/16 exactly: tie, 8 is even
  });

  it('keeps the sign, including negative zero', () => {
    expect(pyRound(-2.5, 0)).toBe(-2);
    expect(Object.is(pyRound(-0.4, 0), -0)).toBe(true);
    expect(Object.is(pyRound(-0, 3), -0)).toBe(true);
  });

  it('rounds to tens and hundreds with negative ndigits', () => {
    expect(pyRound(1234.5678, -2)).toBe(1200);
    expect(pyRound(1250, -2)).toBe(1200); // tie → even hundreds
    expect(pyRound(1350, -2)).toBe(1400);
  });

  it('handles the F1 of a perfect system in the cscd script', () => {
    // 2·100·100 / (200 + 1e-10) = 99.99999999995 → 100.0
    expect(pyRound((2 * 100 * 100) / (100 + 100 + 1e-10), 3)).toBe(100);
  });

  it('passes through non-finite values, zero and already-short values', () => {
    expect(pyRound(Number.NaN, 3)).toBeNaN();
    expect(pyRound(Number.POSITIVE_INFINITY, 3)).toBe(Number.POSITIVE_INFINITY);
    expect(pyRound(0, 3)).toBe(0);
    expect(pyRound(66.032, 3)).toBe(66.032);
    expect(pyRound(5e-324, 3)).toBe(0); // the smallest subnormal
    expect(pyRound(1e300, 3)).toBe(1e300);
  });
});

describe('the fast path agrees with the exact BigInt rounding', () => {
  it('on ratios of counts (what the scripts round), near-ties and random doubles, for 0–8 digits', () => {
    let state = 12345;
    const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const xs: number[] = [];
    for (let a = 0; a <= 120; a++) for (let b = 1; b <= 40; b++) xs.push(a / b, ((1 + 0.25) * (a / (a + b)) * (b / (a + b + 1))) / (0.25 * (a / (a + b)) + b / (a + b + 1)));
    for (let k = 0; k < 2000; k++) xs.push((k + 0.5) / 10 ** (k % 7), (k + 0.5) / 10 ** (k % 7) + Number.EPSILON * k, random() * 10 ** ((k % 12) - 4), -random());
    let compared = 0;
    for (const x of xs) {
      if (!Number.isFinite(x)) continue;
      for (let n = 0; n <= 8; n++) {
        if (!Object.is(pyRound(x, n), pyRoundExact(x, n))) expect.fail(`round(${x}, ${n}): ${pyRound(x, n)} vs ${pyRoundExact(x, n)}`);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
  }, 60_000);
});
