/**
 * Toneless pinyin readings of Han characters, from models/readings/readings.json: pinyin-pro's readings of every
 * character it knows, tabled once by models/readings/build.ts (pinyin-pro built its dictionary in 0.15-0.2 s at
 * every start; the table loads in milliseconds). test/core/align/readings.test.ts checks the table against
 * pinyin-pro character by character.
 */
const HAN = /^\p{Unified_Ideograph}$/u;
const WIDTH = 3; // base-36 digits per code point in a run (models/readings/build.ts)

interface ReadingsTable {
  /** Each distinct list of readings; index 0 is the empty list. */
  sets: readonly (readonly string[])[];
  /** Runs of code points, sorted: first code point, and WIDTH base-36 digits of a set index per code point. */
  starts: readonly number[];
  codes: readonly string[];
}

const cache = new Map<string, readonly string[]>();
let table: ReadingsTable | undefined;

type ReadingsJson = { syllables: string[]; sets: string[]; runs: [number, string][] };

/** Loads the readings table, once; see core-data.ts. */
export async function loadReadings(): Promise<void> {
  if (table) return;
  const json = (await import('../../../models/readings/readings.json', { with: { type: 'json' } })).default as unknown as ReadingsJson;
  table = {
    sets: json.sets.map((set) => (set === '' ? [] : set.split(' ').map((i) => json.syllables[parseInt(i, 36)]!))),
    starts: json.runs.map(([start]) => start),
    codes: json.runs.map(([, codes]) => codes),
  };
}

function tableReadings(t: ReadingsTable, cp: number): readonly string[] {
  // The last run starting at or before cp.
  let lo = 0;
  let hi = t.starts.length - 1;
  if (hi < 0 || cp < t.starts[0]!) return [];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.starts[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  const at = (cp - t.starts[lo]!) * WIDTH;
  const codes = t.codes[lo]!;
  return at < codes.length ? t.sets[parseInt(codes.slice(at, at + WIDTH), 36)]! : [];
}

/** Toneless readings of one Han character (all readings of a polyphone); [] for anything else. Cached. */
export function readings(ch: string): readonly string[] {
  let r = cache.get(ch);
  if (r === undefined) {
    if (!HAN.test(ch)) r = [];
    else if (!table) throw new Error('pinyin readings are not loaded: await loadCoreData(["readings"]) first');
    else r = tableReadings(table, ch.codePointAt(0)!);
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
