//! PlusCal / Modular PlusCal front-end (PGo-compatible): parsing, semantic checks with PGo's error
//! classes and byte offsets, and MPCal -> PlusCal generation.

pub mod ast;
pub mod parser;

pub use parser::{locate_block, parse_block};
pub mod desc;
pub mod render;
