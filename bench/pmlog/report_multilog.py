"""Aggregates the multilog rows of bench/pmlog: per entry size (per log), the medians over rounds of
ours (N appends + one commit) and the raw limit (the same N copies + one fence), in MiB per
second of thread CPU time (primary) and wall clock, and ours / raw per round."""
import json
import statistics
import sys


def main():
    src, out_json = sys.argv[1:3]
    meta = sys.argv[sys.argv.index("--meta") + 1] if "--meta" in sys.argv else ""
    rows = []
    for line in open(src):
        line = line.strip()
        if line:
            rows.extend(json.loads(line))
    table = []
    for s in sorted({r["size"] for r in rows}):
        entry = {"size_per_log": s, "logs": rows[0]["logs"]}
        for v in ("multilog-ours", "multilog-raw"):
            xs = [r for r in rows if r["size"] == s and r["variant"] == v]
            entry[v] = {
                "cpu_median_mib_s": statistics.median(r["cpu_mib_per_s"] for r in xs),
                "wall_median_mib_s": statistics.median(r["mib_per_s"] for r in xs),
                "runs": len(xs),
            }
        ours = [r for r in rows if r["size"] == s and r["variant"] == "multilog-ours"]
        raw = [r for r in rows if r["size"] == s and r["variant"] == "multilog-raw"]
        per_round = [o["cpu_mib_per_s"] / r["cpu_mib_per_s"] for o, r in zip(ours, raw)]
        entry["ours_fraction_of_raw"] = entry["multilog-ours"]["cpu_median_mib_s"] / entry["multilog-raw"]["cpu_median_mib_s"]
        entry["per_round_fraction"] = {"min": min(per_round), "max": max(per_round), "all": per_round}
        table.append(entry)
    doc = {"benchmark": "pmlog multilog: N logs, one entry per log, one commit, durable before the next",
           "metric": "MiB per second of thread CPU time (all logs together)", "meta": meta, "sizes": table}
    with open(out_json, "w") as f:
        json.dump(doc, f, indent=1)
    print(f"| entry size per log | logs | ours MiB/s | raw limit MiB/s | ours / raw |")
    print(f"|---:|---:|---:|---:|---:|")
    for e in table:
        print(f"| {e['size_per_log']} B | {e['logs']} | {e['multilog-ours']['cpu_median_mib_s']:,.0f} | "
              f"{e['multilog-raw']['cpu_median_mib_s']:,.0f} | {e['ours_fraction_of_raw']:.2f} |")


if __name__ == "__main__":
    main()
