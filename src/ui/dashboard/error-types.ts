/**
 * The dashboard's error-type section (docs/errortypes.md, docs/spanf1.md): the test set's type shares, each
 * system's recall per gold-error type and precision per predicted-edit type, and the span character F1 of its
 * corrected text against the gold edits. Computed in the page from the run's rows and predictions.
 */
import { ERROR_TYPES, typeBreakdown, type ErrorType, type TypeBreakdown } from '../../core/errortype/index.ts';
import { spanF1, spansFromEdits, type SpanF1Result } from '../../core/spanf1/index.ts';
import type { ScoredItem } from '../../core/types.ts';
import type { ExplorerData } from '../explorer/explorer.ts';

/** Seed 003 (Liu et al. 2011): shares of same-length substitutions, phonetic and graphic each counting "both". */
export const SEED_003_SHARES = { phonetic: 0.83, graphic: 0.48, both: 0.35 } as const;

export interface SystemTypes {
  name: string;
  recall: TypeBreakdown['recall'];
  precision: TypeBreakdown['precision'];
  span: SpanF1Result;
}

export interface ErrorTypesView {
  testSet: TypeBreakdown['test_set'];
  /** The types worth a row: the four character types always, a length type when it occurs in gold or a prediction. */
  types: ErrorType[];
  systems: SystemTypes[];
}

function items(data: ExplorerData, predictions: readonly string[] | null): ScoredItem[] {
  return data.rows.map((row, i) => ({ id: row.id, source: row.source, references: row.references, prediction: predictions?.[i] ?? row.source }));
}

export function errorTypesView(data: ExplorerData): ErrorTypesView {
  // No profiles: the subset re-runs are the CLI's job (--by-type); the page shows the counts.
  const systems = data.systems.map((s) => {
    const list = items(data, s.predictions);
    const b = typeBreakdown(list, []);
    const span = spanF1(
      list.map((it) => ({ id: it.id, gold: spansFromEdits(it.source, it.references[0] ?? it.source), pred: spansFromEdits(it.source, it.prediction) })),
    );
    return { name: s.name, breakdown: b, view: { name: s.name, recall: b.recall, precision: b.precision, span } };
  });
  const testSet = systems[0]?.breakdown.test_set ?? typeBreakdown(items(data, null), []).test_set;
  const used = (t: ErrorType) =>
    (testSet.by_type[t].count > 0 || systems.some((s) => s.view.precision[t].predicted > 0)) as boolean;
  const types = ERROR_TYPES.filter((t, i) => i < 4 || used(t));
  return { testSet, types, systems: systems.map((s) => s.view) };
}

/** A ratio as a percentage with one decimal, or the dash. */
export function percent(value: number | null | undefined, none = '—'): string {
  return value === null || value === undefined ? none : `${(value * 100).toFixed(1)}%`;
}
