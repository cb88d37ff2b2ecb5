/**
 * Builds models/readings/readings.json: the toneless pinyin readings of every Han character pinyin-pro knows,
 * exactly as src/core/align/pinyin.ts used to ask pinyin-pro for them one character at a time
 * (`pinyin(ch, { toneType: 'none', multiple: true, type: 'array' })`, minus an answer equal to the character).
 * The table loads in a few milliseconds where pinyin-pro's dictionary took 0.15-0.2 s to build in every run.
 *
 *   npx tsx models/readings/build.ts      (after upgrading pinyin-pro; test/core/align/readings.test.ts says when)
 *
 * Layout: `syllables` (sorted); `sets`, each a distinct list of readings as syllable indices in base 36, joined by
 * spaces, set 0 being the empty list; `runs`, each [first code point, codes], where `codes` holds one set index per
 * code point from the first on, in base 36, three characters each (short gaps inside a run use set 0).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';

const HAN = /^\p{Unified_Ideograph}$/u;
const LAST_CODE_POINT = 0x3ffff; // the ideographic planes end here
const WIDTH = 3;
const MAX_GAP = 8;

const found: [number, string[]][] = [];
for (let cp = 0; cp <= LAST_CODE_POINT; cp++) {
  const ch = String.fromCodePoint(cp);
  if (!HAN.test(ch)) continue;
  const r = pinyin(ch, { toneType: 'none', multiple: true, type: 'array' }).filter((p) => p !== ch);
  if (r.length > 0) found.push([cp, r]);
}

const syllables = [...new Set(found.flatMap(([, r]) => r))].sort();
const syllableIndex = new Map(syllables.map((s, i) => [s, i]));
const sets = [''];
const setIndex = new Map<string, number>([['', 0]]);
const code = (n: number) => n.toString(36).padStart(WIDTH, '0');
const runs: [number, string][] = [];
let last = -Infinity;
for (const [cp, r] of found) {
  const key = r.map((s) => syllableIndex.get(s)!.toString(36)).join(' ');
  if (!setIndex.has(key)) setIndex.set(key, sets.push(key) - 1);
  if (cp - last > MAX_GAP) runs.push([cp, '']);
  else runs[runs.length - 1]![1] += code(0).repeat(cp - last - 1);
  runs[runs.length - 1]![1] += code(setIndex.get(key)!);
  last = cp;
}
if (sets.length > 36 ** WIDTH) throw new Error(`${sets.length} reading sets do not fit in ${WIDTH} base-36 digits`);

const version = (JSON.parse(readFileSync(new URL('../../node_modules/pinyin-pro/package.json', import.meta.url), 'utf8')) as { version: string }).version;
const table = { source: `pinyin-pro ${version}`, characters: found.length, syllables, sets, runs };
writeFileSync(new URL('readings.json', import.meta.url), JSON.stringify(table) + '\n');
console.log(`${found.length} characters, ${syllables.length} syllables, ${sets.length - 1} reading sets, ${runs.length} runs`);
