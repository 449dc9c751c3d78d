# mpcal Go back-end: compile the lock service spec to Go, then run it as 4 OS processes (a server
# and 3 clients, 3 rounds each) on loopback TCP, and check the clients' critical sections never
# overlapped. Needs go (/usr/local/go/bin); skipped with a message without it.
set -euo pipefail
export PATH=/usr/local/go/bin:$PATH
if ! command -v go >/dev/null; then
  echo "skipped: go not found"
  exit 0
fi
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
vf=$PWD/target/release/veriforge
$vf mpcal gogen go/systems/locksvc/locksvc.tla -o "$tmp/locksvc.go" --package locksvc
if cmp -s "$tmp/locksvc.go" go/systems/locksvc/locksvc.go; then
  echo "gogen: go/systems/locksvc/locksvc.go is up to date ($(wc -l < "$tmp/locksvc.go") lines)"
else
  echo "gogen: generated Go differs from go/systems/locksvc/locksvc.go" >&2
  exit 1
fi
(cd go && go build -o "$tmp/locksvc" ./systems/locksvc/cmd/locksvc)
ports=$(python3 -c 'import socket
ss=[socket.socket() for _ in range(4)]
[s.bind(("127.0.0.1",0)) for s in ss]
print(",".join(f"{i}=127.0.0.1:{s.getsockname()[1]}" for i,s in enumerate(ss)))')
"$tmp/locksvc" -role server -id 0 -peers "$ports" -clients 3 &
pids=()
for c in 1 2 3; do
  "$tmp/locksvc" -role client -id $c -peers "$ports" -clients 3 -rounds 3 -cslog "$tmp/cs.log" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
echo "critical sections (ENTER/EXIT, in the order the kernel appended them):"
paste -sd' ' "$tmp/cs.log"
awk '$1=="ENTER"{if(h!=""){print "overlap: " $2 " entered while " h " held the lock"; bad=1} h=$2}
     $1=="EXIT"{if(h!=$2){print "bad exit " $2; bad=1} h=""}
     END{if(bad) exit 1; print NR/2 " critical sections, mutually exclusive"}' "$tmp/cs.log"
