#!/usr/bin/env bash
# Generates proven code from the heuristic start candidates (no search: budget 1 iteration) for the
# 12 shared Fiat functions with the given veriforge binary, into DIR/<fn>.{s,asm,h}.
# usage: gen.sh VERIFORGE_BIN DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
vf=$1; dir=$2
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
mkdir -p "$dir"
for fn in "$S"/fn/fiat_*.json; do
  name=$(basename "$fn" .json)
  [[ -n "${ONLY:-}" && "$name" != *"$ONLY"* ]] && continue
  c=$(bash bench/crypto-codegen/cfile.sh "$name")
  echo "== $name" >&2
  taskset -c 1 "$vf" -q crypto opt --ir "$fn" --c "$S/c/$c.c" --budget 1it --objective mix \
      --tests 20000 -o "$dir/$name.s" --json > "$dir/$name.opt.json"
done
