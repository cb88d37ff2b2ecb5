import type { Predictions, ScoredItem, TestRow, TestSet } from '../types.ts';
import { examplesOf, mismatchCause, summaryLine, type IdMismatchSummary, type IdSummaryIssue } from './id-mismatch.ts';
import { capIssues, IssueList, MAX_REPORTED_ISSUES } from './issues.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { InputError } from '../types.ts';
import { joinedItem, takePredictionIndex } from './row-store.ts';

export interface JoinOptions {
  /** Pair the n-th prediction with the n-th test row, ignoring ids. Only on explicit request. */
  matchByLineOrder?: boolean;
}

/** The joined items in test-set order; an array, so it goes straight to the metric profiles. */
export interface JoinedItems extends Array<ScoredItem> {
  /** 'line-order' means ids were ignored: the n-th prediction was paired with the n-th test row. */
  matchedBy: 'id' | 'line-order';
  /** With line order: how many pairs had different ids (0 when matched by id). */
  idMismatches: number;
  /** With line order, when most pairs' ids differ: why, with examples (null otherwise). */
  idSummary: IdMismatchSummary | null;
  /** Things the user should know although the join succeeded, one line each, naming the file. */
  warnings: string[];
  /** The same warnings with their codes (core/messages.ts), for the page to say in its language. */
  codedWarnings: CodedMessage[];
}

/** The warning when pairing by line order although the ids at the same lines disagree, with its code and parameters. */
export function lineOrderCoded(file: string, s: IdMismatchSummary, mismatches: number): CodedMessage {
  const cause = s.cause === 'shuffled' ? 'shuffled' : s.cause.startsWith('line-numbers') ? 'line-numbers' : 'other';
  const params: Record<string, string | number> = { file, mismatches, total: s.total, cause, examples: s.examples.length };
  s.examples.forEach((e, i) => Object.assign(params, { [`line${i + 1}`]: e.line, [`prediction${i + 1}`]: e.predictionId, [`test${i + 1}`]: e.testId }));
  return coded('input.line-order-ids', params);
}

/** Most ids disagreeing is a pattern worth one summary line; a few are just listed. */
function mostlyMismatched(mismatched: number, total: number): boolean {
  return total > 0 && mismatched * 2 > total;
}

function summarize(testSet: TestSet, predictions: Predictions, matched: number, byLineOrder: boolean): IdMismatchSummary {
  const testIds = testSet.rows.map((r) => r.id);
  const predictionIds = predictions.rows.map((r) => r.id);
  return {
    matched,
    total: testSet.rows.length,
    cause: mismatchCause(testIds, predictionIds, byLineOrder),
    examples: examplesOf(testIds, predictionIds, predictions.rows.map((r) => r.line)),
  };
}

/**
 * Joins a test set with one system's predictions, by id. Every test id needs exactly one prediction and every
 * prediction id must be in the test set; all such problems are reported together, led by one summary line with
 * the likely cause when most ids disagree. Text is never used to match.
 */
export function joinPredictions(testSet: TestSet, predictions: Predictions, options: JoinOptions = {}): JoinedItems {
  const issues = new IssueList();
  if (options.matchByLineOrder) {
    if (testSet.rows.length !== predictions.rows.length) {
      issues.add(
        predictions.file,
        null,
        coded('input.line-order-counts', { test: testSet.rows.length, predictions: predictions.rows.length }),
      );
      issues.throwIfAny();
    }
    let idMismatches = 0;
    const items = testSet.rows.map((row, i) => {
      const pred = predictions.rows[i]!;
      if (pred.id !== row.id) idMismatches++;
      return withGoldLabels(joinedItem(row, pred), row);
    });
    const idSummary = mostlyMismatched(idMismatches, items.length) ? summarize(testSet, predictions, items.length - idMismatches, true) : null;
    const codedWarnings = idSummary ? [lineOrderCoded(predictions.file, idSummary, idMismatches)] : [];
    return Object.assign(items, { matchedBy: 'line-order' as const, idMismatches, idSummary, warnings: codedWarnings.map((w) => w.message), codedWarnings });
  }

  // Prediction id → the index of its first row (a later row with the same id is a duplicate): the reader's own
  // map when the rows are stored, which then has no repeats.
  const indexOf = takePredictionIndex(predictions.rows) ?? indexPredictions(predictions, issues);
  const used = new Uint8Array(predictions.rows.length);
  const items: ScoredItem[] = [];
  for (const row of testSet.rows) {
    const id = row.id;
    const index = indexOf(id);
    if (index === undefined) {
      issues.add(predictions.file, null, coded('input.no-prediction', { id, file: testSet.file, line: row.line }), id);
      continue;
    }
    used[index] = 1;
    items.push(withGoldLabels(joinedItem(row, predictions.rows[index]!), row));
  }
  // An id whose first prediction no test row took is not in the test set (said for each of its rows).
  predictions.rows.forEach((p) => {
    if (used[indexOf(p.id)!] === 0) {
      issues.add(predictions.file, p.line, coded('input.not-in-test-set', { id: p.id, file: testSet.file }), p.id);
    }
  });
  if (mostlyMismatched(testSet.rows.length - items.length, testSet.rows.length)) {
    const idSummary = summarize(testSet, predictions, items.length, false);
    const lead: IdSummaryIssue = { file: predictions.file, line: null, problem: summaryLine(idSummary), idSummary };
    // The summary is always shown: it takes one of the reported places, the per-row list keeps the rest.
    throw new InputError([lead, ...capIssues(issues.issues, MAX_REPORTED_ISSUES - 1)], [lead, ...issues.issues]);
  }
  issues.throwIfAny();
  return Object.assign(items, { matchedBy: 'id' as const, idMismatches: 0, idSummary: null, warnings: [], codedWarnings: [] });
}

function indexPredictions(predictions: Predictions, issues: IssueList): (id: string) => number | undefined {
  const byId = new Map<string, number>();
  predictions.rows.forEach((p, index) => {
    const id = p.id;
    const first = byId.get(id);
    if (first !== undefined) issues.add(predictions.file, p.line, coded('input.duplicate-id', { id, unit: 'line', first: predictions.rows[first]!.line }), id);
    else byId.set(id, index);
  });
  return (id) => byId.get(id);
}

function withGoldLabels(item: ScoredItem, row: TestRow): ScoredItem {
  return row.goldLabels ? { ...item, goldLabels: row.goldLabels } : item;
}
