//! 64-bit masks and zero-extensions done by 32-bit ALU instructions (issue 16 item 2; K2's
//! "32-bit ALU" class on Katran, see docs/bpf.md "What K2 removed that we do not").
//!
//! A 32-bit ALU instruction zero-extends its result into the upper half, so
//! - `rA &= rC` with `rC` known to hold `c < 2^32` (typically a 64-bit `LDDW` constant such as
//!   `0xf0000000`, which no sign-extended `imm` gives) equals `wA &= c` (and `wA = wA` for
//!   `c = 0xffffffff`); the constant's definition, often a two-slot `LDDW`, is then dead;
//! - `rA <<= 32; rA >>= 32` equals `wA = wA`;
//! - `rA = rB; ... wA = wA` equals `... wA = wB`;
//! - `wA = wA` after a definition of `rA` that already zero-extends (a 32-bit ALU instruction,
//!   a `u8`/`u16`/`u32` load) is redundant.
//!
//! Every proposal is proven in its context by the window prover (z3; the known constants are
//! its precondition), re-proven by the final checks with Bitwuzla (the mask folds as one-slot
//! queries before the runs, like `opt::operands`, since a run that deletes the constant's
//! definition is only equivalent once every use is folded). Definitions left dead (ALU and
//! plain `LDDW` immediates) are deleted through the window prover too. The whole program is
//! safety-checked at the end (after each firing when that fails).

use crate::equiv::window::Solver;
use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::{effects, ConstState};
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::window::{self, ProgramFacts};
use serde::Serialize;
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Default, Serialize)]
pub struct Alu32Stats {
    pub tried: usize,
    /// `rA &= rC` (c < 2^32) rewritten to `wA &= c` / `wA = wA`.
    pub masks_folded: usize,
    /// `rA <<= 32; rA >>= 32` rewritten to `wA = wA`.
    pub shift_pairs: usize,
    /// `rA = rB; wA = wA` merged into `wA = wB`.
    pub movs_merged: usize,
    /// Zero-extensions after a zero-extending definition deleted.
    pub zext_removed: usize,
    /// Definitions (ALU, `LDDW`) deleted because nothing reads them any more.
    pub dead_defs_removed: usize,
    pub refuted: usize,
    pub unsafe_: usize,
    pub seconds: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProposalKind {
    Mask,
    ShiftPair,
    MovMerge,
    ZextRemoved,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub start: usize,
    pub end: usize,
    pub rep: Vec<Insn>,
    pub kind: ProposalKind,
}

/// `wA = wB` (32-bit move: zero-extends).
pub fn mov32(a: u8, b: u8) -> Insn {
    Insn::new(isa::BPF_ALU | isa::BPF_MOV | isa::BPF_X, a, b, 0, 0)
}

fn is_mov32_self(i: &Insn) -> bool {
    i.code == isa::BPF_ALU | isa::BPF_MOV | isa::BPF_X && i.dst == i.src && i.off == 0
}

/// The 32-bit form of `rA &= rC` when `rC` holds a known `c < 2^32` that no sign-extended
/// immediate gives (smaller ones are `opt::operands`' 64-bit immediate folds).
pub fn fold_mask(insn: &Insn, kind: &Kind, consts: &ConstState) -> Option<Insn> {
    let Kind::Alu { is64: true, op: isa::BPF_AND, src_reg: true } = *kind else { return None };
    let c = consts.get(insn.src as usize & 15).copied().flatten()?;
    if c >> 32 != 0 || c <= i32::MAX as u64 {
        return None;
    }
    Some(if c == 0xffff_ffff {
        mov32(insn.dst, insn.dst)
    } else {
        Insn::new(isa::BPF_ALU | isa::BPF_AND | isa::BPF_K, insn.dst, 0, insn.off, c as u32 as i32)
    })
}

fn is_shift32(i: &Insn, op: u8) -> bool {
    i.code == isa::BPF_ALU64 | op | isa::BPF_K && i.imm == 32
}

/// Every proposal of the current program, in program order.
pub fn proposals(insns: &[Insn], facts: &ProgramFacts) -> Vec<Proposal> {
    let mut out = Vec::new();
    for (rs, re) in window::runs(insns, facts) {
        for pc in rs..re {
            let i = insns[pc];
            if let Some(c) = facts.consts[pc] {
                if let Some(n) = fold_mask(&i, &facts.kinds[pc], &c) {
                    out.push(Proposal { start: pc, end: pc + 1, rep: vec![n], kind: ProposalKind::Mask });
                    continue;
                }
            }
            if is_shift32(&i, isa::BPF_LSH) {
                if let Some(q) = (pc + 1..re).find(|&k| !insns[k].is_nop()) {
                    if is_shift32(&insns[q], isa::BPF_RSH) && insns[q].dst == i.dst {
                        let mut rep = vec![Insn::nop(); q + 1 - pc];
                        rep[0] = mov32(i.dst, i.dst);
                        out.push(Proposal { start: pc, end: q + 1, rep, kind: ProposalKind::ShiftPair });
                    }
                }
                continue;
            }
            if is_mov32_self(&i) {
                if let Some(p) = zext_proposal(insns, facts, rs, pc) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// `wA = wA` at `pc`: the last definition of `rA` before it in the run (at most 8 slots back,
/// nothing in between reading `rA`) decides: `rA = rB` (B not redefined since) merges,
/// a zero-extending definition makes the move redundant.
fn zext_proposal(insns: &[Insn], facts: &ProgramFacts, rs: usize, pc: usize) -> Option<Proposal> {
    let a = insns[pc].dst & 15;
    let bit = |r: u8| 1u16 << (r & 15);
    let mut written: u16 = 0;
    for p in (rs.max(pc.saturating_sub(8))..pc).rev() {
        let d = insns[p];
        if d.is_nop() {
            continue;
        }
        let k = facts.kinds[p];
        let e = effects(&d, &k);
        if e.defs & bit(a) == 0 {
            if e.uses & bit(a) != 0 {
                return None;
            }
            written |= e.defs;
            continue;
        }
        let mut rep = insns[p..=pc].to_vec();
        let last = rep.len() - 1;
        return match k {
            Kind::Alu { is64: true, op: isa::BPF_MOV, src_reg: true } if d.off == 0 && d.src & 15 != a => {
                if written & bit(d.src) != 0 {
                    return None;
                }
                rep[0] = Insn::nop();
                rep[last] = mov32(a, d.src & 15);
                Some(Proposal { start: p, end: pc + 1, rep, kind: ProposalKind::MovMerge })
            }
            Kind::Alu { is64: false, .. } => {
                rep[last] = Insn::nop();
                Some(Proposal { start: p, end: pc + 1, rep, kind: ProposalKind::ZextRemoved })
            }
            Kind::Ldx { size, sign_ext: false } if d.mode() == isa::BPF_MEM && size != isa::BPF_DW => {
                rep[last] = Insn::nop();
                Some(Proposal { start: p, end: pc + 1, rep, kind: ProposalKind::ZextRemoved })
            }
            _ => None,
        };
    }
    None
}

/// Applies the 32-bit ALU rewrites, then deletes the definitions they leave dead; see the
/// module comment.
pub fn narrow(
    insns: &[Insn],
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, Alu32Stats) {
    window::run_pass(insns, solver, calls, timeout, deadline, safety, |ctx| run(insns, ctx), |s| &mut s.seconds)
}

fn run(insns: &[Insn], ctx: &window::PassCtx) -> (Vec<Insn>, Alu32Stats) {
    let window::PassCtx { solver, calls, timeout, deadline, safety } = *ctx;
    let mut st = Alu32Stats::default();
    let mut cur = insns.to_vec();
    let Ok(mut facts) = ProgramFacts::new(&cur) else { return (cur, st) };
    let mut tried: HashSet<(usize, Vec<Insn>)> = HashSet::new();
    let mut any = false;
    // the rewrites get half of the time left, the definitions they free the other half
    let fold_deadline = deadline.map(|d| {
        let now = Instant::now();
        now + d.saturating_duration_since(now) / 2
    });
    'rescan: loop {
        for p in proposals(&cur, &facts) {
            if !tried.insert((p.start, p.rep.clone())) {
                continue;
            }
            if fold_deadline.is_some_and(|d| Instant::now() >= d) {
                break 'rescan;
            }
            st.tried += 1;
            match window::try_rewrite(&cur, &facts, p.start, p.end, &p.rep, calls, solver, timeout, deadline, safety) {
                window::Rewrite::Applied(next, f) => {
                    cur = next;
                    facts = f;
                    any = true;
                    match p.kind {
                        ProposalKind::Mask => st.masks_folded += 1,
                        ProposalKind::ShiftPair => st.shift_pairs += 1,
                        ProposalKind::MovMerge => st.movs_merged += 1,
                        ProposalKind::ZextRemoved => st.zext_removed += 1,
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
    if !any {
        return (cur, st);
    }
    let (cur, n) = remove_dead_lddw(cur, ctx, &mut st);
    st.dead_defs_removed += n;
    let (cur, d) = crate::opt::branches::remove_dead_defs(cur, ctx);
    st.dead_defs_removed += d.removed;
    st.refuted += d.refuted;
    st.unsafe_ += d.unsafe_;
    (cur, st)
}

/// Deletes plain `LDDW` immediates (two slots) whose register no path reads afterwards, each
/// through the window prover (liveness in its postcondition).
pub fn remove_dead_lddw(
    mut cur: Vec<Insn>,
    ctx: &window::PassCtx,
    st: &mut Alu32Stats,
) -> (Vec<Insn>, usize) {
    let window::PassCtx { solver, calls, timeout, deadline, safety } = *ctx;
    let mut removed = 0;
    let Ok(mut facts) = ProgramFacts::new(&cur) else { return (cur, 0) };
    let mut tried = HashSet::new();
    'rescan: loop {
        for (rs, re) in window::runs(&cur, &facts) {
            for pc in rs..re {
                let Kind::Lddw { pseudo: 0 } = facts.kinds[pc] else { continue };
                if pc + 2 > re {
                    continue;
                }
                let d = cur[pc].dst as usize & 15;
                let live_after = if pc + 2 < cur.len() { facts.live[pc + 2] } else { 0 };
                if live_after & (1 << d) != 0 || !tried.insert(pc) {
                    continue;
                }
                if deadline.is_some_and(|dl| Instant::now() >= dl) {
                    break 'rescan;
                }
                st.tried += 1;
                let rep = [Insn::nop(), Insn::nop()];
                match window::try_rewrite(&cur, &facts, pc, pc + 2, &rep, calls, solver, timeout, deadline, safety) {
                    window::Rewrite::Applied(next, f) => {
                        cur = next;
                        facts = f;
                        removed += 1;
                        continue 'rescan;
                    }
                    window::Rewrite::NotProven => st.refuted += 1,
                    window::Rewrite::Unsafe => st.unsafe_ += 1,
                    window::Rewrite::NoFacts => {}
                }
            }
        }
        break;
    }
    (cur, removed)
}
