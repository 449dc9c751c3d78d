#!/usr/bin/env bash
cargo test --release -p vf-verify --features conformance --test conformance -- --nocapture
