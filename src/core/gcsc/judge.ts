import type { CancelSignal } from '../cancel.ts';
import type { SpellingFinding } from '../spelling/check.ts';

/**
 * Judges decide whether one word-level operation keeps the reference's meaning: they compare the reference R
 * with R_pro (R with the predicted words spliced in). Judges are batched and async so a model can run them.
 */
export interface JudgeRequest {
  reference: string;
  rPro: string;
  /** Context for judges that need it (a labels file keys on id, system and span). */
  id: string;
  system: string;
  sourceSpan: [number, number];
  referenceText: string;
  predictedText: string;
}

export interface Judgement {
  correct: boolean;
  /** Similarity in [-1, 1] for embedding judges; 1 when R_pro equals R; undefined for label-only judges. */
  score?: number;
  /** The judge could not decide (an LLM answer other than 1/0); `correct` is then false. */
  unjudged?: true;
  /** Rejected by the spelling check before any model was asked (score −1): the misspelling it found. */
  veto?: SpellingFinding;
}

export interface Judge {
  /** Describes the judge and its settings (model hash, threshold), recorded in reports. */
  readonly id: string;
  /** True when the verdict depends on (reference, rPro) alone, so equal pairs are judged once across systems. */
  readonly textOnly: boolean;
  judge(requests: readonly JudgeRequest[], signal?: CancelSignal): Promise<Judgement[]>;
  /**
   * Resolves once the judge can answer and its id is final (a model still loading elsewhere); awaited before the
   * first request, after segmentation and extraction. Absent: ready at once.
   */
  ready?(): Promise<void>;
}

/** The strict, model-free baseline: an operation is correct only when R_pro equals R. */
export const exactJudge: Judge = {
  id: 'exact',
  textOnly: true,
  async judge(requests) {
    return requests.map((r) => ({ correct: r.rPro === r.reference, score: r.rPro === r.reference ? 1 : 0 }));
  },
};
