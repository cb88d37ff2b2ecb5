/**
 * simple-csc `eval/evaluate.py --metric_algorithm levenshtein` (Zhou et al.): source→reference and
 * source→prediction are aligned with unit-cost Levenshtein (ERRANT-style table), and the non-match operations
 * become edits (start, end, replacement) on the source. Sentence- and character-level detection/correction
 * P, R, F1, plus the sentence false-positive rate, in % to 3 decimals. Works on texts of any length (banded
 * alignment; a pair too different for the cell limit is refused by name, see docs/align.md).
 *
 * Like the script's main(): every text goes through its clean_text() (drops control/format chars, U+0000,
 * U+FFFD; whitespace → ' ') and strip() first. Rounding: P and R rounded with Python's round(), then
 * F1 = round(2PR / (P + R + 1e-10), 3) from the rounded values. No division by zero: empty denominators print 0.0
 * (P, R) or go through the script's epsilon (FPR); we print the same and add a warning.
 * Sentence matches compare edit sets; the script compares tuple(set)s, which agree with set equality except when
 * two equal sets were filled in a different order (several insertions at one point in a different order), where
 * CPython's answer depends on string hashing (PYTHONHASHSEED). We use set equality.
 */
import { unitCostCodeEdits, unitCostEdits, type UnitCostEdit } from '../align/unit-cost.ts';
import { codePoints } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { coded, LIST_SEPARATOR, type CodedMessage, type PrintedAsZero } from '../messages.ts';
import { firstReference, firstReferenceWarning } from './item-checks.ts';
import { cscdVerdict } from './cscd.ts';
import { countOf, defineProfile, type Counts, type MetricValue, type ProfileResult, type SentenceScore } from './profile.ts';
import { pyRound } from './pyround.ts';

/** One non-match alignment operation: source span [srcStart, srcEnd) becomes `text` (one char, or '' for D). */
export type LevenshteinEdit = UnitCostEdit;

/**
 * The script's Alignment with standard Levenshtein costs (first cheapest of substitution, insertion, deletion;
 * backtracked from the bottom-right), banded in align/unit-cost.ts: the same edits as the full table.
 * Throws AlignmentTooLongError when the texts differ too much for the cell limit.
 */
export function levenshteinEdits(orig: readonly string[], cor: readonly string[]): LevenshteinEdit[] {
  return unitCostEdits(orig, cor);
}

const SPACE_SEPARATOR = /^\p{Zs}$/u;
const OTHER = /^\p{C}$/u;

/** Anything clean_text() changes: whitespace and separators, control/format/unassigned characters, U+FFFD. */
const NEEDS_CLEANING = /[\p{Zs}\p{C}\uFFFD]/u;

/** The script's clean_text() then str.strip(). */
export function simpleCscClean(text: string): string {
  // Most texts have nothing to clean (two property tests per character took 7% of a 5,000-row run).
  if (!NEEDS_CLEANING.test(text)) return text.trim();
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

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** The script's compute_p_r_f1: P and R in %, rounded, 0.0 for an empty denominator; F1 from the rounded ones. */
function prf(truePredict: number, allPredict: number, allError: number): { p: number; r: number; f1: number } {
  const p = allPredict === 0 ? 0 : pyRound((truePredict / allPredict) * 100, 3);
  const r = allError === 0 ? 0 : pyRound((truePredict / allError) * 100, 3);
  return { p, r, f1: pyRound((2 * p * r) / (p + r + 1e-10), 3) };
}

/**
 * One sentence of the script's loop, on the raw texts (cleaned here), with its per-row label. `ignoreChars`
 * (--ignore_chars/--ignore_punct): edits whose source character is one of them are skipped, as the script does.
 */
export function levenshteinSentence(
  source: string,
  reference: string,
  prediction: string,
  ignoreChars: ReadonlySet<string> = new Set(),
): SentenceScore {
  const [src, tgt, pred] = [source, reference, prediction].map(simpleCscClean) as [string, string, string];
  const srcCodes = codePoints(src);
  // Insertions have no source character and are never skipped.
  const skipped = (e: LevenshteinEdit) => e.srcEnd > e.srcStart && ignoreChars.size > 0 && ignoreChars.has(String.fromCodePoint(srcCodes[e.srcStart]!));
  const goldIdx = new Set<string>();
  const goldEdits = new Set<string>();
  let charError = 0;
  for (const e of unitCostCodeEdits(srcCodes, codePoints(tgt))) {
    if (skipped(e)) continue;
    charError++;
    goldIdx.add(`${e.srcStart},${e.srcEnd}`);
    goldEdits.add(`${e.srcStart},${e.srcEnd},${e.text}`);
  }
  const predIdx = new Set<string>();
  const predEdits = new Set<string>();
  let charPredict = 0;
  let charDetectTp = 0;
  let charCorrectTp = 0;
  // Counted per edit, not per distinct span, as the script does.
  for (const e of unitCostCodeEdits(srcCodes, codePoints(pred))) {
    if (skipped(e)) continue;
    const span = `${e.srcStart},${e.srcEnd}`;
    const edit = `${span},${e.text}`;
    charPredict++;
    predIdx.add(span);
    predEdits.add(edit);
    if (goldIdx.has(span)) charDetectTp++;
    if (goldEdits.has(edit)) charCorrectTp++;
  }
  const hasError = goldIdx.size > 0;
  const predicted = predIdx.size > 0;
  return {
    counts: {
      sent_error: hasError ? 1 : 0,
      sent_predict: predicted ? 1 : 0,
      sent_detect_tp: predicted && sameSet(goldIdx, predIdx) ? 1 : 0,
      sent_correct_tp: predicted && sameSet(goldEdits, predEdits) ? 1 : 0,
      char_error: charError,
      char_predict: charPredict,
      char_detect_tp: charDetectTp,
      char_correct_tp: charCorrectTp,
      not_error: hasError ? 0 : 1,
      false_pred: !hasError && predicted ? 1 : 0,
      cleaned: src !== source || tgt !== reference || pred !== prediction ? 1 : 0,
    },
    // The script's per-row label (正确/过纠/漏纠/综合), on the cleaned texts.
    verdict: cscdVerdict(src, tgt, pred),
  };
}


export function summarizeLevenshtein(totals: Counts): ProfileResult {
  const c = (key: string) => countOf(totals, key);
  const values: { [key: string]: MetricValue } = {};
  const groups: [string, string, string][] = [
    ['sentence detection', 'sent_detect_tp', 'sent'],
    ['sentence correction', 'sent_correct_tp', 'sent'],
    ['char detection', 'char_detect_tp', 'char'],
    ['char correction', 'char_correct_tp', 'char'],
  ];
  for (const [prefix, tp, level] of groups) {
    const { p, r, f1 } = prf(c(tp), c(`${level}_predict`), c(`${level}_error`));
    values[`${prefix} p`] = p;
    values[`${prefix} r`] = r;
    values[`${prefix} f1`] = f1;
  }
  values['sentence fpr'] = pyRound((100 * c('false_pred')) / (c('not_error') + 1e-10), 3);

  const warnings: CodedMessage[] = [];
  const empty: PrintedAsZero[] = [];
  if (c('sent_predict') === 0) empty.push('no-prediction');
  if (c('sent_error') === 0) empty.push('no-error');
  if (c('not_error') === 0) empty.push('no-clean');
  if (empty.length > 0) warnings.push(coded('profile.printed-as-zero', { cases: empty.join(LIST_SEPARATOR) }));
  const cleaned = c('cleaned');
  if (cleaned > 0) warnings.push(coded('profile.cleaned', { count: cleaned }));
  return { values, warnings };
}

/** The profile; with `ignoreChars`, the script's --ignore_chars/--ignore_punct (edits on those source characters skipped). */
export function makeLevenshteinProfile(ignoreChars: ReadonlySet<string> = new Set()) {
  return defineProfile({
    name: 'levenshtein',
    version: '1.0.0',
    description:
      'simple-csc evaluate.py --metric_algorithm levenshtein: unit-cost alignment edits, sentence- and char-level ' +
      'detection/correction P, R, F1 and sentence FPR in % (3 decimals); any lengths' +
      (ignoreChars.size > 0 ? `; edits on ${ignoreChars.size} ignored source character(s) skipped` : ''),
    score(items: readonly ScoredItem[]) {
      const sentences = items.map((item) =>
        levenshteinSentence(item.source, firstReference(item), item.prediction, ignoreChars),
      );
      const multi = firstReferenceWarning(items);
      return { sentences, warnings: multi ? [multi] : [] };
    },
    summarize: summarizeLevenshtein,
  });
}

export const levenshteinProfile = makeLevenshteinProfile();
