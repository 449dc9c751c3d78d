#!/usr/bin/env bash
# bpf superoptimizer on K2's Table-1 programs (../shared/corpora/bpf/table1).
# Per program: clang count, K2's count and times (from INDEX.md, K2 rebuilt on this machine kind),
# ours, time to best, total, iterations/s. Writes bench/results/bpf.json and bench/results/bpf.png.
# Usage: bash bench/bpf/run.sh [budget=600s] [jobs=2]
#   SEEDS="0 1 2" runs every program once per seed (results per seed in bench/results/bpf-seeds/seedN/,
#   and bench/results/bpf-seeds.{json,md} with the median count per program against K2's).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SHARED="${VERIFORGE_SHARED:-$ROOT/../shared}"
T1="$SHARED/corpora/bpf/table1"
BUDGET="${1:-600s}"
JOBS="${2:-2}"
BIN="$ROOT/target/release/veriforge"
PY="${VERIFORGE_PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PY" ] || PY=python3
if [ ! -d "$T1" ]; then echo "bench/bpf: $T1 not found (needs ../shared)"; exit 1; fi
[ -x "$BIN" ] || (cd "$ROOT" && cargo build --release -p veriforge)
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
# A fresh proof cache per run so that every program is measured from scratch.
export VERIFORGE_BPF_CACHE="$OUT/cache.jsonl"
export VERIFORGE_BPF_RULES="$OUT/rules.jsonl"   # and no rules learned on earlier programs
SEEDS="${SEEDS:-0}"
run_seed() { # $1 = seed, $2 = output dir, $3 = results dir
  local seed="$1" out="$2" res="$3"
  mkdir -p "$out" "$res"
  for p in socket-0 sys_enter_open xdp1_kern-xdp1 xdp_cpumap_enqueue xdp_exception xdp_fw xdp_map_access xdp_redirect_err; do
    rm -f "$VERIFORGE_BPF_CACHE" "$VERIFORGE_BPF_RULES"
    echo "== $p (budget $BUDGET, $JOBS chains, seed $seed)" >&2
    # no --prog-type: the program type is inferred (socket-0's LD_ABS means a socket filter)
    taskset -c 0-$((JOBS - 1)) "$BIN" -q bpf opt "$T1/$p.insns" --budget "$BUDGET" --jobs "$JOBS" --seed "$seed" \
      --kernel-runs "${KERNEL_RUNS:-1000}" -o "$out/$p.opt.insns" --report "$out/$p.json" || echo "{\"error\": \"exit $?\"}" > "$out/$p.json"
  done
  "$PY" "$ROOT/bench/bpf/summarize.py" "$out" "$SHARED/corpora/bpf/INDEX.md" "$res" "$BUDGET" "$JOBS"
}
if [ "$SEEDS" = 0 ]; then
  run_seed 0 "$OUT" "$ROOT/bench/results"
else
  for seed in $SEEDS; do run_seed "$seed" "$OUT/seed$seed" "$ROOT/bench/results/bpf-seeds/seed$seed"; done
  "$PY" - "$ROOT/bench/results/bpf-seeds" $SEEDS <<'PYEOF'
import json, os, statistics, sys
res, seeds = sys.argv[1], sys.argv[2:]
runs = [json.load(open(os.path.join(res, f"seed{s}", "bpf.json"))) for s in seeds]
rows = []
for i, first in enumerate(runs[0]["programs"]):
    counts = [r["programs"][i].get("ours") for r in runs]
    ok = [c for c in counts if isinstance(c, int)]
    med = statistics.median(ok) if len(ok) == len(counts) else None
    k2 = first.get("k2_count")
    rows.append(dict(program=first["program"], clang=first.get("clang"), k2=k2, counts=counts, median=med,
                     verdict=None if med is None or k2 is None else ("fewer" if med < k2 else "equal" if med == k2 else "more")))
json.dump(dict(budget=runs[0]["budget"], jobs=runs[0]["jobs"], seeds=seeds, programs=rows), open(os.path.join(res, "..", "bpf-seeds.json"), "w"), indent=1)
lines = ["| program | clang | K2 | ours per seed | median | vs K2 |", "|---|---:|---:|---|---:|---|"]
for r in rows:
    lines.append(f"| {r['program']} | {r['clang']} | {r['k2']} | {', '.join(map(str, r['counts']))} | {r['median']} | {r['verdict']} |")
fewer = sum(r["verdict"] == "fewer" for r in rows); atmost = sum(r["verdict"] in ("fewer", "equal") for r in rows)
lines.append(f"\nmedian at K2's count or better: {atmost}/{len(rows)}; strictly fewer: {fewer}/{len(rows)}")
open(os.path.join(res, "..", "bpf-seeds.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PYEOF
fi
