"""Medians per (model, tool) from bench/check/run.sh's raw lines; JSON + PNG + a table."""
import json, os, statistics, sys

raw, outdir, workers = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [json.loads(l) for l in open(raw) if l.strip()]
models = list(dict.fromkeys(r["model"] for r in rows))


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


summary = []
for m in models:
    entry = {"model": m}
    for tool in ("ours", "tlc"):
        rs = [r for r in rows if r["model"] == m and r["tool"] == tool]
        entry[tool] = {
            "runs": len(rs),
            "timed_out": sum(1 for r in rs if r.get("timed_out")),
            "median_seconds": med([r["seconds"] for r in rs]),
            "median_states_per_s": med([r["states_per_s"] for r in rs]),
            "median_peak_rss_mb": (lambda v: v / 1024 if v else None)(med([r["peak_rss_kb"] for r in rs])),
            "states_generated": sorted({r["states_generated"] for r in rs if r["states_generated"] is not None}),
            "distinct_states": sorted({r["distinct_states"] for r in rs if r["distinct_states"] is not None}),
        }
    o, t = entry["ours"]["median_states_per_s"], entry["tlc"]["median_states_per_s"]
    entry["speedup"] = o / t if o and t else None
    entry["same_counts"] = entry["ours"]["states_generated"] == entry["tlc"]["states_generated"] and entry["ours"]["distinct_states"] == entry["tlc"]["distinct_states"]
    summary.append(entry)

os.makedirs(outdir, exist_ok=True)
json.dump({"workers": int(workers), "models": summary, "runs": rows}, open(os.path.join(outdir, "check.json"), "w"), indent=1)

fmt = lambda v, f="{:.0f}": "-" if v is None else f.format(v)
print(f"| model | TLC states/s | ours states/s | speed-up | TLC MB | ours MB | same counts | timed out (TLC/ours) |")
print("|---|---|---|---|---|---|---|---|")
for e in summary:
    print(f"| {e['model']} | {fmt(e['tlc']['median_states_per_s'])} | {fmt(e['ours']['median_states_per_s'])} | "
          f"{fmt(e['speedup'], '{:.2f}x')} | {fmt(e['tlc']['median_peak_rss_mb'])} | {fmt(e['ours']['median_peak_rss_mb'])} | {e['same_counts']} | "
          f"{e['tlc']['timed_out']}/{e['ours']['timed_out']} |")

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("(matplotlib not available: no plot)")
    sys.exit(0)
fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 0.6 * len(summary) + 2))
ys = range(len(summary))
names = [e["model"] for e in summary]
for ax, key, title in ((a1, "median_states_per_s", "states generated / s (median)"), (a2, "median_peak_rss_mb", "peak RSS, MB (median)")):
    ours = [e["ours"][key] or 0 for e in summary]
    tlc = [e["tlc"][key] or 0 for e in summary]
    ax.barh([y - 0.2 for y in ys], tlc, height=0.4, label="TLC")
    ax.barh([y + 0.2 for y in ys], ours, height=0.4, label="veriforge")
    ax.set_yticks(list(ys))
    ax.set_yticklabels(names if ax is a1 else [])
    ax.set_xscale("log")
    ax.set_title(title)
a1.legend()
fig.suptitle(f"veriforge tla check vs TLC, {workers} workers")
fig.tight_layout()
fig.savefig(os.path.join(outdir, "check.png"), dpi=100)
