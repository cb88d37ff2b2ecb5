/**
 * Sentence-level proofreading rates from seed 001 (a how-to for testing AI proofreading tools): among error
 * sentences (source ≠ reference) the shares fully corrected (prediction = reference), left unchanged
 * (prediction = source) and changed but not to the reference; among clean sentences the share changed. Two
 * separate denominators, so the rates do not add up to one "error rate". Reproduces the seed's evaluate().
 *
 * Keys (the seed's own): values.counts {error_total, clean_total, corrected, unchanged_error, changed_not_gold,
 * changed_clean} and values.rates {corrected_rate, unchanged_error_rate, changed_not_gold_rate,
 * changed_clean_rate}, rates as fractions rounded with Python's round(x, 4). An empty denominator gives null
 * (the seed: "null, not a 0 that pretends it was tested") plus a warning.
 * Refusals, as the seed stops counting: duplicate ids, and empty source, reference or prediction (an empty output
 * is an execution failure to list separately, not a result). The per-row report and its CSV are below.
 */
import type { ScoredItem } from '../types.ts';
import { firstReference, firstReferenceWarning, listIds } from './item-checks.ts';
import { countOf, defineProfile, ProfileError, type Counts, type ProfileResult, type SentenceScore } from './profile.ts';
import { pyRound } from './pyround.ts';
import { toCsv, UTF8_BOM } from '../format/csv.ts';
import { coded, type CodedMessage } from '../messages.ts';

export type ProofreadCategory = 'error' | 'clean';
export type ProofreadVerdict = 'corrected' | 'unchanged_error' | 'changed_not_gold' | 'changed_clean' | 'kept_clean';

/** One row of the per-sentence report (the seed's kind/result/original/gold columns, in our vocabulary). */
export interface ProofreadRow {
  id: string;
  category: ProofreadCategory;
  source: string;
  reference: string;
  prediction: string;
  verdict: ProofreadVerdict;
}

/** Classifies every item, refusing input the seed refuses. */
export function proofreadRows(items: readonly ScoredItem[]): ProofreadRow[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const it of items) {
    if (seen.has(it.id)) duplicates.add(it.id);
    seen.add(it.id);
  }
  if (duplicates.size > 0) {
    throw new ProfileError('proofread', `duplicate ids, so counting stops: ${listIds([...duplicates])}`);
  }
  const empty = items.filter((it) => it.source === '' || firstReference(it) === '' || it.prediction === '');
  if (empty.length > 0) {
    throw new ProfileError(
      'proofread',
      `${empty.length} row(s) have an empty source, reference or prediction; list empty outputs as failed runs rather than score them: ${listIds(empty.map((it) => it.id))}`,
    );
  }
  return items.map((it) => {
    const reference = firstReference(it);
    const category: ProofreadCategory = it.source === reference ? 'clean' : 'error';
    let verdict: ProofreadVerdict;
    if (category === 'clean') verdict = it.prediction === it.source ? 'kept_clean' : 'changed_clean';
    else if (it.prediction === reference) verdict = 'corrected';
    else if (it.prediction === it.source) verdict = 'unchanged_error';
    else verdict = 'changed_not_gold';
    return { id: it.id, category, source: it.source, reference, prediction: it.prediction, verdict };
  });
}

const COUNT_KEYS = ['error_total', 'clean_total', 'corrected', 'unchanged_error', 'changed_not_gold', 'changed_clean'] as const;

/** One row's counts (one-hot over its category and verdict) with the seed's verdict. */
export function proofreadScore(row: ProofreadRow): SentenceScore {
  const counts: Counts = {};
  for (const key of COUNT_KEYS) counts[key] = 0;
  counts[row.category === 'error' ? 'error_total' : 'clean_total'] = 1;
  if (row.verdict !== 'kept_clean') counts[row.verdict] = 1;
  return { counts, verdict: row.verdict };
}

function score(items: readonly ScoredItem[]) {
  const sentences = proofreadRows(items).map(proofreadScore);
  const multi = firstReferenceWarning(items);
  return { sentences, warnings: multi ? [multi] : [] };
}

function summarize(totals: Counts): ProfileResult {
  const counts = Object.fromEntries(COUNT_KEYS.map((key) => [key, countOf(totals, key)])) as Record<(typeof COUNT_KEYS)[number], number>;
  const rate = (n: number, d: number) => (d === 0 ? null : pyRound(n / d, 4));
  const rates = {
    corrected_rate: rate(counts.corrected, counts.error_total),
    unchanged_error_rate: rate(counts.unchanged_error, counts.error_total),
    changed_not_gold_rate: rate(counts.changed_not_gold, counts.error_total),
    changed_clean_rate: rate(counts.changed_clean, counts.clean_total),
  };
  const warnings: CodedMessage[] = [];
  if (counts.error_total === 0) warnings.push(coded('profile.no-error-sentences'));
  if (counts.clean_total === 0) warnings.push(coded('profile.no-clean-sentences'));
  return { values: { counts, rates }, warnings };
}

export const proofreadProfile = defineProfile({
  name: 'proofread',
  version: '1.0.0',
  description:
    'Rates of a sentence-level proofreading test: strict correction, unchanged-error and changed-but-not-gold ' +
    'among error sentences, changed among clean sentences; separate denominators, null when empty',
  score,
  summarize,
});

export const PROOFREAD_CSV_COLUMNS = ['id', 'category', 'source', 'reference', 'prediction', 'verdict'] as const;

/**
 * The per-row report as CSV text starting with a BOM (encode as UTF-8: spreadsheet programs then read the
 * Chinese correctly, as the seed's utf-8-sig file). CRLF line ends as RFC 4180. Cells starting with = + - @,
 * tab or CR get a leading ' so that opening the file cannot run a formula; such cells then differ from the
 * input by that one character.
 */
export function proofreadCsv(rows: readonly ProofreadRow[]): string {
  return UTF8_BOM + toCsv([PROOFREAD_CSV_COLUMNS, ...rows.map((row) => PROOFREAD_CSV_COLUMNS.map((c) => row[c]))]);
}
