# Go back-end (MPCal -> Go): PGo's GoGenFileTests inputs; needs go (/usr/local/go/bin).
cargo test --release -p vf-mpcal --features conformance --test gogen_conformance -- --nocapture
rc=$?
# go/systems/<sys>/<sys>.go are committed gogen output for PGo's system specs (which stay in
# ../shared): each must be exactly what the current gogen prints.
tmp=$(mktemp -d)
for entry in raftkvs:raftkvs/raftkvs.tla proxy:proxy/proxy.tla loadbalancer:loadbalancer/load_balancer.tla replicatedkv:replicatedkv/replicated_kv.tla pbkvs:pbkvs/pbkvs.tla; do
  pkg=${entry%%:*}; spec=$VERIFORGE_SHARED/corpora/mpcal/systems/${entry#*:}
  if target/release/veriforge -q mpcal gogen "$spec" -o "$tmp/$pkg.go" --package "$pkg" \
    && cmp "$tmp/$pkg.go" "go/systems/$pkg/$pkg.go"; then
    echo "SUMMARY gogen $pkg: go/systems/$pkg/$pkg.go is current"
  else
    echo "FAIL gogen $pkg: go/systems/$pkg/$pkg.go is stale: regenerate it with veriforge mpcal gogen \$VERIFORGE_SHARED/corpora/mpcal/systems/${entry#*:} -o go/systems/$pkg/$pkg.go --package $pkg"
    rc=1
  fi
done
# Every config of PGo's raftkvs and pbkvs is accepted by our glue (cmd/<sys> -check).
for sys in raftkvs pbkvs; do
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
