#!/usr/bin/env bash
# TLA+ values: go/distsys/tla's sorted slices vs HAMT-backed equivalents (github.com/benbjohnson/
# immutable, PGo's library) on the operations and sizes the systems use (bench/mpcal/values/,
# docs/mpcal.md "TLA+ values: sorted slices vs HAMTs"). testing.B with -benchmem, pinned to one
# core, COUNT repeats (default 5); writes bench/results/mpcal-values.txt (raw go test output) and
# bench/results/mpcal-values.json (median ns/op, B/op, allocs/op per benchmark and the ratio).
# Counting the systems' operations is separate: see bench/mpcal/values/tlastats_sum.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
export PATH=/usr/local/go/bin:$PATH GOFLAGS=${GOFLAGS:--buildvcs=false}
count=${COUNT:-5}
benchtime=${BENCHTIME:-200ms}
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${CPU:-1}")
out=bench/results/${OUT:-mpcal-values}.txt
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
# VALUES_GO_TREE=<dir holding go/> benchmarks another version of go/distsys/tla (e.g. a `git
# archive` of an older commit) through a temporary go.mod; OUT names the result files.
modflag=()
if [ -n "${VALUES_GO_TREE:-}" ]; then
	mod=$(mktemp -d)
	cp bench/mpcal/values/go.mod bench/mpcal/values/go.sum "$mod/"
	(cd bench/mpcal/values && go mod edit -modfile "$mod/go.mod" -replace "github.com/veriforge/veriforge/go=$VALUES_GO_TREE/go")
	modflag=(-modfile "$mod/go.mod")
fi
(cd bench/mpcal/values && go test "${modflag[@]}" -count=1 . >/dev/null &&
	"${pin[@]}" go test "${modflag[@]}" -timeout 60m -run '^$' -bench "${BENCH:-.}" -benchmem -count "$count" -benchtime "$benchtime" .) >"$tmp"
load1=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
py=${VERIFORGE_PYTHON:-.venv/bin/python}
[ -x "$py" ] || py=python3
{
	echo "# tla package: ${VALUES_GO_TREE:-this checkout}"
	echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), pinned: ${pin[*]:-no}"
	echo "# LOADED: other jobs build and test on the same cores; load average before $load0, after $load1"
	cat "$tmp"
} >"$out.tmp" && mv "$out.tmp" "$out"
"$py" - "$out" "bench/results/${OUT:-mpcal-values}.json" "$load0" "$load1" <<'PY'
import json, re, statistics, sys
from collections import defaultdict
src, dst, load0, load1 = sys.argv[1:5]
runs = defaultdict(list)
machine = []
for line in open(src):
    if line.startswith("#") or line.startswith("cpu:"):
        machine.append(line.strip("# \n"))
    m = re.match(r"(Benchmark\S+?)(-\d+)?\s+\d+\s+([\d.]+) ns/op\s+(\d+) B/op\s+(\d+) allocs/op", line)
    if m:
        runs[m.group(1)].append((float(m.group(3)), int(m.group(4)), int(m.group(5))))
rows = {}
for name, rs in runs.items():
    rows[name] = {"ns_op": statistics.median(r[0] for r in rs), "bytes_op": statistics.median(r[1] for r in rs),
                  "allocs_op": statistics.median(r[2] for r in rs), "repeats": len(rs),
                  "ns_op_min": min(r[0] for r in rs), "ns_op_max": max(r[0] for r in rs)}
table = []
for name in rows:
    if name.endswith("/slices"):
        base = name[: -len("/slices")]
        h = rows.get(base + "/hamt")
        if h:
            table.append({"bench": base[len("Benchmark"):], "slices": rows[name], "hamt": h,
                          "hamt_over_slices": round(h["ns_op"] / rows[name]["ns_op"], 3)})
json.dump({"machine": machine, "loaded": True, "load_before": load0, "load_after": load1,
           "note": "medians of repeats; the machine was shared with other builds (timings are indicative)",
           "table": table}, open(dst, "w"), indent=1)
print(f"{'benchmark':<44}{'slices ns':>12}{'allocs':>7}{'hamt ns':>12}{'allocs':>7}{'hamt/slices':>12}")
for r in table:
    print(f"{r['bench']:<44}{r['slices']['ns_op']:>12.0f}{r['slices']['allocs_op']:>7.0f}{r['hamt']['ns_op']:>12.0f}{r['hamt']['allocs_op']:>7.0f}{r['hamt_over_slices']:>12.2f}")
PY
