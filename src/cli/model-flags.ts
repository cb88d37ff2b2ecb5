/** The flags that say how a model judge runs, shared by `eval` and `judge-eval`. */
import { UsageError } from './usage-error.ts';
import type { ModelOptions } from './judge-option.ts';
import { formatJudgeSpec, type JudgeSpec } from '../core/judge-spec.ts';

export const MODEL_FLAGS = {
  quantized: { type: 'boolean', default: false },
  graph: { type: 'string' },
  threads: { type: 'string' },
  'embedding-cache': { type: 'string' },
} as const;

export interface ModelFlagValues {
  quantized?: boolean;
  graph?: string;
  threads?: string;
  'embedding-cache'?: string;
}

/** `--graph int8|fp32|onnx/FILE.onnx` (`--quantized` = int8), `--threads N`, `--embedding-cache DIR|off`. */
export function modelOptionsFromFlags(values: ModelFlagValues): ModelOptions {
  const options: ModelOptions = {};
  if (values.quantized && values.graph !== undefined && values.graph !== 'int8') {
    throw new UsageError(`--quantized asks for the int8 graph and --graph for ${values.graph}: give one of them`);
  }
  if (values.quantized) options.graph = 'int8';
  if (values.graph !== undefined) {
    if (values.graph.trim() === '') throw new UsageError('--graph needs int8, fp32 or the path of an .onnx file inside the model folder');
    options.graph = values.graph;
  }
  if (values.threads !== undefined) {
    const n = Number(values.threads);
    if (!/^\d+$/.test(values.threads.trim()) || !Number.isInteger(n) || n < 1 || n > 1024) {
      throw new UsageError(`--threads "${values.threads}": give a whole number of threads, 1 or more`);
    }
    options.threads = n;
  }
  const cache = values['embedding-cache'];
  if (cache !== undefined) {
    if (cache.trim() === '') throw new UsageError('--embedding-cache needs a folder, or off');
    options.cache = cache === 'off' ? false : cache;
  }
  return options;
}

/**
 * The model flags of a run whose judge is `judge` (undefined: the run judges nothing). As the judge flags: a model
 * flag for a run with no model judge is refused, not ignored.
 */
export function modelOptionsForJudge(values: ModelFlagValues, judge: JudgeSpec | undefined): ModelOptions {
  const options = modelOptionsFromFlags(values);
  if (judge?.kind !== 'model') {
    const given = (['quantized', 'graph', 'threads', 'embedding-cache'] as const).find((f) => values[f] !== undefined && values[f] !== false);
    if (given) {
      const why = judge === undefined ? 'this run judges nothing (no gcsc in --metrics)' : `the judge is ${formatJudgeSpec(judge)}`;
      throw new UsageError(`--${given} sets how a model judge runs, but ${why}: use it with --judge model:DIR or model:default, or leave --${given} out`);
    }
  }
  return options;
}
