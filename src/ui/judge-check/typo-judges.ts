/**
 * The judges the typo-acceptance panel measures: every model the user has (the site's and dropped ones), each
 * with and without the spelling check, at the threshold a run would resolve (runJudgeFor: calibration, else the
 * manifest's recommendation for that setting).
 */
import { manifestThresholdFor } from '../../core/judge-spec.ts';
import type { RunJudge } from '../../db/types.ts';
import { runJudgeFor } from '../run/run-judge.ts';

export interface TypoJudgeModel {
  /** The Run tab's model id ("site:<name>" or a dropped model's id). */
  id: string;
  name: string;
  manifest: { threshold?: number; spellingCheckThreshold?: number } | undefined;
  calibrated?: number;
}

export interface TypoJudge {
  key: string;
  name: string;
  spelling: boolean;
  judge: RunJudge;
}

/** Two judges per model (check on, then off); a model with no threshold anywhere is left out. */
export function typoJudges(models: readonly TypoJudgeModel[]): TypoJudge[] {
  return models.flatMap((m) =>
    [true, false].flatMap((spelling) => {
      const manifestThreshold = manifestThresholdFor(m.manifest, { kind: 'model', model: m.id, spelling }) ?? null;
      if (manifestThreshold === null && m.calibrated === undefined) return [];
      const judge = runJudgeFor({ kind: 'model', model: m.id, name: m.name, userThreshold: null, calibratedThreshold: m.calibrated ?? null, manifestThreshold, spelling });
      return [{ key: `${m.id}|${spelling}`, name: m.name, spelling, judge }];
    }),
  );
}
