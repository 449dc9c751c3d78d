//! Solving SMT-LIB2 files as they are (the `veriforge smt solve` command and
//! the cross-check of exported queries).

use crate::backend::{make_engine, Backend, Engine, RunOutput};
use crate::error::SmtError;
use crate::solver::SolverConfig;
use std::sync::mpsc;
use std::time::Duration;

/// What a solver said about a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawOutcome {
    /// One of "sat"/"unsat"/"unknown" per `check-sat` in the script, in order.
    pub answers: Vec<String>,
    /// The model text (`get-model`) after a final `sat`, if asked for.
    pub model: Option<String>,
    /// The solver that produced the answers.
    pub solver: Backend,
}

impl RawOutcome {
    /// The answer of the last check-sat ("unknown" if the script had none).
    pub fn last(&self) -> &str {
        self.answers.last().map(String::as_str).unwrap_or("unknown")
    }
}

fn answers_in(out: &str) -> Vec<String> {
    out.lines().map(str::trim).filter(|l| matches!(*l, "sat" | "unsat" | "unknown")).map(String::from).collect()
}

fn solve_on(engine: &mut dyn Engine, solver: Backend, text: &str, want_model: bool, limit: Option<Duration>) -> Result<RawOutcome, SmtError> {
    let out = match crate::solver::run_with_watchdog(engine, text, limit)? {
        RunOutput::Text(t) => t,
        RunOutput::Killed => return Ok(RawOutcome { answers: vec!["unknown".into()], model: None, solver }),
    };
    let answers = answers_in(&out);
    let mut model = None;
    if want_model && answers.last().map(String::as_str) == Some("sat") {
        if let RunOutput::Text(m) = engine.run("(get-model)\n")? {
            model = Some(m.trim().to_string());
        }
    }
    Ok(RawOutcome { answers, model, solver })
}

/// Runs an SMT-LIB2 script (with its own `check-sat` commands) on `backend`.
/// Parse and sort errors reported by the solver come back as `SmtError::Solver`.
/// The text is checked first (`script::check_script`) so every backend reports malformed text
/// (NUL bytes, unbalanced parentheses, no commands) the same way, as `line L column C: problem`.
///
/// In-process solvers parse and walk the script's terms recursively (cvc5 overflowed an 8 MiB
/// stack on 200,000 nested `(not ...)`): nesting is bounded by the check
/// (`script::MAX_NESTING`) and the solvers run on threads with `SOLVER_STACK` bytes of stack.
pub fn solve_smtlib2(backend: Backend, text: &str, config: &SolverConfig, want_model: bool) -> Result<RawOutcome, SmtError> {
    crate::script::check_script(text).map_err(|e| SmtError::Solver(format!("line {} column {}: {}", e.line, e.col, e.message)))?;
    std::thread::scope(|scope| {
        let h = std::thread::Builder::new()
            .name("smt-solve".into())
            .stack_size(SOLVER_STACK)
            .spawn_scoped(scope, || solve_checked(backend, text, config, want_model))
            .map_err(|e| SmtError::Backend(format!("cannot start the solver thread: {e}")))?;
        h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// Stack of the threads that run in-process solvers on user scripts (only touched pages are
/// backed by memory).
pub const SOLVER_STACK: usize = 1 << 30;

fn solve_checked(backend: Backend, text: &str, config: &SolverConfig, want_model: bool) -> Result<RawOutcome, SmtError> {
    let limit = config.timeout.map(|t| t + t / 4 + Duration::from_millis(500));
    let mut engines = backend
        .members()
        .iter()
        .map(|b| make_engine(*b, config.timeout, false).map(|e| (*b, e)))
        .collect::<Result<Vec<_>, _>>()?;
    if engines.len() == 1 {
        let (b, e) = &mut engines[0];
        return solve_on(e.as_mut(), *b, text, want_model, limit);
    }
    let stoppers: Vec<_> = engines.iter().map(|(_, e)| e.interrupter()).collect();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for (i, (b, e)) in engines.iter_mut().enumerate() {
            let tx = tx.clone();
            let b = *b;
            let spawned = std::thread::Builder::new().stack_size(SOLVER_STACK).spawn_scoped(scope, move || {
                let _ = tx.send((i, solve_on(e.as_mut(), b, text, want_model, limit)));
            });
            if let Err(e) = spawned {
                return Err(SmtError::Backend(format!("cannot start a portfolio thread: {e}")));
            }
        }
        drop(tx);
        let mut fallback: Option<Result<RawOutcome, SmtError>> = None;
        while let Ok((i, r)) = rx.recv() {
            match r {
                Ok(o) if o.last() != "unknown" => {
                    for (j, s) in stoppers.iter().enumerate() {
                        if j != i {
                            s.interrupt();
                        }
                    }
                    return Ok(o);
                }
                // A solver error (bad input) is reported unless the other solver answers.
                other => {
                    if fallback.as_ref().map_or(true, |f| f.is_ok() && other.is_err()) {
                        fallback = Some(other);
                    }
                }
            }
        }
        fallback.unwrap_or_else(|| Err(SmtError::Backend("portfolio produced no result".into())))
    })
}
