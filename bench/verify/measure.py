"""Times `veriforge verify --threads 1` (pinned to core 1 when taskset exists): medians and
p10/p90 of REPS runs per program; JSON + plot."""
import json, os, shutil, statistics, subprocess, sys, time
binp, reps, milli, gen, nmax, out_json, out_png = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6], sys.argv[7]
pin = ["taskset", "-c", "1"] if shutil.which("taskset") else []

def run(path):
    times, last = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        p = subprocess.run(pin + [binp, "verify", "--threads", "1", path], capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        last = p
    times.sort()
    q = lambda f: times[min(len(times) - 1, int(f * len(times)))]
    summary = (last.stdout.strip().splitlines() or [""])[-1] if last.returncode != 2 else last.stderr.strip()
    return {"median_s": statistics.median(times), "p10_s": q(0.1), "p90_s": q(0.9), "exit": last.returncode, "result": summary}

res = {"reps": reps, "programs": {}, "repeat": []}
for name in ["linked-list/verus.rs", "linked-list/errors/verus1.rs", "linked-list/errors/verus2.rs", "doubly-linked-list/verus.rs"]:
    r = run(f"{milli}/{name}")
    res["programs"][name] = r
    print(f"{name:35} {r['median_s']*1000:8.1f} ms  exit {r['exit']}  {r['result']}")
for n in range(1, nmax + 1):
    r = run(f"{gen}/repeat-{n}.rs")
    r["n"] = n
    res["repeat"].append(r)
    print(f"repeat N={n:2}: {r['median_s']*1000:8.1f} ms")
ns = [r["n"] for r in res["repeat"]]
ts = [r["median_s"] for r in res["repeat"]]
if len(ns) >= 2:
    mx, my = statistics.mean(ns), statistics.mean(ts)
    slope = sum((x - mx) * (y - my) for x, y in zip(ns, ts)) / sum((x - mx) ** 2 for x in ns)
    res["repeat_ms_per_push"] = slope * 1000 / 4  # main_code(N) pushes onto 4 lists
    print(f"memory reasoning: {res['repeat_ms_per_push']:.3f} ms per push (least squares over N)")
res["published"] = {"verus_s": {"linked-list": 0.66, "doubly-linked-list": 1.15}, "dafny_s": {"linked-list": 3.83, "doubly-linked-list": 28.11}, "verus_ms_per_push": 1.6}
os.makedirs(os.path.dirname(out_json), exist_ok=True)
json.dump(res, open(out_json, "w"), indent=1)
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    ax[0].plot(ns, [t * 1000 for t in ts], "o-")
    ax[0].set_xlabel("N (main_code(N): 4N pushes)"); ax[0].set_ylabel("ms (median)"); ax[0].set_title("memory reasoning, singly linked list")
    names = list(res["programs"]); vals = [res["programs"][k]["median_s"] * 1000 for k in names]
    ax[1].barh(names, vals); ax[1].set_xlabel("ms (median)"); ax[1].axvline(660, color="r", ls="--", label="Verus (published) 660 ms"); ax[1].legend()
    fig.tight_layout(); fig.savefig(out_png, dpi=100)
except Exception as e:
    print("no plot:", e)
