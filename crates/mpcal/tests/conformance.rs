//! Conformance suite over ../shared (filled in below).
fn main() {}
