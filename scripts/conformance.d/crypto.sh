cargo test --release -p vf-x86 --features conformance --test conformance -- --nocapture
