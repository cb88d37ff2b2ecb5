import { describe, expect, it } from 'vitest';
import { chooseGraph, graphKind } from '../../../src/core/embed/graph-choice.ts';

const both = ['tokenizer.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'onnx/model_int8_embeddings.onnx'];

describe('chooseGraph', () => {
  it('takes the int8 graph when the folder has one, else the float one', () => {
    expect(chooseGraph(both)).toBe('onnx/model_quantized.onnx');
    expect(chooseGraph(['onnx/model.onnx', 'onnx/model_uint8.onnx'])).toBe('onnx/model_uint8.onnx');
    expect(chooseGraph(['onnx/model.onnx'])).toBe('onnx/model.onnx');
  });

  it('gives the kind asked for, or a path inside the folder, and says what is missing', () => {
    expect(chooseGraph(both, 'fp32')).toBe('onnx/model.onnx');
    expect(chooseGraph(both, 'int8')).toBe('onnx/model_quantized.onnx');
    expect(chooseGraph(both, 'onnx/model_int8_embeddings.onnx')).toBe('onnx/model_int8_embeddings.onnx');
    expect(() => chooseGraph(['onnx/model.onnx'], 'int8')).toThrow(/no int8 graph/);
    expect(() => chooseGraph(['onnx/model_quantized.onnx'], 'fp32')).toThrow(/no float graph/);
    expect(() => chooseGraph(['tokenizer.json'])).toThrow(/no ONNX graph/);
    expect(() => chooseGraph(both, 'onnx/other.onnx')).toThrow(/has no onnx\/other\.onnx/);
    expect(() => chooseGraph(both, '../x.onnx')).toThrow(/inside the model folder/);
    expect(() => chooseGraph(both, 'tokenizer.json')).toThrow(/inside the model folder/);
  });

  it('names a graph path by its kind', () => {
    expect(graphKind('onnx/model.onnx')).toBe('fp32');
    expect(graphKind('onnx/model_int8_embeddings.onnx')).toBe('int8');
    expect(graphKind('onnx/custom.onnx')).toBe('other');
  });
});
