/**
 * Each Eval-CSC profile's verdict on one sentence, computed by the profile itself on that sentence alone (so the
 * verdict follows the profile's own conventions exactly). Detection and correction, each as a confusion cell.
 */
import { DEFAULT_PROFILES } from '../../core/metrics/registry.ts';
import { proofreadRows, type ProofreadVerdict } from '../../core/metrics/proofread.ts';
import { ProfileError, type MetricValue } from '../../core/metrics/profile.ts';
import { flattenMetrics } from '../../core/format/flatten.ts';
import type { MessageCode, MessageParams } from '../../core/messages.ts';
import type { ScoredItem } from '../../core/types.ts';

/** TP right change; FP change on a clean sentence; FN error left (or, for sighan, a wrong change); both: wrong change. */
export type Cell = 'TP' | 'FP' | 'FN' | 'FP+FN' | 'TN';

export type ProfileVerdict =
  | { profile: string; kind: 'cells'; detection: Cell; correction: Cell }
  | { profile: string; kind: 'proofread'; verdict: ProofreadVerdict }
  | { profile: string; kind: 'values'; values: { key: string; value: string | number | null }[] }
  | { profile: string; kind: 'refused'; reason: string; code?: MessageCode; params?: MessageParams };

/**
 * Where each profile keeps its sentence-level precision and recall. `nulls`: the profile gives null where the
 * script would divide by zero, so P and R alone tell the cell (this also follows what the profile itself saw,
 * e.g. C-LLM's length-forced prediction). `counts`: SIGHAN's [num, den] pairs. Otherwise (smoothing, or 0.0 for
 * 0/0) the texts say whether anything changed and P whether the change was right.
 */
type Keys = { detection: [string[], string[]]; correction: [string[], string[]]; mode: 'nulls' | 'counts' | 'texts' };
const SENTENCE_KEYS: Record<string, Keys> = {
  cscd: { detection: [['S_D_p'], ['S_D_r']], correction: [['S_C_p'], ['S_C_r']], mode: 'nulls' },
  cllm: { detection: [['S_D_p'], ['S_D_r']], correction: [['S_C_p'], ['S_C_r']], mode: 'nulls' },
  'cllm-difflib': { detection: [['S_D_p'], ['S_D_r']], correction: [['S_C_p'], ['S_C_r']], mode: 'nulls' },
  realise: { detection: [['sent-detect-p'], ['sent-detect-r']], correction: [['sent-correct-p'], ['sent-correct-r']], mode: 'nulls' },
  sighan: { detection: [['D_p_counts'], ['D_r_counts']], correction: [['C_p_counts'], ['C_r_counts']], mode: 'counts' },
  lemon: { detection: [['detect', 'p'], ['detect', 'r']], correction: [['correct', 'p'], ['correct', 'r']], mode: 'texts' },
  levenshtein: {
    detection: [['sentence detection p'], ['sentence detection r']],
    correction: [['sentence correction p'], ['sentence correction r']],
    mode: 'texts',
  },
};

function at(values: { [key: string]: MetricValue }, path: readonly string[]): MetricValue | undefined {
  let v: MetricValue | undefined = values;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as { [key: string]: MetricValue })[key];
  }
  return v;
}

function cellFromTexts(changed: boolean, error: boolean, hit: boolean, countsMissing: boolean): Cell {
  if (!changed) return error ? 'FN' : 'TN';
  if (!error) return 'FP';
  if (hit) return 'TP';
  // SIGHAN's official tool does not count a wrong change on an erroneous sentence as a false positive.
  return countsMissing ? 'FN' : 'FP+FN';
}

/** From one sentence's P and R where 0/0 is null: P present means a prediction, R present means an error. */
function cellFromNulls(p: MetricValue | undefined, r: MetricValue | undefined): Cell {
  const predicted = typeof p === 'number';
  const erroneous = typeof r === 'number';
  if (!predicted) return erroneous ? 'FN' : 'TN';
  if (!erroneous) return 'FP';
  return (p as number) > 0.5 ? 'TP' : 'FP+FN';
}

export function profileVerdicts(item: ScoredItem): ProfileVerdict[] {
  const reference = item.references[0] ?? '';
  const changed = item.prediction !== item.source;
  const error = reference !== item.source;
  return DEFAULT_PROFILES.map((profile): ProfileVerdict => {
    let values: { [key: string]: MetricValue };
    try {
      if (profile.name === 'proofread') return { profile: profile.name, kind: 'proofread', verdict: proofreadRows([item])[0]!.verdict };
      values = profile.compute([item]).values;
    } catch (err) {
      if (err instanceof ProfileError) return { profile: profile.name, kind: 'refused', reason: err.message, ...(err.coded ? { code: err.coded.code, params: err.coded.params } : {}) };
      throw err;
    }
    const keys = SENTENCE_KEYS[profile.name];
    if (!keys) return { profile: profile.name, kind: 'values', values: flattenMetrics(values) };
    const judge = ([pPath, rPath]: [string[], string[]]): Cell => {
      const p = at(values, pPath);
      if (keys.mode === 'nulls') return cellFromNulls(p, at(values, rPath));
      if (keys.mode === 'counts') {
        const counted = Array.isArray(p) && p[1]! > 0;
        return cellFromTexts(changed, error, counted && p[0]! > 0, !counted);
      }
      return cellFromTexts(changed, error, typeof p === 'number' && p > 0.5, false);
    };
    return { profile: profile.name, kind: 'cells', detection: judge(keys.detection), correction: judge(keys.correction) };
  });
}
