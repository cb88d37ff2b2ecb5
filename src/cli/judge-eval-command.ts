import path from 'node:path';
import { readLabelledPairs } from '../core/meta/pairs.ts';
import { judgeMetaEvaluation } from '../core/meta/judge-meta.ts';
import { parseFlags, readInputBytes, UsageError } from './args.ts';

/**
 * `csc-studio judge-eval --pairs FILE [--judge model:DIR] [--threshold T] [--seed N]`: how well a scoring judge
 * agrees with human labels on (R, R′) pairs. JSON on stdout.
 */
export async function runJudgeEval(argv: string[]): Promise<number> {
  const values = parseFlags('judge-eval', argv, {
    pairs: { type: 'string' },
    judge: { type: 'string' },
    threshold: { type: 'string' },
    seed: { type: 'string', default: '1' },
    quantized: { type: 'boolean', default: false },
  });
  if (!values.pairs) throw new UsageError('--pairs FILE is required');
  if (/^(llm|labels):/.test(values.judge ?? '')) throw new UsageError(`--judge ${values.judge}: judge-eval needs a scoring judge: model:DIR, model:default or exact`);
  const pairs = readLabelledPairs({ name: path.basename(values.pairs), bytes: await readInputBytes(values.pairs) });
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  if (threshold !== undefined && !Number.isFinite(threshold)) throw new UsageError(`--threshold "${values.threshold}" is not a number`);
  const { loadJudge } = await import('./judge-option.ts'); // loads onnxruntime only when a judge is needed
  const loaded = await loadJudge(values.judge ?? 'model:default', threshold, { quantized: values.quantized });
  try {
    const answers = await loaded.judge.judge(
      pairs.map((p) => ({ reference: p.reference, rPro: p.candidate, id: p.id, system: 'pairs', sourceSpan: [0, 0], referenceText: '', predictedText: '' })),
    );
    const scores = answers.map((a) => a.score);
    if (scores.some((s) => s === undefined)) throw new UsageError(`judge ${loaded.judge.id} gives verdicts without scores; judge-eval needs a scoring judge: model:DIR, model:default or exact`);
    const report = judgeMetaEvaluation(
      pairs.map((p, i) => ({ score: scores[i]!, label: p.label, category: p.category })),
      { threshold: (loaded.info.threshold as number | undefined) ?? threshold, seed: Number(values.seed) },
    );
    process.stdout.write(JSON.stringify({ judge: loaded.judge.id, pairs: path.basename(values.pairs), ...report }, null, 2) + '\n');
    return 0;
  } finally {
    await loaded.release();
  }
}
