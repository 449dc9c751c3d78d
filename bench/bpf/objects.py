"""Issue 16, done-when 2: every program section of ../shared/corpora/bpf/objects (O1/O2/O3).

Per section: clang count, ours (`bpf opt` with the given budget), time to best, proofs, whether
the kernel verifier loads the output (`bpf check --kernel` on the emitted object), wall time and
peak memory of the whole `bpf opt` run, and K2's archived count from INDEX.md where it has one
(matched by program name and clang count).

Usage: python3 bench/bpf/objects.py [budget=5s] [jobs=1] [kernel_runs=20] [diff_inputs=1000]
Env INSNS_PER_S=N: a section of more than N x budget instructions gets ceil(size / N) seconds instead
(larger programs get proportionally more search time, as K2's runs did; the table shows each budget).
Writes bench/results/bpf-objects.json and prints a markdown table. Slow on a shared machine:
use small budgets for a smoke (the whole corpus is 33 sections).
"""
import json, os, re, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("VERIFORGE_SHARED", os.path.join(ROOT, "..", "shared"))
OBJ = os.path.join(SHARED, "corpora", "bpf", "objects")
BIN = os.path.join(ROOT, "target", "release", "veriforge")
budget, jobs, kruns, dinputs = (sys.argv[1:] + ["5s", "1", "20", "1000"][len(sys.argv[1:]):])[:4]
only = os.environ.get("ONLY")  # substring filter on "O2/xdp_fwd_kern.o:xdp_fwd"


def sections(path):
    """Program sections as `bpf` reads them: executable, non-empty, .text only when alone."""
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    names = []
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+PROGBITS\s+\S+\s+\S+\s+(\S+)\s+\S+\s+(\S*)", line)
        if m and "X" in m.group(3) and int(m.group(2), 16) > 0:
            names.append(m.group(1))
    return [n for n in names if n != ".text"] if len(names) > 1 else names


def section_insns(path, sec):
    """Instruction slots of a section (its size / 8)."""
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+PROGBITS\s+\S+\s+\S+\s+(\S+)", line)
        if m and m.group(1) == sec:
            return int(m.group(2), 16) // 8
    return 0


def budget_for(path, sec):
    """The command-line budget, or more for large sections when INSNS_PER_S is set."""
    per_s = int(os.environ.get("INSNS_PER_S", "0"))
    base = float(budget.rstrip("s"))
    if per_s <= 0:
        return budget
    return "%ds" % max(base, -(-section_insns(path, sec) // per_s))


def k2_archived():
    """'name clang -> k2' pairs from INDEX.md's larger-benchmark paragraph and Table 1."""
    text = open(os.path.join(SHARED, "corpora", "bpf", "INDEX.md")).read()
    pairs = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in re.finditer(r"([\w-]+) (\d+) -> (\d+)", text)]
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[2] and cells[3].isdigit():
            m = re.match(r"(\d+)", cells[6])
            if m:
                pairs.append((cells[0], int(cells[3]), int(m.group(1))))
    return pairs


def k2_for(obj, sec, clang, pairs):
    stem = obj.replace("_kern.o", "")
    for name, c, k in pairs:
        if c == clang and (name in (stem, sec) or sec.startswith(name) or name.startswith(stem)):
            return k
    return None


def run(cmd, timeout, env):
    t0 = time.time()
    p = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M"] + cmd, capture_output=True, text=True, timeout=timeout, env=env)
    m = re.search(r"TIME ([\d.]+) (\d+)", p.stderr)
    wall, rss = (float(m.group(1)), int(m.group(2))) if m else (time.time() - t0, 0)
    return p, wall, rss


rows = []
pairs = k2_archived()
tmp = tempfile.mkdtemp()
env = dict(os.environ, VERIFORGE_BPF_CACHE=os.path.join(tmp, "cache.jsonl"), VERIFORGE_BPF_RULES=os.path.join(tmp, "rules.jsonl"))
for level in ("O1", "O2", "O3"):
    for obj in sorted(os.listdir(os.path.join(OBJ, level))):
        path = os.path.join(OBJ, level, obj)
        for sec in sections(path):
            key = f"{level}/{obj}:{sec}"
            if only and only not in key:
                continue
            sec_budget = budget_for(path, sec)
            row = dict(object=f"{level}/{obj}", section=sec, budget=sec_budget)
            out = os.path.join(tmp, f"{level}_{obj}_{sec.replace('/', '_')}.o")
            rep = out + ".json"
            for f in (env["VERIFORGE_BPF_CACHE"], env["VERIFORGE_BPF_RULES"]):
                if os.path.exists(f):
                    os.remove(f)  # measured from scratch (no proofs or rules of earlier sections)
            cmd = [BIN, "-q", "bpf", "opt", path, "--section", sec, "--budget", sec_budget, "--jobs", jobs,
                   "--kernel-runs", kruns, "--diff-inputs", dinputs, "-o", out, "--report", rep]
            print(f"== {key}", file=sys.stderr, flush=True)
            try:
                p, wall, rss = run(cmd, 1800, env)
            except subprocess.TimeoutExpired:
                row.update(error="timeout (1800 s)")
                rows.append(row)
                continue
            row.update(wall_s=wall, peak_rss_mb=rss // 1024)
            if p.returncode != 0 or not os.path.exists(rep):
                lines = [l for l in p.stderr.strip().splitlines() if not l.startswith(("TIME ", "Command exited"))]
                row.update(error=(lines or ["exit %d" % p.returncode])[-1][:200])
            else:
                r = json.load(open(rep))
                row.update(clang=r["original_count"], ours=r["count"], time_to_best_s=round(r["time_to_best_s"], 2),
                           proofs=dict(r["counters"]).get("proofs", 0), windows_rewritten=r["windows_rewritten"],
                           windows_reproven=r["windows_reproven"], safety=r["safety"],
                           differential_inputs=r["differential_inputs"], kernel_test_runs=r["kernel_test_runs"])
                k = subprocess.run([BIN, "bpf", "check", out, "--section", sec, "--kernel"], capture_output=True, text=True)
                row["kernel_load"] = "accepted" if "kernel verifier: accepted" in k.stdout else \
                    ((k.stdout + k.stderr).strip().splitlines() or ["?"])[-1][:120]
                row["k2"] = k2_for(obj, sec, r["original_count"], pairs)
            rows.append(row)

os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
json.dump(dict(budget=budget, insns_per_s=int(os.environ.get("INSNS_PER_S", "0")), jobs=int(jobs), kernel_runs=int(kruns), diff_inputs=int(dinputs), sections=rows),
          open(os.path.join(ROOT, "bench", "results", "bpf-objects.json"), "w"), indent=1)
print(f"budget {budget}, {jobs} chain(s), {kruns} kernel test runs, {dinputs} interpreter inputs per section")
print("| object | section | budget | clang | ours | K2 archived | t_best (s) | proofs | windows re-proven | kernel load | test runs | wall (s) | peak RSS (MB) |")
print("|" + "---|" * 13)
for r in rows:
    if "ours" in r:
        print(f"| {r['object']} | {r['section']} | {r['budget']} | {r['clang']} | {r['ours']} | {r['k2'] if r['k2'] is not None else ''} | "
              f"{r['time_to_best_s']} | {r['proofs']} | {r['windows_reproven']}/{r['windows_rewritten']} | {r['kernel_load']} | "
              f"{r['kernel_test_runs']} | {r['wall_s']:.1f} | {r['peak_rss_mb']} |")
    else:
        print(f"| {r['object']} | {r['section']} | {r['budget']} | | error: {r.get('error')} | | | | | | | {r.get('wall_s', '')} | {r.get('peak_rss_mb', '')} |")
