# Go back-end (MPCal -> Go): PGo's GoGenFileTests inputs; needs go (/usr/local/go/bin).
cargo test --release -p vf-mpcal --features conformance --test gogen_conformance -- --nocapture
