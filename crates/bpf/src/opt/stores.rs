//! Redundant-store and dead-store elimination as a proven whole-program pass (issue 16).
//!
//! Proposals come from the stack analyses (`opt::stack`):
//!
//! * **redundant store**: a store to a known stack slot whose bytes the slot already holds on
//!   every path (e.g. re-zeroing stack bytes that the entry block zeroed, across branches);
//! * **dead store**: a store to a known stack slot none of whose bytes any path reads before
//!   overwriting them or the program ending.
//!
//! The analyses only propose. Each deletion (the store becomes `ja +0`) is proven by the window
//! prover in its context like a search window: the one-slot window assumes the known stack bytes
//! at its entry and compares memory after it except the dead bytes (`equiv::window`); the final
//! checks of `bpf opt` re-prove the rewritten runs from SMT-LIB2 with the same facts, and run the
//! differential tests. The whole program is safety-checked once at the end; if the oracle refuses
//! it, the pass is redone with a check after each firing.

use crate::equiv::window::Solver;
use crate::isa::{Insn, Kind};
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::stack::{self, FRAME};
use crate::opt::window::{self, ProgramFacts};
use serde::Serialize;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// What the pass did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StoreStats {
    /// Stores the analyses proposed (redundant or dead) and sent to the prover.
    pub tried: usize,
    /// Proven (and safe): deleted.
    pub redundant_removed: usize,
    pub dead_removed: usize,
    /// Not proven equivalent (refuted, unknown or timeout).
    pub refuted: usize,
    /// Proven but refused by the safety oracle.
    pub unsafe_: usize,
    pub seconds: f64,
}

/// Why a store may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proposal {
    Redundant,
    Dead,
}

/// Stores of `insns` the stack analyses consider removable, in program order.
pub fn proposals(insns: &[Insn], facts: &ProgramFacts) -> Vec<(usize, Proposal)> {
    let Some(sa) = &facts.stack else { return Vec::new() };
    let mut out = Vec::new();
    for (rs, re) in window::runs(insns, facts) {
        for pc in rs..re {
            let i = &insns[pc];
            if !matches!(facts.kinds[pc], Kind::St { .. } | Kind::Stx { .. }) || sa.on_cycle[pc] {
                continue;
            }
            let (Some(p), Some(c)) = (sa.ptrs[pc], facts.consts[pc]) else { continue };
            let Some(b) = p[i.dst as usize & 15] else { continue };
            let n = i.access_bytes();
            let lo = b as i64 + i.off as i64 + FRAME as i64;
            if lo < 0 || lo + n as i64 > FRAME as i64 {
                continue;
            }
            let lo = lo as usize;
            let value = match facts.kinds[pc] {
                Kind::St { .. } => Some(i.imm as i64 as u64),
                _ => c[i.src as usize & 15],
            };
            let known = sa.known[pc].as_ref();
            if let (Some(v), Some(k)) = (value, known) {
                if (0..n).all(|j| k[lo + j] == Some((v >> (8 * j)) as u8)) {
                    out.push((pc, Proposal::Redundant));
                    continue;
                }
            }
            if pc + 1 < insns.len() && (0..n).all(|j| !stack::is_set(&sa.live_in[pc + 1], lo + j)) {
                out.push((pc, Proposal::Dead));
            }
        }
    }
    out
}

/// Deletes every proposed store the prover confirms; see the module comment.
#[allow(clippy::too_many_arguments)]
pub fn eliminate(
    insns: &[Insn],
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, StoreStats) {
    window::run_pass(insns, solver, calls, timeout, deadline, safety, |ctx| run(insns, ctx), |s| &mut s.seconds)
}

fn run(insns: &[Insn], ctx: &window::PassCtx) -> (Vec<Insn>, StoreStats) {
    let window::PassCtx { solver, calls, timeout, deadline, safety } = *ctx;
    let mut stats = StoreStats::default();
    let mut cur = insns.to_vec();
    let Ok(mut facts) = ProgramFacts::new(&cur) else { return (cur, stats) };
    let mut tried: HashSet<usize> = HashSet::new();
    'rescan: loop {
        // redundant stores first: a store that is dead only because later stores rewrite the
        // same bytes with the same value should stay, and those later stores go
        let mut props = proposals(&cur, &facts);
        props.sort_by_key(|&(pc, why)| (why == Proposal::Dead, pc));
        for (pc, why) in props {
            if !tried.insert(pc) {
                continue;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break 'rescan;
            }
            stats.tried += 1;
            match window::try_rewrite(&cur, &facts, pc, pc + 1, &[Insn::nop()], calls, solver, timeout, deadline, safety) {
                window::Rewrite::Applied(next, f) => {
                    cur = next;
                    facts = f;
                    match why {
                        Proposal::Redundant => stats.redundant_removed += 1,
                        Proposal::Dead => stats.dead_removed += 1,
                    }
                    // facts changed: a deletion can make other stores removable or keep them
                    continue 'rescan;
                }
                window::Rewrite::NotProven => stats.refuted += 1,
                window::Rewrite::Unsafe => stats.unsafe_ += 1,
                window::Rewrite::NoFacts => {}
            }
        }
        break;
    }
    (cur, stats)
}
