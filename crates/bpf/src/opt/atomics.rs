//! Read-modify-write of a map value (or stack slot) turned into a non-fetching atomic add
//! (issue 16 item 1; the second-largest class of K2's savings on Katran, see docs/bpf.md
//! "What K2 removed that we do not").
//!
//! clang compiles `counter += n` on a map value to `rX = *(u64 *)(rV + off); rX += n;
//! *(u64 *)(rV + off) = rX` (also `u32`). The same effect in one instruction is
//! `lock *(u64 *)(rV + off) += rZ` where `rZ` holds `n`:
//! - `n` a register `rY`: `rZ = rY`;
//! - `n` an immediate: a register the constant analysis knows to hold `n` at that point, or,
//!   when none does and `rX` is dead afterwards, `rX = n; lock *(u64 *)(rV + off) += rX`
//!   (3 → 2 slots);
//! - `rX` still read afterwards: `lock *(u64 *)(rV + off) += rZ; rX = *(u64 *)(rV + off)`
//!   (3 → 2; the reload is the counter's new value).
//!
//! Instructions between the three (none touching `rX`, none writing `rV` or the addend) stay.
//!
//! **Semantics.** The window encoder and both interpreters model a plain `BPF_ATOMIC` add as
//! load, add, store of the same address: in a single-threaded run (what the window proof, the
//! reference interpreter and `BPF_PROG_TEST_RUN` check) the rewrite is exactly equivalent. Under
//! concurrency the rewrite is not weaker: the original read-modify-write can lose updates made
//! by other CPUs between its load and store; the atomic add cannot (it is at least as strong,
//! every interleaving of the atomic version is one of the original's).
//!
//! Every rewrite is proven in its context by the window prover (z3), the whole program is
//! safety-checked (our checker; the kernel verifier when the oracle has it, e.g. atomics need an
//! aligned map-value or stack address and a writable map), and the final checks re-prove every
//! rewritten straight-line run with Bitwuzla.

use crate::equiv::window::Solver;
use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::{effects, Region};
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::window::{self, ProgramFacts};
use serde::Serialize;
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Default, Serialize)]
pub struct AtomicStats {
    /// Proposals sent to the prover.
    pub tried: usize,
    /// Read-modify-writes replaced by an atomic add whose addend register already held the
    /// value (saves 2 slots each, or 1 when the counter is reloaded).
    pub fired: usize,
    /// Of those, an immediate addend materialized in the dead counter register (saves 1).
    pub materialized: usize,
    pub refuted: usize,
    pub unsafe_: usize,
    pub seconds: f64,
}

/// One proposed rewrite: replace slots `[start, end)` by `rep` (same length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub start: usize,
    pub end: usize,
    pub rep: Vec<Insn>,
    /// Slots saved.
    pub saves: usize,
    pub materialized: bool,
}

/// The plain atomic add `lock *(uS *)(rV + off) += rZ` (S = 4 or 8 bytes).
pub fn atomic_add(size: u8, base: u8, off: i16, src: u8) -> Insn {
    Insn::new(isa::BPF_STX | isa::BPF_ATOMIC | size, base, src, off, isa::BPF_ADD as i32)
}

fn next_real(insns: &[Insn], from: usize, end: usize) -> Option<usize> {
    (from..end).find(|&k| !insns[k].is_nop())
}

/// Every read-modify-write of the current program that an atomic add could replace, with
/// the best replacement each (in program order).
pub fn proposals(insns: &[Insn], facts: &ProgramFacts) -> Vec<Proposal> {
    let mut out = Vec::new();
    for (rs, re) in window::runs(insns, facts) {
        for a in rs..re {
            if let Some(p) = proposal_at(insns, facts, a, re) {
                out.push(p);
            }
        }
    }
    out
}

fn proposal_at(insns: &[Insn], facts: &ProgramFacts, a: usize, re: usize) -> Option<Proposal> {
    let ld = insns[a];
    let Kind::Ldx { size, sign_ext: false } = facts.kinds[a] else { return None };
    if ld.mode() != isa::BPF_MEM || !(size == isa::BPF_W || size == isa::BPF_DW) {
        return None;
    }
    let (x, v, off) = (ld.dst & 15, ld.src & 15, ld.off);
    if x == v || x == 10 {
        return None;
    }
    // the kernel allows atomics on the stack and on map values only
    let regions = facts.regions[a].as_ref()?;
    if !matches!(regions[v as usize], Region::Stack | Region::MapValue(_)) {
        return None;
    }
    // the add: the next real slot
    let b = next_real(insns, a + 1, re)?;
    let add = insns[b];
    let Kind::Alu { is64, op: isa::BPF_ADD, src_reg } = facts.kinds[b] else { return None };
    if add.dst & 15 != x || (size == isa::BPF_DW && !is64) || (src_reg && add.src & 15 == x) {
        return None;
    }
    let y = if src_reg { Some(add.src & 15) } else { None };
    // the store: within a few slots, the instructions between neither touch rX nor write rV or rY
    let bit = |r: u8| 1u16 << r;
    let mut c = None;
    for k in b + 1..re.min(b + 6) {
        let i = insns[k];
        if let Kind::Stx { size: s2 } = facts.kinds[k] {
            if s2 == size && i.mode() == isa::BPF_MEM && i.dst & 15 == v && i.off == off && i.src & 15 == x {
                c = Some(k);
                break;
            }
        }
        if i.is_nop() {
            continue;
        }
        let e = effects(&i, &facts.kinds[k]);
        if (e.uses | e.defs) & bit(x) != 0 || e.defs & (bit(v) | y.map_or(0, bit)) != 0 || i.code == isa::CALL {
            return None;
        }
        // another access to the same bytes in between could observe the intermediate state
        if matches!(facts.kinds[k], Kind::Stx { .. } | Kind::St { .. } | Kind::Atomic { .. }) && i.dst & 15 == v {
            return None;
        }
    }
    let c = c?;
    let x_live_after = c + 1 < insns.len() && facts.live[c + 1] & bit(x) != 0;
    // a register holding the addend at `at`
    let addend_reg = |at: usize| -> Option<u8> {
        if let Some(y) = y {
            return Some(y);
        }
        let want = add.imm as i64 as u64;
        let consts = facts.consts[at].as_ref()?;
        (0..10u8).find(|&r| {
            r != x
                && r != v
                && consts[r as usize].is_some_and(|k| if size == isa::BPF_DW { k == want } else { k as u32 == want as u32 })
        })
    };
    let (s, e) = (a, c + 1);
    let mut rep = insns[s..e].to_vec();
    rep[a - s] = Insn::nop();
    if !x_live_after {
        if let Some(z) = addend_reg(c) {
            rep[b - s] = Insn::nop();
            rep[c - s] = atomic_add(size, v, off, z);
            return Some(Proposal { start: s, end: e, rep, saves: 2, materialized: false });
        }
        // materialize the immediate in the dead counter register
        rep[b - s] = Insn::new(isa::BPF_ALU64 | isa::BPF_MOV | isa::BPF_K, x, 0, 0, add.imm);
        rep[c - s] = atomic_add(size, v, off, x);
        return Some(Proposal { start: s, end: e, rep, saves: 1, materialized: true });
    }
    // the counter is read afterwards: add atomically, then reload the new value
    let z = addend_reg(b)?;
    rep[b - s] = atomic_add(size, v, off, z);
    rep[c - s] = ld;
    Some(Proposal { start: s, end: e, rep, saves: 1, materialized: false })
}

/// Replaces read-modify-writes by atomic adds; see the module comment.
pub fn fuse_atomics(
    insns: &[Insn],
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, AtomicStats) {
    window::run_pass(insns, solver, calls, timeout, deadline, safety, |ctx| run(insns, ctx), |s| &mut s.seconds)
}

fn run(insns: &[Insn], ctx: &window::PassCtx) -> (Vec<Insn>, AtomicStats) {
    let window::PassCtx { solver, calls, timeout, deadline, safety } = *ctx;
    let mut st = AtomicStats::default();
    let mut cur = insns.to_vec();
    let Ok(mut facts) = ProgramFacts::new(&cur) else { return (cur, st) };
    let mut tried: HashSet<(usize, Vec<Insn>)> = HashSet::new();
    'rescan: loop {
        for p in proposals(&cur, &facts) {
            if !tried.insert((p.start, p.rep.clone())) {
                continue;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break 'rescan;
            }
            st.tried += 1;
            match window::try_rewrite(&cur, &facts, p.start, p.end, &p.rep, calls, solver, timeout, deadline, safety) {
                window::Rewrite::Applied(next, f) => {
                    cur = next;
                    facts = f;
                    st.fired += 1;
                    if p.materialized {
                        st.materialized += 1;
                    }
                    continue 'rescan;
                }
                window::Rewrite::NotProven => st.refuted += 1,
                window::Rewrite::Unsafe => st.unsafe_ += 1,
                window::Rewrite::NoFacts => {}
            }
        }
        break;
    }
    (cur, st)
}
