//! Constant register operands of stores and ALU instructions folded into immediates, and the
//! definitions this leaves dead removed (issue 16 item 2; the largest single category after
//! coalescing in K2's archived Katran output, see docs/bpf.md "What K2 removed").
//!
//! clang materializes constants in registers: `r1 = 64; *(u8 *)(r9 + 22) = r1` or
//! `r2 = 8; r1 += r2`. When the constant analysis knows the register operand on every path, the
//! instruction gets the immediate form (`*(u8 *)(r9 + 22) = 64`, `r1 += 8`); when no other
//! instruction reads the constant's register any more, its definition is deleted. Neither
//! change alone is in reach of the search's windows when the definition and its uses lie in
//! different windows or blocks.
//!
//! Every rewrite is a one-slot window proven in its context by the window prover (the known
//! constants are its precondition), re-proven by the final checks like any search window. Forms
//! the kernel refuses are not proposed: `BPF_ST` into the context, division/modulo by an
//! immediate 0, shifts by an immediate out of range, 64-bit constants no sign-extended `imm`
//! gives. The whole program is safety-checked once at the end (after each firing when that
//! fails), as in the other passes.

use crate::equiv::window::Solver;
use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::{ConstState, Region, RegionState};
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::window::{self, ProgramFacts};
use serde::Serialize;
use std::collections::HashSet;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, Default, Serialize)]
pub struct OperandStats {
    /// Proposals sent to the prover.
    pub tried: usize,
    /// `STX` of a known constant rewritten to `ST` with an immediate (each proven).
    pub stores_folded: usize,
    /// ALU instructions with a known-constant source register rewritten to the immediate form.
    pub alu_folded: usize,
    /// Definitions deleted because nothing reads them any more (each proven).
    pub dead_defs_removed: usize,
    pub refuted: usize,
    pub unsafe_: usize,
    pub seconds: f64,
}

/// The immediate encoding constant `v` in an instruction whose `imm` is sign-extended to 64
/// bits (`is64`) or whose low 32 bits only are used.
fn imm_for(v: u64, is64: bool) -> Option<i32> {
    if is64 {
        i32::try_from(v as i64).ok()
    } else {
        Some(v as u32 as i32)
    }
}

/// The `ST` form of the store at hand if its source register holds a known constant and its
/// base is a region the kernel lets `BPF_ST` write (stack, packet, map value).
pub fn fold_store(insn: &Insn, kind: &Kind, consts: &ConstState, regions: Option<&RegionState>) -> Option<Insn> {
    let Kind::Stx { .. } = *kind else { return None };
    let base = regions?.get(insn.dst as usize & 15).copied()?;
    if !matches!(base, Region::Stack | Region::Packet | Region::MapValue(_)) {
        return None;
    }
    let v = consts.get(insn.src as usize & 15).copied().flatten()?;
    // B/H/W stores write the low bytes of `imm`; DW stores the sign-extended `imm`
    let imm = imm_for(v, insn.size() == isa::BPF_DW)?;
    Some(Insn::new(isa::BPF_ST | isa::BPF_MEM | insn.size(), insn.dst, 0, insn.off, imm))
}

/// The immediate form of the ALU instruction at hand if its source register holds a known constant.
pub fn fold_alu(insn: &Insn, kind: &Kind, consts: &ConstState) -> Option<Insn> {
    let Kind::Alu { is64, op, src_reg: true } = *kind else { return None };
    if op == isa::BPF_MOV && insn.off != 0 {
        return None; // movsx: the extension is not an immediate form
    }
    let v = consts.get(insn.src as usize & 15).copied().flatten()?;
    let imm = imm_for(v, is64)?;
    let bits = if is64 { 64 } else { 32 };
    match op {
        isa::BPF_DIV | isa::BPF_MOD if imm == 0 => return None,
        isa::BPF_LSH | isa::BPF_RSH | isa::BPF_ARSH if imm < 0 || imm >= bits => return None,
        _ => {}
    }
    Some(Insn::new(insn.class() | op | isa::BPF_K, insn.dst, 0, insn.off, imm))
}

/// Every proposal of the current program, in program order: (pc, replacement, is_store).
pub fn proposals(insns: &[Insn], facts: &ProgramFacts) -> Vec<(usize, Insn, bool)> {
    let mut out = Vec::new();
    for (rs, re) in window::runs(insns, facts) {
        for pc in rs..re {
            let Some(c) = facts.consts[pc] else { continue };
            if let Some(n) = fold_store(&insns[pc], &facts.kinds[pc], &c, facts.regions[pc].as_ref()) {
                out.push((pc, n, true));
            } else if let Some(n) = fold_alu(&insns[pc], &facts.kinds[pc], &c) {
                out.push((pc, n, false));
            }
        }
    }
    out
}

/// Folds constant operands, then deletes dead definitions; see the module comment.
pub fn fold_operands(
    insns: &[Insn],
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, OperandStats) {
    window::run_pass(insns, solver, calls, timeout, deadline, safety, |ctx| run(insns, ctx), |s| &mut s.seconds)
}

fn run(insns: &[Insn], ctx: &window::PassCtx) -> (Vec<Insn>, OperandStats) {
    let window::PassCtx { solver, calls, timeout, deadline, safety } = *ctx;
    let mut st = OperandStats::default();
    let mut cur = insns.to_vec();
    let Ok(mut facts) = ProgramFacts::new(&cur) else { return (cur, st) };
    let mut tried: HashSet<usize> = HashSet::new();
    let mut any = false;
    // the folds get half of the time left, the definitions they free the other half (a fold
    // alone does not shorten the program)
    let fold_deadline = deadline.map(|d| {
        let now = Instant::now();
        now + d.saturating_duration_since(now) / 2
    });
    'rescan: loop {
        for (pc, rep, is_store) in proposals(&cur, &facts) {
            if !tried.insert(pc) {
                continue;
            }
            if fold_deadline.is_some_and(|d| Instant::now() >= d) {
                break 'rescan;
            }
            st.tried += 1;
            match window::try_rewrite(&cur, &facts, pc, pc + 1, &[rep], calls, solver, timeout, deadline, safety) {
                window::Rewrite::Applied(next, f) => {
                    cur = next;
                    facts = f;
                    any = true;
                    if is_store {
                        st.stores_folded += 1;
                    } else {
                        st.alu_folded += 1;
                    }
                    // constants downstream are unchanged (same values), but re-derive proposals
                    // from the new facts so every later proof sees the current program
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
    let (cur, d) = crate::opt::branches::remove_dead_defs(cur, ctx);
    st.dead_defs_removed += d.removed;
    st.refuted += d.refuted;
    st.unsafe_ += d.unsafe_;
    (cur, st)
}
