#!/usr/bin/env bash
# Static cost model calibration: SAMPLES candidates per Fiat function (default 300), sampled as
# the search samples them, measured pinned on core 1 relative to the start candidate; prints the
# Spearman rank correlation of instruction count / v1 model / current model with measured
# throughput, latency and mix; then audits the search's static filter (AUDIT_S seconds of search
# per function, default 15, measuring filtered candidates anyway). Writes bench/results/crypto-costmodel.{json,png}.
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat/fn
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
SAMPLES=${SAMPLES:-300}
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3
mkdir -p bench/results
cargo build --release -q -p vf-x86 --example costcal --example filteraudit
raw=bench/results/crypto-costmodel.samples.jsonl
taskset -c "${CORE:-1}" target/release/examples/costcal "$S" "$SAMPLES" "${FILTER:-}" > "$raw"
# filter audit: AUDIT_S seconds of search per function, filtered candidates measured anyway
audit=bench/results/crypto-costmodel.audit.jsonl
taskset -c "${CORE:-1}" target/release/examples/filteraudit "$S" "${AUDIT_S:-15}" "${FILTER:-}" > "$audit"
"$PY" bench/crypto-costmodel/summarize.py "$raw" bench/results/crypto-costmodel.json bench/results/crypto-costmodel.png "$audit"
