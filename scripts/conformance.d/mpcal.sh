cargo test --release -p vf-mpcal --features conformance --test conformance -- --nocapture
