import { MODEL_FILES } from './types.ts';

/** Which of a folder's ONNX graphs to run: its int8 graph, its float one, or a path inside the folder. */
export type GraphChoice = 'int8' | 'fp32' | (string & {});

/** The names int8 graphs go by in optimum and Xenova exports, in the order they are preferred. */
export const INT8_GRAPHS = [MODEL_FILES.onnxQuantized, 'onnx/model_int8.onnx', 'onnx/model_uint8.onnx'] as const;

export class GraphChoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphChoiceError';
  }
}

/**
 * The graph to load from the folder's paths. Without a choice: the int8 graph when the folder has one (2-3× faster
 * per text on a CPU, about a quarter of the memory), else the float one. 'int8' or 'fp32' asks for that kind; any
 * other value names a graph inside the folder (e.g. "onnx/model_int8_embeddings.onnx").
 */
export function chooseGraph(paths: readonly string[], choice?: GraphChoice): string {
  const has = new Set(paths);
  const int8 = INT8_GRAPHS.find((p) => has.has(p));
  const fp32 = has.has(MODEL_FILES.onnxFloat) ? MODEL_FILES.onnxFloat : undefined;
  if (choice === undefined) {
    const found = int8 ?? fp32;
    if (!found) throw new GraphChoiceError(`the model folder has no ONNX graph (${MODEL_FILES.onnxFloat} or ${INT8_GRAPHS.join(', ')})`);
    return found;
  }
  if (choice === 'int8') {
    if (!int8) throw new GraphChoiceError(`the model folder has no int8 graph (${INT8_GRAPHS.join(', ')})`);
    return int8;
  }
  if (choice === 'fp32') {
    if (!fp32) throw new GraphChoiceError(`the model folder has no float graph (${MODEL_FILES.onnxFloat})`);
    return fp32;
  }
  if (!/^[^/\\].*\.onnx$/.test(choice) || choice.split('/').includes('..')) {
    throw new GraphChoiceError(`graph "${choice}": give int8, fp32 or the path of an .onnx file inside the model folder`);
  }
  if (!has.has(choice)) throw new GraphChoiceError(`the model folder has no ${choice}`);
  return choice;
}

/** 'int8' or 'fp32' for a graph path, as the report and the page name it. */
export function graphKind(path: string): 'int8' | 'fp32' | 'other' {
  if (path === MODEL_FILES.onnxFloat) return 'fp32';
  return (INT8_GRAPHS as readonly string[]).includes(path) || /(int8|uint8|quantized)/.test(path) ? 'int8' : 'other';
}
