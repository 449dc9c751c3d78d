"""Runs `veriforge tla check` on every model of the TLC oracles and compares the counts."""
import json, os, subprocess, sys, time

shared = os.environ.get("VERIFORGE_SHARED", os.path.abspath("../shared"))
binary = os.path.abspath("target/release/veriforge")
timeout = float(os.environ.get("CHECK_TIMEOUT", "120"))
filt = os.environ.get("CHECK_FILTER", "")
# CHECK_LIST: comma-separated substrings; a model runs if its path contains one of them
only = [x for x in os.environ.get("CHECK_LIST", "").split(",") if x]
mods = os.path.join(shared, "corpora/tla/modules")
libs = [os.path.join(mods, "community"), os.path.join(mods, "tlaps")]

jobs = []
tla = json.load(open(os.path.join(shared, "corpora/tla/oracles.json")))
for r in tla["results"]:
    base = os.path.join(shared, "corpora/tla/examples")
    jobs.append(("tla/" + r["cfg"], os.path.join(base, r["module"]), os.path.join(base, r["cfg"]), r))
mp_path = os.path.join(shared, "corpora/mpcal/oracles.json")
if os.path.exists(mp_path):
    mp = json.load(open(mp_path))
    items = mp.get("results", mp) if isinstance(mp, dict) else mp
    for r in items if isinstance(items, list) else []:
        base = os.path.join(shared, "corpora/mpcal", r.get("dir", "systems"))
        mod = r.get("module") or r.get("spec")
        cfg = r.get("cfg")
        if not mod or not cfg or "distinct_states" not in r:
            continue
        jobs.append(("mpcal/" + cfg, os.path.join(os.path.dirname(mp_path), mod), os.path.join(os.path.dirname(mp_path), cfg), r))

rows = []
passed = 0
for name, spec, cfg, want in jobs:
    if filt and filt not in name:
        continue
    if only and not any(o in name for o in only):
        continue
    if want.get("distinct_states", 0) > 20_000_000 and not os.environ.get("CHECK_BIG"):
        rows.append((name, want, None, "skipped (over 20M states; CHECK_BIG=1 runs it)", 0.0))
        continue
    cmd = [binary, "-q", "--json", "tla", "check", spec, "--config", cfg, "--workers", os.environ.get("CHECK_WORKERS", "1")]
    for l in libs:
        cmd += ["--lib", l]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        secs = time.time() - t0
        try:
            got = json.loads(p.stdout)
        except Exception:
            err = (p.stderr.strip().splitlines() or ["no output"])[-1]
            rows.append((name, want, None, "error: " + err[:200], secs))
            continue
    except subprocess.TimeoutExpired:
        rows.append((name, want, None, f"timeout ({timeout:.0f} s)", timeout))
        continue
    # TLC ends every oracle model without error (invariants and PROPERTYs, liveness included):
    # the verdict must be "ok" too, so an unchecked or falsely violated property is a miss
    ok = all(got[k] == want[k] for k in ("distinct_states", "states_generated", "depth")) and got["verdict"] == want.get("verdict", "ok")
    note = got["verdict"]
    if got.get("violation"):
        v = got["violation"]
        note += ": " + (v.get("message") or v.get("name") or v.get("kind"))[:200]
    if ok:
        passed += 1
    rows.append((name, want, got, ("PASS " if ok else "MISS ") + note, secs))

def fmt(w, g):
    if g is None:
        return f"{w['distinct_states']}/{w['states_generated']}/{w['depth']} | -"
    return f"{w['distinct_states']}/{w['states_generated']}/{w['depth']} | {g['distinct_states']}/{g['states_generated']}/{g['depth']}"

lines = ["| model | TLC distinct/generated/depth | ours | s | result |", "|---|---|---|---|---|"]
for name, want, got, note, secs in rows:
    lines.append(f"| {name} | {fmt(want, got)} | {secs:.1f} | {note} |")
total = len(rows)
lines.append("")
lines.append(f"conformance: {passed}/{total} models match TLC exactly ({100.0*passed/max(total,1):.1f}%)")
print("\n".join(lines))
if os.environ.get("CHECK_TABLE"):
    open(os.environ["CHECK_TABLE"], "w").write("\n".join(lines) + "\n")
sys.exit(0 if passed == total else 1)
