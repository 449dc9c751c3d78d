"""Spearman rank correlation of static predictors with measured throughput/latency/mix per
function, the filter margin the data supports, a JSON summary and a scatter PNG.
Usage: summarize.py samples.jsonl out.json out.png [audit.jsonl]"""
import json, sys, collections
import numpy as np

def ranks(x):
    x = np.asarray(x, float)
    order = x.argsort(kind="mergesort")
    r = np.empty(len(x))
    r[order] = np.arange(len(x))
    # average ranks of ties
    for v in np.unique(x):
        idx = np.where(x == v)[0]
        if len(idx) > 1:
            r[idx] = r[idx].mean()
    return r

def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    if ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])

def mix(t, l):
    return 0.75 * max(t, l) + 0.25 * min(t, l)

def margin_needed(static, measured, top=0.1):
    """Largest static(a)/static(b) over pairs where a measured better than b and b is among the
    best `top` fraction: a filter with a smaller margin would have dropped a would-be improvement
    over a best of b's quality. Also the 99th percentile of those ratios."""
    s, m = np.asarray(static), np.asarray(measured)
    k = max(1, int(len(m) * top))
    best = np.argsort(m)[:k]
    ratios = [s[a] / s[b] for b in best for a in range(len(m)) if m[a] < m[b]]
    if not ratios:
        return 1.0, 1.0
    return float(max(ratios)), float(np.percentile(ratios, 99))

def main():
    rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
    by = collections.defaultdict(list)
    for r in rows:
        by[r["fn"]].append(r)
    preds = ["insns", "v1", "model"]
    out = {"functions": {}, "predictors": preds}
    print(f"{'function':38} {'n':>4} " + " ".join(f"{p+'/'+t:>12}" for p in preds for t in ("thr", "lat", "mix")) + "  margin(max,p99)")
    for fn, rs in sorted(by.items()):
        thr = [r["thr"] for r in rs]; lat = [r["lat"] for r in rs]; mx = [mix(r["thr"], r["lat"]) for r in rs]
        d = {"n": len(rs)}
        cells = []
        for p in preds:
            v = [r[p] for r in rs]
            for t, y in (("thr", thr), ("lat", lat), ("mix", mx)):
                d[f"{p}_{t}"] = spearman(v, y)
                cells.append(f"{d[f'{p}_{t}']:12.2f}")
        d["margin_model_max"], d["margin_model_p99"] = margin_needed([r["model"] for r in rs], mx)
        d["margin_insns_max"], d["margin_insns_p99"] = margin_needed([r["insns"] for r in rs], mx)
        out["functions"][fn] = d
        print(f"{fn:38} {len(rs):4} " + " ".join(cells) + f"  {d['margin_model_max']:.3f},{d['margin_model_p99']:.3f}")
    if len(sys.argv) > 4:
        print(f"\nfilter audit ({'static cost > 1.15 x best'}): filtered candidates measured anyway")
        print(f"{'function':38} {'evals':>7} {'filtered':>9} {'better':>7} {'>2% better':>10}")
        for l in open(sys.argv[4]):
            a = json.loads(l)
            out["functions"].setdefault(a["fn"], {})["audit"] = a
            print(f"{a['fn']:38} {a['evaluations']:7} {a['filtered']:9} {a['filter_misses']:7} {a['filter_misses_2pct']:10}")
    json.dump(out, open(sys.argv[2], "w"), indent=1)
    import matplotlib; matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fns = sorted(by)
    cols = 4; rws = (len(fns) + cols - 1) // cols
    fig, axs = plt.subplots(rws, cols, figsize=(4 * cols, 3.2 * rws), squeeze=False)
    for ax, fn in zip(axs.flat, fns):
        rs = by[fn]
        ax.scatter([r["model"] for r in rs], [mix(r["thr"], r["lat"]) for r in rs], s=5, label="model")
        ax.set_title(f"{fn.replace('fiat_', '')}\nrho={out['functions'][fn]['model_mix']:.2f}", fontsize=8)
        ax.set_xlabel("static cost (model cycles)", fontsize=7); ax.set_ylabel("measured mix vs start", fontsize=7)
        ax.tick_params(labelsize=6)
    for ax in list(axs.flat)[len(fns):]:
        ax.axis("off")
    fig.tight_layout(); fig.savefig(sys.argv[3], dpi=110)

main()
