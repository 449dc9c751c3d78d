# mpcal: MPCal -> PlusCal on a bundled example (written to a temp copy; the example stays as is).
set -euo pipefail
tmp=$(mktemp -d)
cp examples/mpcal/counter.tla "$tmp/counter.tla"
target/release/veriforge mpcal check-syntax "$tmp/counter.tla"
target/release/veriforge mpcal pcalgen "$tmp/counter.tla"
sed -n '/BEGIN PLUSCAL TRANSLATION/,/END PLUSCAL TRANSLATION/p' "$tmp/counter.tla"
rm -rf "$tmp"
