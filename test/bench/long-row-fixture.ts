/** A constructed very long row (issue 10, "Long rows"), deterministic: test/bench/long-row.ts runs it. */
import { CHERRANT_T2S } from '../../src/core/opencc/conversions.ts';
import { toSimplified } from '../../src/core/opencc/t2s.ts';
import { mulberry32 } from '../fixtures/rng.ts';

/** 3,000 Han characters that OpenCC t2s leaves alone (ChERRANT converts its targets); built on first use. */
let pool: string[] | undefined;
function hanPool(): string[] {
  if (pool) return pool;
  pool = [];
  for (let c = 0x4e00; pool.length < 3000; c++) {
    const ch = String.fromCodePoint(c);
    if (toSimplified(ch, CHERRANT_T2S) === ch) pool.push(ch);
  }
  return pool;
}

/** Han text from the pool, a comma or full stop every 8 to 30 characters. */
export function longText(length: number, seed: number): string[] {
  const r = mulberry32(seed);
  const out: string[] = [];
  let next = 8;
  for (let k = 0; k < length; k++) {
    if (--next === 0) {
      out.push(r() < 0.7 ? '，' : '。');
      next = 8 + Math.floor(r() * 23);
    } else out.push(hanPool()[Math.floor(r() * hanPool().length)]!);
  }
  return out;
}

/** The fixture: 12 corrections in the reference; the prediction makes 8 of them, 3 wrong changes, 1 insertion, 1 deletion. */
export function longRow(length: number): { source: string; reference: string; prediction: string } {
  const r = mulberry32(42);
  const src = longText(length, 1);
  const ref = [...src];
  const pred = [...src];
  const spots = Array.from({ length: 16 }, (_, k) => Math.floor(((k + r()) / 16) * (length - 2)));
  const chars = hanPool();
  const other = (ch: string) => chars[(chars.indexOf(ch) + 1 + Math.floor(r() * 2000)) % chars.length]!;
  spots.slice(0, 12).forEach((at, k) => {
    ref[at] = other(src[at]!);
    if (k < 8) pred[at] = ref[at]!;
  });
  for (const at of spots.slice(12, 15)) pred[at] = other(src[at]!);
  // Deletion after the insertion so the insertion's position is unaffected.
  pred.splice(spots[15]!, 1);
  pred.splice(spots[14]! + 1, 0, '的');
  return { source: src.join(''), reference: ref.join(''), prediction: pred.join('') };
}
