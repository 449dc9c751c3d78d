//! `vf-smt`: Veriforge's solver layer.
//!
//! * A typed term language ([`Term`], [`Sort`]) for quantifier-free
//!   bit-vectors of any width, Booleans, arrays (bit-vector index -> bit-vector
//!   element) and uninterpreted functions ([`FuncDecl`]). Terms are shared DAGs
//!   (`Arc`, `Send + Sync`) with structural equality and hashing.
//! * Sort checking at construction: [`Term::app`] returns `Result<_, SortError>`;
//!   the builder methods (`x.bvadd(&y)`, `x.extract(7, 0)`, ...) panic on a sort
//!   error, which is always a caller bug. Use `Term::app` for untrusted input.
//! * Note: `a.eq(&b)` / `a.ne(&b)` **build** the SMT terms `(= a b)` / `(distinct a b)`;
//!   `a == b` compares two terms structurally (Rust `PartialEq`).
//! * Concrete values ([`BitVec`], [`Value`]) and the reference evaluator
//!   ([`Model::eval`], [`eval()`]), independent of every solver.
//! * SMT-LIB2 export of every query ([`Query::to_smtlib2`]); set
//!   `VERIFORGE_SMT_DUMP=<dir>` (or [`SolverConfig::dump_dir`]) to write every
//!   checked query to a directory.
//! * Backends ([`Backend`]): z3 5.4 in process (`libz3.so` opened with
//!   `libloading`), Bitwuzla 0.9.1 as a persistent worker process, and a
//!   portfolio racing both on two threads.
//! * Per-check timeouts answer [`CheckResult::Unknown`]; `sat` answers carry a
//!   [`Model`] with concrete values; push/pop and check-sat-assuming.
//!
//! ```no_run
//! use vf_smt::{Backend, CheckResult, Solver, SolverConfig, Term};
//! use std::time::Duration;
//!
//! let x = Term::bv_var("x", 64);
//! // Is x*3 == x<<1 for all x? Ask whether the negation is satisfiable.
//! let lhs = x.bvmul(&Term::bv_const(64, 3));
//! let rhs = x.bvshl(&Term::bv_const(64, 1));
//! let mut s = Solver::new(Backend::Z3, SolverConfig::with_timeout(Duration::from_secs(10)))?;
//! s.assert(&lhs.ne(&rhs))?;
//! match s.check()? {
//!     CheckResult::Unsat => println!("identity holds"),
//!     CheckResult::Sat(model) => {
//!         // Counterexample: evaluate both sides with our own evaluator.
//!         println!("x = {}", model.get_bv("x").unwrap());
//!         assert_ne!(model.eval_bv(&lhs)?, model.eval_bv(&rhs)?);
//!     }
//!     CheckResult::Unknown(reason) => println!("no answer: {reason}"),
//! }
//! println!("{}", s.query().to_smtlib2()?); // the same query for any other solver
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Locating the solvers (all tests FAIL, never skip, when they are missing):
//! `VERIFORGE_Z3_LIB` (path of `libz3.so`), else the first Python among
//! `$VERIFORGE_PYTHON`, `$VERIFORGE_ROOT/.venv/bin/python`, this repo's `.venv`,
//! `python3` that can import the module. See `docs/smt.md`.
//!
//! Trusted: the solvers' `unsat` answers (a proof is "the solver said unsat on
//! this exported script"). Checked: every `sat` model can be re-evaluated with
//! [`Model::eval`]; tests do so.

mod backend;
mod bv;
mod error;
mod eval;
mod raw;
pub mod script;
mod smtlib;
mod solver;
mod term;

pub use backend::locate;
pub use backend::Backend;
pub use bv::BitVec;
pub use error::SmtError;
pub use eval::{eval, ArrayValue, EvalError, FuncTable, Model, Value};
pub use raw::{solve_smtlib2, RawOutcome};
pub use smtlib::{parse_sexps, quote_symbol, Query, Sexp};
pub use solver::{CheckResult, Solver, SolverConfig, DUMP_ENV};
pub use term::{FuncDecl, Op, Sort, SortError, Term};

/// Solves one query from scratch: `Solver::new` + assert all + check (+ assumptions).
pub fn check_query(backend: Backend, query: &Query, config: SolverConfig) -> Result<CheckResult, SmtError> {
    let mut s = Solver::new(backend, config)?;
    for a in &query.assertions {
        s.assert(a)?;
    }
    s.check_assuming(&query.assumptions)
}

/// Is `lhs == rhs` for all values of the free constants? `Unsat` of the
/// negation means proven; `Sat(model)` is a counterexample.
pub fn prove_equal(backend: Backend, lhs: &Term, rhs: &Term, config: SolverConfig) -> Result<CheckResult, SmtError> {
    let mut q = Query::new();
    q.assert(&lhs.ne(rhs));
    check_query(backend, &q, config)
}

#[cfg(test)]
mod tests {
    /// Tracks build formulas on worker threads and move solvers between them.
    #[test]
    fn core_types_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        fn send<T: Send>() {}
        send_sync::<crate::Term>();
        send_sync::<crate::Model>();
        send_sync::<crate::Query>();
        send::<crate::Solver>();
    }
}
