/** `csc-studio spanf1`: character-level F1 of error spans against gold spans (docs/spanf1.md). */
import path from 'node:path';
import { decodeText, joinPredictions, readPredictions, readTestSet } from '../core/io/index.ts';
import { looksLikeSpans, pairSpans, readSpans, spanF1, spansFromEdits, type SpanF1Result, type SpanTable } from '../core/spanf1/index.ts';
import { loadCoreData } from '../core/core-data.ts';
import { charLength } from '../core/text.ts';
import type { TestSet } from '../core/types.ts';
import { TOOL_NAME, TOOL_VERSION } from '../core/version.ts';
import { loadInputFile, parseFlags, parseSystemArg, UsageError } from './args.ts';
import { checkOutputs, writeOutputs, writeStdout } from './output.ts';

export async function runSpanF1(argv: string[]): Promise<number> {
  await loadCoreData(['readings']); // spans come from the aligner's edits
  const values = parseFlags('spanf1', argv, {
    gold: { type: 'string' },
    test: { type: 'string' },
    pred: { type: 'string', multiple: true },
    'pred-kind': { type: 'string', default: 'auto' },
    output: { type: 'string' },
  } as const);
  if (!values.gold && !values.test) throw new UsageError('give the gold spans with --gold FILE, or a test set with --test FILE');
  if (!values.pred || values.pred.length === 0) throw new UsageError('at least one --pred [NAME=]FILE is required');
  const kind = values['pred-kind'];
  if (kind !== 'auto' && kind !== 'spans' && kind !== 'text') throw new UsageError(`--pred-kind "${kind}": use auto, spans or text`);

  if (values.output !== undefined) await checkOutputs([{ flag: '--output', file: values.output }]);
  const testSet: TestSet | undefined = values.test ? readTestSet(await loadInputFile(values.test)) : undefined;
  const lengths = testSet ? new Map(testSet.rows.map((r) => [r.id, charLength(r.source)])) : undefined;
  let gold: SpanTable;
  let goldFrom: string;
  if (values.gold) {
    const file = await loadInputFile(values.gold);
    gold = readSpans(decodeText(file.bytes, file.name).text, file.name, lengths);
    goldFrom = `spans file ${path.basename(values.gold)}`;
  } else {
    gold = new Map(testSet!.rows.map((r) => [r.id, spansFromEdits(r.source, r.references[0] ?? r.source)]));
    goldFrom = `edits of source → first reference in ${path.basename(values.test!)}`;
  }
  const goldName = values.gold ?? values.test!;

  // No prototype: a system may be named __proto__ or constructor.
  const systems: Record<string, SpanF1Result & { spans_from: string }> = Object.create(null);
  const inputs = [values.gold, values.test].filter((f): f is string => f !== undefined);
  for (const arg of values.pred) {
    const { name, file } = parseSystemArg(arg);
    inputs.push(file);
    if (systems[name]) throw new UsageError(`two systems are named "${name}"; name them with --pred NAME=FILE`);
    const input = await loadInputFile(file);
    const text = decodeText(input.bytes, input.name).text;
    const asSpans = kind === 'spans' || (kind === 'auto' && looksLikeSpans(text));
    let pred: SpanTable;
    if (asSpans) pred = readSpans(text, input.name, lengths);
    else {
      if (!testSet) throw new UsageError(`${file} holds corrected sentences; their spans need the sources: add --test FILE`);
      const items = joinPredictions(testSet, readPredictions(input, {}, testSet));
      pred = new Map(items.map((i) => [i.id, spansFromEdits(i.source, i.prediction)]));
    }
    systems[name] = { spans_from: asSpans ? 'spans file' : 'edits of source → prediction', ...spanF1(pairSpans(gold, pred, goldName, input.name)) };
  }

  const report = { tool: { name: TOOL_NAME, version: TOOL_VERSION }, gold: { file: path.basename(goldName), spans_from: goldFrom, ids: gold.size }, systems };
  const out = JSON.stringify(report, null, 2) + '\n';
  if (values.output !== undefined) await writeOutputs([{ flag: '--output', file: values.output, text: out }], inputs);
  else await writeStdout(out);
  return 0;
}
