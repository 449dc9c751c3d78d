"""Summarises kvbench's JSON lines and draws the plots (bench/raftkv/run.sh, faults.sh).

    plot.py sweep  RUNS.jsonl OUT  ETCD_VERSION   -> OUT.json, OUT-throughput.png, OUT-latency.png
    plot.py faults RUNS.jsonl OUT  ETCD_VERSION   -> OUT.json, OUT.png
"""
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLORS = {"raftkvs": "tab:blue", "etcd": "tab:orange"}


def read(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def meta(etcd_version):
    tmp = os.environ.get("TMPDIR", "/tmp")
    try:  # both systems keep (and fsync) their data under the temp dir: its file system matters
        fs = subprocess.run(["stat", "-f", "-c", "%T", tmp], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        fs = "unknown"
    return {"generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "machine": platform.node(),
            "cpus": os.cpu_count(), "load_average_at_end": os.getloadavg(), "data_dir_fs": f"{tmp}: {fs}",
            "etcd": etcd_version, "note": "all traffic on 127.0.0.1; both systems on one machine with the load generator"}


def sweep(runs, out, etcd_version):
    failed = [r for r in runs if r.get("mode") == "sweep-error"]
    # with kvbench -check (CHECK=1): porcupine's verdict on each cluster's whole history
    checks = [{k: r[k] for k in ("system", "nodes", "rep", "workloads", "check")} for r in runs if r.get("mode") == "sweep-check"]
    for c in checks:
        k = c["check"]
        print(f"history {c['system']} n={c['nodes']} rep {c['rep']} ({c['workloads']}): {k['verdict']} "
              f"({k['operations']} operations, {k['final_reads']} final reads)")
    runs = [r for r in runs if r.get("mode") == "sweep"]
    for r in failed:
        print(f"cluster failed: {r['system']} n={r['nodes']} rep {r['rep']}: {r['error']}")
    cells = defaultdict(list)
    for r in runs:
        cells[(r["system"], r["nodes"], r["workload"], r["clients"])].append(r)
    points = []
    for (s, n, w, c), rs in sorted(cells.items()):
        points.append({"system": s, "nodes": n, "workload": w, "clients": c, "reps": len(rs),
                       "throughput": statistics.median(r["throughput"] for r in rs),
                       "p50_us": statistics.median(r["p50_us"] for r in rs),
                       "p99_us": statistics.median(r["p99_us"] for r in rs),
                       "errors": sum(r["errors"] for r in rs)})
    peaks = {}
    for p in points:
        k = (p["system"], p["nodes"], p["workload"])
        if k not in peaks or p["throughput"] > peaks[k]["throughput"]:
            peaks[k] = p
    summary = []
    for (s, n, w), p in sorted(peaks.items()):
        row = {"system": s, "nodes": n, "workload": w, "peak_throughput": p["throughput"], "clients_at_peak": p["clients"],
               "p50_us_at_peak": p["p50_us"], "p99_us_at_peak": p["p99_us"], "reps": p["reps"]}
        e = peaks.get(("etcd", n, w))
        if s == "raftkvs" and e and e["throughput"] > 0:
            row["fraction_of_etcd_peak"] = p["throughput"] / e["throughput"]
            # etcd's latency at our peak throughput, interpolated along etcd's sweep (None when
            # etcd's lightest load, one client, already exceeds it: no equal-load point measured)
            es = sorted((q for q in points if q["system"] == "etcd" and q["nodes"] == n and q["workload"] == w),
                        key=lambda q: q["throughput"])
            row["etcd_p50_us_at_equal_load"] = row["etcd_p99_us_at_equal_load"] = None
            for a, b in zip(es, es[1:]):
                if a["throughput"] <= p["throughput"] <= b["throughput"] and b["throughput"] > a["throughput"]:
                    f = (p["throughput"] - a["throughput"]) / (b["throughput"] - a["throughput"])
                    row["etcd_p50_us_at_equal_load"] = a["p50_us"] + f * (b["p50_us"] - a["p50_us"])
                    row["etcd_p99_us_at_equal_load"] = a["p99_us"] + f * (b["p99_us"] - a["p99_us"])
                    break
        summary.append(row)
    with open(out + ".json", "w") as f:
        json.dump({"meta": meta(etcd_version), "peaks": summary, "points": points, "runs": runs,
                   "failed_clusters": failed, "linearizability": checks}, f, indent=1)
    for row in summary:
        frac = f"  ({row['fraction_of_etcd_peak']:.1%} of etcd" if "fraction_of_etcd_peak" in row else ""
        if frac:
            eq = row["etcd_p50_us_at_equal_load"]
            frac += (f"; etcd p50 at that load {eq / 1000:.2f} ms)" if eq is not None
                     else "; etcd's 1-client load is above this, no equal-load point)")
        print(f"{row['system']:8} n={row['nodes']} {row['workload']}: peak {row['peak_throughput']:8.0f} op/s at "
              f"{row['clients_at_peak']:3} clients, p50 {row['p50_us_at_peak'] / 1000:7.2f} ms, "
              f"p99 {row['p99_us_at_peak'] / 1000:7.2f} ms{frac}")

    nodes = sorted({r["nodes"] for r in runs})
    wls = sorted({r["workload"] for r in runs})
    systems = [s for s in ("raftkvs", "etcd") if any(r["system"] == s for r in runs)]
    fig, axes = plt.subplots(1, len(nodes), figsize=(5 * len(nodes), 4), squeeze=False)
    for ax, n in zip(axes[0], nodes):
        width = 0.8 / len(systems)
        for i, s in enumerate(systems):
            ys = [peaks[(s, n, w)]["throughput"] if (s, n, w) in peaks else 0 for w in wls]
            ax.bar([x + i * width for x in range(len(wls))], ys, width, label=s, color=COLORS.get(s))
        ax.set_xticks([x + width * (len(systems) - 1) / 2 for x in range(len(wls))])
        ax.set_xticklabels(wls)
        ax.set_xlabel("YCSB workload")
        ax.set_ylabel("peak throughput (op/s, median of reps)")
        ax.set_title(f"{n} nodes")
        ax.legend()
    fig.tight_layout()
    fig.savefig(out + "-throughput.png", dpi=110)

    fig, axes = plt.subplots(1, len(wls), figsize=(4 * len(wls), 3.8), squeeze=False)
    for ax, w in zip(axes[0], wls):
        for s in systems:
            for n, style in zip(nodes, ("o-", "s--", "^:")):
                ps = sorted((p for p in points if p["system"] == s and p["nodes"] == n and p["workload"] == w),
                            key=lambda p: p["clients"])
                if ps:
                    ax.plot([p["throughput"] for p in ps], [p["p50_us"] / 1000 for p in ps], style,
                            color=COLORS.get(s), label=f"{s} {n}n p50")
                    ax.plot([p["throughput"] for p in ps], [p["p99_us"] / 1000 for p in ps], style,
                            color=COLORS.get(s), alpha=0.35, label=f"{s} {n}n p99")
        ax.set_yscale("log")
        ax.set_xlabel("throughput (op/s)")
        ax.set_ylabel("latency (ms)")
        ax.set_title(f"workload {w}")
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out + "-latency.png", dpi=110)


def faults(runs, out, etcd_version):
    runs = [r for r in runs if r.get("mode") == "fault"]
    summary = []
    for r in runs:
        c = r["check"]
        summary.append({"system": r["system"], "nodes": r["nodes"], "fault": r["fault"], "ops": r["ops"],
                        "errors": r["errors"], "verdict": c["verdict"], "history_operations": c["operations"],
                        "final_reads": c["final_reads"], "acknowledged_puts": c["acknowledged_puts"],
                        "unknown_outcome_puts": c["unknown_outcome_puts"], "check_seconds": c["check_seconds"],
                        "events": r["events"]})
        print(f"{r['system']:8} n={r['nodes']} {r['fault']:9}: {r['ops']} ops, {r['errors']} errors; porcupine: "
              f"{c['verdict']} ({c['operations']} operations incl. {c['final_reads']} final reads, "
              f"{c['acknowledged_puts']} acknowledged and {c['unknown_outcome_puts']} unknown-outcome puts)")
    with open(out + ".json", "w") as f:
        json.dump({"meta": meta(etcd_version), "runs": summary, "timelines": runs}, f, indent=1)
    keys = sorted({(r["fault"], r["nodes"]) for r in runs}, key=lambda k: (["leader", "follower", "partition"].index(k[0])
                                                                           if k[0] in ("leader", "follower", "partition") else 9, k[1]))
    fig, axes = plt.subplots(len(keys), 1, figsize=(9, 2.6 * len(keys)), squeeze=False)
    for ax, (fault, n) in zip(axes[:, 0], keys):
        for r in runs:
            if r["fault"] != fault or r["nodes"] != n:
                continue
            b = r["bucket_ms"] / 1000
            ax.plot([i * b for i in range(len(r["timeline"]))], [v / b for v in r["timeline"]],
                    color=COLORS.get(r["system"]), label=f"{r['system']} ({r['check']['verdict']})", lw=1)
            for e in r["events"]:
                if e["what"] != "leader":
                    ax.axvline(e["at_s"], color=COLORS.get(r["system"]), ls="--", lw=0.8)
                    ax.text(e["at_s"], ax.get_ylim()[1] * 0.9, " " + e["what"].replace("kill -9 ", "kill "),
                            color=COLORS.get(r["system"]), fontsize=7)
        ax.set_title(f"{fault} fault, {n} nodes (workload A)")
        ax.set_ylabel("op/s per 100 ms")
        ax.legend(fontsize=8, loc="lower right")
    axes[-1, 0].set_xlabel("time (s)")
    fig.tight_layout()
    fig.savefig(out + ".png", dpi=110)


if __name__ == "__main__":
    kind, path, out, ver = sys.argv[1:5]
    runs = read(path)
    if not runs:
        sys.exit(f"{path}: no runs")
    (sweep if kind == "sweep" else faults)(runs, out, ver)
