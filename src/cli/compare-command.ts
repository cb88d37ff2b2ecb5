/**
 * `csc-studio compare`: every pair of systems on every headline key (docs/stats.md): delta, its bootstrap
 * interval, paired bootstrap and approximate randomization p, Holm over the keys of a pair; and the sentence
 * sets (A ✓ B ✗, both broke, oracle). With `--metrics …,gcsc` Eval-GCSC is judged (the judge flags as `eval`
 * takes them) and compared with its judgements held fixed; the report names the judge.
 */
import { compareReport, compareToMarkdown, RESAMPLE_DEFAULTS } from '../core/compare/index.ts';
import { evaluate, PlanError, type EvaluationPlan } from '../core/evaluate.ts';
import { GCSC_PROFILE_NAMES } from '../core/gcsc/names.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { UnknownProfileError } from '../core/report.ts';
import { parseFlags, parseListArg, UsageError } from './args.ts';
import { INPUT_FLAGS, loadEvalInputs, normalizationFromFlags, NORMALIZATION_FLAGS } from './eval-inputs.ts';
import { gcscPlan, JUDGE_FLAGS, judgeChoiceFor, probeJudge, startJudge } from './judge-flags.ts';
import type { LoadedJudge } from './judge-option.ts';
import { MODEL_FLAGS, modelOptionsForJudge } from './model-flags.ts';
import { parseT2sOption, T2S_FLAG } from './t2s-option.ts';
import { warn } from './warn.ts';
import { checkOutputs, writeOutputs, writeStdout } from './output.ts';

const OPTIONS = {
  ...INPUT_FLAGS,
  ...NORMALIZATION_FLAGS,
  ...T2S_FLAG,
  metrics: { type: 'string' },
  keys: { type: 'string', default: 'headline' },
  resamples: { type: 'string' },
  seed: { type: 'string' },
  confidence: { type: 'string' },
  format: { type: 'string', default: 'json' },
  output: { type: 'string' },
  ...JUDGE_FLAGS,
  ...MODEL_FLAGS,
} as const;

/** `--resamples`, `--seed`, `--confidence` as eval --ci takes them too. */
export function parseResampleFlags(values: { resamples?: string; seed?: string; confidence?: string }) {
  const resamples = values.resamples === undefined ? RESAMPLE_DEFAULTS.resamples : Number(values.resamples);
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > 1_000_000) {
    throw new UsageError(`--resamples "${values.resamples}": give a whole number from 1 to 1000000`);
  }
  const confidence = values.confidence === undefined ? RESAMPLE_DEFAULTS.confidence : Number(values.confidence);
  if (!(confidence > 0 && confidence < 1)) throw new UsageError(`--confidence "${values.confidence}": give a number between 0 and 1, e.g. 0.95`);
  // A whole number is a number seed; anything else is hashed as a string (docs/stats.md).
  const raw = values.seed;
  const seed = raw === undefined ? RESAMPLE_DEFAULTS.seed : /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (raw !== undefined && raw.trim() === '') throw new UsageError('--seed is empty; give a number or a word');
  return { resamples, seed, confidence };
}

export async function runCompare(argv: string[]): Promise<number> {
  const values = parseFlags('compare', argv, OPTIONS);
  if (!values.test) throw new UsageError('--test FILE is required');
  const preds = values.pred ?? [];
  if (preds.length < 2) throw new UsageError('compare needs at least two systems: --pred A=FILE --pred B=FILE');
  const format = values.format;
  if (format !== 'json' && format !== 'md') throw new UsageError(`--format "${format}": use json or md`);
  const keys = values.keys;
  if (keys !== 'headline' && keys !== 'all') throw new UsageError(`--keys "${keys}": use headline (the F-measures) or all (every ratio key)`);
  const settings = parseResampleFlags(values);
  const metrics = parseListArg(values.metrics);
  if (metrics !== undefined && metrics.length === 0) {
    throw new UsageError('--metrics names no profile; give a comma-separated list (e.g. cscd,gcsc) or leave the flag out for the defaults');
  }
  // Eval-GCSC (and ops, which reads its judgements) only when named: a model judge takes time.
  const wantGcsc = metrics?.some((m) => GCSC_PROFILE_NAMES.includes(m)) ?? false;
  const judge = judgeChoiceFor(values, wantGcsc, metrics);
  const modelOptions = modelOptionsForJudge(values, judge?.spec);
  if (values.output !== undefined) await checkOutputs([{ flag: '--output', file: values.output }]);
  await probeJudge(judge);
  const normalization = normalizationFromFlags(values);
  const t2s = parseT2sOption(values.t2s, metrics, normalization.toSimplified);

  let loaded: LoadedJudge | undefined;
  let run;
  let read;
  try {
    loaded = await startJudge(judge, modelOptions);
    read = await loadEvalInputs(values);
    const plan: EvaluationPlan = { profiles: metrics ?? DEFAULT_PROFILES.map((p) => p.name), normalization, ...(t2s ? { t2s } : {}), ...(await gcscPlan(loaded, values)) };
    run = await evaluate(read.dataset, read.systems, plan);
  } catch (err) {
    if (err instanceof UnknownProfileError || err instanceof PlanError) throw new UsageError(err.message);
    throw err;
  } finally {
    await loaded?.release();
  }
  const { systems, inputs, warnings: readWarnings } = read;
  const report = compareReport(run, systems, { ...settings, keys }, readWarnings);
  for (const w of report.warnings) warn(w);
  const { comparisons, sentence_sets: sets } = report;
  const text = format === 'json' ? JSON.stringify(report, null, 2) + '\n' : compareToMarkdown(comparisons, sets, settings.confidence);
  if (values.output !== undefined) await writeOutputs([{ flag: '--output', file: values.output, text }], inputs);
  else await writeStdout(text);
  return comparisons.length > 0 ? 0 : 1;
}
