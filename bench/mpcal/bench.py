"""Benchmark driver for bench/mpcal/run.sh (see there). Writes bench/results/mpcal.{json,png}."""
import glob, json, os, shutil, statistics, subprocess, tempfile, time

ROOT = os.getcwd()
VF = os.path.join(ROOT, "target/release/veriforge")
CORPUS = os.path.join(os.environ["VERIFORGE_SHARED"], "corpora/mpcal")
RUNS = 11


def run_once(args):
    t0 = time.perf_counter()
    p = subprocess.run(["taskset", "-c", "1", VF, "-q"] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0, p.returncode


def median_ms(fn):
    samples = [fn() for _ in range(RUNS)]
    samples.sort()
    return {"median_ms": 1000 * statistics.median(samples), "p10_ms": 1000 * samples[1], "p90_ms": 1000 * samples[-2], "runs": RUNS}


def main():
    raft = os.path.join(CORPUS, "tests/general/raftkvs.tla")
    tests = sorted(glob.glob(os.path.join(CORPUS, "tests/general/*.tla")) + glob.glob(os.path.join(CORPUS, "tests/pcalgen/*.tla")))
    systems = sorted(glob.glob(os.path.join(CORPUS, "systems/*/*.tla")))
    tmp = tempfile.mkdtemp()
    copies = []
    for f in tests:
        c = os.path.join(tmp, os.path.basename(f))
        shutil.copy(f, c)
        copies.append(c)

    def raft_check():
        return run_once(["mpcal", "check-syntax", raft])[0]

    raft_out = os.path.join(tmp, "raftkvs.out.tla")

    def raft_pcalgen():
        dt, rc = run_once(["mpcal", "pcalgen", raft, "-o", raft_out])
        assert rc == 0, "pcalgen failed on raftkvs.tla"
        return dt

    outcomes = {}

    def corpus(cmd):
        def go():
            total = 0.0
            for src, c in zip(tests, copies):
                shutil.copy(src, c)
                args = ["mpcal", cmd, c] + (["-o", c + ".out"] if cmd == "pcalgen" else [])
                dt, rc = run_once(args)
                outcomes[(cmd, os.path.basename(src))] = rc
                total += dt
            return total
        return go

    def systems_check():
        return sum(run_once(["mpcal", "check-syntax", f])[0] for f in systems)

    results = {
        "raftkvs_check_syntax": median_ms(raft_check),
        "raftkvs_pcalgen": median_ms(raft_pcalgen),
        "corpus_pcalgen_total": median_ms(corpus("pcalgen")),
        "corpus_check_syntax_total": median_ms(corpus("check-syntax")),
        "systems_check_syntax_total": median_ms(systems_check),
    }
    ok = sum(1 for (cmd, _), rc in outcomes.items() if cmd == "pcalgen" and rc == 0)
    meta = {
        "files": {"corpus_tests": len(tests), "systems": len(systems), "raftkvs_lines": sum(1 for _ in open(raft))},
        "pcalgen_exit0_files": ok,
        "pinned": "taskset -c 1",
        "note": "process wall time incl. startup; PGo (Scala/JVM) could not be built on this machine, no same-run reference",
    }
    os.makedirs("bench/results", exist_ok=True)
    with open("bench/results/mpcal.json", "w") as f:
        json.dump({"results": results, "meta": meta}, f, indent=2)
    print("| measurement | median ms | p10 | p90 |")
    print("|---|---|---|---|")
    for k, v in results.items():
        print(f"| {k} | {v['median_ms']:.1f} | {v['p10_ms']:.1f} | {v['p90_ms']:.1f} |")
    print(f"(corpus: {len(tests)} test specs, {len(systems)} system specs; pcalgen exit 0 on {ok})")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        names = list(results)
        vals = [results[n]["median_ms"] for n in names]
        errs = [[results[n]["median_ms"] - results[n]["p10_ms"] for n in names], [results[n]["p90_ms"] - results[n]["median_ms"] for n in names]]
        plt.figure(figsize=(8, 4))
        plt.barh(names, vals, xerr=errs)
        plt.xlabel("milliseconds (median of %d runs, p10-p90 bars)" % RUNS)
        plt.title("veriforge mpcal front-end on PGo's corpus")
        plt.tight_layout()
        plt.savefig("bench/results/mpcal.png", dpi=100)
    except ImportError:
        print("matplotlib missing: no PNG")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
