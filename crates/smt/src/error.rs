//! Errors of the solver layer (sort errors at construction are [`crate::SortError`]).

use std::fmt;

/// Why a solver call failed. A timeout is NOT an error: it is
/// [`crate::CheckResult::Unknown`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmtError {
    /// The solver library or Python module could not be located or loaded.
    /// The message says where we looked and which variable to set.
    SolverNotFound(String),
    /// The solver rejected the input (parse or sort error in SMT-LIB2 text).
    Solver(String),
    /// The worker process or library misbehaved (crashed, garbled reply).
    Backend(String),
    /// The solver's model could not be read back.
    Model(String),
    /// API misuse: pop without push, a name used with two sorts, a non-Bool assertion.
    Usage(String),
    Io(String),
}

impl fmt::Display for SmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmtError::SolverNotFound(m) => write!(f, "solver not found: {m}"),
            SmtError::Solver(m) => write!(f, "solver error: {m}"),
            SmtError::Backend(m) => write!(f, "solver backend failure: {m}"),
            SmtError::Model(m) => write!(f, "cannot read model: {m}"),
            SmtError::Usage(m) => write!(f, "{m}"),
            SmtError::Io(m) => write!(f, "i/o error: {m}"),
        }
    }
}

impl std::error::Error for SmtError {}

impl From<std::io::Error> for SmtError {
    fn from(e: std::io::Error) -> Self {
        SmtError::Io(e.to_string())
    }
}
