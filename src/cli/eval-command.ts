import { anythingScored, resolveProfiles, UnknownProfileError } from '../core/report.ts';
import { eachSentenceRecord, evaluate, PlanError, type EvaluationPlan } from '../core/evaluate.ts';
import { reportToCsv, reportToMarkdown } from '../core/format/tables.ts';
import { UTF8_BOM } from '../core/format/csv.ts';
import { addIntervals } from '../core/compare/index.ts';
import { cscdReportText } from '../core/metrics/cscd-report.ts';
import { ProfileError } from '../core/metrics/profile.ts';
import { ignoredCharSet } from '../core/normalize/index.ts';
import { setMaxAlignCells } from '../core/align/limits.ts';
import { parseMaxAlignCells } from './max-align-cells.ts';
import { loadCilinOption } from './cilin-option.ts';
import { parseT2sOption, T2S_FLAG } from './t2s-option.ts';
import { parseSliceList, sliceCoreData, trainingErrors, type SliceFamilyName } from '../core/slices/index.ts';
import { loadCoreData } from '../core/core-data.ts';
import { readTestSet } from '../core/io/index.ts';
import { checkEncodingFiles, loadInputFile, parseFlags, parseListArg, parseSystemArg, UsageError } from './args.ts';
import { parseResampleFlags } from './compare-command.ts';
import { INPUT_FLAGS, loadEvalInputs, normalizationFromFlags, NORMALIZATION_FLAGS } from './eval-inputs.ts';
import type { LoadedJudge } from './judge-option.ts';
import { gcscPlan, JUDGE_FLAGS, judgeChoiceFor, probeJudge, startJudge } from './judge-flags.ts';
import { MODEL_FLAGS, modelOptionsForJudge } from './model-flags.ts';
import { startProgress, type RunProgressLine } from './progress.ts';
import { warn } from './warn.ts';
import { checkOutputs, writeOutputs, writeStdout, type Output } from './output.ts';

const FLAGS = {
  ...INPUT_FLAGS,
  ...NORMALIZATION_FLAGS,
  ...T2S_FLAG,
  metrics: { type: 'string' },
  format: { type: 'string', default: 'json' },
  output: { type: 'string' },
  rows: { type: 'string' },
  report: { type: 'string' },
  ci: { type: 'boolean', default: false },
  resamples: { type: 'string' },
  seed: { type: 'string' },
  confidence: { type: 'string' },
  slice: { type: 'string' },
  train: { type: 'string' },
  'by-type': { type: 'boolean', default: false },
  ...JUDGE_FLAGS,
  ...MODEL_FLAGS,
  'max-align-cells': { type: 'string' },
  cilin: { type: 'string' },
  quiet: { type: 'boolean', default: false },
} as const;

export async function runEval(argv: string[]): Promise<number> {
  const values = parseFlags('eval', argv, FLAGS);
  if (values['max-align-cells'] !== undefined) setMaxAlignCells(parseMaxAlignCells(values['max-align-cells']));
  if (!values.test) throw new UsageError('--test FILE is required');
  if (!values.pred || values.pred.length === 0) throw new UsageError('at least one --pred NAME=FILE is required');
  const format = values.format;
  if (format !== 'json' && format !== 'md' && format !== 'csv') throw new UsageError(`--format "${format}": use json, md or csv`);
  if (values['by-type'] && format !== 'json') throw new UsageError('--by-type adds a section to the JSON report: use it with --format json');
  const normalization = normalizationFromFlags(values);
  const ci = values.ci ? parseResampleFlags(values) : undefined;
  if (!values.ci && (values.resamples !== undefined || values.confidence !== undefined)) {
    throw new UsageError('--resamples and --confidence set the intervals of --ci: add --ci');
  }
  const slices = parseSlices(values.slice);
  if (slices?.includes('seen') && !values.train) throw new UsageError('--slice seen needs --train FILE (the training data whose errors count as seen)');
  if (values.report && values.pred.length !== 1) throw new UsageError('--report FILE writes the per-row report of one system: give exactly one --pred');
  const metrics = parseListArg(values.metrics);
  if (metrics !== undefined && metrics.length === 0) {
    throw new UsageError('--metrics names no profile; give a comma-separated list (e.g. cscd,sighan) or leave the flag out for the defaults');
  }
  const wantGcsc = metrics === undefined || metrics.includes('gcsc');
  // The judge is parsed and its URL checked before any Eval-CSC work, so a bad --judge fails at once.
  const judge = judgeChoiceFor(values, wantGcsc, metrics);
  const modelOptions = modelOptionsForJudge(values, judge?.spec);
  const outputs = (['output', 'rows', 'report'] as const).flatMap((flag) => (values[flag] === undefined ? [] : [{ flag: `--${flag}`, file: values[flag] }]));
  await checkOutputs(outputs);
  checkEncodingFiles(values.encoding, [values.test, values.truth, ...(values.pred ?? []).map((p) => parseSystemArg(p).file), values.train, values.cilin]);
  await probeJudge(judge);
  checkProfileNames(metrics);
  const cilin = await loadCilinOption(values.cilin, values.encoding, metrics);
  const t2s = parseT2sOption(values.t2s, metrics, normalization.toSimplified);

  let loaded: LoadedJudge | undefined;
  let progress: RunProgressLine | undefined;
  try {
    progress = await startProgress(process.stderr, values.quiet);
    // A model judge starts loading now, on its own thread, while the files are read and scored.
    loaded = await startJudge(judge, modelOptions, () => progress?.step('loading the model'));
    progress?.step('reading the inputs');
    const { systems, dataset, inputs, warnings: readWarnings } = await loadEvalInputs(values, [values.train, values.cilin]);
    // Type and seen slices classify edits (the training file's too), whatever the profiles load.
    if (slices) await loadCoreData(sliceCoreData(slices));
    const training = values.train ? trainingErrors(values.train, readTestSet(await loadInputFile(values.train, values.encoding)).rows) : undefined;
    if (values.train) inputs.push(values.train);

    if (values.cilin) inputs.push(values.cilin);

    const plan: EvaluationPlan = { byType: values['by-type'], normalization, ...(cilin ? { cilin } : {}), ...(t2s ? { t2s } : {}) };
    if (metrics !== undefined) plan.profiles = metrics;
    Object.assign(plan, await gcscPlan(loaded, values));
    const result = await evaluate(dataset, systems, plan, progress ? { onProgress: (p) => progress!.update(p) } : {});
    const report = result.report;
    report.warnings.unshift(...readWarnings);
    const environment = await loaded?.environment?.();
    if (environment) report.run_environment = environment;
    if (ci || slices) progress?.step(ci ? 'bootstrap intervals' : 'slices');
    addIntervals(report, result, { ...(ci ? { ci } : {}), ...(slices ? { slices } : {}), ...(training ? { training } : {}) });
    progress?.stop();
    for (const warning of report.warnings) warn(warning);

    const written: Output[] = [];
    if (values.report !== undefined) {
      const items = result.systems[0]!.sentences.map((s) => ({ id: s.id, source: s.source, references: s.references, prediction: s.prediction }));
      let text: string;
      try {
        text = cscdReportText(items, ignoredCharSet(normalization));
      } catch (err) {
        if (err instanceof ProfileError) throw new UsageError(`--report: ${err.message}`);
        throw err;
      }
      written.push({ flag: '--report', file: values.report, text });
    }
    if (values.rows !== undefined) written.push({ flag: '--rows', file: values.rows, lines: lines(eachSentenceRecord(result)) });
    const text =
      format === 'json' ? JSON.stringify(report, null, 2) + '\n' : format === 'md' ? reportToMarkdown(report) : reportToCsv(report);
    if (values.output !== undefined) written.push({ flag: '--output', file: values.output, text: format === 'csv' ? UTF8_BOM + text : text });
    await writeOutputs(written, inputs);
    if (values.output === undefined) await writeStdout(text);
    return anythingScored(report) ? 0 : 1;
  } catch (err) {
    if (err instanceof UnknownProfileError || err instanceof PlanError) throw new UsageError(err.message);
    throw err;
  } finally {
    progress?.stop();
    await loaded?.release();
  }
}

function* lines(records: Iterable<unknown>): Generator<string> {
  for (const r of records) yield JSON.stringify(r) + '\n';
}

function parseSlices(text: string | undefined): SliceFamilyName[] | undefined {
  if (text === undefined) return undefined;
  try {
    return parseSliceList(text);
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(`--slice: ${err.message}`);
    throw err;
  }
}

/** The same check evaluate() makes, early: unknown names are a usage error before any model loads. */
function checkProfileNames(metrics: readonly string[] | undefined): void {
  try {
    resolveProfiles(metrics);
  } catch (err) {
    if (err instanceof UnknownProfileError) throw new UsageError(err.message);
    throw err;
  }
}
