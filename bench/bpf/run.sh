#!/usr/bin/env bash
# bpf superoptimizer on K2's Table-1 programs (../shared/corpora/bpf/table1).
# Per program: clang count, K2's count and times (from INDEX.md, K2 rebuilt on this machine kind),
# ours, time to best, total, iterations/s. Writes bench/results/bpf.json and bench/results/bpf.png.
# Usage: bash bench/bpf/run.sh [budget=600s] [jobs=2]
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
for p in socket-0 sys_enter_open xdp1_kern-xdp1 xdp_cpumap_enqueue xdp_exception xdp_fw xdp_map_access xdp_redirect_err; do
  type_flag=()
  [ "$p" = socket-0 ] && type_flag=(--prog-type socket_filter)   # LD_ABS needs an skb program type
  rm -f "$VERIFORGE_BPF_CACHE" "$VERIFORGE_BPF_RULES"
  echo "== $p (budget $BUDGET, $JOBS chains)" >&2
  taskset -c 0-$((JOBS - 1)) "$BIN" -q bpf opt "$T1/$p.insns" "${type_flag[@]}" --budget "$BUDGET" --jobs "$JOBS" \
    --kernel-runs "${KERNEL_RUNS:-1000}" -o "$OUT/$p.opt.insns" --report "$OUT/$p.json" || echo "{\"error\": \"exit $?\"}" > "$OUT/$p.json"
done
"$PY" "$ROOT/bench/bpf/summarize.py" "$OUT" "$SHARED/corpora/bpf/INDEX.md" "$ROOT/bench/results" "$BUDGET" "$JOBS"
