//! The superoptimizer: automatic windows, MCMC search over window rewrites
//! (`vf-search`), SMT proofs per rewritten window, safety check of every
//! emitted program.

pub mod alu32;
pub mod analysis;
pub mod atomics;
pub mod branches;
pub mod operands;
pub mod coalesce;
pub mod coalesce_n;
pub mod cost;
pub mod driver;
pub mod interp;
pub mod mutate;
pub mod problem;
pub mod rules;
pub mod stack;
pub mod stores;
pub mod window;

use crate::equiv::cache::ProofCache;
use crate::equiv::window::Solver;
use crate::isa::{self, Insn, Kind};
pub use problem::{BpfProblem, Cand, ProblemConfig, SafetyCheck};
use vf_search::{Config, Observer, RestartFrom, Schedule, SearchResult};

/// Options of one optimization run.
#[derive(Clone, Debug)]
pub struct OptOptions {
    pub search: Config,
    pub problem: ProblemConfig,
    /// Rule database: applied as a pre-pass (every firing re-proven), fed with the search's proofs.
    pub rules: Option<std::sync::Arc<rules::RuleDb>>,
    /// Search in rounds whose windows grow to basic-block size (`driver::search_rounds`).
    pub grow_windows: bool,
    /// Run the memory-access coalescing pass (`coalesce`, every firing proven) before the search.
    pub coalesce: bool,
    /// Run the redundant/dead stack-store elimination (`stores`, every deletion proven) before
    /// and after the search.
    pub stores: bool,
    /// Fold constant operands of conditional jumps into immediates (each proven) and delete the
    /// definitions this leaves dead, before everything else (`branches`).
    pub branches: bool,
    /// Fold known-constant register operands of stores and ALU instructions into immediates
    /// (each proven) and delete the definitions this leaves dead (`operands`).
    pub operands: bool,
    /// Replace map-value/stack read-modify-writes by atomic adds (each proven; `atomics`).
    pub atomics: bool,
    /// 64-bit masks and zero-extensions by 32-bit ALU instructions, dead constants removed
    /// (each proven; `alu32`).
    pub alu32: bool,
}

impl Default for OptOptions {
    fn default() -> Self {
        OptOptions {
            search: Config {
                schedule: Schedule::Constant(1.0),
                restart_after: Some(200_000),
                restart_from: RestartFrom::ChainBest,
                // chain 0 exploits, chain 1 explores through wrong intermediate programs
                chain_temperature_scale: vec![1.0, 2.0],
                ..Config::default()
            },
            problem: ProblemConfig::default(),
            rules: None,
            grow_windows: false,
            coalesce: true,
            stores: true,
            branches: true,
            operands: true,
            atomics: true,
            alu32: true,
        }
    }
}

/// The outcome: the best proven and safe program (deleted slots as `ja +0`).
pub struct OptOutcome {
    pub insns: Vec<Insn>,
    pub original_count: usize,
    pub count: usize,
    pub search: SearchResult<Cand>,
    /// Every window rewrite proven during the search (input of the rule database).
    pub learned: Vec<rules::ProvenRewrite>,
}

/// Runs the search. The result is either the input itself or a program whose every
/// rewritten window was proven equivalent and that passed `safety`.
pub fn optimize(
    insns: &[Insn],
    opts: &OptOptions,
    solver: &dyn Solver,
    cache: &ProofCache,
    safety: &SafetyCheck,
    observer: &dyn Observer,
) -> Result<OptOutcome, isa::IsaError> {
    let mut pcfg = opts.problem.clone();
    pcfg.seed = opts.search.seed;
    if let Some(t) = opts.search.budget.time {
        pcfg.deadline = Some(std::time::Instant::now() + t);
    }
    let problem = BpfProblem::new(insns, pcfg, solver, cache, safety)?;
    let result = vf_search::run(&problem, &opts.search, observer);
    let best = result.best.insns.clone();
    Ok(OptOutcome {
        count: isa::count_real(&best),
        original_count: problem.original_count(),
        insns: best,
        search: result,
        learned: problem.learned(),
    })
}

/// Removes `ja +0` slots and re-targets jumps (a jump to a removed slot goes to the
/// next kept one). Local-call offsets are fixed the same way.
pub fn compact(insns: &[Insn]) -> Vec<Insn> {
    let n = insns.len();
    // new_index[pc] = number of kept slots before pc (also valid for pc == n)
    let mut new_index = vec![0usize; n + 1];
    let mut kept = 0;
    for pc in 0..n {
        new_index[pc] = kept;
        if !is_deleted(insns, pc) {
            kept += 1;
        }
    }
    new_index[n] = kept;
    let kinds = isa::validate(insns).ok();
    let mut out = Vec::with_capacity(kept);
    for pc in 0..n {
        if is_deleted(insns, pc) {
            continue;
        }
        let mut i = insns[pc];
        let kind = kinds.as_ref().map(|k| k[pc]);
        let retarget = |off: i64| -> i64 {
            let t = (pc as i64 + 1 + off).clamp(0, n as i64) as usize;
            new_index[t] as i64 - (new_index[pc] as i64 + 1)
        };
        match kind {
            Some(Kind::Ja | Kind::Jcond { .. }) => {
                if i.code == isa::BPF_JMP32 | isa::BPF_JA {
                    i.imm = retarget(i.imm as i64) as i32;
                } else {
                    i.off = retarget(i.off as i64) as i16;
                }
            }
            Some(Kind::CallLocal(imm)) => i.imm = retarget(imm as i64) as i32,
            _ => {}
        }
        out.push(i);
    }
    out
}

fn is_deleted(insns: &[Insn], pc: usize) -> bool {
    insns[pc].is_nop() && !(pc > 0 && insns[pc - 1].is_lddw())
}
