#!/usr/bin/env bash
# Times the MPCal front-end on PGo's corpus (../shared): check-syntax on raftkvs.tla (5.8k lines),
# pcalgen and check-syntax over every corpus/system spec. Medians of repeated runs, pinned to
# core 1. PGo itself cannot be built here (Mill/Scala toolchain from GitHub), so no JVM ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
export VERIFORGE_SHARED=${VERIFORGE_SHARED:-$(cd .. && pwd)/shared}
[ -d "$VERIFORGE_SHARED/corpora/mpcal" ] || { echo "skipped: ../shared not found"; exit 0; }
[ -x target/release/veriforge ] || cargo build --release -p veriforge
py=${VERIFORGE_PYTHON:-.venv/bin/python}
[ -x "$py" ] || py=python3
exec "$py" bench/mpcal/bench.py
