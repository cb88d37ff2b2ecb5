"""The files of a Hugging Face / optimum-style BERT model folder (tokenizer, configs, sentence-transformers pooling,
our manifest.json), shared by the tiny test models and the real-shape bench models. Needs no third-party module."""

import hashlib
import json
import os


def tokenizer_json(token_id, specials):
    cls_id, sep_id = token_id["[CLS]"], token_id["[SEP]"]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": token_id[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": False, "special": True}
            for t in specials
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
                  "max_input_chars_per_word": 100, "vocab": token_id},
    }


def tokenizer_config_json(max_positions):
    return {
        "tokenizer_class": "BertTokenizer", "do_lower_case": True, "tokenize_chinese_chars": True,
        "strip_accents": None, "model_max_length": max_positions, "clean_up_tokenization_spaces": True,
        "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]", "unk_token": "[UNK]", "mask_token": "[MASK]",
    }


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")


def write_text_files(folder, shape, pooling, token_id, specials):
    """config.json, the tokenizer files and sentence-transformers' modules and Pooling config."""
    write_json(os.path.join(folder, "config.json"), {
        "architectures": ["BertModel"], "model_type": "bert", "vocab_size": len(token_id),
        "hidden_size": shape["hidden"], "num_hidden_layers": shape["layers"], "num_attention_heads": shape["heads"],
        "intermediate_size": shape["intermediate"], "hidden_act": "gelu",
        "max_position_embeddings": shape["max_positions"], "type_vocab_size": 2, "layer_norm_eps": 1e-12,
        "pad_token_id": token_id["[PAD]"],
    })
    write_json(os.path.join(folder, "tokenizer.json"), tokenizer_json(token_id, specials))
    write_json(os.path.join(folder, "tokenizer_config.json"), tokenizer_config_json(shape["max_positions"]))
    write_json(os.path.join(folder, "modules.json"), [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
        {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"},
    ])
    write_json(os.path.join(folder, "1_Pooling", "config.json"), {
        "word_embedding_dimension": shape["hidden"], "pooling_mode_cls_token": pooling == "cls",
        "pooling_mode_mean_tokens": pooling == "mean", "pooling_mode_max_tokens": False,
        "pooling_mode_mean_sqrt_len_tokens": False,
    })


def write_manifest(folder, name, pooling, shape, licence, source, threshold=0.9):
    """manifest.json listing every file in the folder with its size and sha-256."""
    files = []
    for root, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(root, n)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if rel == "manifest.json":
                continue
            files.append({"path": rel, "sha256": sha256_file(path), "size": os.path.getsize(path)})
    write_json(os.path.join(folder, "manifest.json"), {
        "name": name, "pooling": pooling, "threshold": threshold, "maxLength": shape["max_positions"],
        "dimension": shape["hidden"], "files": sorted(files, key=lambda f: f["path"]), "licence": licence,
        "attribution": "Random weights; no training data.", "source": source,
    })
