#!/usr/bin/env bash
# Model checker vs TLC (issue 11, "Done when" 4): the same models, same machine, one run,
# interleaved (ours, TLC, ours, TLC, ...), both pinned with taskset to the same cores and given the
# same number of workers; medians of REPS runs of states generated/s and peak RSS (GNU time).
# Writes bench/results/check.json and bench/results/check.png and prints a table.
# Usage: bash bench/check/run.sh [reps=3] [workers=2]
#   MODELS=pbkvs,MCBakery (comma-separated substrings of the entries below) runs only those;
#   CHECK_BENCH_MODELS="dir/Spec.tla:dir/Spec.cfg[:timeout] ..." (paths under ../shared/corpora)
#   replaces the list; CHECK_BENCH_TIMEOUT (s, default 1800) bounds each run of a model without
#   its own timeout (third field). A run cut by its timeout is recorded with "timed_out": true
#   and no states/s. CHECK_BENCH_OUT (default bench/results) is where check.json/check.png go.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SHARED="${VERIFORGE_SHARED:-$ROOT/../shared}"
REPS="${1:-3}"
WORKERS="${2:-2}"
BIN="$ROOT/target/release/veriforge"
JAR="$SHARED/tools/tla2tools.jar"
PY="${VERIFORGE_PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PY" ] || PY=python3
TIMEOUT="${CHECK_BENCH_TIMEOUT:-1800}"
CORES="0-$((WORKERS - 1))"
[ -f "$JAR" ] || { echo "bench/check: $JAR not found (needs ../shared)"; exit 1; }
command -v java >/dev/null || { echo "bench/check: java not found"; exit 1; }
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p veriforge)
C="$SHARED/corpora"
# spec:cfg[:timeout seconds]; TLC's times on this machine kind: pbkvs 521 s, PaxosCommit and
# EWD998PCal a few minutes, the others under a minute
MODELS_FILTER="${MODELS:-}"
ALL_MODELS="${CHECK_BENCH_MODELS:-mpcal/systems/pbkvs/pbkvs.tla:mpcal/systems/pbkvs/pbkvs.cfg:3600
tla/examples/transaction_commit/PaxosCommit.tla:tla/examples/transaction_commit/PaxosCommit.cfg:1200
tla/examples/Bakery-Boulangerie/MCBakery.tla:tla/examples/Bakery-Boulangerie/MCBakery.cfg:600
tla/examples/NanoBlockchain/MCNanoMedium.tla:tla/examples/NanoBlockchain/MCNanoMedium.cfg:1200
tla/examples/CoffeeCan/CoffeeCan.tla:tla/examples/CoffeeCan/CoffeeCan1000Beans.cfg:600
tla/examples/ewd998/EWD998PCal.tla:tla/examples/ewd998/EWD998PCal.cfg:1200
tla/examples/TeachingConcurrency/SimpleRegular.tla:tla/examples/TeachingConcurrency/SimpleRegular.cfg:600
tla/examples/barriers/Barriers.tla:tla/examples/barriers/Barriers.cfg:300
mpcal/systems/dqueue/dqueue.tla:mpcal/systems/dqueue/dqueue.cfg:300}"
MODELS=""
for m in $ALL_MODELS; do
  if [ -n "$MODELS_FILTER" ]; then
    keep=no
    IFS=, read -ra subs <<< "$MODELS_FILTER"
    for sub in "${subs[@]}"; do
      case "$m" in *"$sub"*) keep=yes ;; esac
    done
    [ "$keep" = yes ] || continue
  fi
  MODELS="$MODELS $m"
done
[ -n "$MODELS" ] || { echo "bench/check: no model matches MODELS=$MODELS_FILTER"; exit 1; }
LIBS=(--lib "$C/tla/modules/community" --lib "$C/tla/modules/tlaps")
TLCLIB="$C/tla/modules/community:$C/tla/modules/tlaps"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
export TMPDIR="$OUT"  # our spilled queue chunks (else next to the spec, in ../shared)
RAW="$OUT/raw.jsonl"
for rep in $(seq 1 "$REPS"); do
  for m in $MODELS; do
    IFS=: read -r spec cfg tmo <<< "$m"
    spec="$C/$spec"; cfg="$C/$cfg"; name="${cfg##*/}"; tmo="${tmo:-$TIMEOUT}"
    for tool in ours tlc; do
      echo "== rep $rep $tool $name" >&2
      meta="$OUT/meta.$tool"
      log="$OUT/log.$tool"
      if [ "$tool" = ours ]; then
        cmd=(taskset -c "$CORES" "$BIN" -q tla check "$spec" --config "$cfg" --workers "$WORKERS" "${LIBS[@]}")
      else
        # TLC in its own scratch directory (it writes states/ and trace files next to it)
        cmd=(taskset -c "$CORES" java -XX:+UseParallelGC -DTLA-Library="$TLCLIB" -cp "$JAR" tlc2.TLC
             -workers "$WORKERS" -config "$cfg" -metadir "$OUT/tlc-meta" "$spec")
      fi
      start=$(date +%s.%N)
      rc=0
      ( cd "$OUT" && timeout "$tmo" /usr/bin/time -f "%e %M" -o "$meta" "${cmd[@]}" > "$log" 2>&1 ) || rc=$?
      [ "$rc" = 124 ] && echo "== timed out after $tmo s" >&2
      end=$(date +%s.%N)
      rm -rf "$OUT/tlc-meta"
      "$PY" - "$tool" "$name" "$rep" "$meta" "$log" "$start" "$end" "$rc" >> "$RAW" <<'PYEOF'
import json, re, sys
tool, name, rep, meta, log, start, end, rc = sys.argv[1:]
timed_out = rc == "124"
text = open(log, errors="replace").read()
m = re.findall(r"([\d,]+) states generated, ([\d,]+) distinct states found", text)
gen, dist = (int(m[-1][0].replace(",", "")), int(m[-1][1].replace(",", ""))) if m and not timed_out else (None, None)
try:
    secs, rss_kb = open(meta).read().split()[-2:]
    secs, rss_kb = float(secs), int(rss_kb)
except Exception:
    secs, rss_kb = float(end) - float(start), None
print(json.dumps({"tool": tool, "model": name, "rep": int(rep), "seconds": secs, "peak_rss_kb": rss_kb,
                  "timed_out": timed_out, "exit_code": int(rc),
                  "states_generated": gen, "distinct_states": dist,
                  "states_per_s": (gen / secs) if gen and secs > 0 else None}))
PYEOF
    done
  done
done
RESULTS="${CHECK_BENCH_OUT:-$ROOT/bench/results}"
mkdir -p "$RESULTS"
"$PY" "$ROOT/bench/check/summarize.py" "$RAW" "$RESULTS" "$WORKERS"
