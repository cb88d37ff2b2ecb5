/**
 * The Eval-GCSC judge's flags, shared by `eval` and `compare`: parsed and checked before any work (an LLM
 * endpoint must answer), started on its own thread while the files are read, and given to the plan with jieba.
 */
import { formatJudgeSpec, type JudgeSpec } from '../core/judge-spec.ts';
import type { EvaluationPlan } from '../core/evaluate.ts';
import { UsageError } from './usage-error.ts';
import { judgeSpecFromFlags, type LoadedJudge } from './judge-option.ts';

export const JUDGE_FLAGS = {
  judge: { type: 'string' },
  threshold: { type: 'string' },
  'spelling-check': { type: 'string' },
  hmm: { type: 'boolean', default: false },
  quantized: { type: 'boolean', default: false },
} as const;

type JudgeFlagValues = { judge?: string; threshold?: string; 'spelling-check'?: string };

/** The judge the flags name when Eval-GCSC runs; judge flags without Eval-GCSC are refused, not ignored. */
export async function judgeSpecFor(values: JudgeFlagValues, wantGcsc: boolean): Promise<JudgeSpec | undefined> {
  const flags = [values.judge, values.threshold, values['spelling-check']] as const;
  if (!wantGcsc) {
    if (flags.some((f) => f !== undefined)) {
      judgeSpecFromFlags(...flags); // a bad value is named first
      throw new UsageError('--judge, --threshold and --spelling-check set the Eval-GCSC judge: add gcsc to --metrics');
    }
    return undefined;
  }
  const spec = judgeSpecFromFlags(...flags);
  if (spec.kind === 'llm') {
    // Off-machine URLs are refused, and the endpoint must answer, before any scoring.
    const { checkLlmUrl, probeLlmEndpoint } = await import('./llm-judge.ts');
    checkLlmUrl(spec.url);
    await probeLlmEndpoint(formatJudgeSpec(spec).slice('llm:'.length));
  }
  return spec;
}

/** Starts the judge (a model loads on its own thread meanwhile). */
export async function startJudge(spec: JudgeSpec | undefined, values: { quantized?: boolean }): Promise<LoadedJudge | undefined> {
  if (!spec) return undefined;
  return (await import('./judge-option.ts')).startJudgeSpec(spec, { quantized: values.quantized ?? false });
}

/** The plan's judge and segmenter (jieba, HMM as --hmm says). */
export async function gcscPlan(loaded: LoadedJudge | undefined, values: { hmm?: boolean }): Promise<Pick<EvaluationPlan, 'judge' | 'segmenter'>> {
  if (!loaded) return {};
  const { createNodeJiebaSegmenter } = await import('./jieba-node.ts');
  return { judge: loaded, segmenter: createNodeJiebaSegmenter({ hmm: values.hmm ?? false }) };
}
