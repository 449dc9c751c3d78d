#!/usr/bin/env bash
# `make run`: the main job of each track on an example bundled in examples/.
# Each track appends its demo in scripts/demo.d/.
set -euo pipefail
cd "$(dirname "$0")/.."
vf=target/release/veriforge
$vf doctor
for d in scripts/demo.d/*.sh; do
  [ -e "$d" ] || continue
  echo "== demo: $d"
  bash "$d"
done
