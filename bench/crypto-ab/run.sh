#!/usr/bin/env bash
# Search comparison: two veriforge binaries (BASE, e.g. built from main, and NEW) run the same
# `crypto opt` (same flags, budget $BUDGET, default 60s, pinned to core 1) on three functions, then
# ONE pinned `crypto bench` run per function measures gcc -O3, clang -O3, all of CryptOpt's published
# files and both results. Writes bench/results/crypto-ab.json, bench/results/crypto-ab.png
# and prints a table. Usage: BASE=/path/to/old/veriforge bash bench/crypto-ab/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
BUDGET=${BUDGET:-60s}
TESTS=${TESTS:-100000}
BASE=${BASE:?set BASE to the baseline veriforge binary}
NEW=${NEW:-target/release/veriforge}
FNS=${FNS:-"fiat_poly1305_carry_square:poly1305_64 fiat_25519_carry_mul:curve25519_64 fiat_p256_mul:p256_64"}
NAME=${NAME:-crypto-ab}; out=bench/results/$NAME
mkdir -p "$out"
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3
for item in $FNS; do
  name=${item%%:*}; c=${item##*:}
  dir=$(echo "$name" | sed 's/fiat_25519_carry/fiat_curve25519_carry/')
  for which in base new; do
    bin=$BASE; [ $which = new ] && bin=$NEW
    echo "== $name: $which search ($BUDGET)" >&2
    taskset -c "${CORE:-1}" "$bin" -q --json crypto opt --ir "$S/fn/$name.json" --c "$S/c/$c.c" --budget "$BUDGET" --objective mix \
        --tests "$TESTS" -o "$out/$name.$which.s" > "$out/$name.$which.opt.json"
  done
  echo "== $name: bench" >&2
  taskset -c "${CORE:-1}" "$NEW" -q --json crypto bench --ir "$S/fn/$name.json" --c "$S/c/$c.c" --rounds "${ROUNDS:-15}" \
      "$out/$name.base.asm" "$out/$name.new.asm" "$S"/baseline-asm/"$dir"/*.asm > "$out/$name.bench.json"
done
"$PY" bench/crypto-ab/summarize.py "$out" bench/results/$NAME.json bench/results/$NAME.png "$BUDGET"
