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
# Env: TRAIN / HELDOUT (space-separated "path[@section][:prog-type][=budget]"; paths relative to
# ../shared/corpora/bpf; `=budget` overrides the budget argument for that program),
# KERNEL_RUNS (100), DIFF_INPUTS (1000). A benchmark: run it on a quiet machine.
# Default lists: TRAIN = programs whose first run reaches its best only after seconds (the search
# or the time-sliced passes do the work: Katran O2, xdp_fwd O1, xdp_fwd_direct O2, xdp_redirect O2)
# plus the 8 Table-1 programs (kept as a record: the passes reach their counts in < 0.25 s);
# HELDOUT = other compilations / other sources, never trained on (Katran O1, xdp_fwd_direct O1,
# xdp_router_ipv4 O1, xdp_fwd O3, xdp2 O2). Large programs get budget size/30 s as in objects.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
budget=${1:-30s}
jobs=${2:-2}
SHARED=${VERIFORGE_SHARED:-$ROOT/../shared}
C=$SHARED/corpora/bpf
BIN=$ROOT/target/release/veriforge
TABLE1="table1/socket-0.insns table1/sys_enter_open.insns:tracepoint table1/xdp1_kern-xdp1.insns table1/xdp_cpumap_enqueue.insns:tracepoint table1/xdp_exception.insns:tracepoint table1/xdp_fw.insns table1/xdp_map_access.insns table1/xdp_redirect_err.insns:tracepoint"
TRAIN=${TRAIN:-"objects/O2/balancer_kern.o=61s objects/O1/xdp_fwd_kern.o@xdp_fwd objects/O2/xdp_fwd_kern.o@xdp_fwd_direct objects/O2/xdp_redirect_kern.o@xdp_redirect $TABLE1"}
HELDOUT=${HELDOUT:-"objects/O1/balancer_kern.o=55s objects/O1/xdp_fwd_kern.o@xdp_fwd_direct objects/O1/xdp_router_ipv4_kern.o objects/O3/xdp_fwd_kern.o@xdp_fwd objects/O2/xdp2_kern.o"}
OUT=$(mktemp -d)
RULES=$OUT/rules.jsonl
: > "$RULES"

key() { # a file name for a spec
  echo "$1" | tr '/:@=' '____'
}

run() { # phase name spec rules-args...
  local phase=$1 spec=$2; shift 2
  local rest=$spec b=$budget extra=()
  if [[ $rest == *=* ]]; then b=${rest##*=}; rest=${rest%=*}; fi
  if [[ $rest == *:* ]]; then extra+=(--prog-type "${rest##*:}"); rest=${rest%:*}; fi
  if [[ $rest == *@* ]]; then extra+=(--section "${rest##*@}"); rest=${rest%@*}; fi
  local path=$rest name
  name=$(key "$spec")
  local ext=${path##*.}
  echo "== $phase $spec" >&2
  "$BIN" -q bpf opt "$C/$path" "${extra[@]}" -o "$OUT/$phase-$name.opt.$ext" --budget "$b" --jobs "$jobs" --no-cache \
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
    name = spec.translate(str.maketrans("/:@=", "____"))
    try:
        return json.load(open(os.path.join(out, f"{phase}-{name}.json")))
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
                       fired=(rb.get("rules") or {}).get("fired", 0), learned=(ra.get("rules_learned", 0), rb.get("rules_learned", 0)),
                       ttb_a=round(ra.get("time_to_best_s", 0), 3), ttb_b=round(rb.get("time_to_best_s", 0), 3),
                       prepass_s=round((rb.get("rules") or {}).get("seconds", 0), 3),
                       match_s=round((rb.get("rules") or {}).get("match_seconds", 0), 3))
        rows.append(row)
os.makedirs(results, exist_ok=True)
json.dump(dict(budget=budget, jobs=int(jobs), rows=rows), open(os.path.join(results, "bpf-rules.json"), "w"), indent=1)
lines = [f"budget {budget}, {jobs} chain(s), fresh proof cache per run; A = first run / no rules, B = second run / with rules",
         "| set | program | clang | count A | count B | t to A's count: A (s) | B (s) | speed-up | time to best A, B (s) | rules fired in B | pre-pass B (s; matching) | learned A, B |",
         "|" + "---|" * 12]
for r in rows:
    if "count_a" in r:
        lines.append(f"| {r['kind']} | {r['program']} | {r['clang']} | {r['count_a']} | {r['count_b']} | {r['t_a']} | {r['t_b']} | "
                     f"{r['speedup'] if r['speedup'] is not None else ''} | {r['ttb_a']}, {r['ttb_b']} | {r['fired']} | {r['prepass_s']} ({r['match_s']}) | {r['learned'][0]}, {r['learned'][1]} |")
    else:
        lines.append(f"| {r['kind']} | {r['program']} | error: {r['before'].get('error')} / {r['after'].get('error')} | | | | | | | | | |")
open(os.path.join(results, "bpf-rules.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
echo "rules file: $RULES ($(wc -l < "$RULES") rules)" >&2
