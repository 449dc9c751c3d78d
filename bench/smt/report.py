"""Merges vf-smt-bench outputs into bench/results/smt.json, plots smt.png, prints a table."""
import json
import os
import platform
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BACKENDS = ["z3", "bitwuzla", "portfolio"]


def main(single_path, portfolio_path, out_json, out_png):
    runs = [json.load(open(single_path)), json.load(open(portfolio_path))]
    rows = [r for run in runs for r in run["rows"]]
    meta = {
        "reps": runs[0]["reps"],
        "timeout_ms": runs[0]["timeout_ms"],
        "mode": runs[0]["mode"],
        "startup_ms": {**runs[0]["startup_ms"], **runs[1]["startup_ms"]},
        "export": runs[0]["export"],
    }
    finish(rows, meta, out_json, out_png)


def finish(rows, meta, out_json, out_png):
    queries = []
    for r in rows:
        if r["query"] not in queries:
            queries.append(r["query"])
    med = {(r["backend"], r["query"]): r for r in rows}
    totals = {b: sum(med[(b, q)]["median_ms"] for q in queries) for b in BACKENDS}
    ratios = [med[("z3", q)]["median_ms"] / med[("bitwuzla", q)]["median_ms"] for q in queries]
    solved = {b: sum(med[(b, q)]["answer"] != "unknown" for q in queries) for b in BACKENDS}
    both = [q for q in queries if all(med[(b, q)]["answer"] != "unknown" for b in ("z3", "bitwuzla"))]
    both_totals = {b: sum(med[(b, q)]["median_ms"] for q in both) for b in BACKENDS}
    both_ratios = [med[("z3", q)]["median_ms"] / med[("bitwuzla", q)]["median_ms"] for q in both]
    wrong = [(b, q) for (b, q), r in med.items() if r["answer"] not in ("unknown", r["expected"])]
    summary = {
        "total_median_ms": totals,
        "solved": solved,
        "queries": len(queries),
        "ratio_total_z3_over_bitwuzla": totals["z3"] / totals["bitwuzla"],
        "ratio_total_z3_over_portfolio": totals["z3"] / totals["portfolio"],
        "ratio_total_bitwuzla_over_portfolio": totals["bitwuzla"] / totals["portfolio"],
        "per_query_ratio_z3_over_bitwuzla_median": statistics.median(ratios),
        "solved_by_both": both,
        "solved_by_both_total_ms": both_totals,
        "solved_by_both_ratio_z3_over_bitwuzla": both_totals["z3"] / both_totals["bitwuzla"],
        "solved_by_both_geomean_ratio_z3_over_bitwuzla": statistics.geometric_mean(both_ratios),
        "wrong_answers": wrong,
    }
    doc = {
        "benchmark": "smt",
        "machine": {"cpu": cpu_name(), "cores": os.cpu_count(), "python": platform.python_version()},
        "pinning": {"z3": "taskset -c 1", "bitwuzla": "taskset -c 1", "portfolio": "taskset -c 0,1"},
        **{k: meta[k] for k in ("reps", "timeout_ms", "mode", "startup_ms")},
        "summary": summary,
        "rows": rows,
        "export": meta["export"],
    }
    with open(out_json, "w") as f:
        json.dump(doc, f, indent=1)
    print_table(queries, med, summary, doc)
    plot(queries, med, doc, out_png)


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def cell(r):
    mark = "" if r["answer"] != "unknown" else " (to)"
    return f'{r["median_ms"]:.2f}{mark}'


def print_table(queries, med, s, doc):
    print(f'| query | expected | z3 ms | bitwuzla ms | portfolio ms | z3/bitwuzla |')
    print("|---|---|---:|---:|---:|---:|")
    for q in queries:
        z, b, p = (med[(k, q)] for k in BACKENDS)
        print(f'| {q} | {z["expected"]} | {cell(z)} | {cell(b)} | {cell(p)} | {z["median_ms"] / b["median_ms"]:.2f} |')
    t = s["total_median_ms"]
    print(f'| **total** | | {t["z3"]:.0f} | {t["bitwuzla"]:.0f} | {t["portfolio"]:.0f} | {s["ratio_total_z3_over_bitwuzla"]:.2f} |')
    print(f'| solved of {s["queries"]} | | {s["solved"]["z3"]} | {s["solved"]["bitwuzla"]} | {s["solved"]["portfolio"]} | |')
    bt = s["solved_by_both_total_ms"]
    print(f'| total, the {len(s["solved_by_both"])} queries both solve | | {bt["z3"]:.0f} | {bt["bitwuzla"]:.0f} | {bt["portfolio"]:.0f} | {s["solved_by_both_ratio_z3_over_bitwuzla"]:.2f} |')
    print()
    print(f'medians of {doc["reps"]} runs (at most 3 for queries over 0.8 s), timeout {doc["timeout_ms"]} ms '
          f'("(to)" = unknown at the time limit, counted at its measured time); '
          f'per-query z3/bitwuzla ratio over the queries both solve: geometric mean '
          f'{s["solved_by_both_geomean_ratio_z3_over_bitwuzla"]:.2f}, median over all queries '
          f'{s["per_query_ratio_z3_over_bitwuzla_median"]:.2f}; '
          f'solver start-up ms: {json.dumps({k: round(v, 1) for k, v in doc["startup_ms"].items()})}')
    if s["wrong_answers"]:
        print(f'WRONG ANSWERS: {s["wrong_answers"]}')


def plot(queries, med, doc, out_png):
    fig, ax = plt.subplots(figsize=(12, 5.5))
    width = 0.27
    colors = {"z3": "#4c72b0", "bitwuzla": "#dd8452", "portfolio": "#55a868"}
    for i, b in enumerate(BACKENDS):
        xs = [j + (i - 1) * width for j in range(len(queries))]
        ys = [med[(b, q)]["median_ms"] for q in queries]
        ax.bar(xs, ys, width, label=b, color=colors[b])
    ax.axhline(doc["timeout_ms"], color="grey", linestyle="--", linewidth=0.8, label="timeout")
    ax.set_yscale("log")
    ax.set_ylabel("median wall time per query (ms, log)")
    ax.set_xticks(range(len(queries)))
    ax.set_xticklabels(queries, rotation=60, ha="right", fontsize=8)
    s = doc["summary"]
    ax.set_title(f'vf-smt backends: on the {len(s["solved_by_both"])} queries both solve, z3/bitwuzla total time = '
                 f'{s["solved_by_both_ratio_z3_over_bitwuzla"]:.2f} (geomean {s["solved_by_both_geomean_ratio_z3_over_bitwuzla"]:.2f}); '
                 f'solved z3 {s["solved"]["z3"]}, bitwuzla {s["solved"]["bitwuzla"]}, portfolio {s["solved"]["portfolio"]} '
                 f'of {s["queries"]}', fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out_png, dpi=110)


if __name__ == "__main__":
    if sys.argv[1] == "--from":
        # re-render table and plot from a merged result file
        doc = json.load(open(sys.argv[2]))
        finish(doc["rows"], doc, sys.argv[3], sys.argv[4])
    else:
        main(*sys.argv[1:5])
