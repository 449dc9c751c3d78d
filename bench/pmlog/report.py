"""Aggregates bench/pmlog runs: medians per (variant, size), ratios, JSON, PNG, markdown table."""
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
        entry = {"size": s}
        for v in ("ours", "libpmemlog", "raw", "libpmemlog-c"):
            xs = sorted(r["mib_per_s"] for r in rows if r["size"] == s and r["variant"] == v)
            if xs:
                entry[v] = {"median_mib_s": statistics.median(xs), "min": xs[0], "max": xs[-1], "runs": len(xs)}
        entry["ratio_ours_vs_libpmemlog"] = entry["ours"]["median_mib_s"] / entry["libpmemlog"]["median_mib_s"]
        # Per-round ratios (ours and libpmemlog ran back to back in the same round).
        per_round = []
        for rnd in sorted({r.get("round", 0) for r in rows if r["size"] == s and r["variant"] == "ours"}):
            o = [r["mib_per_s"] for r in rows if r["size"] == s and r["variant"] == "ours" and r.get("round") == rnd]
            t = [r["mib_per_s"] for r in rows if r["size"] == s and r["variant"] == "libpmemlog" and r.get("round") == rnd]
            if o and t:
                per_round.append(o[0] / t[0])
        entry["per_round_ratio"] = {"median": statistics.median(per_round), "min": min(per_round), "max": max(per_round),
                                    "rounds_ours_faster": sum(x >= 1.0 for x in per_round), "rounds": len(per_round)}
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
    print("| append size | ours MiB/s | libpmemlog MiB/s | ours / libpmemlog | rounds ours faster | raw limit MiB/s | ours / raw | libpmemlog C driver MiB/s |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for e in table:
        pr = e["per_round_ratio"]
        c = e.get("libpmemlog-c", {}).get("median_mib_s")
        print(f"| {human(e['size'])} | {e['ours']['median_mib_s']:,.0f} | {e['libpmemlog']['median_mib_s']:,.0f} | "
              f"{e['ratio_ours_vs_libpmemlog']:.2f} | {pr['rounds_ours_faster']}/{pr['rounds']} | {e['raw']['median_mib_s']:,.0f} | "
              f"{e['ours_fraction_of_raw']:.2f} | {c:,.0f} |" if c else "n/a |")
    print(f"(medians of {table[0]['ours']['runs']} interleaved rounds; {meta}; all ratios >= 1.0: {doc['all_ratios_at_least_1']})")


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
    ax.set_ylabel("MiB/s (median)")
    ax.set_title("pmlog append throughput, /dev/shm with PMEM_IS_PMEM_FORCE=1, taskset -c 1")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
