# mpcal Go back-end: PGo's Raft KV (go/systems/raftkvs, gogen output of PGo's raftkvs.tla) as 3
# server processes on loopback TCP with persistent state: put and get, SIGKILL the leader, get
# again (a new leader answers), restart the killed server from its data directory and read
# through it. Needs go (/usr/local/go/bin); skipped with a message without it.
set -euo pipefail
export PATH=/usr/local/go/bin:$PATH
if ! command -v go >/dev/null; then
  echo "skipped: go not found"
  exit 0
fi
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$tmp"' EXIT
(cd go && go build -o "$tmp/raftkvs" ./systems/raftkvs/cmd/raftkvs)
python3 - "$tmp/cluster.yaml" <<'PY'
import socket, sys
ss = [socket.socket() for _ in range(4)]
for s in ss: s.bind(("127.0.0.1", 0))
a = [f"127.0.0.1:{s.getsockname()[1]}" for s in ss]
cfg = """numServers: 3
numClients: 1
debug: false
persist: true
clientRequestTimeout: 500ms
fd: {pullInterval: 100ms, timeout: 100ms}
mailboxes: {receiveChanSize: 10000, dialTimeout: 200ms, readTimeout: 20ms, writeTimeout: 500ms}
leaderElection: {timeout: 300ms, timeoutOffset: 300ms}
appendEntriesSendInterval: 20ms
sharedResourceTimeout: 5ms
inputChanReadTimeout: 5ms
servers:
""" + "".join(f"  {i+1}: {{mailboxAddr: \"{a[i]}\", monitorAddr: \"127.0.0.1:1\"}}\n" for i in range(3)) + f"clients:\n  1: {{mailboxAddr: \"{a[3]}\"}}\n"
open(sys.argv[1], "w").write(cfg)
PY
declare -A pid
start() { "$tmp/raftkvs" -srvId "$1" -c "$tmp/cluster.yaml" -data "$tmp/data-$1" -status 100ms > "$tmp/s$1.log" & pid[$1]=$!; }
client() { timeout 60 "$tmp/raftkvs" -clientId 1 -c "$tmp/cluster.yaml" -timeout 20s; }
leader() {
  for _ in $(seq 100); do
    for i in 1 2 3; do
      if [ -n "${pid[$i]:-}" ] && tail -n 1 "$tmp/s$i.log" 2>/dev/null | grep -q "state=leader"; then echo "$i"; return; fi
    done
    sleep 0.1
  done
  echo "no leader" >&2; return 1
}
for i in 1 2 3; do start $i; done
l=$(leader)
echo "3 servers up, leader: server $l"
echo "client: put x 1, put y 2, get x ->"; printf 'put x 1\nput y 2\nget x\n' | client | paste -sd' '
kill -9 "${pid[$l]}"; wait "${pid[$l]}" 2>/dev/null || true; unset "pid[$l]"
echo "SIGKILL server $l (the leader)"
echo "client: get x, put x 3, get y ->"; out=$(printf 'get x\nput x 3\nget y\n' | client | paste -sd' '); echo "$out"
[ "$out" = "VALUE 1 OK VALUE 2" ] || { echo "unexpected answers after the leader kill" >&2; exit 1; }
echo "new leader: server $(leader)"
start "$l"
sleep 0.5
grep -m1 RESTORED "$tmp/s$l.log"
echo "client: get x ->"; out=$(printf 'get x\n' | client); echo "$out"
[ "$out" = "VALUE 3" ] || { echo "unexpected answer after the restart" >&2; exit 1; }
tail -qn 1 "$tmp"/s[123].log
