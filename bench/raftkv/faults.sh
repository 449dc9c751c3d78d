#!/usr/bin/env bash
# Fault runs: our Raft KV and etcd under workload A while (1) the leader is SIGKILLed and restarted
# on its data directory, (2) a follower is, (3) the leader is cut from its peers by the
# fault-injecting proxies every peer connection goes through, then healed. Each run's history
# (loaded records, every operation, a final read of every written key) is checked with porcupine;
# the checker's output is saved. Plot: throughput per 100 ms, like PGo's Figure 6.
#
#   bench/raftkv/faults.sh             # full: 3 and 5 nodes, 8 clients, 2 s + 15 s per run
#   SMOKE=1 bench/raftkv/faults.sh     # 3 nodes, 4 clients, 1 s + 6 s per run, into ${TMPDIR:-/tmp}
#
# Knobs: FAULTS=leader,follower,partition NODES=3,5 CLIENTS=8 WARMUP=2s DURATION=15s RECORDS=1000
# SYSTEMS=raftkvs,etcd PROFILE=pgo OPTIMEOUT=2s CHECKTIMEOUT=5m MAXTIME=1h OPLOGS=0 (1: keep every op log)
# PARALLEL_FSYNC=0 (1: raftkvs' leader fsyncs its log in parallel with replication)
# OUT=bench/results/raftkv-faults (OUT.runs.jsonl, OUT.json, OUT.png, OUT/<system>-<n>-<fault>-check.json;
# a history that is not linearizable also gets -check.html, porcupine's view, and -oplog.json).
source "$(dirname "$0")/lib.sh"
if [ "${SMOKE:-0}" = 1 ]; then
  : "${NODES:=3}" "${CLIENTS:=4}" "${WARMUP:=1s}" "${DURATION:=6s}" "${RECORDS:=200}" "${MAXTIME:=10m}"
  : "${OUT:=${TMPDIR:-/tmp}/raftkv-faults-smoke}"
fi
FAULTS=${FAULTS:-leader,follower,partition}; NODES=${NODES:-3,5}; CLIENTS=${CLIENTS:-8}
WARMUP=${WARMUP:-2s}; DURATION=${DURATION:-15s}; RECORDS=${RECORDS:-1000}; SYSTEMS=${SYSTEMS:-raftkvs,etcd}
PROFILE=${PROFILE:-pgo}; OPTIMEOUT=${OPTIMEOUT:-2s}; CHECKTIMEOUT=${CHECKTIMEOUT:-5m}; MAXTIME=${MAXTIME:-1h}
OUT=${OUT:-$REPO/bench/results/raftkv-faults}
build_etcd
build_bench
mkdir -p "$OUT"
rm -f "$OUT.runs.jsonl" "$OUT"/*-check.json "$OUT"/*-check.html "$OUT"/*-oplog.json.gz
failed=0
for f in ${FAULTS//,/ }; do
  "$BENCH_BIN/kvbench" -mode fault -fault "$f" -raftkvs "$BENCH_BIN/raftkvs" -etcd "$ETCD_BIN" \
    -systems "$SYSTEMS" -nodes "$NODES" -clients "$CLIENTS" -warmup "$WARMUP" -duration "$DURATION" \
    -records "$RECORDS" -profile "$PROFILE" -optimeout "$OPTIMEOUT" -checktimeout "$CHECKTIMEOUT" \
    -parallelfsync="$([ "${PARALLEL_FSYNC:-0}" = 1 ] && echo true || echo false)" \
    -maxtime "$MAXTIME" -out "$OUT.runs.jsonl" -checkdir "$OUT" -oplogs="$([ "${OPLOGS:-0}" = 1 ] && echo true || echo false)" \
    || { echo "faults.sh: the $f runs failed (see above); going on" >&2; failed=1; }
done
[ -s "$OUT.runs.jsonl" ] && "$PY" "$RAFTKV_DIR/plot.py" faults "$OUT.runs.jsonl" "$OUT" "$("$ETCD_BIN" --version | head -1)"
# Exit non-zero when a run failed or a history was not proven linearizable.
if [ $failed = 1 ] || grep -q '"verdict":"\(NOT\|unknown\)' "$OUT.runs.jsonl"; then exit 1; fi
