#!/usr/bin/env bash
# Trace validation of the Raft KV (issue 14 "Done when" 3; the lock service's runs are validated
# in `make test`, crates/cli/tests/mpcal_validate_cli.rs): record a correct 3-node run and one
# whose leader commits without a quorum (go/systems/raftkvs/trace_test.go), then validate both
# against PGo's raftkvs.tla from ../shared. Pass: the correct run is valid, the broken run is
# rejected at the broken leader's handleMsg step that writes commitIndex.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=$HOME/.cargo/bin:/usr/local/go/bin:$PATH
spec="$VERIFORGE_SHARED/corpora/mpcal/systems/raftkvs/raftkvs.tla"
cfg=go/systems/raftkvs/raftkvsValidate.cfg
cargo build --release -q -p veriforge || exit 1
vf=target/release/veriforge
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd go && VERIFORGE_TRACE_OUT="$out" go test -count=1 -run 'TestRecord.*RaftTrace' ./systems/raftkvs/) || { echo "SUMMARY trace validation: recording failed"; exit 1; }
ok_steps=$(cat "$out"/raft/*.jsonl | wc -l)
bad_steps=$(cat "$out"/raft-broken/*.jsonl | wc -l)
good=$("$vf" mpcal validate "$spec" "$out/raft" --config "$cfg"); good_rc=$?
echo "correct run ($ok_steps steps): $good"
bad=$("$vf" mpcal validate "$spec" "$out/raft-broken" --config "$cfg"); bad_rc=$?
echo "broken run ($bad_steps steps): $bad"
pass=0
[ $good_rc -eq 0 ] && [[ "$good" == "trace valid: $ok_steps steps"* ]] && pass=$((pass + 1))
[ $bad_rc -eq 1 ] && [[ "$bad" == "trace invalid:"* ]] && [[ "$bad" == *"label handleMsg"*"commitIndex["*"] := "* ]] && pass=$((pass + 1))
echo "SUMMARY trace validation: raftkvs $pass/2 (correct run accepted, commit-without-quorum run rejected at the faulty step)"
[ $pass -eq 2 ]
