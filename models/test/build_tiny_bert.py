#!/usr/bin/python3
"""Builds the tiny random-weight BERT test models and the expected outputs the TypeScript tests compare against.

Run with Debian's Python, which has python3-torch, python3-onnx and python3-numpy:
    apt-get install -y python3-torch python3-onnx python3-numpy
    /usr/bin/python3 models/test/build_tiny_bert.py

Writes models/test/tiny-bert-cls/ and models/test/tiny-bert-mean/ (the same weights; only the pooling differs),
each a Hugging Face / optimum-style folder with a float, an int8 (MatMul) and an int8-with-embeddings graph, and
models/test/expected.json.

    /usr/bin/python3 models/test/build_tiny_bert.py --shape bge-small|bert-base --out DIR

writes a random-weight encoder of a real model's size instead (shapes.py: needs only python3-onnx and numpy), for
the benchmarks; `npm run bench -- encoders` builds them on demand into tmp/ (never committed).

Everything here is independent of the TypeScript code: the token ids come from a Python port of the reference
BERT BasicTokenizer + WordPiece (the `tokenizers` library is not packaged for Debian), the float embeddings from
PyTorch, and the int8 embeddings from a PyTorch simulation of the integer arithmetic that the quantized graph asks
onnxruntime to do.
"""

import argparse
import os
import shutil
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bert_folder import write_json, write_manifest, write_text_files  # noqa: E402

if __name__ == "__main__" and "--shape" in sys.argv:
    # Real shapes need neither PyTorch nor the tiny model's reference code.
    import shapes

    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", choices=sorted(shapes.SHAPES), required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    print(shapes.build(args.shape, args.out))
    sys.exit(0)

import numpy as np  # noqa: E402
import onnx  # noqa: E402
import torch  # noqa: E402

from quantize import dequantized_table, quantize_graph, quantize_weight  # noqa: E402

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


SHAPE = {"hidden": HIDDEN, "layers": LAYERS, "heads": HEADS, "intermediate": INTERMEDIATE, "max_positions": MAX_POSITIONS}
GRAPHS = ("model.onnx", "model_quantized.onnx", "model_int8_embeddings.onnx")


def write_folder(name, pooling, graphs):
    folder = os.path.join(HERE, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "onnx"))
    for graph in GRAPHS:
        shutil.copyfile(os.path.join(graphs, graph), os.path.join(folder, "onnx", graph))
    write_text_files(folder, SHAPE, pooling, TOKEN_ID, SPECIALS)
    write_manifest(folder, name, pooling, SHAPE, LICENCE, "models/test/build_tiny_bert.py")


def dequantized_embeddings(model):
    """Swaps the embedding tables for the values their uint8 versions stand for; returns the originals."""
    tables = [model.word, model.position, model.token_type]
    saved = [t.weight.detach().clone() for t in tables]
    with torch.no_grad():
        for t in tables:
            t.weight.copy_(torch.from_numpy(dequantized_table(t.weight.numpy())))
    return lambda: [t.weight.data.copy_(w) for t, w in zip(tables, saved)]


def rounded(t):
    return [float(f"{v:.8g}") for v in t.tolist()]


def main():
    torch.manual_seed(SEED)
    model = TinyBert().eval()
    with tempfile.TemporaryDirectory() as tmp:
        float_onnx = os.path.join(tmp, GRAPHS[0])
        with torch.no_grad():
            export_float(model, float_onnx)
        n, _ = quantize_graph(float_onnx, os.path.join(tmp, GRAPHS[1]))
        assert n == LAYERS * 6, f"expected {LAYERS * 6} quantized MatMuls, got {n}"
        n, gathers = quantize_graph(float_onnx, os.path.join(tmp, GRAPHS[2]), embeddings=True)
        assert (n, gathers) == (LAYERS * 6, 3), f"expected {LAYERS * 6} MatMuls and 3 tables quantized, got {n}, {gathers}"
        write_folder("tiny-bert-cls", "cls", tmp)
        write_folder("tiny-bert-mean", "mean", tmp)

    rows = []
    with torch.no_grad():
        for text in SENTENCES:
            ids = reference_ids(text)
            t = torch.tensor([ids])
            mask, types = torch.ones_like(t), torch.zeros_like(t)
            row = {"text": text, "input_ids": ids, "attention_mask": [1] * len(ids)}
            for suffix in ("", "_int8", "_int8e"):
                model.quantized[0] = suffix != ""
                restore = dequantized_embeddings(model) if suffix == "_int8e" else lambda: None
                hidden = model(t, mask, types)
                restore()
                for pooling in ("cls", "mean"):
                    row[pooling + suffix] = rounded(pooled(hidden, mask, pooling)[0])
            model.quantized[0] = False
            rows.append(row)
    write_json(os.path.join(HERE, "expected.json"), {
        "about": "Computed by models/test/build_tiny_bert.py: ids by a Python port of BERT's tokenizer, "
                 "embeddings by PyTorch (float) and a PyTorch simulation of the int8 graphs' integer arithmetic "
                 "(_int8: MatMul weights; _int8e: also the uint8 embedding tables), one sentence at a time, "
                 "L2-normalised.",
        "maxLength": MAX_POSITIONS, "dimension": HIDDEN, "padId": TOKEN_ID["[PAD]"], "sentences": rows,
    })


if __name__ == "__main__":
    main()
