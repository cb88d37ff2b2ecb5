/**
 * The judge check's typo acceptance, where runs execute: a dataset's own gold errors put back into its references
 * and judged by one judge (core measureTypoAcceptance), with the segmenter and model the environment holds.
 */
import { measureTypoAcceptance, type TypoCheckResult } from '../core/meta/typo-check.ts';
import type { Repository } from '../db/repository.ts';
import type { RunJudge } from '../db/types.ts';
import type { RunEnvironment } from './run-job.ts';

export async function typoJob(repo: Pick<Repository, 'getRows'>, datasetId: string, judge: RunJudge, env: RunEnvironment | undefined): Promise<TypoCheckResult> {
  if (!env) throw new Error('no segmenter or judge runtime in this environment');
  const rows = await repo.getRows(datasetId);
  const [segmenter, loaded] = await Promise.all([env.segmenter(), env.judge(judge, () => undefined)]);
  try {
    return await measureTypoAcceptance(rows, segmenter, loaded.resolved.judge);
  } finally {
    await loaded.release();
  }
}
