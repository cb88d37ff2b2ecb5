/** A stored run as the stats worker takes it: rows, predictions and Eval-GCSC's per-sentence counts. */
import { sentenceSets, type SentenceSets } from '../../core/compare/sentence-sets.ts';
import type { DatasetInfo, GcscSection } from '../../core/report.ts';
import { itemsOf, type StatsInput } from '../../workers/stats-compute.ts';
import type { ExplorerData } from '../explorer/explorer.ts';

export function statsInput(data: ExplorerData, dataset: DatasetInfo, gcscSection?: GcscSection): StatsInput {
  return {
    // Plain copies: the stored report may be reactive state (nested records such as dataset.t2s), which cannot
    // cross to the worker.
    dataset: JSON.parse(JSON.stringify(dataset)) as DatasetInfo,
    rows: data.rows,
    systems: data.systems.map((s) => ({
      name: s.name,
      predictions: s.predictions,
      gcsc: s.gcsc ? s.gcsc.map((g) => ({ counts: g.counts })) : null,
    })),
    ...(gcscSection ? { gcscSection: JSON.parse(JSON.stringify(gcscSection)) as GcscSection } : {}),
  };
}

/** The seed as the CLI's --seed reads it: a whole number is a number, anything else a word (hashed). */
export function parseSeed(text: string): number | string | null {
  const s = text.trim();
  if (s === '') return null;
  return /^\d{1,15}$/.test(s) ? Number(s) : s;
}

/** Resamples from a text field: a whole number from 1 to 1,000,000 (as the CLI), else null. */
export function parseResamples(text: string): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : null;
}

/** The pairwise sentence sets of a run's systems (cheap: text comparisons only, so on the main thread). */
export function setsOf(data: ExplorerData): SentenceSets {
  return sentenceSets(data.systems.map((s) => ({ name: s.name, items: itemsOf(data.rows, s.predictions, s.name) })));
}
