#!/usr/bin/env bash
# crypto benchmark: for each of the 22 shared Fiat functions, search (budget $BUDGET, default 60s),
# then measure on a quiet machine, pinned: gcc -O3, clang -O3 (-march=native -mtune=native, Fiat's C),
# CryptOpt's published files for the function, and ours. Medians of randomized rounds.
#
# Measurement is two-stage so that "the best CryptOpt file" is not favoured by the winner's curse
# (the minimum of 30 noisy medians is biased low):
#   1. screen:  gcc, clang, all 30 published files and ours, $SCREEN_ROUNDS rounds -> <fn>.screen.json;
#               the fastest published file in throughput and the fastest in latency are chosen there;
#   2. confirm: gcc, clang, those (one or two) files and ours in a fresh run of $ROUNDS rounds
#               -> <fn>.bench.json, which is what the table and the JSON report.
# Searches may run two at a time (JOBS=2: one per core, taskset -c 0 and -c 1); all measurements run
# afterwards, one at a time on core 1, with no search running.
# Env: BUDGET (60s), ONLY (substring filter), JOBS (1), SKIP_SEARCH (1 = re-measure existing outputs),
#      ROUNDS (41), SCREEN_ROUNDS (21), NAME (crypto: results in bench/results/$NAME{,.json,.png}).
# Writes bench/results/crypto.json, bench/results/crypto.png and prints a table.
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
BUDGET=${BUDGET:-60s}
ONLY=${ONLY:-}
JOBS=${JOBS:-1}
ROUNDS=${ROUNDS:-41}
SCREEN_ROUNDS=${SCREEN_ROUNDS:-21}
vf=target/release/veriforge
NAME=${NAME:-crypto}
out=bench/results/$NAME
mkdir -p "$out"
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3

source bench/crypto/lib.sh  # c_file, published_dir

functions=()
for fn in "$S"/fn/fiat_*.json; do
  name=$(basename "$fn" .json)
  [[ -n "$ONLY" && "$name" != *"$ONLY"* ]] && continue
  functions+=("$name")
done

search_one() {  # $1 = core, $2 = function name
  local name=$2 c; c=$(c_file "$name")
  echo "== $(date -u +%H:%M:%S) search $name on core $1 (budget $BUDGET)" >&2
  taskset -c "$1" $vf -q crypto opt --ir "$S/fn/$name.json" --c "$S/c/$c.c" --budget "$BUDGET" \
      --objective mix --tests 1000000 -o "$out/$name.s" --trace "$out/$name.trace.json" --json \
      > "$out/$name.opt.json"
}

search_on_core() {  # $1 = core, $2 = stride offset: functions offset, offset+JOBS, ...
  local i
  for ((i = $2; i < ${#functions[@]}; i += JOBS)); do search_one "$1" "${functions[$i]}"; done
}

if [ "${SKIP_SEARCH:-0}" != 1 ]; then
  if [ "$JOBS" = 2 ]; then
    search_on_core 0 0 & pid0=$!
    search_on_core 1 1 & pid1=$!
    wait $pid0; wait $pid1
  else
    search_on_core 1 0
  fi
fi

for name in "${functions[@]}"; do
  c=$(c_file "$name"); pub=$(published_dir "$name")
  echo "== $(date -u +%H:%M:%S) measure $name" >&2
  taskset -c 1 $vf -q crypto bench --ir "$S/fn/$name.json" --c "$S/c/$c.c" --rounds "$SCREEN_ROUNDS" --json \
      "$out/$name.asm" "$pub"/*.asm > "$out/$name.screen.json"
  mapfile -t best < <("$PY" bench/crypto/pick_best.py "$out/$name.screen.json")
  taskset -c 1 $vf -q crypto bench --ir "$S/fn/$name.json" --c "$S/c/$c.c" --rounds "$ROUNDS" --json \
      "$out/$name.asm" "${best[@]}" > "$out/$name.bench.json"
done
"$PY" bench/crypto/summarize.py "$out" "bench/results/$NAME.json" "bench/results/$NAME.png" "$BUDGET"
