#!/usr/bin/env bash
# crypto benchmark: for each of the 12 shared Fiat functions, search (budget $BUDGET, default 60s),
# then measure in ONE pinned run: gcc -O3, clang -O3 (-march=native -mtune=native, Fiat's C),
# all of CryptOpt's published files for the function, and ours. Medians of randomized rounds.
# Writes bench/results/crypto.json, bench/results/crypto.png and prints a table.
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
BUDGET=${BUDGET:-60s}
ONLY=${ONLY:-}
vf=target/release/veriforge
out=bench/results/crypto
mkdir -p "$out"
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3
for fn in "$S"/fn/fiat_*.json; do
  name=$(basename "$fn" .json)
  [[ -n "$ONLY" && "$name" != *"$ONLY"* ]] && continue
  case "$name" in
    *secp256k1*) c=secp256k1_montgomery_64;; *solinas*) c=curve25519_solinas_64;; *25519*) c=curve25519_64;; *p224*) c=p224_64;;
    *p256*) c=p256_64;; *poly1305*) c=poly1305_64;; *) c=secp256k1_montgomery_64;;
  esac
  dir=$(echo "$name" | sed 's/fiat_25519_carry/fiat_curve25519_carry/')
  echo "== $name (search budget $BUDGET)" >&2
  taskset -c 1 $vf -q crypto opt --ir "$fn" --c "$S/c/$c.c" --budget "$BUDGET" --objective mix \
      --tests 1000000 -o "$out/$name.s" --trace "$out/$name.trace.json" --json > "$out/$name.opt.json"
  taskset -c 1 $vf -q crypto bench --ir "$fn" --c "$S/c/$c.c" --rounds 15 --json \
      "$out/$name.asm" "$S"/baseline-asm/"$dir"/*.asm > "$out/$name.bench.json"
done
"$PY" bench/crypto/summarize.py "$out" bench/results/crypto.json bench/results/crypto.png "$BUDGET"
