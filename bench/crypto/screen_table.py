"""Markdown table of a bench/crypto/screen.sh run: per function ns per call (throughput / chained
latency, medians) of gcc, clang, the fastest of the screened CryptOpt files and ours, whether ours was
proven (`crypto verify --aliasing` exit 0) and the wall time of `crypto opt` against the budget."""
import json, sys, glob, os
src, budget = sys.argv[1], sys.argv[2]
m = lambda r, k: r[k]["median"]
print("| function | gcc thr/lat | clang thr/lat | CryptOpt best thr/lat | ours thr/lat | ours/best compiler thr, lat | ours/CryptOpt thr | proven | opt wall (budget %s) |" % budget)
print("|---|---|---|---|---|---|---|---|---|")
wins = beat = n = nco = 0
for p in sorted(glob.glob(os.path.join(src, "*.bench.json"))):
    name = os.path.basename(p)[:-len(".bench.json")]
    try:
        b = json.load(open(p))
    except Exception:
        print("| %s | bench failed |" % name); continue
    res = b["results"]
    g = next(r for r in res if r["name"].startswith("gcc"))
    c = next(r for r in res if r["name"].startswith("clang"))
    ours = next((r for r in res if r["name"].endswith(".asm") and "/baseline-asm/" not in r["name"]), None)
    pub = [r for r in res if "/baseline-asm/" in r["name"]]
    rd = lambda f: open(os.path.join(src, name + f)).read().strip() if os.path.exists(os.path.join(src, name + f)) else "?"
    proven = "yes" if rd(".verify.rc") == "0" else "NO"
    wall = rd(".wall")
    f2 = lambda r, k1="throughput", k2="latency": "%.1f / %.1f" % (m(r, k1), m(r, k2))
    bt = min(pub, key=lambda r: m(r, "throughput")) if pub else None
    bl = min(pub, key=lambda r: m(r, "latency")) if pub else None
    co = "%.1f / %.1f" % (m(bt, "throughput"), m(bl, "latency")) if pub else "—"
    n += 1
    if ours is None:
        print("| %s | %s | %s | %s | none written (exit %s) | | | %s | %s s |" % (name.replace("fiat_", ""), f2(g), f2(c), co, rd(".opt.rc"), proven, wall)); continue
    rt = m(ours, "throughput") / min(m(g, "throughput"), m(c, "throughput"))
    rl = m(ours, "latency") / min(m(g, "latency"), m(c, "latency"))
    wins += rt < 1 and rl < 1
    rco = ""
    if pub:
        nco += 1
        rco = "%.2f" % (m(ours, "throughput") / m(bt, "throughput"))
        beat += m(ours, "throughput") <= m(bt, "throughput")
    print("| %s | %s | %s | %s | %s | %.2f, %.2f | %s | %s | %s s |" % (name.replace("fiat_", ""), f2(g), f2(c), co, f2(ours), rt, rl, rco, proven, wall))
print("\nfaster than gcc and clang in throughput and latency: %d/%d; throughput <= best screened CryptOpt file: %d/%d" % (wins, n, beat, nco))
