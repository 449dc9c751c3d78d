#!/usr/bin/env bash
# pmlog demo: a log file with the bundled entries committed atomically, inspected, read back,
# a foreign file refused, then the crash checker over the small configurations.
set -euo pipefail
cd "$(dirname "$0")/../.."
vf=target/release/veriforge
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
$vf pmlog create "$dir/demo.pmlog" --capacity 4096
mapfile -t entries < examples/pmlog/entries.txt
$vf pmlog append "$dir/demo.pmlog" "${entries[@]/%/$'\n'}"
$vf pmlog inspect "$dir/demo.pmlog"
$vf pmlog read "$dir/demo.pmlog"
echo "-- opening a file that is not a log (expected: one-line error, exit 2):"
if $vf pmlog inspect examples/pmlog/entries.txt; then echo "unexpected success" >&2; exit 1; fi
$vf -q pmlog crashcheck
