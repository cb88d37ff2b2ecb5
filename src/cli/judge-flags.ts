/**
 * The Eval-GCSC judge's flags, shared by `eval` and `compare`: parsed and checked before any work, probed (an LLM
 * endpoint must answer) once the outputs and inputs are checked, started on its own thread while the files are
 * read, and given to the plan with jieba.
 */
import { formatJudgeSpec, type JudgeSpec } from '../core/judge-spec.ts';
import type { EvaluationPlan } from '../core/evaluate.ts';
import { UsageError } from './usage-error.ts';
import { judgeSpecFromFlags, type LoadedJudge, type ModelOptions } from './judge-option.ts';

export const JUDGE_FLAGS = {
  judge: { type: 'string' },
  threshold: { type: 'string' },
  'spelling-check': { type: 'string' },
  hmm: { type: 'boolean', default: false },
  'llm-timeout': { type: 'string' },
} as const;

type JudgeFlagValues = { judge?: string; threshold?: string; 'spelling-check'?: string; 'llm-timeout'?: string };

export interface JudgeChoice {
  spec: JudgeSpec;
  /** An LLM judge's limit per request (--llm-timeout). */
  llmTimeoutMs?: number;
}

/**
 * The judge the flags name when Eval-GCSC runs. As --resamples without --ci: a judge flag for a run that judges
 * nothing is refused, not ignored (a bad value is named first).
 */
export function judgeChoiceFor(values: JudgeFlagValues, wantGcsc: boolean, metrics: readonly string[] | undefined): JudgeChoice | undefined {
  const flags = [values.judge, values.threshold, values['spelling-check']] as const;
  if (!wantGcsc) {
    const given = (['judge', 'threshold', 'spelling-check', 'llm-timeout'] as const).find((f) => values[f] !== undefined);
    if (given) {
      judgeSpecFromFlags(...flags);
      const runs = metrics ? `--metrics ${metrics.join(',')} runs no gcsc` : 'this command runs no gcsc unless --metrics names it';
      throw new UsageError(`--${given} sets the Eval-GCSC judge, but ${runs}: add gcsc to --metrics, or leave --${given} out`);
    }
    return undefined;
  }
  const spec = judgeSpecFromFlags(...flags);
  const llmTimeoutMs = parseLlmTimeout(values['llm-timeout'], spec);
  return llmTimeoutMs === undefined ? { spec } : { spec, llmTimeoutMs };
}

/** `--llm-timeout SECONDS`: each LLM judge request's limit; only with an LLM judge. */
function parseLlmTimeout(text: string | undefined, spec: JudgeSpec): number | undefined {
  if (text === undefined) return undefined;
  if (spec.kind !== 'llm') throw new UsageError('--llm-timeout limits the requests of an LLM judge: use it with --judge llm:URL');
  const seconds = Number(text);
  if (text.trim() === '' || !(seconds > 0 && seconds <= 3600)) throw new UsageError(`--llm-timeout "${text}": give seconds, more than 0 and at most 3600`);
  return seconds * 1000;
}

/** An LLM judge's URL is checked (off-machine hosts refused) and its endpoint must answer, before any scoring. */
export async function probeJudge(choice: JudgeChoice | undefined): Promise<void> {
  if (choice?.spec.kind !== 'llm') return;
  const { checkLlmUrl, probeLlmEndpoint } = await import('./llm-judge.ts');
  checkLlmUrl(choice.spec.url);
  await probeLlmEndpoint(formatJudgeSpec(choice.spec).slice('llm:'.length), choice.llmTimeoutMs);
}

/** Starts the judge (a model loads on its own thread meanwhile, as the model flags say); onWait: the run waits for it. */
export async function startJudge(choice: JudgeChoice | undefined, modelOptions: ModelOptions, onWait?: () => void): Promise<LoadedJudge | undefined> {
  if (!choice) return undefined;
  const { startJudgeSpec } = await import('./judge-option.ts');
  const options = choice.llmTimeoutMs === undefined ? modelOptions : { ...modelOptions, llmTimeoutMs: choice.llmTimeoutMs };
  return startJudgeSpec(choice.spec, options, onWait);
}

/** The plan's judge and segmenter (jieba, HMM as --hmm says). */
export async function gcscPlan(loaded: LoadedJudge | undefined, values: { hmm?: boolean }): Promise<Pick<EvaluationPlan, 'judge' | 'segmenter'>> {
  if (!loaded) return {};
  const { createNodeJiebaSegmenter } = await import('./jieba-node.ts');
  return { judge: loaded, segmenter: createNodeJiebaSegmenter({ hmm: values.hmm ?? false }) };
}
