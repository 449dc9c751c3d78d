# Go back-end (MPCal -> Go): PGo's GoGenFileTests inputs; needs go (/usr/local/go/bin).
cargo test --release -p vf-mpcal --features conformance --test gogen_conformance -- --nocapture
rc=$?
# go/systems/<sys>/<sys>.go are committed gogen output for PGo's system specs (which stay in
# ../shared): each must be exactly what the current gogen prints.
tmp=$(mktemp -d)
while read -r out pkg spec; do
  if target/release/veriforge -q mpcal gogen "$VERIFORGE_SHARED/corpora/mpcal/systems/$spec" -o "$tmp/$pkg.go" --package "$pkg" \
    && cmp "$tmp/$pkg.go" "$out"; then
    echo "SUMMARY gogen $spec: $out is current"
  else
    echo "FAIL gogen $spec: $out is stale: regenerate it with veriforge mpcal gogen \$VERIFORGE_SHARED/corpora/mpcal/systems/$spec -o $out --package $pkg"
    rc=1
  fi
done <<'LIST'
go/systems/raftkvs/raftkvs.go raftkvs raftkvs/raftkvs.tla
go/systems/proxy/proxy.go proxy proxy/proxy.tla
go/systems/loadbalancer/loadbalancer.go loadbalancer loadbalancer/load_balancer.tla
go/systems/replicatedkv/replicatedkv.go replicatedkv replicatedkv/replicated_kv.tla
go/systems/pbkvs/pbkvs.go pbkvs pbkvs/pbkvs.tla
go/systems/raftres/raft/raft.go raft raftres/raft/raft.tla
go/systems/raftres/kv/kv.go kv raftres/kv/kv.tla
go/systems/pgo/locksvc/locksvc.go locksvc locksvc/locksvc.tla
go/systems/pgo/dqueue/dqueue.go dqueue dqueue/dqueue.tla
go/systems/pgo/gcounter/gcounter.go gcounter gcounter/gcounter.tla
go/systems/pgo/shopcart/shopcart.go shopcart shopcart/shopcart.tla
LIST
# Every config of PGo's raftkvs, pbkvs and raftres is accepted by our glue (cmd/<sys> -check).
for sys in raftkvs pbkvs raftres; do
  (cd go && PATH=/usr/local/go/bin:$PATH go build -o "$tmp/$sys" ./systems/$sys/cmd/$sys) || rc=1
  n=0; bad=0
  for f in "$VERIFORGE_SHARED"/corpora/mpcal/systems/$sys/configs/*.yaml; do
    n=$((n+1))
    "$tmp/$sys" -check -c "$f" >/dev/null || { bad=$((bad+1)); rc=1; }
  done
  echo "SUMMARY $sys configs: $((n-bad))/$n accepted"
done
rm -rf "$tmp"
exit $rc
