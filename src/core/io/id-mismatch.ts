import type { InputIssue } from '../types.ts';
import { visible } from '../visible.ts';

/**
 * Why the ids of a prediction file and a test set disagree, guessed from the ids alone:
 * line-numbers-0 / line-numbers-1: the predictions are numbered by line (from 0 or 1) instead of carrying the ids;
 * format: the same numbers under another prefix, case or zero padding ("test_0001" vs "1");
 * shuffled: the test's own ids, but in another order (only said when matching by line order);
 * partial: the prediction ids are test ids, but most test rows have none;
 * unrelated: nothing in common: probably files that do not belong together.
 */
export type IdMismatchCause = 'line-numbers-0' | 'line-numbers-1' | 'format' | 'shuffled' | 'partial' | 'unrelated';

export interface IdMismatchSummary {
  /** Test rows that found a prediction with their id. */
  matched: number;
  /** Test rows. */
  total: number;
  cause: IdMismatchCause;
  /** A few (test id, prediction id) pairs at the same position, for the user to see the difference. */
  examples: { line: number; testId: string; predictionId: string }[];
}

/** The issue that leads an id-mismatch error: one line, with the summary attached for the page to show. */
export interface IdSummaryIssue extends InputIssue {
  idSummary: IdMismatchSummary;
}

export function isIdSummaryIssue(issue: InputIssue): issue is IdSummaryIssue {
  return 'idSummary' in issue;
}

const EXAMPLES = 3;
/** Share of ids a pattern must explain before it is named as the cause. */
const MOST = 0.9;

/** The numbers in an id, zero padding dropped: "A2-0003-1" → "2.3.1", "test_0001" → "1". */
function numericKey(id: string): string | null {
  const groups = id.match(/\d+/g);
  return groups ? groups.map((g) => String(Number(g))).join('.') : null;
}

function share(count: number, total: number): boolean {
  return total > 0 && count >= MOST * total;
}

/** The cause of a mismatch between test ids and prediction ids, both in file order. */
export function mismatchCause(testIds: readonly string[], predictionIds: readonly string[], byLineOrder: boolean): IdMismatchCause {
  const n = predictionIds.length;
  const at = (base: number) => predictionIds.filter((id, i) => id === String(i + base)).length;
  const testSet = new Set(testIds);
  const inTest = predictionIds.filter((id) => testSet.has(id)).length;
  if (share(at(1), n)) return 'line-numbers-1';
  if (share(at(0), n)) return 'line-numbers-0';
  if (share(inTest, n)) return byLineOrder ? 'shuffled' : 'partial';
  const testKeys = new Set(testIds.map((id) => numericKey(id) ?? id.toLowerCase()));
  const predMatches = predictionIds.filter((id) => testKeys.has(numericKey(id) ?? id.toLowerCase())).length;
  if (share(predMatches, n) && testKeys.size === testIds.length) return 'format';
  return 'unrelated';
}

export function examplesOf(testIds: readonly string[], predictionIds: readonly string[], lines: readonly number[]) {
  const out: IdMismatchSummary['examples'] = [];
  for (let i = 0; i < Math.min(testIds.length, predictionIds.length) && out.length < EXAMPLES; i++) {
    if (testIds[i] !== predictionIds[i]) out.push({ line: lines[i]!, testId: testIds[i]!, predictionId: predictionIds[i]! });
  }
  return out;
}

function exampleText(s: IdMismatchSummary): string {
  return s.examples.map((e) => `line ${e.line}: "${visible(e.predictionId)}" where the test has "${visible(e.testId)}"`).join('; ');
}

const CAUSE_TEXT: Record<IdMismatchCause, string> = {
  'line-numbers-1': 'the ids look like line numbers (counted from 1); try --match-by-line-order',
  'line-numbers-0': 'the ids look like line numbers (counted from 0); try --match-by-line-order',
  format: 'the ids hold the same numbers in another form (prefix, case or zero padding); write the test set\'s ids, or try --match-by-line-order if the rows are in the same order',
  shuffled: 'the predictions carry the test set\'s ids in another order',
  partial: 'the prediction file covers only part of the test set',
  unrelated: 'most ids are not in the test set; check that these files belong together',
};

/** "0 of 1100 ids match: the ids look like line numbers…", the line that leads the per-row list. */
export function summaryLine(s: IdMismatchSummary): string {
  const examples = s.examples.length > 0 ? ` (e.g. ${exampleText(s)})` : '';
  return `${s.matched} of ${s.total} ids match: ${CAUSE_TEXT[s.cause]}${examples}`;
}
