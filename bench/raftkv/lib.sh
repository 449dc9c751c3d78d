# Shared by run.sh, faults.sh and etcd-cluster.sh (sourced). Builds, outside the repository:
#  - etcd (default v3.5.35) from the Go module proxy into $VERIFORGE_CACHE/etcd-<version>/bin/etcd
#    (a throwaway module requiring go.etcd.io/etcd/server/v3, whose main package is etcd:
#    `go install ...@version` refuses it because its go.mod has replace directives);
#  - our raftkvs server and the kvbench driver into $VERIFORGE_CACHE/raftkv-bench/.
set -euo pipefail
RAFTKV_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$RAFTKV_DIR/../.." && pwd)
export PATH=/usr/local/go/bin:$PATH
VERIFORGE_CACHE=${VERIFORGE_CACHE:-$HOME/.cache/veriforge}
ETCD_VERSION=${ETCD_VERSION:-v3.5.35}
ETCD_BIN=${ETCD_BIN:-$VERIFORGE_CACHE/etcd-$ETCD_VERSION/bin/etcd}
BENCH_BIN=$VERIFORGE_CACHE/raftkv-bench
PY=${VERIFORGE_PYTHON:-$REPO/.venv/bin/python}
[ -x "$PY" ] || PY=python3

build_etcd() {
  if [ -x "$ETCD_BIN" ]; then return; fi
  local d=$VERIFORGE_CACHE/etcd-$ETCD_VERSION
  echo "building etcd $ETCD_VERSION into $d (Go module proxy; a few minutes the first time)" >&2
  mkdir -p "$d/build"
  printf 'module veriforge.local/etcdbuild\n\ngo 1.22\n' > "$d/build/go.mod"
  (cd "$d/build" && timeout 1200 go get "go.etcd.io/etcd/server/v3@$ETCD_VERSION" \
     && timeout 1200 go build -o "$ETCD_BIN" go.etcd.io/etcd/server/v3)
  "$ETCD_BIN" --version | head -1 >&2
}

build_bench() {
  mkdir -p "$BENCH_BIN"
  (cd "$REPO/go" && timeout 600 go build -o "$BENCH_BIN/raftkvs" ./systems/raftkvs/cmd/raftkvs)
  (cd "$RAFTKV_DIR" && timeout 600 go build -o "$BENCH_BIN/kvbench" ./cmd/kvbench)
}
