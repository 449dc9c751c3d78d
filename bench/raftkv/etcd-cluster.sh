#!/usr/bin/env bash
# Starts an N-node etcd cluster (default 3; 5 works the same) on 127.0.0.1 for manual use: free
# ports below the ephemeral range, data directories under a new temp dir, everything killed and
# removed on exit (Ctrl-C, or after HOLD seconds, default 600). Builds etcd (ETCD_VERSION, default
# v3.5.35) from the Go module proxy into $VERIFORGE_CACHE (default ~/.cache/veriforge) first.
# The benchmark itself (run.sh, faults.sh) starts its clusters in kvbench, the same way.
#
#   bench/raftkv/etcd-cluster.sh 5        # prints ENDPOINTS=... once every member is healthy
source "$(dirname "$0")/lib.sh"
N=${1:-3}
HOLD=${HOLD:-600}
[[ "$N" =~ ^[1-9]$ ]] || { echo "etcd-cluster.sh: N must be 1..9, got '$N'" >&2; exit 2; }
build_etcd
dir=$(mktemp -d "${TMPDIR:-/tmp}/etcd-cluster.XXXXXX")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
lo=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range)
used=" "
free_port() {  # a port below the ephemeral range that nothing listens on
  local p
  for _ in $(seq 200); do
    p=$((10000 + RANDOM % (lo - 10000)))
    if [[ "$used" != *" $p "* ]] && ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      used+="$p "; echo "$p"; return
    fi
  done
  echo "etcd-cluster.sh: no free port" >&2; exit 1
}
declare -a cport pport
initial=""
for i in $(seq "$N"); do
  cport[$i]=$(free_port); pport[$i]=$(free_port)
  initial+="${initial:+,}n$i=http://127.0.0.1:${pport[$i]}"
done
endpoints=""
for i in $(seq "$N"); do
  "$ETCD_BIN" --name "n$i" --data-dir "$dir/n$i.etcd" \
    --listen-client-urls "http://127.0.0.1:${cport[$i]}" --advertise-client-urls "http://127.0.0.1:${cport[$i]}" \
    --listen-peer-urls "http://127.0.0.1:${pport[$i]}" --initial-advertise-peer-urls "http://127.0.0.1:${pport[$i]}" \
    --initial-cluster "$initial" --initial-cluster-token etcd-cluster-sh --initial-cluster-state new \
    --log-level error --logger zap > "$dir/n$i.log" 2>&1 &
  pids+=($!)
  endpoints+="${endpoints:+,}http://127.0.0.1:${cport[$i]}"
done
for i in $(seq "$N"); do  # each member's /health must say true within 30 s
  ok=0
  for _ in $(seq 150); do
    if (exec 3<>"/dev/tcp/127.0.0.1/${cport[$i]}" && printf 'GET /health HTTP/1.0\r\n\r\n' >&3 && timeout 2 cat <&3) 2>/dev/null | grep -q '"health":"true"'; then
      ok=1; break
    fi
    sleep 0.2
  done
  [ $ok = 1 ] || { echo "etcd-cluster.sh: member n$i not healthy within 30 s; log:" >&2; tail -5 "$dir/n$i.log" >&2; exit 1; }
done
echo "ENDPOINTS=$endpoints"
echo "data and logs in $dir (removed on exit); holding for ${HOLD}s, Ctrl-C to stop" >&2
sleep "$HOLD" & wait $!
