//! Equivalence checking of eBPF code with SMT.
//!
//! * [`window`]: a rewritten straight-line window against the original under
//!   window-local pre/postconditions (live-out registers, known constants).
//! * [`cache`]: proven rewrites, canonicalized and persisted on disk.

pub mod cache;
pub mod encode;
pub mod diff;
pub mod program;
pub mod window;

pub use window::{prove_window, WindowQuery, WindowVerdict};
