#!/usr/bin/env bash
# crypto benchmark: for each of the 22 shared Fiat functions and bitcoin-core's two field functions,
# search (budget $BUDGET, default 60s), re-check the written file with `crypto verify --aliasing`,
# then measure on a quiet machine, pinned: gcc -O3, clang -O3 (-march=native -mtune=native, the
# function's C), CryptOpt's published files for the function (Fiat functions only), and ours.
# Medians of randomized rounds.
#
# Measurement is two-stage so that "the best CryptOpt file" is not favoured by the winner's curse
# (the minimum of 30 noisy medians is biased low):
#   1. screen:  gcc, clang, all 30 published files and ours, $SCREEN_ROUNDS rounds -> <fn>.screen.json;
#               the fastest published file in throughput and the fastest in latency are chosen there;
#   2. confirm: gcc, clang, those (one or two) files and ours in a fresh run of $ROUNDS rounds
#               -> <fn>.bench.json, which is what the table and the JSON report.
# bitcoin-core's functions have no published files: one run of $ROUNDS rounds (no screen).
# Searches may run two at a time (JOBS=2: one per core, taskset -c 0 and -c 1); all measurements run
# afterwards, one at a time on core 1, with no search running.
#
# Resumable (RESUME=1): the bench can be run in pieces in idle windows. A function whose search is
# complete for this $BUDGET (<fn>.done.search: opt finished, with or without a written file, and
# the verify step ran) is not searched again; a function whose measurement is complete
# (<fn>.done.bench, written after <fn>.bench.json, for the search output that is there now) is not
# measured again. Every result file is written to a temporary name and renamed, so an interrupted
# run leaves no half-written JSON; the markers are removed before a stage starts again. Without
# RESUME=1 every selected function is searched and measured afresh. The summary covers every
# function with a complete measurement in the results directory (from this and earlier pieces)
# and names the functions that have none yet.
#
# Env: BUDGET (60s), ONLY (comma-separated substrings of function names, e.g.
#      ONLY=p434_mul,fe_sqr_inner), JOBS (1), SKIP_SEARCH (1 = re-measure existing outputs),
#      RESUME (0), ROUNDS (41), SCREEN_ROUNDS (21), NICE (0; niceness of every command),
#      NAME (crypto: results in bench/results/$NAME{,.json,.png}).
# Writes bench/results/$NAME.json, bench/results/$NAME.png and prints a table.
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
B=$S/bitcoin-core
BUDGET=${BUDGET:-60s}
ONLY=${ONLY:-}
JOBS=${JOBS:-1}
RESUME=${RESUME:-0}
ROUNDS=${ROUNDS:-41}
SCREEN_ROUNDS=${SCREEN_ROUNDS:-21}
NICE=${NICE:-0}
vf=target/release/veriforge
NAME=${NAME:-crypto}
out=bench/results/$NAME
mkdir -p "$out"
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3

source bench/crypto/lib.sh  # c_file, published_dir

selected() {  # $1 = function name; true if ONLY is empty or one of its comma-separated parts is in $1
  [ -z "$ONLY" ] && return 0
  local part
  IFS=, read -ra parts <<< "$ONLY"
  for part in "${parts[@]}"; do [[ -n "$part" && "$1" == *"$part"* ]] && return 0; done
  return 1
}

# name -> (IR, C file, extra flags); bitcoin-core's two take --function and --limb-bits (VERIFY_BITS)
functions=()
all=()
for fn in "$S"/fn/fiat_*.json; do
  name=$(basename "$fn" .json); all+=("$name")
  selected "$name" && functions+=("$name")
done
if [ -d "$B" ]; then
  for name in secp256k1_fe_mul_inner secp256k1_fe_sqr_inner; do
    all+=("$name"); selected "$name" && functions+=("$name")
  done
fi
if [ ${#functions[@]} = 0 ]; then echo "run.sh: ONLY=$ONLY selects no function" >&2; exit 2; fi

spec() {  # $1 = name -> sets ir, cfile, flags, pub (published files; empty for bitcoin-core)
  case "$1" in
    secp256k1_fe_*_inner)
      ir=$B/field.json; cfile=$B/field.c; flags=(--function "$1" --limb-bits 56,56,56,56,52); pub=();;
    *)
      ir=$S/fn/$1.json; cfile=$S/c/$(c_file "$1").c; flags=(); pub=("$(published_dir "$1")"/*.asm);;
  esac
}

run() { nice -n "$NICE" taskset -c "$@"; }  # $1 = core, then the command

# A stage's marker holds the key it was completed for; RESUME=1 skips the stage when it matches.
done_for() {  # $1 = marker file, $2 = key
  [ "$RESUME" = 1 ] && [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

search_key() { echo "budget=$BUDGET"; }
bench_key() {  # the search output being measured (its checksum, or "none") and the round counts
  local s; if [ -f "$out/$1.asm" ]; then s=$(sha256sum < "$out/$1.asm" | cut -c1-16); else s=none; fi
  echo "ours=$s rounds=$ROUNDS screen=$SCREEN_ROUNDS"
}

search_one() {  # $1 = core, $2 = function name
  local name=$2 ir cfile flags pub rc
  spec "$name"
  if done_for "$out/$name.done.search" "$(search_key)"; then
    echo "== resume: $name already searched with budget $BUDGET" >&2; return 0
  fi
  rm -f "$out/$name.done.search" "$out/$name.done.bench" "$out/$name".{s,asm,h} "$out/$name.verify.rc" \
        "$out/$name.bench.json" "$out/$name.screen.json"
  echo "== $(date -u +%H:%M:%S) search $name on core $1 (budget $BUDGET)" >&2
  local t0 t1; t0=$(date +%s.%N)
  rc=0
  run "$1" $vf -q crypto opt --ir "$ir" "${flags[@]}" --c "$cfile" --budget "$BUDGET" \
      --objective mix --tests 1000000 -o "$out/$name.s" --trace "$out/$name.trace.json.tmp" --json \
      > "$out/$name.opt.json.tmp" 2> "$out/$name.opt.log" || rc=$?
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.1f\n", $2-$1}' > "$out/$name.wall"
  echo $rc > "$out/$name.opt.rc"
  mv "$out/$name.opt.json.tmp" "$out/$name.opt.json"
  [ -f "$out/$name.trace.json.tmp" ] && mv "$out/$name.trace.json.tmp" "$out/$name.trace.json"
  if [ "$rc" != 0 ]; then
    echo "== $name: crypto opt exit $rc: $(tail -1 "$out/$name.opt.log")" >&2
    rm -f "$out/$name".{s,asm,h}
  fi
  if [ -f "$out/$name.s" ]; then  # an independent re-check, every aliasing scenario run in full
    rc=0
    run "$1" $vf crypto verify --ir "$ir" "${flags[@]}" --aliasing "$out/$name.s" > "$out/$name.verify.log" 2>&1 || rc=$?
    echo $rc > "$out/$name.verify.rc"
  fi
  search_key > "$out/$name.done.search"
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
  spec "$name"
  key=$(bench_key "$name")
  if done_for "$out/$name.done.bench" "$key"; then
    echo "== resume: $name already measured" >&2; continue
  fi
  rm -f "$out/$name.done.bench"
  ours=(); [ -f "$out/$name.asm" ] && ours=("$out/$name.asm")
  echo "== $(date -u +%H:%M:%S) measure $name" >&2
  best=()
  if [ ${#pub[@]} -gt 0 ]; then
    run 1 $vf -q crypto bench --ir "$ir" "${flags[@]}" --c "$cfile" --rounds "$SCREEN_ROUNDS" --json \
        "${ours[@]}" "${pub[@]}" > "$out/$name.screen.json.tmp"
    mv "$out/$name.screen.json.tmp" "$out/$name.screen.json"
    mapfile -t best < <("$PY" bench/crypto/pick_best.py "$out/$name.screen.json")
  fi
  run 1 $vf -q crypto bench --ir "$ir" "${flags[@]}" --c "$cfile" --rounds "$ROUNDS" --json \
      "${ours[@]}" "${best[@]}" > "$out/$name.bench.json.tmp"
  mv "$out/$name.bench.json.tmp" "$out/$name.bench.json"
  echo "$key" > "$out/$name.done.bench"
done
"$PY" bench/crypto/summarize.py "$out" "bench/results/$NAME.json" "bench/results/$NAME.png" "$BUDGET" "${all[@]}"
