"""A straightforward Python Eval-GCSC pipeline with the exact judge, the bench's baseline for `gcsc --judge exact`:
jieba (HMM off) on the reference, a full-table unit-cost alignment, word-level operations, R_pro == R.
It follows docs/gcsc.md in outline (not in every tie-break), so it is a speed baseline, not a reference.
Usage: gcsc_exact.py TEST_TSV PRED_TSV (both with a header: id source reference / id prediction)."""
import json
import sys

import jieba

jieba.setLogLevel(60)


def read(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f][1:]


def align(a, b):
    """Unit-cost steps turning a into b: (i1, i2, j1, j2) per substitution, deletion or insertion."""
    n, m = len(a), len(b)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    steps, i, j = [], n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            if a[i - 1] != b[j - 1]:
                steps.append((i - 1, i, j - 1, j))
            i, j = i - 1, j - 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            steps.append((i - 1, i, j, j))
            i -= 1
        else:
            steps.append((i, i, j - 1, j))
            j -= 1
    steps.reverse()
    return steps


def source_bounds(source, reference, ref_bounds):
    """Reference word boundaries carried onto the source through their alignment."""
    if len(source) == len(reference):
        return list(ref_bounds)
    to_src = [0] * (len(reference) + 1)
    i = j = 0
    for i1, i2, j1, j2 in align(source, reference):
        while j < j1:  # an unchanged run advances both
            to_src[j] = i
            i, j = i + 1, j + 1
        for r in range(j1, j2):  # inside a changed span: the span's source start
            to_src[r] = i1
        i, j = i2, j2
    while j < len(reference):
        to_src[j] = i
        i, j = i + 1, j + 1
    to_src[len(reference)] = len(source)
    return [min(max(to_src[b], 0), len(source)) for b in ref_bounds]


def operations(source, reference, prediction):
    words = jieba.lcut(reference, HMM=False)
    ref_bounds = [0]
    for w in words:
        ref_bounds.append(ref_bounds[-1] + len(w))
    src_bounds = source_bounds(source, reference, ref_bounds)
    k = len(words)
    error_words = {w for w in range(k) if source[src_bounds[w]:src_bounds[w + 1]] != reference[ref_bounds[w]:ref_bounds[w + 1]]}

    def word_at(pos):
        for w in range(k):
            if src_bounds[w] <= pos < src_bounds[w + 1]:
                return w
        return k - 1

    groups = []  # [first word, last word, delta before, delta inside]
    delta = 0
    for i1, i2, j1, j2 in align(source, prediction):
        lo = word_at(i1 if i2 > i1 else max(i1 - 1, 0))
        hi = word_at(max(i2 - 1, i1) if i2 > i1 else min(i1, len(source) - 1) if source else 0)
        change = (j2 - j1) - (i2 - i1)
        if groups and lo <= groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], hi)
            groups[-1][3] += change
        else:
            groups.append([lo, hi, delta, change])
        delta += change
    ops = []
    for lo, hi, before, inside in groups:
        sa, sb = src_bounds[lo], src_bounds[hi + 1]
        ra, rb = ref_bounds[lo], ref_bounds[hi + 1]
        r_pro = reference[:ra] + prediction[sa + before:sb + before + inside] + reference[rb:]
        ops.append((set(range(lo, hi + 1)), r_pro == reference))
    return ops, error_words


def main():
    test = read(sys.argv[1])
    pred = {r[0]: r[1] for r in read(sys.argv[2])}
    n_ops = n_correct = n_err = n_err_fixed = 0
    s_pred = s_err = s_pred_ok = s_err_ok = 0
    for row_id, source, reference in test:
        ops, error_words = operations(source, reference, pred[row_id])
        covered = set()
        for words, ok in ops:
            n_ops += 1
            if ok:
                n_correct += 1
                covered |= words
        n_err += len(error_words)
        n_err_fixed += len(error_words & covered)
        good = all(ok for _, ok in ops) and error_words <= covered
        if ops:
            s_pred += 1
            s_pred_ok += good
        if error_words:
            s_err += 1
            s_err_ok += good
    pct = lambda a, b: round(100 * a / b, 3) if b else None  # noqa: E731
    print(json.dumps({"C_C_p": pct(n_correct, n_ops), "C_C_r": pct(n_err_fixed, n_err),
                      "S_C_p": pct(s_pred_ok, s_pred), "S_C_r": pct(s_err_ok, s_err), "operations": n_ops}))


main()
