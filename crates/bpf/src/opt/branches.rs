//! Constant operands of conditional jumps folded into the immediate form (issue 16 item 2,
//! "combined compare+branch"), and the register definitions this leaves dead removed.
//!
//! `r2 = 5; if r2 > r1 goto L` (clang materializes the constant because the comparison has it
//! on the left) becomes `if r1 < 5 goto L`: a jump `if a op b` whose register operand holds a
//! known constant on every path (the constant analysis) is rewritten to `if a op imm` or, when the
//! constant is the left operand, to the mirrored `if b op' imm`. Each rewrite is proven: the
//! solver shows that both conditions agree for all register values under the known constants
//! (`jump_query`, also exported as SMT-LIB2 for the final re-proof). Then a definition whose
//! register is dead afterwards (typically that `r2 = 5`) is deleted through the window prover
//! (liveness is part of its postcondition). The whole program is safety-checked at the end (or
//! after each firing when that fails).
//!
//! Also here: **branch inversion**. Clang emits `if c goto +1; goto L` when `L` is far (common in
//! unrolled loops); it becomes `if !c goto L` and the `goto` slot is deleted, when no jump or call
//! lands on that `goto`. Control flow is identical when the inverted condition is the negation of
//! the original on every state (`inverted_jump_query`, proven and re-proven like the folds).
//!
//! The pass runs on the input program before everything else, so the final re-proof
//! (`driver::final_queries_with`) proves jump rewrites first, against the input's constants.

use crate::equiv::window::{Solver, SolverAnswer};
use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::ConstState;
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::window::{self, ProgramFacts};
use serde::Serialize;
use std::time::{Duration, Instant};
use vf_smt::Term;

#[derive(Clone, Debug, Default, Serialize)]
pub struct BranchStats {
    /// Jumps rewritten to the immediate form (each proven).
    pub folded: usize,
    /// `if c goto +1; goto L` pairs turned into `if !c goto L` (each proven), one slot each.
    pub inverted: usize,
    /// Register definitions deleted because nothing reads them any more (each proven).
    pub dead_defs_removed: usize,
    /// Proposals the solver did not prove.
    pub refuted: usize,
    pub unsafe_: usize,
    pub seconds: f64,
}

fn mirror(op: u8) -> Option<u8> {
    Some(match op {
        isa::BPF_JEQ | isa::BPF_JNE | isa::BPF_JSET => op,
        isa::BPF_JGT => isa::BPF_JLT,
        isa::BPF_JLT => isa::BPF_JGT,
        isa::BPF_JGE => isa::BPF_JLE,
        isa::BPF_JLE => isa::BPF_JGE,
        isa::BPF_JSGT => isa::BPF_JSLT,
        isa::BPF_JSLT => isa::BPF_JSGT,
        isa::BPF_JSGE => isa::BPF_JSLE,
        isa::BPF_JSLE => isa::BPF_JSGE,
        _ => return None,
    })
}

/// The jump op taken exactly when `op` is not (JSET has none).
fn negate(op: u8) -> Option<u8> {
    Some(match op {
        isa::BPF_JEQ => isa::BPF_JNE,
        isa::BPF_JNE => isa::BPF_JEQ,
        isa::BPF_JGT => isa::BPF_JLE,
        isa::BPF_JLE => isa::BPF_JGT,
        isa::BPF_JGE => isa::BPF_JLT,
        isa::BPF_JLT => isa::BPF_JGE,
        isa::BPF_JSGT => isa::BPF_JSLE,
        isa::BPF_JSLE => isa::BPF_JSGT,
        isa::BPF_JSGE => isa::BPF_JSLT,
        isa::BPF_JSLT => isa::BPF_JSGE,
        _ => return None,
    })
}

/// Whether `insn` is a 64-bit-class unconditional jump that is not a deleted slot (`goto +N`).
fn is_goto(insn: &Insn) -> bool {
    insn.code == isa::JA && !insn.is_nop() && insn.src == 0 && insn.dst == 0 && insn.imm == 0
}

/// Slots some jump or local call lands on.
pub fn landing_slots(insns: &[Insn], kinds: &[Kind]) -> Vec<bool> {
    let n = insns.len();
    let mut hit = vec![false; n];
    for pc in 0..n {
        let t = match kinds[pc] {
            Kind::Ja if insns[pc].is_nop() => continue,
            Kind::Ja | Kind::Jcond { .. } => pc as i64 + 1 + insns[pc].jump_offset() as i64,
            Kind::CallLocal(imm) => pc as i64 + 1 + imm as i64,
            _ => continue,
        };
        if (0..n as i64).contains(&t) {
            hit[t as usize] = true;
        }
    }
    hit
}

/// The inverted jump replacing `insns[pc]` and the `goto` after it (see the module comment):
/// `insns[pc]` is `if c goto +1`, `insns[pc + 1]` a `goto +N` nothing else lands on.
pub fn invert(insns: &[Insn], kinds: &[Kind], landing: &[bool], pc: usize) -> Option<Insn> {
    let Kind::Jcond { op, .. } = kinds[pc] else { return None };
    let (j, g) = (insns[pc], *insns.get(pc + 1)?);
    if j.off != 1 || !is_goto(&g) || landing[pc + 1] {
        return None;
    }
    let off = i16::try_from(g.off as i32 + 1).ok()?;
    Some(Insn::new(j.class() | negate(op)? | (j.code & isa::BPF_X), j.dst, j.src, off, j.imm))
}

/// Assertions whose unsatisfiability means "`cand` branches exactly when `orig` does not" under
/// the known constants, for the inversion `orig; goto` → `cand; (deleted)` (`None` if the
/// offsets do not match that shape).
pub fn inverted_jump_query(orig: &Insn, goto: &Insn, cand: &Insn, consts: &ConstState) -> Option<Vec<Term>> {
    if orig.off != 1 || !is_goto(goto) || cand.off as i32 != goto.off as i32 + 1 || orig.class() != cand.class() {
        return None;
    }
    let (ca, cb) = (cond_term(orig)?, cond_term(cand)?);
    let mut out = const_assertions(consts);
    out.push(ca.eq(&cb));
    Some(out)
}

fn const_assertions(consts: &ConstState) -> Vec<Term> {
    let mut out = Vec::new();
    for (r, c) in consts.iter().enumerate() {
        if let (Some(v), true) = (c, r != 10) {
            out.push(Term::bv_var(&crate::equiv::encode::reg_name(r), 64).eq(&Term::bv_const(64, *v)));
        }
    }
    out
}

/// The immediate for constant `v` in a jump of this class (64-bit: `imm` is sign-extended).
fn imm_for(v: u64, is64: bool) -> Option<i32> {
    if is64 {
        i32::try_from(v as i64).ok()
    } else {
        Some(v as u32 as i32)
    }
}

/// The immediate-form replacement of the register jump at `pc`, if one operand is a known constant.
pub fn fold(insn: &Insn, kind: &Kind, consts: &ConstState) -> Option<Insn> {
    let Kind::Jcond { is64, op, src_reg: true } = *kind else { return None };
    let (d, s) = (insn.dst as usize & 15, insn.src as usize & 15);
    let class = insn.class();
    if let Some(imm) = consts.get(s).copied().flatten().and_then(|v| imm_for(v, is64)) {
        return Some(Insn::new(class | op | isa::BPF_K, insn.dst, 0, insn.off, imm));
    }
    if let Some(imm) = consts.get(d).copied().flatten().and_then(|v| imm_for(v, is64)) {
        return Some(Insn::new(class | mirror(op)? | isa::BPF_K, insn.src, 0, insn.off, imm));
    }
    None
}

fn cond_term(i: &Insn) -> Option<Term> {
    let Ok(Kind::Jcond { is64, op, src_reg }) = isa::kind_of(i, false) else { return None };
    let reg = |r: u8| Term::bv_var(&crate::equiv::encode::reg_name(r as usize & 15), 64);
    let a = reg(i.dst);
    let b = if src_reg { reg(i.src) } else { Term::bv_const(64, i.imm as i64 as u64) };
    let (a, b, w) = if is64 { (a, b, 64) } else { (a.extract(31, 0), b.extract(31, 0), 32) };
    let zero = Term::bv_const(w, 0);
    Some(match op {
        isa::BPF_JEQ => a.eq(&b),
        isa::BPF_JNE => a.eq(&b).not(),
        isa::BPF_JGT => a.ugt(&b),
        isa::BPF_JGE => a.uge(&b),
        isa::BPF_JLT => a.ult(&b),
        isa::BPF_JLE => a.ule(&b),
        isa::BPF_JSET => a.bvand(&b).eq(&zero).not(),
        isa::BPF_JSGT => a.sgt(&b),
        isa::BPF_JSGE => a.sge(&b),
        isa::BPF_JSLT => a.slt(&b),
        isa::BPF_JSLE => a.sle(&b),
        _ => return None,
    })
}

/// Assertions whose unsatisfiability means "the two jumps branch the same way on every state
/// with the known constants" (`None` if either is not a conditional jump or the targets differ).
pub fn jump_query(orig: &Insn, cand: &Insn, consts: &ConstState) -> Option<Vec<Term>> {
    if orig.off != cand.off || orig.class() != cand.class() {
        return None;
    }
    let (ca, cb) = (cond_term(orig)?, cond_term(cand)?);
    let mut out = const_assertions(consts);
    out.push(ca.eq(&cb).not());
    Some(out)
}

/// [`jump_query`] as an SMT-LIB2 script.
pub fn jump_smtlib(assertions: &[Term]) -> String {
    let mut query = vf_smt::Query::new();
    for a in assertions {
        query.assert(a);
    }
    query.to_smtlib2().unwrap_or_else(|e| format!("; cannot print query: {e}\n"))
}

/// Folds constant jump operands, then deletes dead register definitions; see the module comment.
pub fn fold_branches(
    insns: &[Insn],
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, BranchStats) {
    window::run_pass(insns, solver, calls, timeout, deadline, safety, |ctx| run(insns, ctx), |s| &mut s.seconds)
}

fn run(insns: &[Insn], ctx: &window::PassCtx) -> (Vec<Insn>, BranchStats) {
    let window::PassCtx { solver, timeout, deadline, safety, .. } = *ctx;
    let mut st = BranchStats::default();
    let mut cur = insns.to_vec();
    let Ok(facts) = ProgramFacts::new(&cur) else { return (cur, st) };
    let time_left = || deadline.map_or(timeout, |d| timeout.min(d.saturating_duration_since(Instant::now())));
    // 1. jumps (all against the input's constants: jumps define no registers, so folding one
    //    does not change the constants at another)
    let mut folded_any = false;
    for pc in 0..cur.len() {
        let Some(c) = facts.consts[pc] else { continue };
        let Some(new) = fold(&cur[pc], &facts.kinds[pc], &c) else { continue };
        let Some(q) = jump_query(&cur[pc], &new, &c) else { continue };
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        match solver.check(&q, time_left()) {
            SolverAnswer::Unsat => {
                let mut next = cur.clone();
                next[pc] = new;
                if safety.is_some_and(|check| check(&next).is_err()) {
                    st.unsafe_ += 1;
                    continue;
                }
                cur = next;
                st.folded += 1;
                folded_any = true;
            }
            _ => st.refuted += 1,
        }
    }
    // 1b. `if c goto +1; goto L` -> `if !c goto L` (constants unchanged: no register is defined)
    let landing = landing_slots(&cur, &facts.kinds);
    for pc in 0..cur.len().saturating_sub(1) {
        let Some(c) = facts.consts[pc] else { continue };
        let Some(new) = invert(&cur, &facts.kinds, &landing, pc) else { continue };
        let Some(q) = inverted_jump_query(&cur[pc], &cur[pc + 1], &new, &c) else { continue };
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        match solver.check(&q, time_left()) {
            SolverAnswer::Unsat => {
                let mut next = cur.clone();
                next[pc] = new;
                next[pc + 1] = Insn::nop();
                if safety.is_some_and(|check| check(&next).is_err()) {
                    st.unsafe_ += 1;
                    continue;
                }
                cur = next;
                st.inverted += 1;
            }
            _ => st.refuted += 1,
        }
    }
    if !folded_any {
        return (cur, st);
    }
    // 2. register definitions nothing reads any more
    let (cur, d) = remove_dead_defs(cur, ctx);
    st.dead_defs_removed += d.removed;
    st.refuted += d.refuted;
    st.unsafe_ += d.unsafe_;
    (cur, st)
}

/// What [`remove_dead_defs`] did.
#[derive(Clone, Copy, Debug, Default)]
pub struct DeadDefs {
    pub removed: usize,
    pub refuted: usize,
    pub unsafe_: usize,
}

/// Deletes ALU definitions (in straight-line runs) whose register no path reads afterwards,
/// each through the window prover (one-slot window, liveness in its postcondition); the facts
/// are recomputed after every deletion, since one deletion can make the next definition dead.
pub fn remove_dead_defs(
    mut cur: Vec<Insn>,
    ctx: &window::PassCtx,
) -> (Vec<Insn>, DeadDefs) {
    let window::PassCtx { solver, calls, timeout, deadline, safety } = *ctx;
    let mut st = DeadDefs::default();
    let Ok(mut facts) = ProgramFacts::new(&cur) else { return (cur, st) };
    let mut tried = std::collections::HashSet::new();
    'rescan: loop {
        for (rs, re) in window::runs(&cur, &facts) {
            for pc in rs..re {
                let i = cur[pc];
                let Kind::Alu { .. } = facts.kinds[pc] else { continue };
                let d = i.dst as usize & 15;
                let live_after = if pc + 1 < cur.len() { facts.live[pc + 1] } else { 0 };
                if live_after & (1 << d) != 0 || !tried.insert(pc) {
                    continue;
                }
                if deadline.is_some_and(|dl| Instant::now() >= dl) {
                    break 'rescan;
                }
                match window::try_rewrite(&cur, &facts, pc, pc + 1, &[Insn::nop()], calls, solver, timeout, deadline, safety) {
                    window::Rewrite::Applied(next, f) => {
                        cur = next;
                        facts = f;
                        st.removed += 1;
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
    (cur, st)
}
