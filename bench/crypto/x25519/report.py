"""X25519 report: raw driver JSON + CryptOpt's Table 7 -> bench/results/<name>.{json,png,txt}.
argv: raw.json table7.tsv out_prefix note cryptopt_mul cryptopt_sq ours_mul ours_sq"""
import json, os, sys, datetime

raw_p, t7_p, out, note = sys.argv[1:5]
files = dict(zip(["cryptopt_mul", "cryptopt_sq", "veriforge_mul", "veriforge_sq"], sys.argv[5:9]))
raw = json.load(open(raw_p))
res = {r["name"]: r for r in raw["results"]}
best_c = min(("fiat-gcc", "fiat-clang"), key=lambda n: res[n]["ns_median"])
for r in raw["results"]:
    r["speedup_vs_fiat_gcc"] = res["fiat-gcc"]["ns_median"] / r["ns_median"]
    r["speedup_vs_fiat_clang"] = res["fiat-clang"]["ns_median"] / r["ns_median"]
    r["speedup_vs_best_compiler"] = res[best_c]["ns_median"] / r["ns_median"]

# CryptOpt's Table 7 (SUPERCOP cycles for 2 base-point + 2 variable-point scalar multiplications)
rows = [l.rstrip("\n").split("\t") for l in open(t7_p) if l.strip() and not l.startswith("#")]
head, body = rows[0], rows[1:]
t7 = [dict(zip(head, r)) for r in body if r[0] == "curve25519"]
def kcyc(s):
    return float(s.rstrip("k")) * 1000
pairs = {}
for base, opt in (("OSSL_fe-51_ots", "OSSL_fe-51+CryptOpt"), ("OSSL_fe-64_ots", "OSSL_fe-64+CryptOpt")):
    b = next(r for r in t7 if r["implementation"] == base)
    o = next(r for r in t7 if r["implementation"] == opt)
    pairs[opt] = {"baseline": base, "gm_cycles_baseline": kcyc(b["G.M."]), "gm_cycles_cryptopt": kcyc(o["G.M."]),
                  "speedup_gm": kcyc(b["G.M."]) / kcyc(o["G.M."])}

doc = {"name": os.path.basename(out), "date": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"), "note": note,
       "unit": "ns of thread CPU time per scalar multiplication (median of rounds); per_second = 1e9 / median",
       "rounds": raw["rounds"], "per_round": raw["per_round"], "files": files, "results": raw["results"],
       "rfc7748_vectors": "passed for every implementation (checked by the driver before measuring)",
       "paper_table7_curve25519": t7, "paper_table7_speedups": pairs}
json.dump(doc, open(out + ".json", "w"), indent=1)

lines = [f"X25519 scalar multiplication, one ladder, four field mul/square pairs ({doc['date']}{'; ' + note if note else ''})", "",
         "| implementation | ns / scalar mult (p10-p90) | scalar mults / s | vs Fiat gcc | vs Fiat clang |", "|---|---|---|---|---|"]
for r in raw["results"]:
    lines.append(f"| {r['name']} | {r['ns_median']:.0f} ({r['ns_p10']:.0f}-{r['ns_p90']:.0f}) | {r['per_second']:.0f} | "
                 f"{r['speedup_vs_fiat_gcc']:.3f}x | {r['speedup_vs_fiat_clang']:.3f}x |")
lines += ["", "CryptOpt's published Table 7 (SUPERCOP, cycles for 2 base-point + 2 variable-point scalar mults, geometric mean over 10 CPUs):", "",
          "| implementation | G.M. cycles | CryptOpt speed-up |", "|---|---|---|"]
for opt, p in pairs.items():
    lines.append(f"| {p['baseline']} | {p['gm_cycles_baseline']:.0f} | |")
    lines.append(f"| {opt} | {p['gm_cycles_cryptopt']:.0f} | {p['speedup_gm']:.3f}x |")
open(out + ".txt", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
names = [r["name"] for r in raw["results"]]
rate = [r["per_second"] for r in raw["results"]]
lo = [r["per_second"] - 1e9 / r["ns_p90"] for r in raw["results"]]
hi = [1e9 / r["ns_p10"] - r["per_second"] for r in raw["results"]]
fig, ax = plt.subplots(figsize=(7, 4))
ax.bar(names, rate, yerr=[lo, hi], capsize=4, color=["#999", "#bbb", "#d95f02", "#1b9e77"][: len(names)])
ax.set_ylabel("scalar multiplications / s (median, p10-p90)")
ax.set_title("X25519 ladder, field mul/square from each source" + (f"\n({note})" if note else ""))
for i, v in enumerate(rate):
    ax.text(i, v, f"{v:.0f}", ha="center", va="bottom", fontsize=8)
fig.tight_layout()
fig.savefig(out + ".png", dpi=110)
