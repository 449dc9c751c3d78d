#!/usr/bin/env python3
"""Sum the per-process operation counters written by go/distsys/tla built with -tags tlastats
(VF_TLASTATS_DIR=<dir>): one table per directory given, op / calls / share / median and p99
size bucket / max size (elements of a set, pairs of a function, bytes of an encoding)."""
import json, sys, glob, os
from collections import defaultdict

def lo(b):
    return int(b.split("-")[0])

def pct(buckets, q):
    tot = sum(buckets.values()); acc = 0
    for b in sorted(buckets, key=lo):
        acc += buckets[b]
        if acc >= q * tot:
            return b
    return "-"

for d in sys.argv[1:]:
    calls = defaultdict(int); mx = defaultdict(int); bk = defaultdict(lambda: defaultdict(int))
    files = glob.glob(os.path.join(d, "*.json"))
    for f in files:
        try:
            recs = json.load(open(f))
        except Exception:
            continue
        for r in recs or []:
            calls[r["op"]] += r["calls"]; mx[r["op"]] = max(mx[r["op"]], r["max"])
            for b, c in r["buckets"].items():
                bk[r["op"]][b] += c
    total = sum(calls.values())
    print(f"## {os.path.basename(d.rstrip('/'))}: {len(files)} processes, {total} counted operations")
    print(f"{'op':<14}{'calls':>10}{'share':>8}{'p50 size':>12}{'p99 size':>12}{'max':>8}")
    for op in sorted(calls, key=lambda o: -calls[o]):
        print(f"{op:<14}{calls[op]:>10}{100*calls[op]/total:>7.1f}%{pct(bk[op],.5):>12}{pct(bk[op],.99):>12}{mx[op]:>8}")
    print()
