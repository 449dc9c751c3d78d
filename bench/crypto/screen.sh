#!/usr/bin/env bash
# Short screening of all 22 Fiat functions and bitcoin-core's two (not the benchmark: run.sh is).
# For each function, one at a time: `crypto opt --budget $BUDGET` (wall time of the whole command
# recorded), `crypto verify --aliasing` of the written file, then one `crypto bench --rounds $ROUNDS`
# run of ours, gcc, clang and CryptOpt's $TOP published files with the highest ratio in their names
# (CryptOpt's own speed-up measurement; a cheap stand-in for run.sh's screen of all 30 files).
# Env: BUDGET (45s), ROUNDS (11), TOP (3), ONLY (substring filter), NICE (10), NAME (crypto-screen).
# Writes bench/results/$NAME/<fn>.{s,asm,opt.json,verify.log,bench.json,wall} and prints a table
# (bench/crypto/screen_table.py).
set -uo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
BUDGET=${BUDGET:-45s}; ROUNDS=${ROUNDS:-11}; TOP=${TOP:-3}; ONLY=${ONLY:-}; NICE=${NICE:-10}
NAME=${NAME:-crypto-screen}
vf=target/release/veriforge
out=bench/results/$NAME
mkdir -p "$out"
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3
source bench/crypto/lib.sh  # c_file, published_dir

screen_one() {  # $1 name, $2 ir, $3 C file, then extra flags (--function, --limb-bits), published files after "--"
  local name=$1 ir=$2 c=$3; shift 3
  local flags=() pub=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
  [ $# -gt 0 ] && shift && pub=("$@")
  echo "== $(date -u +%H:%M:%S) opt $name (budget $BUDGET)" >&2
  rm -f "$out/$name.s" "$out/$name.asm"
  local t0 t1
  t0=$(date +%s.%N)
  nice -n "$NICE" $vf -q crypto opt --ir "$ir" "${flags[@]}" --c "$c" --budget "$BUDGET" --objective mix \
      -o "$out/$name.s" --json > "$out/$name.opt.json" 2> "$out/$name.opt.log"
  echo $? > "$out/$name.opt.rc"
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.1f\n", $2-$1}' > "$out/$name.wall"
  local files=()
  if [ -f "$out/$name.s" ]; then
    nice -n "$NICE" $vf crypto verify --ir "$ir" "${flags[@]}" --aliasing "$out/$name.s" > "$out/$name.verify.log" 2>&1
    echo $? > "$out/$name.verify.rc"
    files+=("$out/$name.asm")
  else
    echo 1 > "$out/$name.verify.rc"
  fi
  echo "== $(date -u +%H:%M:%S) bench $name" >&2
  nice -n "$NICE" $vf -q crypto bench --ir "$ir" "${flags[@]}" --c "$c" --rounds "$ROUNDS" --json \
      "${files[@]}" "${pub[@]}" > "$out/$name.bench.json" 2> "$out/$name.bench.log"
}

for fn in "$S"/fn/fiat_*.json; do
  name=$(basename "$fn" .json)
  [[ -n "$ONLY" && "$name" != *"$ONLY"* ]] && continue
  mapfile -t pub < <(ls "$(published_dir "$name")"/*.asm | sed 's/.*ratio\([0-9]*\)\.asm/\1 &/' | sort -rn | head -n "$TOP" | cut -d' ' -f2)
  screen_one "$name" "$fn" "$S/c/$(c_file "$name").c" -- "${pub[@]}"
done
B=$S/bitcoin-core
for name in secp256k1_fe_mul_inner secp256k1_fe_sqr_inner; do
  [[ -n "$ONLY" && "$name" != *"$ONLY"* ]] && continue
  [ -d "$B" ] && screen_one "$name" "$B/field.json" "$B/field.c" --function "$name" --limb-bits 56,56,56,56,52
done
"$PY" bench/crypto/screen_table.py "$out" "$BUDGET"
