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

/// Where safety verdicts come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SafetyOracle {
    /// The running kernel's verifier (`BPF_PROG_LOAD`), used when it accepts the input.
    Kernel,
}

/// Picks a safety oracle for `prog`: the kernel verifier if it accepts the input.
pub fn choose_safety(prog: &Program) -> Result<SafetyOracle, String> {
    match crate::kernel::load(prog) {
        Ok(_) => Ok(SafetyOracle::Kernel),
        Err(rej) => {
            let last = rej.log.lines().rev().find(|l| !l.trim().is_empty() && !l.starts_with("processed")).unwrap_or("");
            Err(format!(
                "no safety oracle for this input: the kernel verifier rejects the original as {} ({}; errno {})",
                prog.prog_type.name(),
                last.trim(),
                rej.errno
            ))
        }
    }
}

/// Asks `oracle` whether `insns` (with `ja +0` slots, removed before loading) is safe.
pub fn check_safety(oracle: SafetyOracle, prog: &Program, insns: &[Insn]) -> Result<(), String> {
    match oracle {
        SafetyOracle::Kernel => {
            let mut p = prog.clone();
            p.insns = compact(insns);
            crate::kernel::load(&p).map(|_| ()).map_err(|r| format!("kernel verifier: errno {}", r.errno))
        }
    }
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
        check_safety(oracle, prog, &best).map_err(|e| format!("internal: final program refused: {e}"))?;
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
