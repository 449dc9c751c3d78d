"""Aggregates bench/results/crypto-ab/*: per function the search statistics of both binaries
and one bench run (gcc, clang, best published CryptOpt file, base, new), as JSON, PNG and a table."""
import json, sys, glob, os
src, out_json, out_png, budget = sys.argv[1:5]
rows = []
for p in sorted(glob.glob(os.path.join(src, "*.bench.json"))):
    b = json.load(open(p))
    fn = b["function"]
    res = b["results"]
    pick = lambda pred: next(r for r in res if pred(r["name"]))
    pub = [r for r in res if "/baseline-asm/" in r["name"]]
    row = {"function": fn, "unit": b["unit"], "gcc": pick(lambda n: n.startswith("gcc")), "clang": pick(lambda n: n.startswith("clang")),
           "base": pick(lambda n: n.endswith(".base.asm")), "new": pick(lambda n: n.endswith(".new.asm")),
           "cryptopt_best_throughput": min(pub, key=lambda r: r["throughput"]["median"]),
           "cryptopt_best_latency": min(pub, key=lambda r: r["latency"]["median"]), "cryptopt_files": len(pub)}
    for which in ["base", "new"]:
        o = json.load(open(os.path.join(src, "%s.%s.opt.json" % (fn, which))))
        row[which + "_search"] = {k: o.get(k) for k in ["evaluations", "evaluations_per_s", "counters", "best_cost", "bet_costs", "chosen_bet", "instructions"]}
    rows.append(row)
json.dump({"budget": budget, "rows": rows}, open(out_json, "w"), indent=1)
m = lambda r, k: r[k]["median"]
print("| function | mode | gcc | clang | CryptOpt best | base | new | new/base | new vs best compiler | new vs CryptOpt best |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    for k in ["throughput", "latency"]:
        co = r["cryptopt_best_" + k]
        best_c = min(m(r["gcc"], k), m(r["clang"], k))
        print("| %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.3f | %.3f | %.3f |" % (r["function"], k, m(r["gcc"], k), m(r["clang"], k), m(co, k),
              m(r["base"], k), m(r["new"], k), m(r["new"], k) / m(r["base"], k), m(r["new"], k) / best_c, m(r["new"], k) / m(co, k)))
print("\nunit: %s per call (medians of %d randomized rounds, one run per function)" % (rows[0]["unit"], rows[0]["gcc"]["throughput"]["samples"]) if rows else "")
print("| function | base evals (per s) | new evals (per s) | new counters |")
print("|---|---|---|---|")
for r in rows:
    b, n = r["base_search"], r["new_search"]
    eps = lambda s: "%d (%.0f/s)" % (s["evaluations"], s["evaluations_per_s"]) if s.get("evaluations_per_s") else "%d" % s["evaluations"]
    print("| %s | %s | %s | %s |" % (r["function"], eps(b), eps(n), ", ".join("%s %d" % (k, v) for k, v in (n.get("counters") or []))))
try:
    import matplotlib; matplotlib.use("Agg"); import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for ax, k in zip(axes, ["throughput", "latency"]):
        xs = range(len(rows)); w = 0.16
        series = [("gcc", "gcc"), ("clang", "clang"), ("CryptOpt best", "cryptopt_best_" + k), ("base", "base"), ("new", "new")]
        for j, (lab, key) in enumerate(series):
            ax.bar([x + (j - 2) * w for x in xs], [m(r[key], k) / m(r["gcc"], k) for r in rows], w, label=lab)
        ax.set_xticks(list(xs)); ax.set_xticklabels([r["function"].replace("fiat_", "") for r in rows], fontsize=8)
        ax.axhline(1.0, color="k", lw=0.5); ax.set_ylabel("time relative to gcc (lower is better)"); ax.set_title(k)
        ax.legend(fontsize=7)
    fig.tight_layout(); fig.savefig(out_png, dpi=110)
except Exception as e:
    print("plot skipped:", e)
