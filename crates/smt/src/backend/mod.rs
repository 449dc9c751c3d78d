//! Solver backends. Every backend consumes SMT-LIB2 text, so what a backend
//! solves is exactly what `Query::to_smtlib2` exports for re-checking.

pub mod bitwuzla;
pub mod cvc5;
pub mod locate;
pub mod z3;

use crate::error::SmtError;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// Which solver answers queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// z3 5.4, in process (`libz3.so` via dlopen).
    Z3,
    /// Bitwuzla 0.9.1, persistent worker process (PyPI module).
    Bitwuzla,
    /// z3 and Bitwuzla raced on two threads; first definite answer wins.
    Portfolio,
    /// cvc5 1.4.2, in process (C API of the wheel's `libcvc5`); not interruptible,
    /// bounded by its own per-check time limit.
    Cvc5,
}

impl Backend {
    pub const ALL: [Backend; 4] = [Backend::Z3, Backend::Bitwuzla, Backend::Cvc5, Backend::Portfolio];

    pub fn name(self) -> &'static str {
        match self {
            Backend::Z3 => "z3",
            Backend::Bitwuzla => "bitwuzla",
            Backend::Portfolio => "portfolio",
            Backend::Cvc5 => "cvc5",
        }
    }

    /// The single solvers this backend runs.
    pub(crate) fn members(self) -> &'static [Backend] {
        match self {
            Backend::Z3 => &[Backend::Z3],
            Backend::Bitwuzla => &[Backend::Bitwuzla],
            Backend::Portfolio => &[Backend::Z3, Backend::Bitwuzla],
            Backend::Cvc5 => &[Backend::Cvc5],
        }
    }

    /// Checks that the solver can be found and loaded; returns its version.
    pub fn probe(self) -> Result<String, SmtError> {
        match self {
            Backend::Z3 => z3::version(),
            Backend::Bitwuzla => bitwuzla::version(),
            Backend::Portfolio => Ok(format!("{} + {}", z3::version()?, bitwuzla::version()?)),
            Backend::Cvc5 => cvc5::version(),
        }
    }
}

/// Bitwuzla: fastest on the many small bit-vector queries of bench/smt (see ARCHITECTURE.md).
impl Default for Backend {
    fn default() -> Backend {
        Backend::Bitwuzla
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Backend, String> {
        match s {
            "z3" => Ok(Backend::Z3),
            "bitwuzla" => Ok(Backend::Bitwuzla),
            "portfolio" => Ok(Backend::Portfolio),
            "cvc5" => Ok(Backend::Cvc5),
            other => Err(format!("unknown backend `{other}` (z3, bitwuzla, cvc5, portfolio)")),
        }
    }
}

/// What a backend printed for a batch of commands, or that it was killed.
pub(crate) enum RunOutput {
    Text(String),
    /// The engine was stopped (portfolio loser, watchdog) and lost its state.
    Killed,
}

/// Stops a running query from another thread.
#[derive(Clone)]
pub(crate) struct Interrupter(pub(crate) Arc<dyn Fn() + Send + Sync>);

impl Interrupter {
    pub(crate) fn interrupt(&self) {
        (self.0)()
    }
}

/// One live solver instance speaking SMT-LIB2.
pub(crate) trait Engine: Send {
    fn name(&self) -> &'static str;
    /// Executes SMT-LIB2 commands; returns what the solver printed.
    fn run(&mut self, commands: &str) -> Result<RunOutput, SmtError>;
    /// Makes a running check answer `unknown` soon (keeps the engine's state).
    fn interrupter(&self) -> Interrupter;
    /// Last resort when `interrupter` did not help: may discard the engine's state.
    fn killer(&self) -> Interrupter {
        self.interrupter()
    }
    /// Forgets all assertions and declarations (restarting a dead worker).
    fn reset(&mut self) -> Result<(), SmtError>;
    /// True when assertions sent earlier are gone (killed worker, parser error).
    fn lost_state(&self) -> bool;
    /// Declarations survive `pop` (see `Emitter` global mode).
    fn global_declarations(&self) -> bool {
        false
    }
}

/// `session`: the engine serves an incremental `Solver` (vs. a raw script).
pub(crate) fn make_engine(b: Backend, timeout: Option<Duration>, session: bool) -> Result<Box<dyn Engine>, SmtError> {
    match b {
        Backend::Z3 => Ok(Box::new(z3::Z3Engine::new(timeout)?)),
        Backend::Bitwuzla => Ok(Box::new(bitwuzla::BitwuzlaEngine::new(timeout, session)?)),
        Backend::Cvc5 => Ok(Box::new(cvc5::Cvc5Engine::new(timeout, session)?)),
        Backend::Portfolio => Err(SmtError::Usage("portfolio is not a single engine".into())),
    }
}
