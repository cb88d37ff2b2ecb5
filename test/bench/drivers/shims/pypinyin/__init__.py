"""Stand-in for pypinyin (not in Debian): toneless readings of every character, read from the table that the bench
writes with the project's pinyin-pro (CSC_PINYIN_TABLE, JSON {char: [readings]}), so the reference and ours align
with the same readings. Non-Han characters read as themselves, as pypinyin does."""
import json
import os


class Style:
    NORMAL = 0


with open(os.environ["CSC_PINYIN_TABLE"], encoding="utf-8") as f:
    _TABLE = json.load(f)


def _one(ch, heteronym):
    r = _TABLE.get(ch) or [ch]
    return list(r) if heteronym else [r[0]]


def pinyin(text, style=Style.NORMAL, heteronym=False, **kwargs):
    return [_one(ch, heteronym) for ch in text]


def lazy_pinyin(text, **kwargs):
    return [_one(ch, False)[0] for ch in text]
