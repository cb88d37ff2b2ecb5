import type { pinyin as PinyinPro } from 'pinyin-pro';

const HAN = /^\p{Unified_Ideograph}$/u;
const cache = new Map<string, readonly string[]>();
let pinyinPro: typeof PinyinPro | undefined;

/** Imports pinyin-pro (its dictionary takes about 0.15 s to build in Node), once; see core-data.ts. */
export async function loadReadings(): Promise<void> {
  pinyinPro ??= (await import('pinyin-pro')).pinyin;
}

/** Toneless readings of one Han character (all readings of a polyphone); [] for anything else. Cached. */
export function readings(ch: string): readonly string[] {
  let r = cache.get(ch);
  if (r === undefined) {
    if (!HAN.test(ch)) r = [];
    else if (!pinyinPro) throw new Error('pinyin readings are not loaded: await loadCoreData(["readings"]) first');
    else r = pinyinPro(ch, { toneType: 'none', multiple: true, type: 'array' }).filter((p) => p !== ch);
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
