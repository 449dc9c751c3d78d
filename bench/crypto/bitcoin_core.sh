#!/usr/bin/env bash
# bitcoin-core's secp256k1 field multiply and square (libsecp256k1's 5x52 code; CryptOpt's
# `bitcoin-core/field.json` IR, issue 15): gcc and clang -O3 -march=native -mtune=native builds of
# bitcoin-core's own C (../shared/corpora/fiat/bitcoin-core/field.c) measured by `crypto bench`
# (throughput and chained latency, medians of $ROUNDS randomized rounds), and with SEARCH=1 our
# `crypto opt --budget $BUDGET` result next to them when it is proven (opt writes nothing
# otherwise; the log says why). Input bounds: bitcoin-core's VERIFY_BITS preconditions of
# secp256k1_fe_mul_inner / fe_sqr_inner (limbs 0-3 below 2^56, limb 4 below 2^52).
# Env: ROUNDS (31), SEARCH (0), BUDGET (60s), CORE (1), NAME (crypto-bitcoin-core).
# Writes bench/results/$NAME.json (one entry per function) and prints the tables.
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat/bitcoin-core
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
ROUNDS=${ROUNDS:-31}; SEARCH=${SEARCH:-0}; BUDGET=${BUDGET:-60s}; CORE=${CORE:-1}; NAME=${NAME:-crypto-bitcoin-core}
vf=target/release/veriforge
out=bench/results/$NAME
mkdir -p "$out"
BOUNDS=56,56,56,56,52
entries=()
for fn in secp256k1_fe_mul_inner secp256k1_fe_sqr_inner; do
  files=()
  if [ "$SEARCH" = 1 ]; then
    if taskset -c "$CORE" $vf crypto opt --ir "$S/field.json" --function $fn --limb-bits $BOUNDS --c "$S/field.c" \
         --budget "$BUDGET" -o "$out/$fn.s" > "$out/$fn.opt.log" 2>&1; then
      files+=("$out/$fn.asm")
    else
      echo "$fn: crypto opt wrote nothing ($(tail -1 "$out/$fn.opt.log"))"
    fi
  fi
  taskset -c "$CORE" $vf --json crypto bench --ir "$S/field.json" --function $fn --limb-bits $BOUNDS --c "$S/field.c" \
      --rounds "$ROUNDS" "${files[@]}" > "$out/$fn.bench.json"
  entries+=("$out/$fn.bench.json")
done
python3 - "$out.json" "${entries[@]}" <<'PY'
import json, sys
res = [json.load(open(p)) for p in sys.argv[2:]]
json.dump({"bounds": "limbs 0-3 < 2^56, limb 4 < 2^52 (VERIFY_BITS)", "functions": res}, open(sys.argv[1], "w"), indent=1)
for r in res:
    print(f"{r['function']} ({r['unit']})")
    for x in r["results"]:
        print(f"  {x['name']:<40} throughput {x['throughput']['median']:7.1f}  latency {x['latency']['median']:7.1f}")
PY
