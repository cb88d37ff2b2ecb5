/**
 * The Run tab's choices as typed run settings: the judge (a JudgeSpec, with a model's threshold decided by the
 * core's one precedence rule, resolveThreshold: typed by the user > the judge check's calibration > the model's
 * manifest) and simple-csc's normalisation options (validated by the core, as the CLI's flags are).
 */
import { resolveThreshold, withThreshold, type JudgeSpec } from '../../core/judge-spec.ts';
import { parseNormalizationOptions, type NormalizationOptions } from '../../core/normalize/options.ts';
import type { RunJudge, StoredLabel } from '../../db/types.ts';

export type JudgeChoice =
  | { kind: 'exact' }
  | { kind: 'labels'; labels: StoredLabel[]; name: string }
  | {
      kind: 'model';
      /** A dropped model's id or "site:<name>". */
      model: string;
      name: string;
      userThreshold: number | null;
      calibratedThreshold: number | null;
      manifestThreshold: number | null;
    };

/** Throws JudgeSpecError (a threshold outside [-1, 1], a model with no threshold anywhere) with its message. */
export function runJudgeFor(choice: JudgeChoice): RunJudge {
  if (choice.kind === 'exact') return { spec: { kind: 'exact' } };
  if (choice.kind === 'labels') return { spec: { kind: 'labels', source: choice.name }, labels: choice.labels };
  const spec = withThreshold({ kind: 'model', model: choice.model }, choice.userThreshold ?? undefined) as Extract<JudgeSpec, { kind: 'model' }>;
  const { threshold, thresholdFrom } = resolveThreshold(spec, {
    calibratedThreshold: choice.calibratedThreshold ?? undefined,
    manifestThreshold: choice.manifestThreshold ?? undefined,
  });
  return { spec, threshold, thresholdFrom, modelName: choice.name };
}

/** The Options disclosure's fields; empty text fields are "off". */
export interface OptionsForm {
  toSimplified: boolean;
  toHalfwidth: boolean;
  ignorePunct: boolean;
  ignoreSpace: boolean;
  ignoreChars: string;
  maxLength: string;
  ignoreUnmatchLength: boolean;
}

export const EMPTY_OPTIONS: OptionsForm = Object.freeze({
  toSimplified: false,
  toHalfwidth: false,
  ignorePunct: false,
  ignoreSpace: false,
  ignoreChars: '',
  maxLength: '',
  ignoreUnmatchLength: false,
});

/** Throws NormalizationOptionError naming the option (e.g. a max length that is not a whole number). */
export function normalizationFrom(form: OptionsForm): NormalizationOptions {
  return parseNormalizationOptions({
    ...form,
    ignoreChars: form.ignoreChars === '' ? undefined : form.ignoreChars,
    maxLength: form.maxLength.trim() === '' ? undefined : form.maxLength,
  });
}
