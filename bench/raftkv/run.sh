#!/usr/bin/env bash
# Benchmark: our generated Raft KV against etcd, YCSB core workloads, 3 and 5 nodes, on loopback.
# For each repetition and node count both systems run (order alternating), each on a fresh
# cluster; client counts are swept upward until throughput has passed its peak. Results: medians
# over repetitions, peak throughput and p50/p99 at the peak per workload, as JSON and PNG plots.
#
#   bench/raftkv/run.sh              # the full run (long: see docs/mpcal.md; run it on a quiet machine)
#   SMOKE=1 bench/raftkv/run.sh      # about a minute, results in ${TMPDIR:-/tmp}/raftkv-smoke.*
#
# Knobs (environment): NODES=3,5 WORKLOADS=A,B,C,D,F CLIENTS=1,2,4,8,16,32,64 REPS=3 WARMUP=2s
# DURATION=10s RECORDS=1000 SYSTEMS=raftkvs,etcd PROFILE=pgo (raftkvs timing: pgo | slow)
# PARALLEL_FSYNC=0 (1: raftkvs' leader fsyncs its log in parallel with replication)
# RAFTKVSCONF= (extra raftkvs config lines, ';'-separated, e.g. "markedBarrier: true; earlyFsync: true")
# CHECK=0 (1: porcupine checks each cluster's whole history, every run and a final read of every
# written key; on by default with SMOKE=1) CHECKTIMEOUT=5m
# OPTIMEOUT=2s MAXTIME=4h OUT=bench/results/raftkv (OUT.runs.jsonl, OUT.json, OUT-throughput.png,
# OUT-latency.png). Everything stays on 127.0.0.1; kvbench stops at MAXTIME and kills the servers
# it started on exit. Then faults.sh runs (its own knobs; RUN_FAULTS=0 skips it), so `make bench`
# gives both.
source "$(dirname "$0")/lib.sh"
if [ "${SMOKE:-0}" = 1 ]; then
  : "${NODES:=3}" "${WORKLOADS:=A,C}" "${CLIENTS:=1,4}" "${REPS:=1}" "${WARMUP:=500ms}" "${DURATION:=2s}"
  : "${RECORDS:=200}" "${MAXTIME:=5m}" "${OUT:=${TMPDIR:-/tmp}/raftkv-smoke}" "${CHECK:=1}"
fi
NODES=${NODES:-3,5}; WORKLOADS=${WORKLOADS:-A,B,C,D,F}; CLIENTS=${CLIENTS:-1,2,4,8,16,32,64}
REPS=${REPS:-3}; WARMUP=${WARMUP:-2s}; DURATION=${DURATION:-10s}; RECORDS=${RECORDS:-1000}
SYSTEMS=${SYSTEMS:-raftkvs,etcd}; PROFILE=${PROFILE:-pgo}; OPTIMEOUT=${OPTIMEOUT:-2s}
MAXTIME=${MAXTIME:-4h}; OUT=${OUT:-$REPO/bench/results/raftkv}
build_etcd
build_bench
mkdir -p "$(dirname "$OUT")"
rm -f "$OUT.runs.jsonl"
echo "kvbench sweep: nodes $NODES, workloads $WORKLOADS, clients $CLIENTS, reps $REPS, $WARMUP + $DURATION per run" >&2
"$BENCH_BIN/kvbench" -mode sweep -raftkvs "$BENCH_BIN/raftkvs" -etcd "$ETCD_BIN" -systems "$SYSTEMS" \
  -nodes "$NODES" -workloads "$WORKLOADS" -clients "$CLIENTS" -reps "$REPS" -warmup "$WARMUP" \
  -duration "$DURATION" -records "$RECORDS" -profile "$PROFILE" -optimeout "$OPTIMEOUT" \
  -parallelfsync="$([ "${PARALLEL_FSYNC:-0}" = 1 ] && echo true || echo false)" \
  -raftkvsconf "${RAFTKVSCONF:-}" \
  -check="$([ "${CHECK:-0}" = 1 ] && echo true || echo false)" -checktimeout "${CHECKTIMEOUT:-5m}" \
  -maxtime "$MAXTIME" -out "$OUT.runs.jsonl"
"$PY" "$RAFTKV_DIR/plot.py" sweep "$OUT.runs.jsonl" "$OUT" "$("$ETCD_BIN" --version | head -1)"
if [ "${RUN_FAULTS:-1}" = 1 ]; then
  # faults.sh reads its own knobs; the sweep's OUT/CLIENTS/NODES/... must not leak into it
  env -u OUT -u CLIENTS -u NODES -u WARMUP -u DURATION -u RECORDS -u MAXTIME bash "$RAFTKV_DIR/faults.sh"
fi
