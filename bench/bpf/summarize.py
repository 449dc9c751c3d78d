"""Collects per-program reports of `veriforge bpf opt` into bench/results/bpf.{json,png}."""
import json, os, re, sys

out_dir, index_md, results, budget, jobs = sys.argv[1:6]
k2 = {}
for line in open(index_md):
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) == 7 and cells[2] and cells[3].isdigit():
        name = cells[0]
        m = re.match(r"(\d+), ([\d.]+) s, ([\d.]+) s", cells[6])
        if m:
            k2[name] = dict(clang=int(cells[3]), k2_count=int(m.group(1)), k2_time_to_best_s=float(m.group(2)),
                            k2_total_s=float(m.group(3)), k2_paper=cells[4])
rows = []
for name in sorted(k2):
    path = os.path.join(out_dir, name + ".json")
    r = json.load(open(path)) if os.path.exists(path) else {"error": "missing"}
    row = dict(program=name, **k2[name])
    if "count" in r:
        row.update(ours=r["count"], time_to_best_s=round(r["time_to_best_s"], 2), total_s=round(r["total_s"], 1),
                   iterations_per_s=round(r["iterations_per_s"]), chains=r["chains"], safety=r["safety"],
                   differential_inputs=r["differential_inputs"], kernel_test_runs=r.get("kernel_test_runs"),
                   windows_rewritten=r.get("windows_rewritten"), windows_reproven=r.get("windows_reproven"),
                   reprove_backend=r.get("reprove_backend"), counters=dict(r["counters"]), trace=r["trace"])
    else:
        row["error"] = r.get("error")
    rows.append(row)
os.makedirs(results, exist_ok=True)
json.dump(dict(budget=budget, jobs=int(jobs), programs=rows), open(os.path.join(results, "bpf.json"), "w"), indent=1)

hdr = "| program | clang | K2 (count, t_best, total) | ours | t_best (s) | total (s) | it/s | proofs / cex |"
print(hdr)
print("|" + "---|" * 8)
for r in rows:
    if "ours" in r:
        c = r["counters"]
        print(f"| {r['program']} | {r['clang']} | {r['k2_count']}, {r['k2_time_to_best_s']} s, {r['k2_total_s']} s | "
              f"{r['ours']} | {r['time_to_best_s']} | {r['total_s']} | {r['iterations_per_s']:,} | "
              f"{c.get('proofs', 0)} / {c.get('counterexamples', 0)} |")
    else:
        print(f"| {r['program']} | {r['clang']} | {r['k2_count']} | error: {r.get('error')} | | | | |")
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(2, 4, figsize=(16, 7))
    for ax, r in zip(axes.flat, rows):
        if "trace" in r:
            t = [p[0] for p in r["trace"]] + [r["total_s"]]
            c = [p[1] for p in r["trace"]] + [r["trace"][-1][1]]
            ax.step(t, c, where="post", label="veriforge")
        ax.axhline(r["k2_count"], color="r", ls="--", label="K2")
        ax.set_title(r["program"]); ax.set_xscale("symlog", linthresh=0.1); ax.set_xlim(left=0); ax.set_xlabel("s"); ax.set_ylabel("insns")
    axes.flat[0].legend()
    fig.suptitle(f"best instruction count over time (budget {budget}, {jobs} chains)")
    fig.tight_layout(); fig.savefig(os.path.join(results, "bpf.png"), dpi=90)
except ImportError:
    print("matplotlib missing: no plot")
