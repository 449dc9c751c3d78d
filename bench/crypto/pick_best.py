"""Prints the published (CryptOpt) file with the lowest median throughput time in a screening run of
`veriforge crypto bench --json`, then the one with the lowest median latency if it is another file."""
import json, sys
res = json.load(open(sys.argv[1]))["results"]
pub = [r for r in res if "/baseline-asm/" in r["name"]]
if not pub:
    sys.exit("pick_best: no published files in " + sys.argv[1])
best = [min(pub, key=lambda r: r[mode]["median"])["name"] for mode in ("throughput", "latency")]
print(best[0])
if best[1] != best[0]:
    print(best[1])
