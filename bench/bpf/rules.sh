#!/usr/bin/env bash
# Issue 16, done-when 3: what the rewrite-rule database buys.
#
#   bash bench/bpf/rules.sh [budget=30s] [jobs=2]
#
# 1. first run: every TRAIN program from an empty rule file (rules learned from its proofs);
# 2. second run: the same programs again with the rules learned in 1 (each firing re-proven);
# 3. held-out: every HELDOUT program without rules and with the rules of 1+2 (never trained on).
# Every run has a fresh proof cache (--no-cache), so only the rules carry over. Per run: count,
# time to best, and the time to reach the first run's / the no-rules run's final count (from the
# best-so-far trace, which includes the rule pre-pass). Writes bench/results/bpf-rules.{json,md}.
# Env: TRAIN / HELDOUT (space-separated "path[:section]"; paths relative to ../shared/corpora/bpf),
# KERNEL_RUNS (100), DIFF_INPUTS (1000). A benchmark: run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
budget=${1:-30s}
jobs=${2:-2}
SHARED=${VERIFORGE_SHARED:-$ROOT/../shared}
C=$SHARED/corpora/bpf
BIN=$ROOT/target/release/veriforge
TRAIN=${TRAIN:-"table1/xdp_map_access.insns table1/xdp1_kern-xdp1.insns table1/xdp_cpumap_enqueue.insns:tracepoint table1/xdp_fw.insns table1/socket-0.insns"}
HELDOUT=${HELDOUT:-"objects/O2/xdp_map_access_kern.o objects/O2/xdp2_kern.o objects/O1/xdp_fw_kern.o objects/O2/xdp_router_ipv4_kern.o"}
OUT=$(mktemp -d)
RULES=$OUT/rules.jsonl
: > "$RULES"

run() { # phase name spec rules-args...
  local phase=$1 spec=$2; shift 2
  local path=${spec%%:*} extra=()
  if [[ $spec == *:* ]]; then extra=(--prog-type "${spec#*:}"); fi
  local name
  name=$(basename "$path")
  local ext=${path##*.}
  echo "== $phase $path" >&2
  "$BIN" -q bpf opt "$C/$path" "${extra[@]}" -o "$OUT/$phase-$name.opt.$ext" --budget "$budget" --jobs "$jobs" --no-cache \
    --kernel-runs "${KERNEL_RUNS:-100}" --diff-inputs "${DIFF_INPUTS:-1000}" --report "$OUT/$phase-$name.json" "$@" \
    || echo "{\"error\": \"exit $?\"}" > "$OUT/$phase-$name.json"
}

for p in $TRAIN; do run first "$p" --rules "$RULES"; done
for p in $TRAIN; do run second "$p" --rules "$RULES"; done
for p in $HELDOUT; do run heldout-norules "$p" --no-rules; done
for p in $HELDOUT; do run heldout-rules "$p" --rules "$RULES"; done

python3 - "$OUT" "$budget" "$jobs" "$TRAIN" "$HELDOUT" "$ROOT/bench/results" <<'EOF'
import json, os, sys
out, budget, jobs, train, held, results = sys.argv[1:7]
def rep(phase, spec):
    path = spec.split(":")[0]
    try:
        return json.load(open(os.path.join(out, f"{phase}-{os.path.basename(path)}.json")))
    except (OSError, ValueError):
        return {"error": "no report"}
def reach(r, count):
    """Seconds until the best-so-far trace first reached `count` (None if never)."""
    for t, c in r.get("trace", []):
        if c <= count + 1e-9:
            return round(t, 3)
    return 0.0 if r.get("original_count") == count else None
rows = []
for kind, specs, a, b in (("same programs", train, "first", "second"), ("held-out", held, "heldout-norules", "heldout-rules")):
    for spec in specs.split():
        ra, rb = rep(a, spec), rep(b, spec)
        row = dict(kind=kind, program=spec, before=ra, after=rb)
        if "count" in ra and "count" in rb:
            ta, tb = reach(ra, ra["count"]), reach(rb, ra["count"])
            row.update(clang=ra["original_count"], count_a=ra["count"], count_b=rb["count"], t_a=ta, t_b=tb,
                       speedup=(round(ta / tb, 1) if ta and tb else None),
                       fired=(rb.get("rules") or {}).get("fired", 0), learned=(ra.get("rules_learned", 0), rb.get("rules_learned", 0)))
        rows.append(row)
os.makedirs(results, exist_ok=True)
json.dump(dict(budget=budget, jobs=int(jobs), rows=rows), open(os.path.join(results, "bpf-rules.json"), "w"), indent=1)
lines = [f"budget {budget}, {jobs} chain(s), fresh proof cache per run; A = first run / no rules, B = second run / with rules",
         "| set | program | clang | count A | count B | t to A's count: A (s) | B (s) | speed-up | rules fired in B | learned A, B |",
         "|" + "---|" * 10]
for r in rows:
    if "count_a" in r:
        lines.append(f"| {r['kind']} | {r['program']} | {r['clang']} | {r['count_a']} | {r['count_b']} | {r['t_a']} | {r['t_b']} | "
                     f"{r['speedup'] if r['speedup'] is not None else ''} | {r['fired']} | {r['learned'][0]}, {r['learned'][1]} |")
    else:
        lines.append(f"| {r['kind']} | {r['program']} | error: {r['before'].get('error')} / {r['after'].get('error')} | | | | | | | |")
open(os.path.join(results, "bpf-rules.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
echo "rules file: $RULES ($(wc -l < "$RULES") rules)" >&2
