//! vf-verify: an SMT verifier for the subset of Verus that verified data structures use.
//!
//! Pipeline: `program` (verus_syn front-end, types) → `vc` (symbolic execution with SSA
//! names, weakest-precondition style checks, spec functions as SMT functions with fuel)
//! → `run` (one z3 query per check through vf-smt, Verus-like report).

pub mod interp;
pub mod prelude;
pub mod program;
pub mod run;
pub mod vc;

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    pub line: usize,
    pub col: usize,
}

/// Why a file cannot be verified at all (exit 2 in the CLI).
#[derive(Debug, Clone)]
pub enum Fail {
    Syntax(Span, String),
    Unsupported(Span, String),
    Type(Span, String),
}

impl Fail {
    pub fn render(&self, file: &str) -> String {
        match self {
            Fail::Syntax(s, m) => format!("{}:{}:{}: syntax error: {}", file, s.line, s.col, m),
            Fail::Unsupported(s, m) => format!("{}:{}:{}: unsupported: {}", file, s.line, s.col, m),
            Fail::Type(s, m) => format!("{}:{}:{}: type error: {}", file, s.line, s.col, m),
        }
    }
}

impl fmt::Display for Fail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.render("<input>"))
    }
}

pub use run::{front_end_work, generate_queries, generate_scripts, verify_source, Options, Report, VerifyError};
