//! Program-level optimization: safety oracle selection, the search, and the
//! final independent checks before anything is emitted.

use crate::equiv::cache::ProofCache;
use crate::equiv::diff;
use crate::equiv::window::Solver;
use crate::isa::{self, Insn};
use crate::opt::{compact, optimize, OptOptions};
use crate::program::Program;
use serde::Serialize;
use vf_search::Observer;

/// Where safety verdicts come from: every oracle that accepts the input must accept
/// each candidate (the in-process checker is conservative; the kernel verifier is the
/// ground truth when it can load the program here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SafetyOracle {
    pub checker: bool,
    pub kernel: bool,
}

fn kernel_reason(rej: &crate::kernel::Rejection) -> String {
    let last = rej.log.lines().rev().find(|l| !l.trim().is_empty() && !l.starts_with("processed")).unwrap_or("");
    format!("{} (errno {})", last.trim(), rej.errno)
}

/// Picks the safety oracles that accept the input itself; fails if none does.
pub fn choose_safety(prog: &Program) -> Result<SafetyOracle, String> {
    let checker = crate::safety::check(prog);
    let kernel = crate::kernel::load(prog);
    let oracle = SafetyOracle { checker: checker.is_ok(), kernel: kernel.is_ok() };
    if oracle.checker || oracle.kernel {
        return Ok(oracle);
    }
    Err(format!(
        "no safety oracle accepts the input as {}: checker: {}; kernel: {}",
        prog.prog_type.name(),
        checker.err().map(|e| e.to_string()).unwrap_or_default(),
        kernel.err().map(|r| kernel_reason(&r)).unwrap_or_default()
    ))
}

/// Asks the oracles whether `insns` (with `ja +0` slots, removed before checking) is safe.
/// A rejection names the offending slot of `insns` when the checker reports one.
pub fn check_safety(oracle: SafetyOracle, prog: &Program, insns: &[Insn]) -> Result<(), (Option<usize>, String)> {
    let mut p = prog.clone();
    p.insns = compact(insns);
    if oracle.checker {
        if let Err(e) = crate::safety::check(&p) {
            let kept: Vec<usize> = (0..insns.len()).filter(|&k| !insns[k].is_nop() || (k > 0 && insns[k - 1].is_lddw())).collect();
            return Err((kept.get(e.pc).copied(), format!("safety checker: {e}")));
        }
    }
    if oracle.kernel {
        crate::kernel::load(&p).map_err(|r| (None, format!("kernel verifier: {}", kernel_reason(&r))))?;
    }
    Ok(())
}

/// What an optimization run did.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub original_count: usize,
    pub count: usize,
    pub time_to_best_s: f64,
    pub total_s: f64,
    pub iterations: u64,
    pub iterations_per_s: f64,
    pub chains: usize,
    pub safety: SafetyOracle,
    /// Random inputs on which the reference interpreter saw identical behaviour.
    pub differential_inputs: usize,
    pub counters: Vec<(String, u64)>,
    /// (seconds, best instruction count) whenever the best improved.
    pub trace: Vec<(f64, f64)>,
}

/// Optimizes `prog`; the returned instructions keep deleted slots as `ja +0`.
/// Fails (emitting nothing) if the final independent checks disagree with the proofs.
pub fn optimize_program(
    prog: &Program,
    opts: &OptOptions,
    solver: &dyn Solver,
    cache: &ProofCache,
    observer: &dyn Observer,
    differential_inputs: usize,
) -> Result<(Vec<Insn>, Report), String> {
    let oracle = choose_safety(prog)?;
    let safety = |insns: &[Insn]| check_safety(oracle, prog, insns);
    let out = optimize(&prog.insns, opts, solver, cache, &safety, observer).map_err(|e| e.to_string())?;
    let best = out.insns;
    if best != prog.insns {
        check_safety(oracle, prog, &best).map_err(|e| format!("internal: final program refused: {}", e.1))?;
        if let Some(m) = diff::differential(prog, &compact(&best), differential_inputs, opts.search.seed ^ 0xd1ff)? {
            return Err(format!(
                "internal: proven program disagrees with the input on random input #{} (result {:?} vs {:?}); nothing emitted",
                m.index, m.a.result, m.b.result
            ));
        }
    }
    let s = &out.search;
    let report = Report {
        original_count: out.original_count,
        count: isa::count_real(&best),
        time_to_best_s: s.trace.points.last().map(|p| p.time_s).unwrap_or(0.0),
        total_s: s.elapsed.as_secs_f64(),
        iterations: s.iterations,
        iterations_per_s: s.iterations_per_s(),
        chains: s.chains.len(),
        safety: oracle,
        differential_inputs,
        counters: s.counters.clone(),
        trace: s.trace.points.iter().map(|p| (p.time_s, p.cost)).collect(),
    };
    Ok((best, report))
}
