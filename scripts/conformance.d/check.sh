#!/usr/bin/env bash
# Model checker conformance: every model in ../shared/corpora/{tla,mpcal}/oracles.json, compared with
# TLC's distinct states, states generated and depth. Prints a table and the pass fraction.
# Env: CHECK_TIMEOUT (seconds per model, default 120), CHECK_FILTER (substring of module paths),
#      CHECK_TABLE (write the markdown table here).
set -uo pipefail
cd "$(dirname "$0")/../.."
# spilled queue chunks go to $TMPDIR (else next to the spec, i.e. into ../shared): a private one
spill="$(mktemp -d)"
trap 'rm -rf "$spill"' EXIT
TMPDIR="$spill" python3 scripts/conformance.d/check_tla.py
