#!/usr/bin/env bash
cargo test --release -p vf-bpf --features conformance --test conformance -- --nocapture
