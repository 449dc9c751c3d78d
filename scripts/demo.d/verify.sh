# verify: a Verus program that verifies, and the same program missing a lemma call (one overflow error, exit 1).
set -uo pipefail
echo "-- veriforge verify examples/verify/sum.rs"
target/release/veriforge verify examples/verify/sum.rs || exit 1
echo "-- veriforge verify examples/verify/sum_overflow.rs (expected: one error, exit 1)"
target/release/veriforge verify examples/verify/sum_overflow.rs
rc=$?
[ $rc -eq 1 ] || { echo "expected exit 1, got $rc"; exit 1; }
