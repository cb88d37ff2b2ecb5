/**
 * Python's built-in `round(x, ndigits)` for floats, reproduced exactly. CPython rounds the exact binary value
 * of x half-to-even (so round(2.675, 2) = 2.67, because 2.675 is stored as 2.67499999…, while the exact ties
 * round(0.125, 2) = 0.12 and round(0.375, 2) = 0.38 go to the even digit), then returns the double nearest to
 * that decimal. Scripts that round before computing F1 need this bit for bit.
 */

const TWO52 = 2n ** 52n;

/** |x| = mantissa * 2^exponent exactly, for finite non-zero x. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & (TWO52 - 1n);
  // Subnormals have no implicit leading 1 and the minimum exponent.
  return biased === 0
    ? { mantissa: fraction, exponent: -1074 }
    : { mantissa: fraction | TWO52, exponent: biased - 1075 };
}

/**
 * The common case without BigInt: |x|·10^n is computed with an error below 2 ulps, so when its fraction is
 * clearly away from one half the nearest integer q is certain, and q / 10^n (both exact doubles, the division
 * correctly rounded) is the double nearest to the decimal, as CPython returns. Near a tie: undefined.
 */
function roundUnlessNearTie(x: number, ndigits: number): number | undefined {
  if (ndigits < 0 || ndigits > 22) return undefined;
  const scale = 10 ** ndigits;
  const y = Math.abs(x) * scale;
  if (!(y < 2 ** 52)) return undefined;
  const whole = Math.floor(y);
  const fraction = y - whole;
  if (Math.abs(fraction - 0.5) <= y * 2 ** -49 + 2 ** -60) return undefined;
  const magnitude = (fraction > 0.5 ? whole + 1 : whole) / scale;
  return x < 0 ? -magnitude : magnitude;
}

export function pyRound(x: number, ndigits = 0): number {
  if (!Number.isInteger(ndigits)) throw new RangeError(`pyRound: ndigits must be an integer, got ${ndigits}`);
  if (!Number.isFinite(x) || x === 0) return x;
  // A double has at most 1074 fractional binary digits, hence at most 1074 decimal ones (CPython: same cut-off,
  // it returns x unchanged); and |x| < 10^309, so rounding to 10^309 or coarser gives ±0.
  if (ndigits > 1074) return x;
  if (ndigits < -308) return x < 0 ? -0 : 0;
  return roundUnlessNearTie(x, ndigits) ?? pyRoundExact(x, ndigits);
}

/** pyRound on the exact binary value with BigInt arithmetic (any x, ndigits already checked by pyRound). */
export function pyRoundExact(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;

  const { mantissa, exponent } = decompose(x);
  // Scale |x| * 10^ndigits to an exact fraction num/den.
  let num = mantissa;
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  if (ndigits >= 0) num *= 10n ** BigInt(ndigits);
  else den *= 10n ** BigInt(-ndigits);

  let q = num / den;
  const twiceRem = (num % den) * 2n;
  if (twiceRem > den || (twiceRem === den && q % 2n === 1n)) q += 1n;

  // JS number parsing is correctly rounded, like CPython's strtod.
  const magnitude = Number(`${q}e${-ndigits}`);
  return x < 0 ? -magnitude : magnitude;
}
