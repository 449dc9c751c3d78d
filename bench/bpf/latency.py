"""Issue 16, done-when 4: measured ns per run before and after `bpf opt --objective latency`.

For every program in ../shared/corpora/bpf the kernel can test-run (XDP, socket filter, tc: the
Table-1 programs and every program section of objects/O1..O3): optimize with the latency
objective (checked-in cost table unless COST_TABLE=file), then time input and output with
`veriforge bpf time` (BPF_PROG_TEST_RUN, `repeat` runs per call, the kernel's mean ns per run,
the same seeded random inputs for both) pinned with `taskset -c CPU`. Before/after are measured
alternately `rounds` times; each measurement is the median of `samples` calls; the reported
value is the median over the rounds.

Usage: python3 bench/bpf/latency.py [budget=30s] [jobs=2] [repeat=10000] [samples=7] [rounds=3]
Env: VERIFORGE_BIN=binary (default target/release/veriforge), ONLY=substr (filter on "table1/xdp_fw" or "O2/xdp_fwd_kern.o:xdp_fwd"), LIMIT=n (first n
programs: a smoke), CPU=1 (core for taskset), COST_TABLE=file, PYTHON with matplotlib for the PNG
(VERIFORGE_PYTHON, default .venv/bin/python).
Writes bench/results/bpf-latency.{json,png,md}. A benchmark: run it on a quiet machine.
"""
import json, os, re, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("VERIFORGE_SHARED", os.path.join(ROOT, "..", "shared"))
CORPUS = os.path.join(SHARED, "corpora", "bpf")
BIN = os.environ.get("VERIFORGE_BIN", os.path.join(ROOT, "target", "release", "veriforge"))
RESULTS = os.path.join(ROOT, "bench", "results")
budget, jobs, repeat, samples, rounds = (sys.argv[1:] + ["30s", "2", "10000", "7", "3"][len(sys.argv[1:]):])[:5]
only, limit, cpu = os.environ.get("ONLY"), int(os.environ.get("LIMIT", "0")), os.environ.get("CPU", "1")
table = os.environ.get("COST_TABLE")


def sections(path):
    """Program sections as `bpf` reads them (the rule of bench/bpf/objects.py)."""
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    names = []
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+PROGBITS\s+\S+\s+\S+\s+(\S+)\s+\S+\s+(\S*)", line)
        if m and "X" in m.group(3) and int(m.group(2), 16) > 0:
            names.append(m.group(1))
    return [n for n in names if n != ".text"] if len(names) > 1 else names


def prog_type(path, extra):
    """(type, None) or (None, why `bpf check` could not tell)."""
    p = subprocess.run([BIN, "-q", "--json", "bpf", "check", path] + extra, capture_output=True, text=True)
    try:
        return json.loads(p.stdout)["prog_type"], None
    except (ValueError, KeyError):
        return None, "bpf check: " + (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1][:200]


def programs():
    out = []
    t1 = os.path.join(CORPUS, "table1")
    for f in sorted(os.listdir(t1)):
        if f.endswith(".insns"):
            stem = os.path.join(t1, f[:-6])
            env_files = [a for ext in ("maps", "desc") if os.path.exists(f"{stem}.{ext}") for a in (f"--{ext}", f"{stem}.{ext}")]
            out.append((f"table1/{f[:-6]}", stem + ".insns", env_files))
    for level in ("O1", "O2", "O3"):
        for obj in sorted(os.listdir(os.path.join(CORPUS, "objects", level))):
            path = os.path.join(CORPUS, "objects", level, obj)
            for sec in sections(path):
                out.append((f"{level}/{obj}:{sec}", path, ["--section", sec]))
    return out


def time_ns(path, extra):
    cmd = ["taskset", "-c", cpu, BIN, "-q", "--json", "bpf", "time", path, "--repeat", repeat, "--samples", samples] + extra
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError((p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1])
    return json.loads(p.stdout)["ns_per_run"]


rows, skipped = [], []
tmp = tempfile.mkdtemp()
env = dict(os.environ, VERIFORGE_BPF_CACHE=os.path.join(tmp, "cache.jsonl"), VERIFORGE_BPF_RULES=os.path.join(tmp, "rules.jsonl"))
todo = [p for p in programs() if not only or only in p[0]]
for name, path, extra in todo:
    if limit and len(rows) >= limit:
        break
    t, why = prog_type(path, extra)
    if why:  # not silently skipped: a program we cannot even classify is a failure of the table
        rows.append(dict(program=name, prog_type="?", error=why))
        continue
    if t not in ("xdp", "socket_filter", "sched_cls"):
        skipped.append(dict(program=name, prog_type=t))
        continue  # the kernel cannot test-run it
    print(f"== {name} ({t})", file=sys.stderr, flush=True)
    out = os.path.join(tmp, re.sub(r"[^\w.]", "_", name) + os.path.splitext(path)[1])
    rep = out + ".json"
    for f in (env["VERIFORGE_BPF_CACHE"], env["VERIFORGE_BPF_RULES"]):
        if os.path.exists(f):
            os.remove(f)
    cmd = [BIN, "-q", "bpf", "opt", path, "--objective", "latency", "--budget", budget, "--jobs", jobs,
           "--kernel-runs", "100", "--diff-inputs", "1000", "-o", out, "--report", rep] + extra
    if table:
        cmd += ["--cost-table", table]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    row = dict(program=name, prog_type=t)
    if p.returncode != 0:
        row["error"] = (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1][:200]
        rows.append(row)
        continue
    r = json.load(open(rep))
    row.update(count_before=r["original_count"], count_after=r["count"], cost_before=round(r["cost_before"], 2),
               cost_after=round(r["cost_after"], 2), time_to_best_s=round(r["time_to_best_s"], 2))
    before, after = [], []
    try:
        for _ in range(int(rounds)):
            before.append(time_ns(path, extra))
            after.append(time_ns(out, extra))
    except RuntimeError as e:
        row["error"] = f"timing: {e}"
        rows.append(row)
        continue
    b, a = statistics.median(before), statistics.median(after)
    # each round's value is itself the median of `samples` calls of `repeat` runs (bpf time)
    row.update(ns_before=b, ns_after=a, ns_before_rounds=before, ns_after_rounds=after,
               median_of_rounds=len(before), samples_per_round=int(samples), runs_per_sample=int(repeat),
               speedup=round(b / a, 3) if a > 0 else None)
    rows.append(row)

os.makedirs(RESULTS, exist_ok=True)
meta = dict(budget=budget, jobs=int(jobs), repeat=int(repeat), samples=int(samples), rounds=int(rounds), cpu=cpu,
            cost_table=table or "crates/bpf/data/latency-table.json", programs=rows,
            not_test_runnable=skipped, optimized_and_timed=sum("ns_after" in r for r in rows),
            failed=sum("error" in r for r in rows))
json.dump(meta, open(os.path.join(RESULTS, "bpf-latency.json"), "w"), indent=1)
lines = [f"budget {budget}, {jobs} chain(s); ns per run = median over {rounds} alternating rounds of the median of "
         f"{samples} BPF_PROG_TEST_RUN calls x {repeat} runs, taskset -c {cpu}",
         f"{meta['optimized_and_timed']} of {len(rows)} test-runnable programs optimized (proven, kernel-accepted) and timed, "
         f"{meta['failed']} failed" + (f"; not test-runnable, skipped: {', '.join(r['program'] + ' (' + str(r['prog_type']) + ')' for r in skipped)}" if skipped else ""),
         "",
         "| program | type | insns before | after | static cost before | after | ns/run before | ns/run after | median of | speed-up | failure |",
         "|" + "---|" * 11]
for r in rows:
    if "ns_after" in r:
        lines.append(f"| {r['program']} | {r['prog_type']} | {r['count_before']} | {r['count_after']} | {r['cost_before']} | "
                     f"{r['cost_after']} | {r['ns_before']:.1f} | {r['ns_after']:.1f} | "
                     f"{r['median_of_rounds']} rounds x {r['samples_per_round']} calls x {r['runs_per_sample']} runs | {r['speedup']} | |")
    else:
        lines.append(f"| {r['program']} | {r['prog_type']} | {r.get('count_before', '')} | {r.get('count_after', '')} | "
                     f"{r.get('cost_before', '')} | {r.get('cost_after', '')} | | | | | {r.get('error')} |")
open(os.path.join(RESULTS, "bpf-latency.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

py = os.environ.get("VERIFORGE_PYTHON", os.path.join(ROOT, ".venv", "bin", "python"))
plot = r"""
import json, sys
import matplotlib; matplotlib.use("Agg")
import matplotlib.pyplot as plt
d = json.load(open(sys.argv[1])); rows = [r for r in d["programs"] if "ns_after" in r]
fig, ax = plt.subplots(figsize=(max(6, 0.5 * len(rows) + 2), 4))
x = range(len(rows))
ax.bar([i - 0.2 for i in x], [r["ns_before"] for r in rows], 0.4, label="clang")
ax.bar([i + 0.2 for i in x], [r["ns_after"] for r in rows], 0.4, label="bpf opt --objective latency")
ax.set_xticks(list(x)); ax.set_xticklabels([r["program"] for r in rows], rotation=70, ha="right", fontsize=7)
ax.set_ylabel("ns per run (BPF_PROG_TEST_RUN)"); ax.legend()
ax.set_title(f"median of {d['rounds']} rounds x {d['samples']} calls x {d['repeat']} runs; "
             f"{d['optimized_and_timed']} timed, {d['failed']} failed" +
             ("".join(f"\nfailed: {r['program']}: {r['error'][:90]}" for r in d["programs"] if "error" in r)), fontsize=7)
fig.tight_layout(); fig.savefig(sys.argv[2], dpi=90)
"""
q = subprocess.run([py, "-c", plot, os.path.join(RESULTS, "bpf-latency.json"), os.path.join(RESULTS, "bpf-latency.png")],
                   capture_output=True, text=True)
if q.returncode != 0:
    print(f"no PNG ({py}): {(q.stderr.strip().splitlines() or ['?'])[-1]}", file=sys.stderr)
