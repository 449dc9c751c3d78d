#!/usr/bin/env bash
# Durable stores for raftkvs's persistent state on its log workload (bench/mpcal/store/): ours
# (distsys.DurableSeq + FileStore) vs bbolt vs Badger (both from the Go module proxy; the
# benchmark is its own module so go/ does not depend on them). Checks that every store recovers
# the workload's log and term after a reopen, then runs the benchmark and writes
# bench/results/mpcal-store.txt (with the load average: fsync timings mean little on a busy disk).
set -euo pipefail
cd "$(dirname "$0")/store"
export PATH=/usr/local/go/bin:$PATH
out=../../results/mpcal-store.txt
go test -count=1 -run TestStoresRecover .
{
  echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/')"
  go test -run XXX -bench LogWorkload -benchtime "${BENCHTIME:-1000x}" -count "${COUNT:-5}" -benchmem .
  echo "# after: $(uptime | sed 's/.*load/load/')"
} | tee "$out"
