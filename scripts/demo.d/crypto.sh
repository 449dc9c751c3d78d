#!/usr/bin/env bash
# crypto demo: optimize our own 2-limb Montgomery multiplication (mod 2^127-1) for 20 s,
# write only proven code, then re-verify the written file (out == arg aliasing included).
set -euo pipefail
cd "$(dirname "$0")/../.."
vf=target/release/veriforge
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
taskset -c 1 $vf crypto opt --ir examples/crypto/mont2.json --budget 20s --objective mix --tests 100000 -o "$out/mont2.s"
$vf crypto verify --ir examples/crypto/mont2.json "$out/mont2.asm" --aliasing
head -20 "$out/mont2.asm"
