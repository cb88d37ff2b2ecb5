import { pinyin } from 'pinyin-pro';

const HAN = /^\p{Unified_Ideograph}$/u;
const cache = new Map<string, readonly string[]>();

/** Toneless readings of one Han character (all readings of a polyphone); [] for anything else. Cached. */
export function readings(ch: string): readonly string[] {
  let r = cache.get(ch);
  if (r === undefined) {
    r = HAN.test(ch) ? pinyin(ch, { toneType: 'none', multiple: true, type: 'array' }).filter((p) => p !== ch) : [];
    cache.set(ch, r);
  }
  return r;
}

/** True when both are Han characters with at least one toneless reading in common. */
export function shareReading(a: string, b: string): boolean {
  const ra = readings(a);
  if (ra.length === 0) return false;
  const rb = readings(b);
  for (const p of ra) if (rb.includes(p)) return true;
  return false;
}

