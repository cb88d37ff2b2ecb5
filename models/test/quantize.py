"""Dynamic int8 quantization of a float ONNX graph, in onnxruntime's layout, written with the onnx helper API
(onnxruntime's Python package is not packaged for Debian). Needs only python3-onnx and python3-numpy.

- MatMul with a constant weight → DynamicQuantizeLinear + MatMulInteger + Cast + Mul (symmetric per-tensor int8
  weight, zero point 0: quantize_dynamic's default).
- With `embeddings=True`, also every Gather from a constant float table (word, position and token-type embeddings):
  the table is stored as uint8 with one scale and zero point, gathered as uint8, then DequantizeLinear, as
  onnxruntime's GatherQuant writes it. Published int8 exports (Xenova's model_quantized.onnx) look like this; it
  is what takes bge-small-zh's int8 graph from 57 MB (MatMul only) to 24 MB.
"""

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def quantize_weight(w):
    """Symmetric per-tensor int8, range [-127, 127], zero point 0: onnxruntime's default for dynamic quantization."""
    scale = np.float32(np.abs(w).max() / 127.0)
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return scale, q


def quantize_table(t):
    """Asymmetric uint8 over [min(t, 0), max(t, 0)]: onnxruntime's quantize_data for a uint8 tensor."""
    rmin, rmax = min(float(t.min()), 0.0), max(float(t.max()), 0.0)
    scale = np.float32((rmax - rmin) / 255.0) if rmax > rmin else np.float32(1.0)
    zero = np.uint8(np.clip(np.round(-rmin / scale), 0, 255))
    q = np.clip(np.round(t / scale) + zero, 0, 255).astype(np.uint8)
    return scale, zero, q


def dequantized_table(t):
    """The float values the uint8 table stands for (what the graph computes after DequantizeLinear)."""
    scale, zero, q = quantize_table(t)
    return (q.astype(np.float32) - np.float32(zero)) * scale


def _matmul_nodes(x, w_name, y, p, w):
    w_scale, w_q = quantize_weight(w)
    inits = [
        numpy_helper.from_array(w_q, p + "_weight_int8"),
        numpy_helper.from_array(np.array(w_scale, dtype=np.float32), p + "_weight_scale"),
        numpy_helper.from_array(np.array(0, dtype=np.int8), p + "_weight_zero_point"),
    ]
    nodes = [
        helper.make_node("DynamicQuantizeLinear", [x], [p + "_x_uint8", p + "_x_scale", p + "_x_zero_point"]),
        helper.make_node("MatMulInteger", [p + "_x_uint8", p + "_weight_int8", p + "_x_zero_point",
                                           p + "_weight_zero_point"], [p + "_int32"]),
        helper.make_node("Cast", [p + "_int32"], [p + "_float"], to=TensorProto.FLOAT),
        helper.make_node("Mul", [p + "_x_scale", p + "_weight_scale"], [p + "_scale"]),
        helper.make_node("Mul", [p + "_float", p + "_scale"], [y]),
    ]
    return inits, nodes


def _gather_nodes(node, p, table):
    scale, zero, q = quantize_table(table)
    inits = [
        numpy_helper.from_array(q, p + "_quantized"),
        numpy_helper.from_array(np.array(scale, dtype=np.float32), p + "_scale"),
        numpy_helper.from_array(np.array(zero, dtype=np.uint8), p + "_zero_point"),
    ]
    axis = [a for a in node.attribute if a.name == "axis"]
    gathered = node.output[0] + "_quantized"
    nodes = [
        helper.make_node("Gather", [p + "_quantized", node.input[1]], [gathered], **({"axis": axis[0].i} if axis else {})),
        helper.make_node("DequantizeLinear", [gathered, p + "_scale", p + "_zero_point"], [node.output[0]]),
    ]
    return inits, nodes


def quantize_graph(src, dst, embeddings=False):
    """Writes the quantized graph; returns (quantized MatMuls, quantized Gathers)."""
    m = onnx.load(src)
    g = m.graph
    inits = {i.name: i for i in g.initializer}
    nodes, replaced, matmuls, gathers = [], set(), 0, 0
    new_inits = []
    for node in g.node:
        if node.op_type == "MatMul" and node.input[1] in inits:
            w_name = node.input[1]
            more, made = _matmul_nodes(node.input[0], w_name, node.output[0], f"{w_name}_q{matmuls}",
                                       numpy_helper.to_array(inits[w_name]))
            matmuls += 1
        elif (embeddings and node.op_type == "Gather" and node.input[0] in inits
              and inits[node.input[0]].data_type == TensorProto.FLOAT):
            w_name = node.input[0]
            more, made = _gather_nodes(node, f"{w_name}_g{gathers}", numpy_helper.to_array(inits[w_name]))
            gathers += 1
        else:
            nodes.append(node)
            continue
        new_inits += more
        nodes += made
        replaced.add(w_name)
    still_used = {i for n in nodes for i in n.input}
    kept = [i for i in g.initializer if not (i.name in replaced and i.name not in still_used)]
    del g.node[:]
    g.node.extend(nodes)
    del g.initializer[:]
    g.initializer.extend(kept + new_inits)
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    return matmuls, gathers
