"""Aggregates bench/pmlog runs: medians per (variant, size), ratios, JSON, PNG, markdown table.

The primary metric is throughput per second of thread CPU time (`cpu_mib_per_s`): the machine is
shared (load ~10 on 2 cores), the pinned benchmark thread is descheduled for most of the wall
time, and which contender's batch gets descheduled is luck. Every contender's loop is
single-threaded and never blocks, so CPU time is the time it takes when it runs. Wall-clock
medians and ratios are reported alongside. The C driver (`libpmemlog-c`) only has wall time."""
import json
import statistics
import subprocess
import sys


def load(path):
    rows = []
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        v = json.loads(line)
        rows.extend(v if isinstance(v, list) else [v])
    return rows


def main():
    src, out_json, out_png = sys.argv[1:4]
    meta = sys.argv[sys.argv.index("--meta") + 1] if "--meta" in sys.argv else ""
    rows = load(src)
    sizes = sorted({r["size"] for r in rows})
    table = []
    for s in sizes:
        entry = {"size": s, "metric": "MiB per second of thread CPU time (wall-clock in 'wall')"}
        for v in ("ours", "libpmemlog", "raw"):
            xs = sorted(r["cpu_mib_per_s"] for r in rows if r["size"] == s and r["variant"] == v)
            ws = sorted(r["mib_per_s"] for r in rows if r["size"] == s and r["variant"] == v)
            entry[v] = {"median_mib_s": statistics.median(xs), "min": xs[0], "max": xs[-1], "runs": len(xs),
                        "wall": {"median_mib_s": statistics.median(ws), "min": ws[0], "max": ws[-1]}}
        cs = [r["mib_per_s"] for r in rows if r["size"] == s and r["variant"] == "libpmemlog-c"]
        if cs:
            entry["libpmemlog-c"] = {"wall_median_mib_s": statistics.median(cs), "runs": len(cs)}
        entry["ratio_ours_vs_libpmemlog"] = entry["ours"]["median_mib_s"] / entry["libpmemlog"]["median_mib_s"]
        entry["wall_ratio_ours_vs_libpmemlog"] = entry["ours"]["wall"]["median_mib_s"] / entry["libpmemlog"]["wall"]["median_mib_s"]
        # Per-round ratios (ours and libpmemlog ran back to back on the same file in each round).
        for key, field in (("per_round_ratio", "cpu_mib_per_s"), ("wall_per_round_ratio", "mib_per_s")):
            per_round = []
            for rnd in sorted({r.get("round", 0) for r in rows if r["size"] == s and r["variant"] == "ours"}):
                o = [r[field] for r in rows if r["size"] == s and r["variant"] == "ours" and r.get("round") == rnd]
                t = [r[field] for r in rows if r["size"] == s and r["variant"] == "libpmemlog" and r.get("round") == rnd]
                if o and t:
                    per_round.append(o[0] / t[0])
            entry[key] = {"median": statistics.median(per_round), "min": min(per_round), "max": max(per_round),
                          "rounds_ours_faster": sum(x >= 1.0 for x in per_round), "rounds": len(per_round),
                          "all": per_round}
        entry["ours_fraction_of_raw"] = entry["ours"]["median_mib_s"] / entry["raw"]["median_mib_s"]
        table.append(entry)
    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
    doc = {
        "benchmark": "pmlog append throughput, each append durable before the next",
        "file": "/dev/shm, PMEM_IS_PMEM_FORCE=1",
        "cpu": cpu,
        "settings": meta,
        "persistence": sorted({r.get("persistence", "") for r in rows if r["variant"] != "libpmemlog"}),
        "results": table,
        "all_ratios_at_least_1": all(e["ratio_ours_vs_libpmemlog"] >= 1.0 for e in table),
    }
    with open(out_json, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    plot(table, out_png)
    print("| append size | ours MiB/s | libpmemlog MiB/s | **ours / libpmemlog** | per-round ratio min-max | rounds ours faster "
          "| raw limit MiB/s | ours / raw | wall-clock ours / libpmemlog (rounds faster) | C driver wall MiB/s |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for e in table:
        pr, wr = e["per_round_ratio"], e["wall_per_round_ratio"]
        c = e.get("libpmemlog-c", {}).get("wall_median_mib_s")
        print(f"| {human(e['size'])} | {e['ours']['median_mib_s']:,.0f} | {e['libpmemlog']['median_mib_s']:,.0f} | "
              f"**{e['ratio_ours_vs_libpmemlog']:.2f}** | {pr['min']:.2f}-{pr['max']:.2f} | {pr['rounds_ours_faster']}/{pr['rounds']} | "
              f"{e['raw']['median_mib_s']:,.0f} | {e['ours_fraction_of_raw']:.2f} | "
              f"{e['wall_ratio_ours_vs_libpmemlog']:.2f} ({wr['rounds_ours_faster']}/{wr['rounds']}) | "
              + (f"{c:,.0f} |" if c else "n/a |"))
    print(f"(MiB per second of thread CPU time, medians of {'/'.join(str(n) for n in sorted({e['ours']['runs'] for e in table}))} interleaved rounds; {meta}; "
          f"all ratios >= 1.0: {doc['all_ratios_at_least_1']})")


def human(n):
    return f"{n // 1024} KiB" if n >= 1024 else f"{n} B"


def plot(table, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    xs = [human(e["size"]) for e in table]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for v, style in (("ours", "o-"), ("libpmemlog", "s-"), ("raw", "k--")):
        ys = [e[v]["median_mib_s"] for e in table]
        label = {"ours": "vf-pmlog", "libpmemlog": "libpmemlog 1.12", "raw": "raw copy+flush+fence"}[v]
        ax.plot(xs, ys, style, label=label)
    ax.set_yscale("log")
    ax.set_xlabel("append size (each append durable)")
    ax.set_ylabel("MiB per s of thread CPU time (median)")
    ax.set_title("pmlog append throughput, /dev/shm with PMEM_IS_PMEM_FORCE=1, taskset -c 1")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
