# Go back-end (MPCal -> Go): PGo's GoGenFileTests inputs; needs go (/usr/local/go/bin).
cargo test --release -p vf-mpcal --features conformance --test gogen_conformance -- --nocapture
rc=$?
# go/systems/raftkvs/raftkvs.go is committed gogen output for PGo's raftkvs.tla (which stays in
# ../shared): it must be exactly what the current gogen prints.
tmp=$(mktemp -d)
if target/release/veriforge -q mpcal gogen "$VERIFORGE_SHARED/corpora/mpcal/systems/raftkvs/raftkvs.tla" -o "$tmp/raftkvs.go" --package raftkvs \
  && cmp "$tmp/raftkvs.go" go/systems/raftkvs/raftkvs.go; then
  echo "SUMMARY gogen raftkvs: go/systems/raftkvs/raftkvs.go is current"
else
  echo "FAIL gogen raftkvs: go/systems/raftkvs/raftkvs.go is stale: regenerate it with veriforge mpcal gogen \$VERIFORGE_SHARED/corpora/mpcal/systems/raftkvs/raftkvs.tla -o go/systems/raftkvs/raftkvs.go --package raftkvs"
  rc=1
fi
# Every config of PGo's raftkvs is accepted by our glue (cmd/raftkvs -check).
(cd go && PATH=/usr/local/go/bin:$PATH go build -o "$tmp/raftkvs" ./systems/raftkvs/cmd/raftkvs) || rc=1
n=0; bad=0
for f in "$VERIFORGE_SHARED"/corpora/mpcal/systems/raftkvs/configs/*.yaml; do
  n=$((n+1))
  "$tmp/raftkvs" -check -c "$f" >/dev/null || { bad=$((bad+1)); rc=1; }
done
echo "SUMMARY raftkvs configs: $((n-bad))/$n accepted"
rm -rf "$tmp"
exit $rc
