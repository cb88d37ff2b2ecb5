/**
 * The Eval-GCSC judge as every export names it: kind, model, threshold and where the threshold came from, read
 * from a report's `gcsc` section (older reports without `judge_kind` included). English, as the CLI's outputs are.
 */
import type { JudgeKind, ThresholdSource } from '../judge-spec.ts';
import type { GcscSection } from '../report.ts';

export interface JudgeFacts {
  kind: JudgeKind | 'unknown';
  /** The judge's id as the report records it. */
  id: string;
  model?: string;
  labels?: string;
  threshold?: number;
  thresholdFrom?: ThresholdSource;
  /** The spelling check ran before the model (its version). */
  spellingCheck?: string;
}

export const THRESHOLD_FROM_TEXT: Record<ThresholdSource, string> = {
  user: 'set by the user',
  calibration: 'calibrated on human labels',
  manifest: "the model manifest's recommendation",
};

function kindOf(gcsc: GcscSection): JudgeFacts['kind'] {
  if (gcsc.judge_kind) return gcsc.judge_kind;
  if (gcsc.judge === 'exact') return 'exact';
  if (gcsc.model !== undefined) return 'model';
  if (gcsc.labels !== undefined) return 'labels';
  if (gcsc.judge.startsWith('llm')) return 'llm';
  return 'unknown';
}

export function judgeFacts(gcsc: GcscSection): JudgeFacts {
  const facts: JudgeFacts = { kind: kindOf(gcsc), id: gcsc.judge };
  if (gcsc.model !== undefined) facts.model = gcsc.model;
  if (gcsc.labels !== undefined) facts.labels = gcsc.labels;
  if (gcsc.threshold !== undefined) facts.threshold = gcsc.threshold;
  if (gcsc.threshold_from !== undefined) facts.thresholdFrom = gcsc.threshold_from;
  if (gcsc.spelling_check !== undefined) facts.spellingCheck = gcsc.spelling_check.version;
  return facts;
}

/** "model csc-studio-lexical-zh, threshold 0.8 (the model manifest's recommendation)", "exact match (no model)"… */
export function describeJudge(facts: JudgeFacts): string {
  switch (facts.kind) {
    case 'exact':
      return 'exact match (no model)';
    case 'labels':
      return `human labels (${facts.labels ?? facts.id})`;
    case 'llm':
      return `local LLM (${facts.id})`;
    case 'model': {
      const threshold =
        facts.threshold === undefined
          ? 'threshold not recorded'
          : `threshold ${facts.threshold}${facts.thresholdFrom ? ` (${THRESHOLD_FROM_TEXT[facts.thresholdFrom]})` : ''}`;
      return `model ${facts.model ?? facts.id}, ${threshold}${facts.spellingCheck ? `, with the spelling check (${facts.spellingCheck})` : ''}`;
    }
    default:
      return facts.id;
  }
}

/** The Markdown export's line; null when Eval-GCSC did not run (no judge was used). */
export function judgeLine(gcsc: GcscSection | undefined): string | null {
  return gcsc ? `Eval-GCSC judge: ${describeJudge(judgeFacts(gcsc))}` : null;
}

/**
 * The CSV export's judge rows: (profile "judge", field, one value per system: the same judge scored them all).
 * Rows of the table itself, so every CSV reader loads the file as is and a spreadsheet shows them at the top.
 */
export function judgeCsvRows(gcsc: GcscSection | undefined, systems: number): (string | number)[][] {
  if (!gcsc) return [];
  const f = judgeFacts(gcsc);
  const fields: [string, string | number | undefined][] = [
    ['kind', f.kind],
    ['model', f.model ?? f.labels],
    ['threshold', f.threshold],
    ['threshold_from', f.thresholdFrom],
    ['spelling_check', f.spellingCheck],
    ['description', describeJudge(f)],
  ];
  return fields.filter(([, v]) => v !== undefined).map(([k, v]) => ['judge', k, ...Array<string | number>(systems).fill(v!)]);
}
