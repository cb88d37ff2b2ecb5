"""Runs CSCD-NS evaluation/evaluate.py's calculate_metric as its main() does, on the bench's files.
Usage: cscd.py CSCD_NS_DIR TEST_TSV PRED_TXT (test: id<TAB>source<TAB>reference, no header; one prediction a line)."""
import json
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "evaluation"))
from evaluate import calculate_metric  # noqa: E402

src_sentences, tgt_sentences, pred_sentences = [], [], []
with open(sys.argv[2], "rt", encoding="utf-8") as f:
    for line in f:
        _, origin, corrected = line.strip().split("\t")
        src_sentences.append(origin)
        tgt_sentences.append(corrected)
        assert len(origin) == len(corrected)
with open(sys.argv[3], "rt", encoding="utf-8") as f:
    for line in f:
        pred_sentences.append(line.strip())
print(json.dumps(calculate_metric(src_sentences, tgt_sentences, pred_sentences)))
