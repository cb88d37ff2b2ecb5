"""Stand-in for the `opencc` Python package (not in Debian). The bench converts every text of its data once with
the `opencc` command (Debian's `opencc` package) and passes the pairs in CSC_OPENCC_TABLE (JSON {text: converted},
only texts that change); other texts, if any, go through the command one by one."""
import json
import os
import subprocess

_TABLE = None


class OpenCC:
    def __init__(self, config="t2s"):
        global _TABLE
        self.config = config.removesuffix(".json")
        if _TABLE is None:
            path = os.environ.get("CSC_OPENCC_TABLE")
            _TABLE = {}
            if path:
                with open(path, encoding="utf-8") as f:
                    _TABLE = json.load(f)
        self._known_path = os.environ.get("CSC_OPENCC_TEXTS")
        self._known = None

    def convert(self, text):
        if text in _TABLE:
            return _TABLE[text]
        if self._known is None:
            self._known = set()
            if self._known_path:
                with open(self._known_path, encoding="utf-8") as f:
                    self._known = set(f.read().split("\n"))
        if text in self._known:
            return text
        out = subprocess.run(["opencc", "-c", self.config + ".json"], input=text, capture_output=True, text=True, check=True)
        return out.stdout.removesuffix("\n")
