/**
 * The inputs `eval` and `compare` share: the test set (or SIGHAN's input + truth pair), each `--pred NAME=FILE`
 * joined to it, the dataset's identity for the report, and simple-csc's normalisation options.
 */
import path from 'node:path';
import { datasetFingerprint, joinPredictions, readPredictions, readSighanTestSet, readTestSet } from '../core/io/index.ts';
import { NormalizationOptionError, parseNormalizationOptions, type NormalizationOptions } from '../core/normalize/index.ts';
import type { DatasetInfo, SystemInput } from '../core/report.ts';
import type { TestSet } from '../core/types.ts';
import { nodeSha256Stream } from './node-hash.ts';
import { collectOftenForLargeInputs, COMPACT_READ_BYTES, sizeOf } from './large-inputs.ts';
import { checkEncodingFiles, loadDecodedFile, loadInputFile, parseColumnsArg, parseSystemArg, UsageError } from './args.ts';

export const INPUT_FLAGS = {
  test: { type: 'string' },
  truth: { type: 'string' },
  pred: { type: 'string', multiple: true },
  columns: { type: 'string' },
  'pred-columns': { type: 'string' },
  'test-format': { type: 'string' },
  'pred-format': { type: 'string' },
  'test-header': { type: 'string' },
  'pred-header': { type: 'string' },
  encoding: { type: 'string' },
  'match-by-line-order': { type: 'boolean', default: false },
} as const;

export const NORMALIZATION_FLAGS = {
  'to-simplified': { type: 'boolean', default: false },
  'to-halfwidth': { type: 'boolean', default: false },
  'ignore-punct': { type: 'boolean', default: false },
  'ignore-space': { type: 'boolean', default: false },
  'ignore-chars': { type: 'string' },
  'max-length': { type: 'string' },
  'ignore-unmatch-length': { type: 'boolean', default: false },
} as const;

export interface InputFlagValues {
  test?: string;
  truth?: string;
  pred?: string[];
  columns?: string;
  'pred-columns'?: string;
  'test-format'?: string;
  'pred-format'?: string;
  'test-header'?: string;
  'pred-header'?: string;
  encoding?: string;
  'match-by-line-order'?: boolean;
}

export interface EvalInputs {
  testSet: TestSet;
  systems: SystemInput[];
  dataset: DatasetInfo;
  /** Every file read, so no output may overwrite one. */
  inputs: string[];
  /** Said while reading (e.g. ids that disagree under --match-by-line-order); the report carries them. */
  warnings: string[];
}

export async function loadEvalInputs(values: InputFlagValues, more: readonly (string | undefined)[] = []): Promise<EvalInputs> {
  if (!values.test) throw new UsageError('--test FILE is required');
  if (!values.pred || values.pred.length === 0) throw new UsageError('at least one --pred NAME=FILE is required');
  checkEncodingFiles(values.encoding, [values.test, values.truth, ...values.pred.map((p) => parseSystemArg(p).file), ...more]);
  await collectOftenForLargeInputs([values.test, values.truth, ...values.pred.map((p) => parseSystemArg(p).file)]);
  const testSet = values.truth
    ? readSighanTestSet(await loadInputFile(values.test, values.encoding), await loadInputFile(values.truth, values.encoding))
    : readTestSet(await loadDecodedFile(values.test, values.encoding), {
        format: values['test-format'],
        columns: parseColumnsArg(values.columns),
        compact: sizeOf(values.test) >= COMPACT_READ_BYTES,
        ...headerOption('--test-header', values['test-header']),
      });

  const inputs = [values.test, ...(values.truth ? [values.truth] : [])];
  const systems: SystemInput[] = [];
  const warnings: string[] = [];
  for (const arg of values.pred) {
    const { name, file } = parseSystemArg(arg);
    if (systems.some((s) => s.name === name)) throw new UsageError(`two systems are named "${name}"; name them with --pred NAME=FILE`);
    inputs.push(file);
    const predictions = readPredictions(
      await loadDecodedFile(file, values.encoding),
      {
        format: values['pred-format'],
        columns: parseColumnsArg(values['pred-columns']),
        ...headerOption('--pred-header', values['pred-header']),
        compact: sizeOf(file) >= COMPACT_READ_BYTES,
      },
      testSet,
    );
    const items = joinPredictions(testSet, predictions, { matchByLineOrder: values['match-by-line-order'] });
    warnings.push(...items.warnings.map((w) => `${name}: ${w}`));
    systems.push({ name, items });
  }
  const dataset: DatasetInfo = {
    file: path.basename(testSet.file),
    format: testSet.format,
    encoding: testSet.encoding,
    rows: testSet.rows.length,
    fingerprint: datasetFingerprint(testSet, nodeSha256Stream()),
  };
  return { testSet, systems, dataset, inputs, warnings };
}

/** `--test-header yes|no`: whether the first CSV/TSV row is a header, instead of deciding it on evidence. */
function headerOption(flag: string, value: string | undefined): { header?: boolean } {
  if (value === undefined) return {};
  if (value === 'yes' || value === 'no') return { header: value === 'yes' };
  throw new UsageError(`${flag} "${value}": use yes (the first row names the columns) or no (every row is data)`);
}

export function normalizationFromFlags(values: {
  'to-simplified'?: boolean;
  'to-halfwidth'?: boolean;
  'ignore-punct'?: boolean;
  'ignore-space'?: boolean;
  'ignore-chars'?: string;
  'max-length'?: string;
  'ignore-unmatch-length'?: boolean;
}): NormalizationOptions {
  try {
    return parseNormalizationOptions({
      toSimplified: values['to-simplified'],
      toHalfwidth: values['to-halfwidth'],
      ignorePunct: values['ignore-punct'],
      ignoreSpace: values['ignore-space'],
      ignoreChars: values['ignore-chars'],
      maxLength: values['max-length'],
      ignoreUnmatchLength: values['ignore-unmatch-length'],
    });
  } catch (err) {
    if (err instanceof NormalizationOptionError) throw new UsageError(err.message);
    throw err;
  }
}
