#!/usr/bin/env bash
# The test suite (`make test`, called by .ci/run): every Rust crate's tests in release mode (these
# include the smoke fuzz run, crates/fuzz/tests/smoke.rs, and the whole-CLI mutation test,
# crates/cli/tests/mutation_cli.rs; docs/robustness.md), then the
# Go tests when go/go.mod exists. Ends with one summary line "tests: N passed, M failed" summed over
# cargo's per-binary "test result" lines (and go's ok/FAIL packages), so a reader of the last line
# sees the whole run; the exit code is non-zero when any runner failed.
set -uo pipefail
cd "$(dirname "$0")/.."
CARGO=${CARGO:-cargo}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
$CARGO test --workspace --release --no-fail-fast 2>&1 | tee "$log"
rc=$?
if [ -f go/go.mod ]; then
  # go vet (the generated files must be vet-clean too) and the tests under the race detector
  (cd go && go vet ./... && go test -race ./...) 2>&1 | tee -a "$log"
  go_rc=$?
  [ $rc -eq 0 ] && rc=$go_rc
fi
if [ -f bench/raftkv/go.mod ]; then
  # the Raft KV benchmark driver (its own module: etcd's client); its fault-injecting proxy's tests
  (cd bench/raftkv && go vet ./... && go test ./...) 2>&1 | tee -a "$log"
  go_rc=$?
  [ $rc -eq 0 ] && rc=$go_rc
fi
passed=$(grep -aE '^test result:' "$log" | sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed.*/\1/' | awk '{s+=$1} END {print s+0}')
failed=$(grep -aE '^test result:' "$log" | sed -E 's/.* ([0-9]+) passed; ([0-9]+) failed.*/\2/' | awk '{s+=$1} END {print s+0}')
go_ok=$(grep -acE '^ok[[:space:]]' "$log" || true)
go_fail=$(grep -acE '^(FAIL|---[[:space:]]FAIL)[[:space:]]' "$log" || true)
echo "tests: $((passed + go_ok)) passed, $((failed + go_fail)) failed"
exit $rc
