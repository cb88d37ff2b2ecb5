#!/usr/bin/python3
"""Builds the tiny random-weight BERT test models and the expected outputs the TypeScript tests compare against.

Run with Debian's Python, which has python3-torch, python3-onnx and python3-numpy:
    apt-get install -y python3-torch python3-onnx python3-numpy
    /usr/bin/python3 models/test/build_tiny_bert.py

Writes models/test/tiny-bert-cls/ and models/test/tiny-bert-mean/ (the same weights; only the pooling differs),
each a Hugging Face / optimum-style folder, and models/test/expected.json.

Everything here is independent of the TypeScript code: the token ids come from a Python port of the reference
BERT BasicTokenizer + WordPiece (the `tokenizers` library is not packaged for Debian), the float embeddings from
PyTorch, and the int8 embeddings from a PyTorch simulation of the integer arithmetic that the quantized graph asks
onnxruntime to do.
"""

import hashlib
import json
import os
import shutil
import tempfile
import unicodedata

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20240611
HIDDEN = 32
LAYERS = 2
HEADS = 2
INTERMEDIATE = 64
MAX_POSITIONS = 512
OPSET = 14
LICENCE = "MIT, random weights, built by models/test/build_tiny_bert.py"

# ---------------------------------------------------------------------------------------------------------------
# Vocabulary and tokenizer.json

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
PUNCT = list("，。！？、：；“”（）,.!?:;()'\"-")
CHINESE = (
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天"
    "而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与"
    "高意进把法此实回二理美点月明今很兴北京读书习爱世界错别字拼写纠正句"
)
LETTERS = [chr(c) for c in range(ord("a"), ord("z") + 1)]
DIGITS = [str(d) for d in range(10)]
WORDS = ["hello", "world", "love", "nlp", "the", "cafe", "spelling", "check"]
VOCAB = SPECIALS + PUNCT + list(CHINESE) + LETTERS + DIGITS + ["##" + c for c in LETTERS + DIGITS] + WORDS
assert len(VOCAB) == len(set(VOCAB)), "duplicate vocabulary entry"
TOKEN_ID = {t: i for i, t in enumerate(VOCAB)}


def tokenizer_json():
    cls_id, sep_id = TOKEN_ID["[CLS]"], TOKEN_ID["[SEP]"]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": TOKEN_ID[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": False, "special": True}
            for t in SPECIALS
        ],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {
                "[CLS]": {"id": "[CLS]", "ids": [cls_id], "tokens": ["[CLS]"]},
                "[SEP]": {"id": "[SEP]", "ids": [sep_id], "tokens": ["[SEP]"]},
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": TOKEN_ID},
    }


def tokenizer_config_json():
    return {
        "tokenizer_class": "BertTokenizer", "do_lower_case": True, "tokenize_chinese_chars": True,
        "strip_accents": None, "model_max_length": MAX_POSITIONS, "clean_up_tokenization_spaces": True,
        "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]", "unk_token": "[UNK]", "mask_token": "[MASK]",
    }


# ---------------------------------------------------------------------------------------------------------------
# Reference tokenizer: a port of BERT's BasicTokenizer + WordpieceTokenizer (the semantics BertNormalizer,
# BertPreTokenizer and the WordPiece model implement in the tokenizers library).

def _is_whitespace(ch):
    return ch in " \t\n\r" or unicodedata.category(ch) == "Zs"


def _is_control(ch):
    return ch not in "\t\n\r" and unicodedata.category(ch) in ("Cc", "Cf")


def _is_punctuation(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_chinese(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


def _basic_tokenize(text):
    cleaned = []
    for ch in text:
        if ord(ch) == 0 or ord(ch) == 0xFFFD or _is_control(ch):
            continue
        cleaned.append(" " if _is_whitespace(ch) else ch)
    spaced = []
    for ch in cleaned:
        spaced.append(f" {ch} " if _is_chinese(ord(ch)) else ch)
    words = []
    for word in "".join(spaced).split():
        word = unicodedata.normalize("NFD", word.lower())
        word = "".join(ch for ch in word if unicodedata.category(ch) != "Mn")
        current = ""
        for ch in word:
            if _is_punctuation(ch):
                if current:
                    words.append(current)
                words.append(ch)
                current = ""
            else:
                current += ch
        if current:
            words.append(current)
    return words


def _wordpiece(word):
    chars = list(word)
    if len(chars) > 100:
        return ["[UNK]"]
    pieces, start = [], 0
    while start < len(chars):
        end, piece = len(chars), None
        while start < end:
            candidate = "".join(chars[start:end])
            if start > 0:
                candidate = "##" + candidate
            if candidate in TOKEN_ID:
                piece = candidate
                break
            end -= 1
        if piece is None:
            return ["[UNK]"]
        pieces.append(piece)
        start = end
    return pieces


def reference_ids(text, max_length=MAX_POSITIONS):
    tokens = [p for w in _basic_tokenize(text) for p in _wordpiece(w)]
    tokens = tokens[: max_length - 2]  # truncation keeps [CLS] ... [SEP]
    return [TOKEN_ID["[CLS]"]] + [TOKEN_ID[t] for t in tokens] + [TOKEN_ID["[SEP]"]]


# ---------------------------------------------------------------------------------------------------------------
# The model: a plain BERT encoder. Linear layers are `x @ W + b` with W stored [in, out] so that the export has
# MatMul nodes with a constant B, the ones onnxruntime's dynamic quantization rewrites.

class Linear(torch.nn.Module):
    def __init__(self, n_in, n_out, quantized):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(n_in, n_out) * (1.0 / n_in ** 0.5))
        self.bias = torch.nn.Parameter(torch.randn(n_out) * 0.02)
        self.quantized = quantized

    def forward(self, x):
        if self.quantized[0]:
            return simulated_int8_matmul(x, self.weight) + self.bias
        return x @ self.weight + self.bias


def simulated_int8_matmul(x, w):
    """What DynamicQuantizeLinear + MatMulInteger + Cast + Mul compute, in float32 / exact integers."""
    x = x.float()
    x_min = torch.clamp(x.min(), max=0.0)
    x_max = torch.clamp(x.max(), min=0.0)
    x_scale = (x_max - x_min) / 255.0
    x_zero = torch.clamp(torch.round(-x_min / x_scale), 0, 255)
    x_q = torch.clamp(torch.round(x / x_scale) + x_zero, 0, 255)
    w_scale, w_q = quantize_weight(w.detach().numpy())
    acc = (x_q.to(torch.int64) - x_zero.to(torch.int64)) @ torch.from_numpy(w_q.astype(np.int64))
    return acc.float() * (x_scale * torch.tensor(w_scale, dtype=torch.float32))


def quantize_weight(w):
    """Symmetric per-tensor int8, range [-127, 127], zero point 0: onnxruntime's default for dynamic quantization."""
    scale = np.float32(np.abs(w).max() / 127.0)
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return scale, q


class Layer(torch.nn.Module):
    def __init__(self, quantized):
        super().__init__()
        self.q, self.k, self.v = (Linear(HIDDEN, HIDDEN, quantized) for _ in range(3))
        self.attention_out = Linear(HIDDEN, HIDDEN, quantized)
        self.ln1 = torch.nn.LayerNorm(HIDDEN, eps=1e-12)
        self.up = Linear(HIDDEN, INTERMEDIATE, quantized)
        self.down = Linear(INTERMEDIATE, HIDDEN, quantized)
        self.ln2 = torch.nn.LayerNorm(HIDDEN, eps=1e-12)

    def forward(self, x, additive_mask):
        batch, seq = x.shape[0], x.shape[1]
        head = HIDDEN // HEADS

        def split(t):
            return t.view(batch, seq, HEADS, head).transpose(1, 2)

        q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
        scores = q @ k.transpose(-1, -2) / head ** 0.5 + additive_mask
        context = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(batch, seq, HIDDEN)
        x = self.ln1(x + self.attention_out(context))
        return self.ln2(x + self.down(torch.nn.functional.gelu(self.up(x))))


class TinyBert(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.quantized = [False]  # a shared flag: the simulation of the int8 graph, never exported
        self.word = torch.nn.Embedding(len(VOCAB), HIDDEN)
        self.position = torch.nn.Embedding(MAX_POSITIONS, HIDDEN)
        self.token_type = torch.nn.Embedding(2, HIDDEN)
        self.ln = torch.nn.LayerNorm(HIDDEN, eps=1e-12)
        self.layers = torch.nn.ModuleList(Layer(self.quantized) for _ in range(LAYERS))
        with torch.no_grad():  # LayerNorm gains and biases away from 1 / 0 so that they matter
            for m in self.modules():
                if isinstance(m, torch.nn.LayerNorm):
                    m.weight.add_(torch.randn(HIDDEN) * 0.1)
                    m.bias.add_(torch.randn(HIDDEN) * 0.1)

    def forward(self, input_ids, attention_mask, token_type_ids):
        positions = torch.arange(input_ids.shape[1]).unsqueeze(0)
        x = self.ln(self.word(input_ids) + self.position(positions) + self.token_type(token_type_ids))
        additive_mask = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * -10000.0
        for layer in self.layers:
            x = layer(x, additive_mask)
        return x


def pooled(hidden, mask, pooling):
    if pooling == "cls":
        v = hidden[:, 0]
    else:
        m = mask.unsqueeze(-1).to(hidden.dtype)
        v = (hidden * m).sum(1) / m.sum(1).clamp(min=1e-9)
    return torch.nn.functional.normalize(v, dim=-1)


# ---------------------------------------------------------------------------------------------------------------
# ONNX export and int8 dynamic quantization (onnxruntime's layout, written with the onnx helper API because
# onnxruntime's Python package is not available here).

def export_float(model, path):
    ids = torch.tensor([reference_ids("我爱中文")])
    args = (ids, torch.ones_like(ids), torch.zeros_like(ids))
    axes = {"batch_size": 0, "sequence_length": 1}
    dynamic = {name: {v: k for k, v in axes.items()}
               for name in ("input_ids", "attention_mask", "token_type_ids", "last_hidden_state")}
    torch.onnx.export(model, args, path, input_names=["input_ids", "attention_mask", "token_type_ids"],
                      output_names=["last_hidden_state"], dynamic_axes=dynamic, opset_version=OPSET,
                      do_constant_folding=True)
    onnx.checker.check_model(onnx.load(path))


def quantize_graph(src, dst):
    m = onnx.load(src)
    g = m.graph
    inits = {i.name: i for i in g.initializer}
    nodes, used_weights, count = [], set(), 0
    for node in g.node:
        if node.op_type != "MatMul" or node.input[1] not in inits:
            nodes.append(node)
            continue
        x, w_name, y = node.input[0], node.input[1], node.output[0]
        p = f"{w_name}_q{count}"
        count += 1
        w_scale, w_q = quantize_weight(numpy_helper.to_array(inits[w_name]))
        g.initializer.extend([
            numpy_helper.from_array(w_q, p + "_weight_int8"),
            numpy_helper.from_array(np.array(w_scale, dtype=np.float32), p + "_weight_scale"),
            numpy_helper.from_array(np.array(0, dtype=np.int8), p + "_weight_zero_point"),
        ])
        nodes += [
            helper.make_node("DynamicQuantizeLinear", [x], [p + "_x_uint8", p + "_x_scale", p + "_x_zero_point"]),
            helper.make_node("MatMulInteger", [p + "_x_uint8", p + "_weight_int8", p + "_x_zero_point",
                                               p + "_weight_zero_point"], [p + "_int32"]),
            helper.make_node("Cast", [p + "_int32"], [p + "_float"], to=TensorProto.FLOAT),
            helper.make_node("Mul", [p + "_x_scale", p + "_weight_scale"], [p + "_scale"]),
            helper.make_node("Mul", [p + "_float", p + "_scale"], [y]),
        ]
        used_weights.add(w_name)
    still_used = {i for n in nodes for i in n.input}
    kept = [i for i in g.initializer if not (i.name in used_weights and i.name not in still_used)]
    del g.node[:]
    g.node.extend(nodes)
    del g.initializer[:]
    g.initializer.extend(kept)
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    return count


# ---------------------------------------------------------------------------------------------------------------
# Folders, manifests and expected outputs

SENTENCES = [
    "我今天很高兴。",
    "他在北京大学读书，学习中文。",
    "Hello世界, I love 中文 NLP 123!",
    "Café spelling-checker 测试",  # accent stripped; 测/试 not in the vocabulary
    "这是一个𠮷字，龘！",  # an astral-plane character and a rare one: both [UNK]
    "  错 别\t字\n纠正 ",  # whitespace and control characters
    "",
    "我爱中文" * 200,  # 800 characters: truncated to 512 tokens
]


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")


def write_folder(name, pooling, float_onnx, int8_onnx):
    folder = os.path.join(HERE, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "onnx"))
    shutil.copyfile(float_onnx, os.path.join(folder, "onnx", "model.onnx"))
    shutil.copyfile(int8_onnx, os.path.join(folder, "onnx", "model_quantized.onnx"))
    write_json(os.path.join(folder, "config.json"), {
        "architectures": ["BertModel"], "model_type": "bert", "vocab_size": len(VOCAB), "hidden_size": HIDDEN,
        "num_hidden_layers": LAYERS, "num_attention_heads": HEADS, "intermediate_size": INTERMEDIATE,
        "hidden_act": "gelu", "max_position_embeddings": MAX_POSITIONS, "type_vocab_size": 2,
        "layer_norm_eps": 1e-12, "pad_token_id": TOKEN_ID["[PAD]"],
    })
    write_json(os.path.join(folder, "tokenizer.json"), tokenizer_json())
    write_json(os.path.join(folder, "tokenizer_config.json"), tokenizer_config_json())
    write_json(os.path.join(folder, "modules.json"), [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
        {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"},
    ])
    write_json(os.path.join(folder, "1_Pooling", "config.json"), {
        "word_embedding_dimension": HIDDEN, "pooling_mode_cls_token": pooling == "cls",
        "pooling_mode_mean_tokens": pooling == "mean", "pooling_mode_max_tokens": False,
        "pooling_mode_mean_sqrt_len_tokens": False,
    })
    files = []
    for root, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(root, n)
            files.append({"path": os.path.relpath(path, folder).replace(os.sep, "/"),
                          "sha256": sha256_file(path), "size": os.path.getsize(path)})
    write_json(os.path.join(folder, "manifest.json"), {
        "name": name, "pooling": pooling, "threshold": 0.9, "maxLength": MAX_POSITIONS, "dimension": HIDDEN,
        "files": sorted(files, key=lambda f: f["path"]), "licence": LICENCE,
        "attribution": "Random weights; no training data.", "source": "models/test/build_tiny_bert.py",
    })


def rounded(t):
    return [float(f"{v:.8g}") for v in t.tolist()]


def main():
    torch.manual_seed(SEED)
    model = TinyBert().eval()
    with tempfile.TemporaryDirectory() as tmp:
        float_onnx, int8_onnx = os.path.join(tmp, "model.onnx"), os.path.join(tmp, "model_quantized.onnx")
        with torch.no_grad():
            export_float(model, float_onnx)
        n = quantize_graph(float_onnx, int8_onnx)
        assert n == LAYERS * 6, f"expected {LAYERS * 6} quantized MatMuls, got {n}"
        write_folder("tiny-bert-cls", "cls", float_onnx, int8_onnx)
        write_folder("tiny-bert-mean", "mean", float_onnx, int8_onnx)

    rows = []
    with torch.no_grad():
        for text in SENTENCES:
            ids = reference_ids(text)
            t = torch.tensor([ids])
            mask, types = torch.ones_like(t), torch.zeros_like(t)
            row = {"text": text, "input_ids": ids, "attention_mask": [1] * len(ids)}
            for quantized in (False, True):
                model.quantized[0] = quantized
                hidden = model(t, mask, types)
                for pooling in ("cls", "mean"):
                    row[pooling + ("_int8" if quantized else "")] = rounded(pooled(hidden, mask, pooling)[0])
            model.quantized[0] = False
            rows.append(row)
    write_json(os.path.join(HERE, "expected.json"), {
        "about": "Computed by models/test/build_tiny_bert.py: ids by a Python port of BERT's tokenizer, "
                 "embeddings by PyTorch (float) and a PyTorch simulation of the int8 graph's integer arithmetic, "
                 "one sentence at a time, L2-normalised.",
        "maxLength": MAX_POSITIONS, "dimension": HIDDEN, "padId": TOKEN_ID["[PAD]"], "sentences": rows,
    })


if __name__ == "__main__":
    main()
