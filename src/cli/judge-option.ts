import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmbeddingJudge, type EmbeddingJudge } from '../core/embed/embedding-judge.ts';
import { MemoryEmbeddingCache } from '../core/embed/cache.ts';
import { exactJudge, type Judge } from '../core/gcsc/judge.ts';
import { createLabelsJudge, readLabels } from '../core/gcsc/labels.ts';
import { UsageError } from './args.ts';
import { createLlmJudge } from './llm-judge.ts';
import { loadOnnxNodeRuntime, type OnnxNodeRuntime } from './onnx-node-runtime.ts';

/** The embedded default model shipped in the package. */
export const DEFAULT_MODEL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../models/default');

export interface LoadedJudge {
  judge: Judge;
  /** Recorded in the report next to the judge id. */
  info: Record<string, unknown>;
  embedding?: EmbeddingJudge;
  release(): Promise<void>;
}

/**
 * `--judge exact | labels:FILE | model:DIR | model:default | llm:URL[#MODEL]` (default: the embedded model when present, else
 * exact). The threshold defaults to the model manifest's recommendation.
 */
export async function loadJudge(spec: string | undefined, threshold: number | undefined, options: { quantized?: boolean } = {}): Promise<LoadedJudge> {
  const chosen = spec ?? (existsSync(DEFAULT_MODEL_DIR) ? 'model:default' : 'exact');
  if (chosen === 'exact') return { judge: exactJudge, info: {}, release: async () => {} };
  if (chosen.startsWith('labels:')) {
    const file = chosen.slice('labels:'.length);
    if (!existsSync(file)) throw new UsageError(`--judge labels:${file}: no such file`);
    const judge = createLabelsJudge(readLabels({ name: file, bytes: new Uint8Array(readFileSync(file)) }), path.basename(file));
    return { judge, info: { labels: path.basename(file) }, release: async () => {} };
  }
  if (chosen.startsWith('model:')) {
    const name = chosen.slice('model:'.length);
    const folder = name === 'default' ? DEFAULT_MODEL_DIR : name;
    if (!existsSync(folder)) throw new UsageError(`--judge ${chosen}: no model folder at ${folder}`);
    const runtime: OnnxNodeRuntime = await loadOnnxNodeRuntime(folder, options);
    const t = threshold ?? runtime.info.manifest?.threshold;
    if (t === undefined) throw new UsageError(`--judge ${chosen}: the model has no manifest threshold; give --threshold`);
    const embedding = createEmbeddingJudge(runtime, { threshold: t, cache: new MemoryEmbeddingCache() });
    return { judge: embedding, embedding, info: { model: runtime.info.name, threshold: t, pooling: runtime.info.pooling }, release: () => runtime.release() };
  }
  if (chosen.startsWith('llm:')) {
    const judge = createLlmJudge(chosen.slice('llm:'.length));
    return { judge, info: {}, release: async () => {} };
  }
  throw new UsageError(`--judge "${chosen}": use exact, model:DIR, model:default, labels:FILE or llm:URL[#MODEL]`);
}
