"""One line of argv[2] at a time through opencc-python-reimplemented's OpenCC('t2s').convert, the package being the
checkout (or mirror export) in argv[1], as simple-csc's evaluate.py --to_simplified calls it."""
import sys

sys.path.insert(0, sys.argv[1])
from opencc import OpenCC  # noqa: E402

converter = OpenCC('t2s')
with open(sys.argv[2], encoding='utf-8', newline='\n') as f:
    lines = f.read().split('\n')[:-1]
sys.stdout.write(''.join(converter.convert(line.replace('\\0', '\0')) + '\n' for line in lines))
