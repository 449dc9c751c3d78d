#!/usr/bin/env bash
# Runs the suites that need ../shared. Each track adds a line below.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/corpora ]; then
  echo "skipped: ../shared not found"
  exit 0
fi
export VERIFORGE_SHARED=$(cd ../shared && pwd)
status=0
# Each suite is a script in scripts/conformance.d/ (usually `cargo test --features conformance --test conformance`).
# that reads $VERIFORGE_SHARED; such test targets are not compiled by `make test`.
for suite in scripts/conformance.d/*.sh; do
  [ -e "$suite" ] || continue
  echo "== conformance: $suite"
  bash "$suite" || status=1
done
exit $status
