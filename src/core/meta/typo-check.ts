/**
 * Typo acceptance of one judge on one test set, end to end: the references cut by the segmenter, the gold errors
 * put back (typo-negatives.ts), every pair judged. The CLI's judge-eval --typos, the page's judge check and the
 * benchmark all call this.
 */
import type { CancelSignal } from '../cancel.ts';
import { loadCoreData } from '../core-data.ts';
import type { Judge, JudgeRequest } from '../gcsc/judge.ts';
import type { Segmenter } from '../segment/segmenter.ts';
import type { TestRow } from '../types.ts';
import { typoAcceptance, typoNegatives, type TypoAcceptance, type TypoNegatives, type TypoPairKind } from './typo-negatives.ts';

export interface TypoCheckResult {
  judge: string;
  segmenter: string;
  rowsWithErrors: number;
  unequalLengthRows: number;
  acceptance: Record<TypoPairKind, TypoAcceptance>;
  leftOut: TypoNegatives['leftOut'];
}

/** What the left-out counts are counted by, for a report to name. */
export const LEFT_OUT_LISTS = {
  variant: 'recorded variant spellings (CC-CEDICT, models/lexicon)',
  alternation: 'the particles 的/地/得',
} as const;

export async function measureTypoAcceptance(
  rows: readonly Pick<TestRow, 'id' | 'source' | 'references'>[],
  segmenter: Segmenter,
  judge: Judge,
  signal?: CancelSignal,
): Promise<TypoCheckResult> {
  await loadCoreData(['readings', 'glyphs', 'lexicon']);
  const references = [...new Set(rows.map((r) => r.references[0]!))];
  const cuts = await segmenter.segmentBatch(references);
  const boundaries = new Map(references.map((r, i) => [r, cuts[i]!]));
  const negatives = typoNegatives(rows, (r) => boundaries.get(r)!);
  await judge.ready?.();
  const requests: JudgeRequest[] = negatives.pairs.map((p) => ({
    reference: p.reference,
    rPro: p.candidate,
    id: p.id,
    system: 'typo-check',
    sourceSpan: [0, 0],
    referenceText: p.word?.reference ?? '',
    predictedText: p.word?.misspelt ?? '',
  }));
  const answers = await judge.judge(requests, signal);
  return {
    judge: judge.id,
    segmenter: segmenter.id,
    rowsWithErrors: negatives.rowsWithErrors,
    unequalLengthRows: negatives.unequalLength,
    acceptance: typoAcceptance(
      negatives,
      answers.map((a) => a.correct),
    ),
    leftOut: negatives.leftOut,
  };
}
