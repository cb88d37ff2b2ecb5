/** The sentence explorer's classification and filtering, as plain functions over arrays (tens of thousands of rows). */
import type { Judgement } from '../../core/gcsc/judge.ts';
import type { GcscSentence } from '../../core/gcsc/pipeline.ts';
import type { ProofreadVerdict } from '../../core/metrics/proofread.ts';
import { charLength } from '../../core/text.ts';
import type { TestRow } from '../../core/types.ts';

export interface ExplorerData {
  rows: TestRow[];
  systems: { id: string; name: string; predictions: string[]; gcsc: GcscSentence[] | null }[];
}

export interface RowFlags {
  verdict: ProofreadVerdict;
  /** Source, reference or prediction lengths differ (code points). */
  unequal: boolean;
  /** Eval-GCSC's sentence verdict; null when no Eval-GCSC results. */
  gcscCorrect: boolean | null;
  /** Eval-CSC says the sentence is right (prediction = reference) and Eval-GCSC disagrees, or the other way. */
  disagree: boolean;
}

/** Why the judge said an operation changes the meaning, when it can say: the spelling check's finding, or a score below the threshold. */
export type Rejection =
  | { kind: 'non-word' | 'confusable'; reference: string; predicted: string }
  | { kind: 'below-threshold'; score: number; threshold: number };

export function rejection(judgement: Judgement, threshold: number | undefined): Rejection | null {
  if (judgement.correct) return null;
  if (judgement.veto) return { kind: judgement.veto.kind, reference: judgement.veto.reference, predicted: judgement.veto.predicted };
  if (judgement.score !== undefined && threshold !== undefined && judgement.score < threshold) return { kind: 'below-threshold', score: judgement.score, threshold };
  return null;
}

/** The proofreading verdict (seed 001) from the texts alone: it needs no stored result. */
export function verdictOf(source: string, reference: string, prediction: string): ProofreadVerdict {
  if (source === reference) return prediction === source ? 'kept_clean' : 'changed_clean';
  if (prediction === reference) return 'corrected';
  if (prediction === source) return 'unchanged_error';
  return 'changed_not_gold';
}

export function flagsFor(data: ExplorerData, systemIndex: number): RowFlags[] {
  const system = data.systems[systemIndex];
  if (!system) return [];
  return data.rows.map((row, i) => {
    const reference = row.references[0] ?? '';
    const prediction = system.predictions[i] ?? '';
    const sourceLength = charLength(row.source);
    const unequal = charLength(prediction) !== sourceLength || row.references.some((r) => charLength(r) !== sourceLength);
    const gcscCorrect = system.gcsc ? (system.gcsc[i]?.correct ?? null) : null;
    const exact = prediction === reference;
    return { verdict: verdictOf(row.source, reference, prediction), unequal, gcscCorrect, disagree: gcscCorrect !== null && gcscCorrect !== exact };
  });
}

export const FILTERS = ['all', 'changed_clean', 'unchanged_error', 'changed_not_gold', 'corrected', 'kept_clean', 'unequal', 'disagree', 'gcsc_wrong'] as const;
export type FilterKey = (typeof FILTERS)[number];

export function matchesFilter(flags: RowFlags, filter: FilterKey): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unequal':
      return flags.unequal;
    case 'disagree':
      return flags.disagree;
    case 'gcsc_wrong':
      return flags.gcscCorrect === false;
    default:
      return flags.verdict === filter;
  }
}

/** Case-insensitive substring search over id, source, references and the system's prediction. */
export function matchesQuery(row: TestRow, prediction: string, query: string): boolean {
  if (query === '') return true;
  const q = query.toLowerCase();
  return row.id.toLowerCase().includes(q) || row.source.includes(query) || prediction.includes(query) || row.references.some((r) => r.includes(query));
}

/** Rows the filter and the query keep, in file order, except that a row whose id is exactly the query comes first. */
export function filterRows(data: ExplorerData, flags: readonly RowFlags[], systemIndex: number, filter: FilterKey, query: string): number[] {
  const predictions = data.systems[systemIndex]?.predictions ?? [];
  const out: number[] = [];
  const q = query.trim();
  let exact = -1;
  for (let i = 0; i < data.rows.length; i++) {
    if (!flags[i] || !matchesFilter(flags[i]!, filter) || !matchesQuery(data.rows[i]!, predictions[i] ?? '', q)) continue;
    if (exact === -1 && q !== '' && data.rows[i]!.id === q) exact = i;
    else out.push(i);
  }
  return exact === -1 ? out : [exact, ...out];
}

/** The row whose id is exactly `id` (the first, as ids are unique within a dataset), or null. */
export function rowWithId(data: ExplorerData, id: string): number | null {
  const q = id.trim();
  const i = data.rows.findIndex((r) => r.id === q);
  return i === -1 ? null : i;
}

/** How many rows each filter keeps (for the filter buttons' counts). */
export function filterCounts(flags: readonly RowFlags[]): Record<FilterKey, number> {
  const counts = Object.fromEntries(FILTERS.map((f) => [f, 0])) as Record<FilterKey, number>;
  for (const f of flags) for (const key of FILTERS) if (matchesFilter(f, key)) counts[key]++;
  return counts;
}
