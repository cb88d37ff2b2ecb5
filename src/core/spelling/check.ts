/**
 * The spelling check of the Eval-GCSC judge: does R′ (the reference with a predicted word spliced in) misspell
 * the reference? R and R′ are aligned character by character (simple-csc's unit-cost alignment); each run of
 * adjacent substituted characters is then judged:
 * - confusable: every character of the run sounds or looks like the one it replaced (散步 → 散布, 一位 → 以为,
 *   教导 → 叫道), which is how misspellings arise; a rewrite into another word (普遍 → 常见) changes some
 *   character into an unrelated one and is left to the judge's model;
 * - non-word: a Han character that stood inside a word of the lexicon now stands inside none (开朗 → 开浪).
 * Substitutions that make a recorded variant spelling (惟一/唯一, 身分/身份, 想像/想象) or swap the particles
 * 的/地/得 are not misspellings. Insertions and deletions are left to the model.
 */
import { unitCostEdits } from '../align/unit-cost.ts';
import { glyphSimilar } from '../errortype/glyphs.ts';
import { isRecordedVariant, isWord } from './lexicon.ts';
import { soundAlike } from './sound-alike.ts';

export type SpellingFindingKind = 'confusable' | 'non-word';

export interface SpellingFinding {
  kind: SpellingFindingKind;
  /** The reference's characters that were replaced, and what replaced them. */
  reference: string;
  predicted: string;
  /** Code-point offset of `reference` in R. */
  at: number;
}

/** Freely alternating spellings: the structural particles de (慢慢的/慢慢地, 唱得/唱的). */
const ALTERNATING = new Set(['的地', '地的', '的得', '得的', '地得', '得地']);
const HAN = /^\p{Unified_Ideograph}$/u;
const LONGEST_WORD = 8;
/** Variant pairs are checked in windows of up to this many characters (longer ones contain a shorter pair). */
const LONGEST_VARIANT = 4;

/** Is chars[i] inside some lexicon word of two or more characters? */
function insideWord(chars: readonly string[], i: number): boolean {
  for (let n = 2; n <= LONGEST_WORD; n++) {
    for (let start = Math.max(0, i - n + 1); start <= i && start + n <= chars.length; start++) {
      if (isWord(chars.slice(start, start + n).join(''))) return true;
    }
  }
  return false;
}

/** Does some window around reference[i] spell a recorded variant of the same window of the prediction? */
function inVariant(reference: readonly string[], predicted: readonly string[], i: number, shift: number): boolean {
  for (let n = 2; n <= LONGEST_VARIANT; n++) {
    for (let start = Math.max(0, i - n + 1); start <= i && start + n <= reference.length; start++) {
      const from = start + shift;
      if (from < 0 || from + n > predicted.length) continue;
      if (isRecordedVariant(reference.slice(start, start + n).join(''), predicted.slice(from, from + n).join(''))) return true;
    }
  }
  return false;
}

/** Why a substitution is not a misspelling, when it is not. */
export type Exemption = 'variant' | 'alternation';

export interface Substitution {
  /** Code-point offset in R, and of the replacing character in R′. */
  at: number;
  to: number;
  x: string;
  y: string;
  exempt: Exemption | null;
}

/** R′'s substitutions of R's characters in runs of adjacent ones (insertions and deletions end a run). */
export function substitutionRuns(reference: string, rPro: string): { runs: Substitution[][]; r: string[]; p: string[] } {
  const r = Array.from(reference);
  const p = Array.from(rPro);
  const runs: Substitution[][] = [];
  let run: Substitution[] = [];
  let shift = 0;
  for (const edit of unitCostEdits(r, p)) {
    const last = run[run.length - 1];
    if (edit.op !== 'S' || (last && last.at + 1 !== edit.srcStart)) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (edit.op === 'I') shift++;
    else if (edit.op === 'D') shift--;
    else {
      const x = r[edit.srcStart]!;
      const y = edit.text;
      const exempt = ALTERNATING.has(x + y) ? 'alternation' : inVariant(r, p, edit.srcStart, shift) ? 'variant' : null;
      run.push({ at: edit.srcStart, to: edit.srcStart + shift, x, y, exempt });
    }
  }
  if (run.length > 0) runs.push(run);
  return { runs, r, p };
}

/** The first misspelling R′ makes of R, or null (the tables must be loaded: readings, glyphs, lexicon). */
export function checkSpelling(reference: string, rPro: string): SpellingFinding | null {
  if (reference === rPro) return null;
  const { runs, r, p } = substitutionRuns(reference, rPro);
  for (const subs of runs) {
    const real = subs.filter((s) => s.exempt === null);
    if (real.length === 0) continue;
    const finding = (kind: SpellingFindingKind): SpellingFinding => ({
      kind,
      reference: subs.map((s) => s.x).join(''),
      predicted: subs.map((s) => s.y).join(''),
      at: subs[0]!.at,
    });
    if (real.every((s) => soundAlike(s.x, s.y) || glyphSimilar(s.x, s.y))) return finding('confusable');
    if (real.some((s) => HAN.test(s.y) && insideWord(r, s.at) && !insideWord(p, s.to))) return finding('non-word');
  }
  return null;
}
