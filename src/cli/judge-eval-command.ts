import path from 'node:path';
import { readLabelledPairs } from '../core/meta/pairs.ts';
import { judgeMetaEvaluation } from '../core/meta/judge-meta.ts';
import { LEFT_OUT_LISTS, measureTypoAcceptance } from '../core/meta/typo-check.ts';
import { readTestSet } from '../core/io/index.ts';
import { lexiconSource } from '../core/spelling/lexicon.ts';
import type { JudgeRequest } from '../core/gcsc/judge.ts';
import { loadInputFile, parseFlags, readInputBytes, UsageError } from './args.ts';
import type { LoadedJudge } from './judge-option.ts';
import { MODEL_FLAGS, modelOptionsFromFlags } from './model-flags.ts';

/**
 * `csc-studio judge-eval [--pairs FILE] [--typos TESTSET] [--judge model:DIR] [--threshold T] [--spelling-check
 * on|off] [--seed N]`: how well a scoring judge agrees with human labels on (R, R′) pairs, and how many real
 * misspellings from a test set it accepts as keeping the meaning. JSON on stdout.
 */
export async function runJudgeEval(argv: string[]): Promise<number> {
  const values = parseFlags('judge-eval', argv, {
    pairs: { type: 'string' },
    typos: { type: 'string' },
    encoding: { type: 'string' },
    judge: { type: 'string' },
    threshold: { type: 'string' },
    'spelling-check': { type: 'string' },
    seed: { type: 'string', default: '1' },
    ...MODEL_FLAGS,
  });
  if (!values.pairs && !values.typos) throw new UsageError('give --pairs FILE (labelled pairs), --typos TESTSET (a test set whose errors become negatives), or both');
  if (/^(llm|labels):/.test(values.judge ?? '')) throw new UsageError(`--judge ${values.judge}: judge-eval needs a scoring judge: model:DIR, model:default or exact`);
  const pairs = values.pairs ? readLabelledPairs({ name: path.basename(values.pairs), bytes: await readInputBytes(values.pairs) }) : undefined;
  const testSet = values.typos ? readTestSet(await loadInputFile(values.typos, values.encoding)) : undefined;
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  if (threshold !== undefined && !Number.isFinite(threshold)) throw new UsageError(`--threshold "${values.threshold}" is not a number`);
  const { loadJudge } = await import('./judge-option.ts'); // loads onnxruntime only when a judge is needed
  const loaded = await loadJudge(values.judge ?? 'model:default', threshold, {
    ...modelOptionsFromFlags(values),
    ...(values['spelling-check'] !== undefined ? { spelling: values['spelling-check'] } : {}),
  });
  try {
    await loaded.judge.ready?.();
    const report: Record<string, unknown> = { judge: loaded.judge.id };
    if (pairs) {
      const answers = await judgeAll(loaded, pairs.map((p) => ({ id: p.id, reference: p.reference, candidate: p.candidate })));
      const scores = answers.map((a) => a.score);
      if (scores.some((s) => s === undefined)) throw new UsageError(`judge ${loaded.judge.id} gives verdicts without scores; judge-eval needs a scoring judge: model:DIR, model:default or exact`);
      Object.assign(
        report,
        { pairs: path.basename(values.pairs!) },
        judgeMetaEvaluation(
          pairs.map((p, i) => ({ score: scores[i]!, label: p.label, category: p.category })),
          { threshold: (loaded.info.threshold as number | undefined) ?? threshold, seed: Number(values.seed) },
        ),
      );
    }
    if (testSet) report.typos = await typoReport(loaded, testSet, values.typos!);
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } finally {
    await loaded.release();
  }
}

function judgeAll(loaded: LoadedJudge, pairs: readonly { id: string; reference: string; candidate: string }[]) {
  const requests: JudgeRequest[] = pairs.map((p) => ({
    reference: p.reference,
    rPro: p.candidate,
    id: p.id,
    system: 'judge-eval',
    sourceSpan: [0, 0],
    referenceText: '',
    predictedText: '',
  }));
  return loaded.judge.judge(requests);
}

/** The test set's misspellings put back into its references, judged: the share the judge accepts, by kind. */
async function typoReport(loaded: LoadedJudge, testSet: ReturnType<typeof readTestSet>, file: string) {
  const { createNodeJiebaSegmenter } = await import('./jieba-node.ts');
  const result = await measureTypoAcceptance(testSet.rows, createNodeJiebaSegmenter(), loaded.judge);
  return {
    file: path.basename(file),
    rows_with_errors: result.rowsWithErrors,
    unequal_length_rows: result.unequalLengthRows,
    segmenter: result.segmenter,
    acceptance: result.acceptance,
    left_out: result.leftOut,
    left_out_lists: { variant: `${LEFT_OUT_LISTS.variant}: ${lexiconSource()}`, alternation: LEFT_OUT_LISTS.alternation },
  };
}
