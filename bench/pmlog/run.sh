#!/usr/bin/env bash
# bench/pmlog: append throughput of our log vs Debian's libpmemlog (same run, same file system),
# plus the raw limit (copy + flush + one fence per append, no metadata), 9 append sizes.
# Each append is durable before the next (pmemlog_append is durable per call; ours commits per
# append). File in /dev/shm with PMEM_IS_PMEM_FORCE=1: real cache-line flushes/NT stores + sfence.
# Env: REPS (default 5), CPU (default 1), TOTAL_SMALL_MIB / TOTAL_LARGE_MIB (bytes appended per
# size for <= 1 KiB / >= 4 KiB; defaults 512 / 4096).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
py=${VERIFORGE_PYTHON:-$root/.venv/bin/python}
[ -x "$py" ] || py=python3
reps=${REPS:-5}
cpu=${CPU:-1}
small_mib=${TOTAL_SMALL_MIB:-512}
large_mib=${TOTAL_LARGE_MIB:-4096}
log_mib=256
sizes="128 256 512 1024 4096 8192 65536 131072 262144"

command -v gcc >/dev/null || { echo "bench/pmlog: gcc missing (make setup)" >&2; exit 1; }
[ -f /usr/include/libpmemlog.h ] || { echo "bench/pmlog: libpmemlog-dev missing (make setup)" >&2; exit 1; }
cargo build --release -q -p veriforge
gcc -O2 -Wall -o target/release/pmemlog_driver bench/pmlog/pmemlog_driver.c -lpmemlog

export PMEM_IS_PMEM_FORCE=1
raw=$(mktemp /tmp/pmlog-bench.XXXXXX)
ours_file=/dev/shm/veriforge-pmlog-bench-$$
theirs_file=/dev/shm/veriforge-pmemlog-bench-$$
trap 'rm -f "$raw" "$ours_file" "$theirs_file"' EXIT

run_ours() {
  taskset -c "$cpu" target/release/veriforge --json pmlog bench --variant both --size "$1" \
    --total-mib "$2" --log-mib "$log_mib" --file "$ours_file" >> "$raw"
}
run_theirs() {
  taskset -c "$cpu" target/release/pmemlog_driver "$theirs_file" $(( (log_mib << 20) + 256 )) "$1" $(( $2 << 20 )) >> "$raw"
}

for rep in $(seq "$reps"); do
  for size in $sizes; do
    total=$small_mib; [ "$size" -ge 4096 ] && total=$large_mib
    # Alternate the order so neither side always runs on a warmer machine.
    if [ $((rep % 2)) = 1 ]; then run_ours "$size" "$total"; run_theirs "$size" "$total";
    else run_theirs "$size" "$total"; run_ours "$size" "$total"; fi
  done
  echo "bench/pmlog: rep $rep/$reps done" >&2
done

"$py" bench/pmlog/report.py "$raw" bench/results/pmlog.json bench/results/pmlog.png \
  --meta "reps=$reps cpu=$cpu small_mib=$small_mib large_mib=$large_mib log_mib=$log_mib"
