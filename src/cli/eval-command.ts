import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { datasetFingerprint, joinPredictions, readPredictions, readSighanTestSet, readTestSet } from '../core/io/index.ts';
import { anythingScored, buildReport, UnknownProfileError, type SystemInput } from '../core/report.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { addGcscToReport, GCSC_PROFILE_NAMES } from '../core/gcsc/report.ts';
import { runGcsc, type GcscRun } from '../core/gcsc/pipeline.ts';
import { createNodeJiebaSegmenter } from './jieba-node.ts';
import { loadJudge } from './judge-option.ts';
import { reportToCsv, reportToMarkdown } from '../core/format/tables.ts';
import { UTF8_BOM } from '../core/format/csv.ts';
import { byTypeSection } from '../core/errortype/index.ts';
import { loadInputFile, parseColumnsArg, parseListArg, parseSystemArg, UsageError } from './args.ts';

export async function runEval(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      test: { type: 'string' },
      truth: { type: 'string' },
      pred: { type: 'string', multiple: true },
      metrics: { type: 'string' },
      format: { type: 'string', default: 'json' },
      output: { type: 'string' },
      columns: { type: 'string' },
      'pred-columns': { type: 'string' },
      'test-format': { type: 'string' },
      'pred-format': { type: 'string' },
      'match-by-line-order': { type: 'boolean', default: false },
      'by-type': { type: 'boolean', default: false },
      judge: { type: 'string' },
      threshold: { type: 'string' },
      hmm: { type: 'boolean', default: false },
      quantized: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.test) throw new UsageError('--test FILE is required');
  if (!values.pred || values.pred.length === 0) throw new UsageError('at least one --pred NAME=FILE is required');
  const format = values.format;
  if (format !== 'json' && format !== 'md' && format !== 'csv') throw new UsageError(`--format "${format}": use json, md or csv`);
  if (values['by-type'] && format !== 'json') throw new UsageError('--by-type adds a section to the JSON report: use it with --format json');

  const testSet = values.truth
    ? readSighanTestSet(await loadInputFile(values.test), await loadInputFile(values.truth))
    : readTestSet(await loadInputFile(values.test), { format: values['test-format'], columns: parseColumnsArg(values.columns) });

  const systems: SystemInput[] = [];
  const seen = new Set<string>();
  for (const arg of values.pred) {
    const { name, file } = parseSystemArg(arg);
    if (seen.has(name)) throw new UsageError(`two systems are named "${name}"; name them with --pred NAME=FILE`);
    seen.add(name);
    const predictions = readPredictions(
      await loadInputFile(file),
      { format: values['pred-format'], columns: parseColumnsArg(values['pred-columns']) },
      testSet,
    );
    systems.push({ name, items: joinPredictions(testSet, predictions, { matchByLineOrder: values['match-by-line-order'] }) });
  }

  const metrics = parseListArg(values.metrics);
  const wanted = metrics ?? [...DEFAULT_PROFILES.map((p) => p.name), ...GCSC_PROFILE_NAMES];
  let report;
  try {
    report = buildReport(
      {
        file: path.basename(testSet.file),
        format: testSet.format,
        encoding: testSet.encoding,
        rows: testSet.rows.length,
        fingerprint: datasetFingerprint(testSet),
      },
      systems,
      wanted,
    );
  } catch (err) {
    if (err instanceof UnknownProfileError) throw new UsageError(err.message);
    throw err;
  }
  if (wanted.includes('gcsc') || wanted.includes('ops')) {
    const run = wanted.includes('gcsc') ? await runGcscForCli(systems, values) : undefined;
    addGcscToReport(report, systems, wanted, run?.run, run?.info);
  }
  if (values['by-type']) Object.assign(report, { by_type: byTypeSection(systems, metrics) });
  for (const warning of report.warnings) process.stderr.write(`warning: ${warning}\n`);

  const text =
    format === 'json' ? JSON.stringify(report, null, 2) + '\n' : format === 'md' ? reportToMarkdown(report) : reportToCsv(report);
  if (values.output) await writeFile(values.output, format === 'csv' ? UTF8_BOM + text : text, 'utf8');
  else process.stdout.write(text);
  return anythingScored(report) ? 0 : 1;
}

async function runGcscForCli(
  systems: readonly SystemInput[],
  values: { judge?: string; threshold?: string; hmm?: boolean; quantized?: boolean },
): Promise<{ run: GcscRun; info: Record<string, unknown> }> {
  let threshold: number | undefined;
  if (values.threshold !== undefined) {
    threshold = Number(values.threshold);
    if (!Number.isFinite(threshold) || threshold < -1 || threshold > 1) throw new UsageError(`--threshold "${values.threshold}": give a number in [-1, 1]`);
  }
  const loaded = await loadJudge(values.judge, threshold, { quantized: values.quantized ?? false });
  try {
    const run = await runGcsc(systems, { segmenter: createNodeJiebaSegmenter({ hmm: values.hmm ?? false }), judge: loaded.judge });
    const info: Record<string, unknown> = { ...loaded.info };
    if (loaded.embedding) info.embedding = loaded.embedding.stats;
    return { run, info };
  } finally {
    await loaded.release();
  }
}
