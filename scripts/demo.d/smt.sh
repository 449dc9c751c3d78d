#!/usr/bin/env bash
# smt: re-solve the bundled SMT-LIB2 examples on both backends and the portfolio.
set -euo pipefail
cd "$(dirname "$0")/../.."
vf=target/release/veriforge
$vf smt backends
for f in examples/smt/*.smt2; do
  for b in z3 bitwuzla portfolio; do
    echo "-- $f --backend $b"
    $vf smt solve "$f" --backend "$b" --timeout 10s --model
  done
done
