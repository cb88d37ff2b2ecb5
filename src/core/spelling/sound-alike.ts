/**
 * Do two characters sound alike? Some toneless reading of one (every reading of a polyphone) and some reading of
 * the other are the same syllable, or differ in the way learners' and typists' misspellings do: the same final
 * after initials of one place of articulation (d/t/n/l, j/q/x, z/c/s, zh/ch/sh/r, b/p/m/f, g/k/h) or of the usual
 * fuzzy pairs (z/zh, c/ch, s/sh, n/l, f/h, r/l); or the same initial with finals one letter apart (an/ang, in/ing,
 * u/ü, ie/üe). Unlike a plain one-letter edit, initials from unrelated places (d/x in 缺点/缺陷, f/c in 早饭/早餐)
 * do not count.
 */
import { readings } from '../align/pinyin.ts';
import { withinOneEdit } from '../align/levenshtein.ts';

const INITIALS = ['zh', 'ch', 'sh', 'b', 'p', 'm', 'f', 'd', 't', 'n', 'l', 'g', 'k', 'h', 'j', 'q', 'x', 'r', 'z', 'c', 's', 'y', 'w'];
const PLACE: Record<string, string> = {
  b: 'labial', p: 'labial', m: 'labial', f: 'labial',
  d: 'alveolar', t: 'alveolar', n: 'alveolar', l: 'alveolar',
  g: 'velar', k: 'velar', h: 'velar',
  j: 'palatal', q: 'palatal', x: 'palatal',
  z: 'dental', c: 'dental', s: 'dental',
  zh: 'retroflex', ch: 'retroflex', sh: 'retroflex', r: 'retroflex',
  y: 'none', w: 'none', '': 'none',
};
const FUZZY = new Set(['z zh', 'c ch', 's sh', 'n l', 'f h', 'r l'].flatMap((p) => [p, p.split(' ').reverse().join(' ')]));

function split(syllable: string): [initial: string, final: string] {
  const initial = INITIALS.find((i) => syllable.startsWith(i)) ?? '';
  return [initial, syllable.slice(initial.length)];
}

/** Two toneless pinyin syllables that a misspelling may confuse. */
export function syllablesAlike(p: string, q: string): boolean {
  if (p === q) return true;
  const [i1, f1] = split(p);
  const [i2, f2] = split(q);
  if (f1 === f2) return PLACE[i1] === PLACE[i2] || FUZZY.has(`${i1} ${i2}`);
  return i1 === i2 && withinOneEdit(Array.from(f1), Array.from(f2));
}

/** Two different Han characters with some pair of readings alike; false when either has no reading. */
export function soundAlike(a: string, b: string): boolean {
  if (a === b) return false;
  const ra = readings(a);
  const rb = readings(b);
  return ra.some((p) => rb.some((q) => syllablesAlike(p, q)));
}
