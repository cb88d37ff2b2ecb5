#!/usr/bin/env bash
# Builds OpenCC at tag ver.1.1.2 from a clone (or mirror) of BYVoid/OpenCC, and opencc-harness against it.
#   bash test/core/opencc/reference/build-opencc.sh OPENCC_REPO OUT_DIR
# Needs git, cmake, g++ and python3 (OpenCC's build generates its dictionaries with it).
set -euo pipefail
repo=$1
out=$(realpath -m "$2")
here=$(dirname "$(realpath "$0")")
mkdir -p "$out/src"
git -C "$repo" archive ver.1.1.2 | tar -x -C "$out/src"
cmake -S "$out/src" -B "$out/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$out/inst" \
  -DBUILD_DOCUMENTATION=OFF -DENABLE_GTEST=OFF -DENABLE_BENCHMARK=OFF >"$out/cmake.log"
make -C "$out/build" -j2 >"$out/make.log"
make -C "$out/build" install >>"$out/make.log"
g++ -O2 -std=c++14 -I"$out/inst/include/opencc" "$here/opencc-harness.cpp" -L"$out/inst/lib" -lopencc \
  -Wl,-rpath,"$out/inst/lib" -o "$out/opencc-harness"
echo "$out/opencc-harness $out/inst/share/opencc/t2s.json"
