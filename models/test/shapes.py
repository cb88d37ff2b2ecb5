"""Random-weight BERT encoders of real sizes, for the benchmarks: what a real model costs in time and memory,
without downloading one. Written straight as an ONNX graph with numpy weights (no PyTorch), with the graph
layout of a Hugging Face export: Gather embeddings, LayerNormalization, MatMul + Add projections, scaled
dot-product attention with an additive mask, erf GELU; output last_hidden_state, pooled by the runtime.

Each folder holds three graphs:
  onnx/model.onnx                  float32
  onnx/model_quantized.onnx        int8, MatMul weights only
  onnx/model_int8_embeddings.onnx  int8 MatMul weights and uint8 embedding tables, as published int8 exports
"""

import os
import shutil

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from bert_folder import write_manifest, write_text_files
from quantize import quantize_graph

SHAPES = {
    # bge-small-zh-v1.5: 4 layers, 512 hidden, 8 heads, CLS pooling.
    "bge-small": {"hidden": 512, "layers": 4, "heads": 8, "intermediate": 2048, "vocab": 21128,
                  "max_positions": 512, "pooling": "cls"},
    # bert-base-chinese / text2vec-base-chinese: 12 layers, 768 hidden, 12 heads, mean pooling.
    "bert-base": {"hidden": 768, "layers": 12, "heads": 12, "intermediate": 3072, "vocab": 21128,
                  "max_positions": 512, "pooling": "mean"},
}
GRAPHS = {"fp32": "onnx/model.onnx", "int8": "onnx/model_quantized.onnx",
          "int8-embeddings": "onnx/model_int8_embeddings.onnx"}
SEED = 20261205
OPSET = 17
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def vocabulary(size):
    """bert-base-chinese's size and kind: specials, ASCII, CJK and full-width punctuation, ## pieces, then CJK
    ideographs from U+4E00 until the size is reached (the rarest ideographs past that are [UNK])."""
    ascii_punct = [chr(c) for c in range(33, 127) if not chr(c).isalnum()]
    digits, letters = [str(d) for d in range(10)], [chr(c) for c in range(ord("a"), ord("z") + 1)]
    cjk_punct = [chr(c) for c in range(0x3001, 0x3040)] + [chr(c) for c in range(0xFF01, 0xFF5F)]
    pieces = ["##" + c for c in letters + digits]
    head = SPECIALS + ascii_punct + digits + letters + [c for c in cjk_punct if c.lower() == c] + pieces
    head = list(dict.fromkeys(head))
    cjk = [chr(0x4E00 + i) for i in range(size - len(head))]
    vocab = head + cjk
    assert len(vocab) == size and len(set(vocab)) == size
    return {t: i for i, t in enumerate(vocab)}


def build_graph(shape, rng):
    h, heads, inter = shape["hidden"], shape["heads"], shape["intermediate"]
    hd = h // heads
    inits, nodes = [], []

    def const(name, array):
        inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(op, inputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], **attrs))
        return name

    def weight(name, n_in, n_out):
        return const(name, (rng.standard_normal((n_in, n_out)) / np.sqrt(n_in)).astype(np.float32))

    def vector(name, n, scale=0.02, base=0.0):
        return const(name, (base + rng.standard_normal(n) * scale).astype(np.float32))

    def linear(x, prefix, n_in, n_out):
        y = node("MatMul", [x, weight(prefix + ".weight", n_in, n_out)], prefix + ".matmul")
        return node("Add", [y, vector(prefix + ".bias", n_out)], prefix + ".out")

    def layer_norm(x, prefix):
        g, b = vector(prefix + ".weight", h, 0.1, 1.0), vector(prefix + ".bias", h, 0.1)
        return node("LayerNormalization", [x, g, b], prefix + ".out", axis=-1, epsilon=1e-12)

    table = lambda name, rows: const(name, rng.standard_normal((rows, h)).astype(np.float32))
    seq_len = node("Gather", [node("Shape", ["input_ids"], "ids.shape"), const("one", np.array(1, np.int64))], "seq_len")
    positions = node("Range", [const("zero", np.array(0, np.int64)), seq_len, "one"], "position_ids")
    words = node("Gather", [table("embeddings.word_embeddings.weight", shape["vocab"]), "input_ids"], "emb.words")
    where = node("Gather", [table("embeddings.position_embeddings.weight", shape["max_positions"]), positions], "emb.positions")
    types = node("Gather", [table("embeddings.token_type_embeddings.weight", 2), "token_type_ids"], "emb.types")
    x = layer_norm(node("Add", [node("Add", [words, where], "emb.sum1"), types], "emb.sum"), "embeddings.LayerNorm")

    mask = node("Cast", ["attention_mask"], "mask.float", to=TensorProto.FLOAT)
    mask = node("Mul", [node("Sub", [const("f1", np.array(1.0, np.float32)), mask], "mask.inv"),
                        const("big_negative", np.array(-10000.0, np.float32))], "mask.add")
    mask = node("Unsqueeze", [mask, const("axes12", np.array([1, 2], np.int64))], "mask.4d")
    split = const("split_heads", np.array([0, 0, heads, hd], np.int64))
    merge = const("merge_heads", np.array([0, 0, h], np.int64))
    root = const("sqrt_head", np.array(np.sqrt(hd), np.float32))
    for i in range(shape["layers"]):
        p = f"encoder.layer.{i}"

        def heads_of(name, perm):
            t = linear(x, f"{p}.attention.self.{name}", h, h)
            return node("Transpose", [node("Reshape", [t, split], f"{p}.{name}.split")], f"{p}.{name}.heads", perm=perm)

        q, k, v = heads_of("query", [0, 2, 1, 3]), heads_of("key", [0, 2, 3, 1]), heads_of("value", [0, 2, 1, 3])
        scores = node("Add", [node("Div", [node("MatMul", [q, k], f"{p}.qk"), root], f"{p}.scaled"), mask], f"{p}.masked")
        context = node("MatMul", [node("Softmax", [scores], f"{p}.probs", axis=-1), v], f"{p}.context")
        context = node("Reshape", [node("Transpose", [context], f"{p}.context.t", perm=[0, 2, 1, 3]), merge], f"{p}.context.merged")
        x = layer_norm(node("Add", [x, linear(context, f"{p}.attention.output.dense", h, h)], f"{p}.res1"),
                       f"{p}.attention.output.LayerNorm")
        up = linear(x, f"{p}.intermediate.dense", h, inter)
        erf = node("Erf", [node("Div", [up, const(f"{p}.sqrt2", np.array(np.sqrt(2.0), np.float32))], f"{p}.up.scaled")], f"{p}.erf")
        gelu = node("Mul", [node("Mul", [up, node("Add", [erf, "f1"], f"{p}.erf1")], f"{p}.gelu2"),
                            const(f"{p}.half", np.array(0.5, np.float32))], f"{p}.gelu")
        x = layer_norm(node("Add", [x, linear(gelu, f"{p}.output.dense", inter, h)], f"{p}.res2"), f"{p}.output.LayerNorm")
    nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))

    dims = ["batch_size", "sequence_length"]
    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, dims) for n in ("input_ids", "attention_mask", "token_type_ids")]
    output = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, dims + [h])
    graph = helper.make_graph(nodes, "bert", inputs, [output], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="csc-studio models/test/shapes.py")
    model.ir_version = 8
    return model


def build(name, out):
    """Writes the folder for SHAPES[name] to `out` (replaced); returns the folder's path."""
    shape = SHAPES[name]
    folder = os.path.abspath(out)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "onnx"))
    model = build_graph(shape, np.random.default_rng(SEED))
    onnx.checker.check_model(model)
    fp32 = os.path.join(folder, GRAPHS["fp32"])
    onnx.save(model, fp32)
    del model
    matmuls, _ = quantize_graph(fp32, os.path.join(folder, GRAPHS["int8"]))
    assert matmuls == shape["layers"] * 6, f"expected {shape['layers'] * 6} quantized MatMuls, got {matmuls}"
    _, gathers = quantize_graph(fp32, os.path.join(folder, GRAPHS["int8-embeddings"]), embeddings=True)
    assert gathers == 3, f"expected the three embedding tables quantized, got {gathers}"
    token_id = vocabulary(shape["vocab"])
    write_text_files(folder, shape, shape["pooling"], token_id, SPECIALS)
    write_manifest(folder, f"{name}-shape", shape["pooling"], shape,
                   "MIT, random weights, built by models/test/build_tiny_bert.py --shape", f"models/test/shapes.py {name}")
    return folder
