//! Conformance over ../shared/corpora/bpf (feature `conformance`); filled in below.
