//! Scoping is shared with the model checker: see `vf_tla::resolve`.
pub use vf_tla::resolve::*;
