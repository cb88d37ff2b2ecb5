/**
 * simple-csc `eval/evaluate.py --metric_algorithm levenshtein` (Zhou et al.): source→reference and
 * source→prediction are aligned with unit-cost Levenshtein (ERRANT-style table), and the non-match operations
 * become edits (start, end, replacement) on the source. Sentence- and character-level detection/correction
 * P, R, F1, plus the sentence false-positive rate, in % to 3 decimals. Works on texts of any length.
 *
 * Like the script's main(): every text goes through its clean_text() (drops control/format chars, U+0000,
 * U+FFFD; whitespace → ' ') and strip() first. Rounding: P and R rounded with Python's round(), then
 * F1 = round(2PR / (P + R + 1e-10), 3) from the rounded values. No division by zero: empty denominators print 0.0
 * (P, R) or go through the script's epsilon (FPR); we print the same and add a warning.
 * Sentence matches compare edit sets; the script compares tuple(set)s, which agree with set equality except when
 * two equal sets were filled in a different order (several insertions at one point in a different order), where
 * CPython's answer depends on string hashing (PYTHONHASHSEED). We use set equality.
 */
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { firstReference, firstReferenceWarning } from './item-checks.ts';
import type { MetricProfile, MetricValue, ProfileResult } from './profile.ts';
import { pyRound } from './pyround.ts';

/** One non-match alignment operation: source span [srcStart, srcEnd) becomes `text` (one char, or '' for D). */
export interface LevenshteinEdit {
  op: 'S' | 'I' | 'D';
  srcStart: number;
  srcEnd: number;
  text: string;
}

const M = 0;
const S = 1;
const I = 2;
const D = 3;

/**
 * The script's Alignment with standard Levenshtein costs: at each mismatched cell the first cheapest of
 * [transposition (never: infinite), substitution, insertion, deletion]; backtracked from the bottom-right.
 * Returns the non-match operations, left to right.
 */
export function levenshteinEdits(orig: readonly string[], cor: readonly string[]): LevenshteinEdit[] {
  const o = orig.length;
  const c = cor.length;
  const w = c + 1;
  const cost = new Int32Array((o + 1) * w);
  const op = new Uint8Array((o + 1) * w);
  for (let i = 1; i <= o; i++) {
    cost[i * w] = i;
    op[i * w] = D;
  }
  for (let j = 1; j <= c; j++) {
    cost[j] = j;
    op[j] = I;
  }
  for (let i = 0; i < o; i++) {
    for (let j = 0; j < c; j++) {
      const cell = (i + 1) * w + j + 1;
      if (orig[i] === cor[j]) {
        cost[cell] = cost[i * w + j]!;
        op[cell] = M;
        continue;
      }
      const sub = cost[i * w + j]! + 1;
      const ins = cost[(i + 1) * w + j]! + 1;
      const del = cost[i * w + j + 1]! + 1;
      // First of the tied minima in the script's order: substitution, insertion, deletion.
      if (sub <= ins && sub <= del) {
        cost[cell] = sub;
        op[cell] = S;
      } else if (ins <= del) {
        cost[cell] = ins;
        op[cell] = I;
      } else {
        cost[cell] = del;
        op[cell] = D;
      }
    }
  }
  const edits: LevenshteinEdit[] = [];
  let i = o;
  let j = c;
  while (i + j !== 0) {
    const x = op[i * w + j]!;
    if (x === M || x === S) {
      if (x === S) edits.push({ op: 'S', srcStart: i - 1, srcEnd: i, text: cor[j - 1]! });
      i--;
      j--;
    } else if (x === D) {
      edits.push({ op: 'D', srcStart: i - 1, srcEnd: i, text: '' });
      i--;
    } else {
      edits.push({ op: 'I', srcStart: i, srcEnd: i, text: cor[j - 1]! });
      j--;
    }
  }
  return edits.reverse();
}

const SPACE_SEPARATOR = /^\p{Zs}$/u;
const OTHER = /^\p{C}$/u;

/** The script's clean_text() then str.strip(). */
export function simpleCscClean(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\u0000' || ch === '\uFFFD') continue;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || SPACE_SEPARATOR.test(ch)) out += ' ';
    else if (OTHER.test(ch)) continue;
    else out += ch;
  }
  // After cleaning, JS trim() strips exactly what Python's strip() would (' ', U+2028, U+2029).
  return out.trim();
}

interface Tally {
  allError: number;
  truePredict: number;
  allPredict: number;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** The script's compute_p_r_f1: P and R in %, rounded, 0.0 for an empty denominator; F1 from the rounded ones. */
function prf(t: Tally): { p: number; r: number; f1: number } {
  const p = t.allPredict === 0 ? 0 : pyRound((t.truePredict / t.allPredict) * 100, 3);
  const r = t.allError === 0 ? 0 : pyRound((t.truePredict / t.allError) * 100, 3);
  return { p, r, f1: pyRound((2 * p * r) / (p + r + 1e-10), 3) };
}

function compute(items: readonly ScoredItem[]): ProfileResult {
  const zero = (): Tally => ({ allError: 0, truePredict: 0, allPredict: 0 });
  const sentDet = zero();
  const sentCor = zero();
  const charDet = zero();
  const charCor = zero();
  let notError = 0;
  let falsePred = 0;
  const cleaned: string[] = [];

  for (const item of items) {
    const raw = [item.source, firstReference(item), item.prediction];
    const [src, tgt, pred] = raw.map(simpleCscClean) as [string, string, string];
    if (src !== raw[0] || tgt !== raw[1] || pred !== raw[2]) cleaned.push(item.id);
    const srcChars = chars(src);
    const goldIdx = new Set<string>();
    const goldEdits = new Set<string>();
    for (const e of levenshteinEdits(srcChars, chars(tgt))) {
      charDet.allError++;
      charCor.allError++;
      goldIdx.add(`${e.srcStart},${e.srcEnd}`);
      goldEdits.add(`${e.srcStart},${e.srcEnd},${e.text}`);
    }
    const predIdx = new Set<string>();
    const predEdits = new Set<string>();
    // Counted per edit, not per distinct span, as the script does.
    for (const e of levenshteinEdits(srcChars, chars(pred))) {
      const span = `${e.srcStart},${e.srcEnd}`;
      const edit = `${span},${e.text}`;
      charDet.allPredict++;
      charCor.allPredict++;
      predIdx.add(span);
      predEdits.add(edit);
      if (goldIdx.has(span)) charDet.truePredict++;
      if (goldEdits.has(edit)) charCor.truePredict++;
    }
    if (goldIdx.size > 0) {
      sentDet.allError++;
      sentCor.allError++;
    } else {
      notError++;
      if (predIdx.size > 0) falsePred++;
    }
    if (predIdx.size > 0) {
      sentDet.allPredict++;
      sentCor.allPredict++;
      if (sameSet(goldIdx, predIdx)) sentDet.truePredict++;
      if (sameSet(goldEdits, predEdits)) sentCor.truePredict++;
    }
  }

  const values: { [key: string]: MetricValue } = {};
  const groups: [string, Tally][] = [
    ['sentence detection', sentDet],
    ['sentence correction', sentCor],
    ['char detection', charDet],
    ['char correction', charCor],
  ];
  for (const [prefix, t] of groups) {
    const { p, r, f1 } = prf(t);
    values[`${prefix} p`] = p;
    values[`${prefix} r`] = r;
    values[`${prefix} f1`] = f1;
  }
  values['sentence fpr'] = pyRound((100 * falsePred) / (notError + 1e-10), 3);

  const warnings: string[] = [];
  const multi = firstReferenceWarning(items);
  if (multi) warnings.push(multi);
  const empty: string[] = [];
  if (sentDet.allPredict === 0) empty.push('no prediction changes the source, so P (and F1) print 0.0 rather than undefined');
  if (sentDet.allError === 0) empty.push('no reference differs from its source, so R (and F1) print 0.0 rather than undefined');
  if (notError === 0) empty.push('no sentence is error-free, so sentence fpr prints 0.0 rather than undefined');
  if (empty.length > 0) warnings.push(`as the script does: ${empty.join('; ')}`);
  if (cleaned.length > 0) {
    warnings.push(
      `${cleaned.length} row(s) changed by the script's text cleaning (control characters removed, whitespace normalised, ends stripped) before scoring`,
    );
  }
  return { values, warnings };
}

export const levenshteinProfile: MetricProfile = {
  name: 'levenshtein',
  version: '1.0.0',
  description:
    'simple-csc evaluate.py --metric_algorithm levenshtein: unit-cost alignment edits, sentence- and char-level ' +
    'detection/correction P, R, F1 and sentence FPR in % (3 decimals); any lengths',
  compute,
};
