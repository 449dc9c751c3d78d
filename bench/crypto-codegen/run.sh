#!/usr/bin/env bash
# Code quality of the generator without search: for each of the 12 shared Fiat functions, proven
# code from the heuristic start candidates (`crypto opt --budget 1it`) of an older veriforge
# binary ($BEFORE, e.g. built from main) and of this tree, then ONE pinned `crypto bench` run per
# function measuring gcc -O3, clang -O3, all of CryptOpt's published files, before and after.
# Writes bench/results/crypto-codegen.json, bench/results/crypto-codegen.png and prints a table.
# usage: BEFORE=/path/to/old/veriforge [ROUNDS=15] bash bench/crypto-codegen/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
: "${BEFORE:?set BEFORE to the veriforge binary to compare against}"
vf=target/release/veriforge
ROUNDS=${ROUNDS:-15}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash bench/crypto-codegen/gen.sh "$BEFORE" "$tmp/before"
bash bench/crypto-codegen/gen.sh "$vf" "$tmp/after"
for fn in "$S"/fn/fiat_*.json; do
  name=$(basename "$fn" .json)
  [[ -n "${ONLY:-}" && "$name" != *"$ONLY"* ]] && continue
  c=$(bash bench/crypto-codegen/cfile.sh "$name")
  dir=$(echo "$name" | sed 's/fiat_25519_carry/fiat_curve25519_carry/')
  echo "== bench $name" >&2
  taskset -c 1 $vf -q crypto bench --ir "$fn" --c "$S/c/$c.c" --rounds "$ROUNDS" --json \
      "$tmp/before/$name.asm" "$tmp/after/$name.asm" "$S"/baseline-asm/"$dir"/*.asm > "$tmp/$name.bench.json"
done
mkdir -p bench/results/crypto-codegen
for f in "$tmp"/before/*.asm; do cp "$f" "bench/results/crypto-codegen/$(basename "$f" .asm).before.asm"; done
for f in "$tmp"/after/*.asm; do cp "$f" "bench/results/crypto-codegen/$(basename "$f" .asm).after.asm"; done
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3
"$PY" bench/crypto-codegen/summarize.py "$tmp" bench/results/crypto-codegen.json bench/results/crypto-codegen.png "$ROUNDS"
