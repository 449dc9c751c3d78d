"""Summarizes bench/crypto-codegen/run.sh: per function, static counts of the before/after code and
the measured medians (throughput and chained latency) of gcc, clang, the best CryptOpt file,
before and after. usage: summarize.py TMPDIR out.json out.png ROUNDS"""
import glob, json, os, re, sys

tmp, out_json, out_png, rounds = sys.argv[1:5]
CALLEE = {"rbx", "rbp", "r12", "r13", "r14", "r15"}


def static_counts(path):
    insns = [l.strip() for l in open(path) if l.strip() and not l.startswith(("SECTION", "\t", " ")) and not l.strip().endswith(":")]
    callee = {r for l in insns for r in CALLEE if re.search(r"\b%s\b" % r, l)}
    rsp_stores = [l for l in insns if re.match(r"mov \[rsp", l)]
    return {"instructions": len(insns), "spill_stores": len(rsp_stores) - len(callee), "callee_saved": len(callee),
            "imul": sum(l.startswith("imul") for l in insns), "lea": sum(l.startswith("lea") for l in insns)}


rows = []
for bench in sorted(glob.glob(os.path.join(tmp, "*.bench.json"))):
    name = os.path.basename(bench)[: -len(".bench.json")]
    d = json.load(open(bench))
    res = d["results"]
    pick = lambda pred: [r for r in res if pred(r["name"])]
    gcc, clang = pick(lambda n: n.startswith("gcc"))[0], pick(lambda n: n.startswith("clang"))[0]
    before, after = pick(lambda n: "/before/" in n)[0], pick(lambda n: "/after/" in n)[0]
    co = pick(lambda n: "baseline-asm" in n)
    best = {m: min(co, key=lambda r: r[m]["median"]) for m in ("throughput", "latency")}
    med = lambda r, m: r[m]["median"]
    rows.append({
        "function": name, "unit": d["unit"],
        "static": {"before": static_counts(os.path.join(tmp, "before", name + ".asm")),
                   "after": static_counts(os.path.join(tmp, "after", name + ".asm"))},
        **{m: {"gcc": med(gcc, m), "clang": med(clang, m), "cryptopt_best": med(best[m], m),
               "cryptopt_best_file": os.path.basename(best[m]["name"]),
               "before": med(before, m), "after": med(after, m),
               "before_p10_p90": [before[m]["p10"], before[m]["p90"]], "after_p10_p90": [after[m]["p10"], after[m]["p90"]]}
           for m in ("throughput", "latency")},
    })

json.dump({"rounds": int(rounds), "note": "heuristic start candidates only (no search); one pinned run per function", "rows": rows},
          open(out_json, "w"), indent=1)

hdr = "| function | insns before→after | spill stores before→after | callee-saved before→after | thr gcc / clang / CryptOpt best | thr before → after | lat gcc / clang / CryptOpt best | lat before → after |"
print(hdr)
print("|" + "---|" * 8)
for r in rows:
    sb, sa = r["static"]["before"], r["static"]["after"]
    t, l = r["throughput"], r["latency"]
    f = lambda x: "%.1f" % x
    print(f"| {r['function']} | {sb['instructions']}→{sa['instructions']} | {sb['spill_stores']}→{sa['spill_stores']} | {sb['callee_saved']}→{sa['callee_saved']} "
          f"| {f(t['gcc'])} / {f(t['clang'])} / {f(t['cryptopt_best'])} | {f(t['before'])} → {f(t['after'])} "
          f"| {f(l['gcc'])} / {f(l['clang'])} / {f(l['cryptopt_best'])} | {f(l['before'])} → {f(l['after'])} |")
unit = rows[0]["unit"] if rows else "?"
for m in ("throughput", "latency"):
    faster = sum(r[m]["after"] < r[m]["before"] for r in rows)
    beats = sum(r[m]["after"] < min(r[m]["gcc"], r[m]["clang"]) for r in rows)
    geo = 1.0
    for r in rows:
        geo *= r[m]["after"] / r[m]["before"]
    geo = geo ** (1 / max(1, len(rows)))
    print(f"{m} ({unit}): after faster than before on {faster}/{len(rows)}; geometric mean after/before {geo:.3f}; after faster than gcc and clang on {beats}/{len(rows)}")

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(14, 5))
    names = [r["function"].replace("fiat_", "") for r in rows]
    for ax, m in zip(axes, ("throughput", "latency")):
        keys = ["clang", "cryptopt_best", "before", "after"]
        w = 0.2
        for k, key in enumerate(keys):
            ax.bar([i + k * w for i in range(len(rows))], [r[m][key] / r[m]["gcc"] for r in rows], w, label=key)
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_xticks([i + 1.5 * w for i in range(len(rows))])
        ax.set_xticklabels(names, rotation=60, ha="right", fontsize=7)
        ax.set_ylabel(f"{m} time / gcc")
        ax.set_yscale("log")
        ax.legend(fontsize=7)
    fig.suptitle("generator without search: before vs after (relative to gcc -O3; lower is better)")
    fig.tight_layout()
    fig.savefig(out_png, dpi=110)
except ImportError:
    print("matplotlib not available: no plot")
