//! Proving one window rewrite: `pre ∧ ¬post` must be unsatisfiable, where
//! `pre` pins live-in registers to their known constants and `post` says every
//! live-out register and the whole memory agree after both windows ran from the
//! same state, and both windows made the same helper calls with the same
//! arguments (see `equiv::encode`). A `sat` answer yields a concrete
//! counterexample test case.

use crate::equiv::encode::{self, MemModel, SymState};
use crate::isa::{self, Insn};
use crate::opt::analysis::{RegSet, RegionState};
use crate::opt::interp::{self, CallModel, TestCase};
use crate::opt::stack::StackFacts;
use crate::opt::window::Window;
use std::time::Duration;
use vf_smt::{BitVec, Term};

/// What a solver says about a satisfiability query.
pub enum SolverAnswer {
    Sat(vf_smt::Model),
    Unsat,
    Unknown(String),
}

/// A satisfiability oracle with a per-query timeout (implemented over `vf-smt`).
pub trait Solver: Sync {
    fn check(&self, assertions: &[Term], timeout: Duration) -> SolverAnswer;
    fn name(&self) -> String;
}

/// The window-level proof obligation.
#[derive(Clone, Debug)]
pub struct WindowQuery<'a> {
    pub orig: &'a [Insn],
    pub cand: &'a [Insn],
    pub live_out: RegSet,
    pub pre: [Option<u64>; isa::NUM_REGS],
    /// Entry regions of the registers (enables the split memory models when every
    /// access of both windows has a known region); `None` = flat memory.
    pub regions: Option<RegionState>,
    /// Map key sizes for `map_lookup_elem` calls inside the windows.
    pub calls: &'a CallModel,
    /// Stack facts from the whole-program analysis (`opt::stack`): registers holding
    /// `r10 + c` at entry, stack bytes known at entry, stack bytes dead after the window.
    pub stack: StackFacts,
}

impl<'a> WindowQuery<'a> {
    pub fn new(orig: &'a [Insn], cand: &'a [Insn], w: &Window) -> Self {
        WindowQuery { orig, cand, live_out: w.live_out, pre: w.pre, regions: w.regions, calls: &interp::NO_MAPS, stack: w.stack.clone() }
    }

    /// The same query with the program's map key sizes.
    pub fn with_calls(self, calls: &'a CallModel) -> Self {
        WindowQuery { calls, ..self }
    }

    /// The memory model the proof uses (the finest both windows allow).
    pub fn memory_model(&self) -> MemModel {
        match &self.regions {
            Some(r) => encode::memory_model(self.orig, r).min(encode::memory_model(self.cand, r)),
            None => MemModel::Flat,
        }
    }
}

#[derive(Clone, Debug)]
pub enum WindowVerdict {
    Equivalent,
    /// A concrete input on which the two windows differ (checked in the interpreter).
    Counterexample(TestCase),
    Unknown(String),
}

/// The assertions whose unsatisfiability means "equivalent", plus both final states.
pub fn obligation(q: &WindowQuery) -> (Vec<Term>, SymState, SymState) {
    let mut init = match &q.regions {
        Some(r) => SymState::with_regions(r, q.memory_model()),
        None => SymState::initial(),
    };
    init.call_model = q.calls.clone();
    // stack pointers at entry are `r10 + c` terms, so their accesses share r10's base term
    for &(r, off) in &q.stack.ptrs {
        init.regs[r as usize & 15] = encode::r10_plus(off);
    }
    let mut a = init.clone();
    let mut b = init.clone();
    b.side = "b";
    encode::exec(q.orig, &mut a);
    encode::exec(q.cand, &mut b);
    let mut assertions = Vec::new();
    for (r, c) in q.pre.iter().enumerate() {
        if let Some(v) = c {
            assertions.push(init.regs[r].eq(&Term::bv_const(64, *v)));
        }
    }
    // distinct maps live at distinct addresses
    let mut fds = a.map_fds.clone();
    fds.extend(b.map_fds.iter().filter(|f| !a.map_fds.contains(f)));
    if fds.len() > 1 {
        let vars: Vec<Term> = fds.iter().map(|&fd| Term::bv_var(&encode::map_var(fd), 64)).collect();
        assertions.push(Term::distinct(&vars));
    }
    let stk = encode::array_name(q.memory_model(), crate::opt::analysis::Region::Stack);
    for &(off, v) in &q.stack.known {
        assertions.push(SymState::initial_array(&stk).select(&encode::r10_plus(off)).eq(&Term::bv_const(8, v as u64)));
    }
    // bytes no path reads after the window are not part of the observable state
    let (mut xa, mut xb) = (a.arrays.clone(), b.arrays.clone());
    if !q.stack.dead_after.is_empty() && (xa.iter().chain(&xb).any(|(n, _)| *n == stk)) {
        for xs in [&mut xa, &mut xb] {
            let cur = xs.iter().find(|(n, _)| *n == stk).map(|(_, t)| t.clone()).unwrap_or_else(|| SymState::initial_array(&stk));
            let masked = encode::mask_stack_bytes(&cur, &q.stack.dead_after);
            match xs.iter_mut().find(|(n, _)| *n == stk) {
                Some(slot) => slot.1 = masked,
                None => xs.push((stk.clone(), masked)),
            }
        }
    }
    let mut same = arrays_agree(&xa, &xb);
    same.extend(calls_agree(&a, &b));
    for r in 0..isa::NUM_REGS {
        // A register that a helper call clobbered on both sides (and nothing wrote since) is
        // NOT_INIT for the kernel verifier: no accepted program can read it, so its value is not
        // part of the observable state (liveness is conservative across bpf-to-bpf calls, which
        // count r1..r5 as read).
        if q.live_out & (1 << r) != 0 && !(call_clobbered(&a, r) && call_clobbered(&b, r)) {
            same.push(a.regs[r].eq(&b.regs[r]));
        }
    }
    assertions.push(Term::and(&same).not());
    (assertions, a, b)
}

/// Whether register `r` still holds the fresh value a helper call of this side clobbered it with.
fn call_clobbered(st: &SymState, r: usize) -> bool {
    (1..=5).contains(&r) && (0..st.calls.len()).any(|j| st.regs[r] == Term::bv_var(&encode::clobber_var(st.side, j, r), 64))
}

/// Equality of every array either side has (an untouched array is its initial variable).
fn arrays_agree(xa: &[(String, Term)], xb: &[(String, Term)]) -> Vec<Term> {
    let mut names: Vec<&String> = xa.iter().map(|(n, _)| n).collect();
    names.extend(xb.iter().map(|(n, _)| n).filter(|n| !xa.iter().any(|(m, _)| m == *n)));
    let pick = |xs: &[(String, Term)], n: &str| {
        xs.iter().find(|(m, _)| m == n).map(|(_, t)| t.clone()).unwrap_or_else(|| SymState::initial_array(n))
    };
    names.into_iter().map(|n| pick(xa, n).eq(&pick(xb, n))).collect()
}

/// Both windows call the same helpers in the same order with equal arguments.
fn calls_agree(a: &SymState, b: &SymState) -> Vec<Term> {
    let ids = |s: &SymState| s.calls.iter().map(|c| c.id).collect::<Vec<_>>();
    if ids(a) != ids(b) {
        return vec![Term::fls()];
    }
    let mut same = Vec::new();
    for (ca, cb) in a.calls.iter().zip(&b.calls) {
        if ca.args.len() != cb.args.len() || ca.memory.is_some() != cb.memory.is_some() {
            return vec![Term::fls()];
        }
        same.extend(ca.args.iter().zip(&cb.args).map(|(x, y)| x.eq(y)));
        if let (Some(ma), Some(mb)) = (&ca.memory, &cb.memory) {
            same.extend(arrays_agree(ma, mb));
        }
    }
    same
}

/// The query as an SMT-LIB2 script (for re-checking with another solver).
pub fn to_smtlib(q: &WindowQuery) -> String {
    let (assertions, _, _) = obligation(q);
    let mut query = vf_smt::Query::new();
    for a in &assertions {
        query.assert(a);
    }
    query.to_smtlib2().unwrap_or_else(|e| format!("; cannot print query: {e}\n"))
}

/// [`Solver`] over a `vf-smt` backend (z3 in process, Bitwuzla worker, or the portfolio).
pub struct SmtSolver {
    pub backend: vf_smt::Backend,
}

impl Solver for SmtSolver {
    fn check(&self, assertions: &[Term], timeout: Duration) -> SolverAnswer {
        let mut query = vf_smt::Query::new();
        for a in assertions {
            query.assert(a);
        }
        match vf_smt::check_query(self.backend, &query, vf_smt::SolverConfig::with_timeout(timeout)) {
            Ok(vf_smt::CheckResult::Unsat) => SolverAnswer::Unsat,
            Ok(vf_smt::CheckResult::Sat(m)) => SolverAnswer::Sat(m),
            Ok(vf_smt::CheckResult::Unknown(why)) => SolverAnswer::Unknown(why),
            Err(e) => SolverAnswer::Unknown(e.to_string()),
        }
    }
    fn name(&self) -> String {
        self.backend.name().to_string()
    }
}

/// Proves or refutes one window rewrite.
pub fn prove_window(q: &WindowQuery, solver: &dyn Solver, timeout: Duration) -> WindowVerdict {
    let (assertions, a, b) = obligation(q);
    match solver.check(&assertions, timeout) {
        SolverAnswer::Unsat => WindowVerdict::Equivalent,
        SolverAnswer::Unknown(why) => WindowVerdict::Unknown(why),
        SolverAnswer::Sat(model) => match counterexample(q, &model, &a, &b) {
            Some(tc) => WindowVerdict::Counterexample(tc),
            None => WindowVerdict::Unknown("solver model does not replay in the interpreter".into()),
        },
    }
}

fn model_u64(model: &vf_smt::Model, t: &Term) -> u64 {
    model.eval_bv(t).ok().and_then(|b: BitVec| b.to_u64()).unwrap_or(0)
}

/// Turns a model into a test case and checks that the interpreter sees the difference.
fn counterexample(q: &WindowQuery, model: &vf_smt::Model, a: &SymState, b: &SymState) -> Option<TestCase> {
    let init = SymState::initial();
    let mut regs = [0u64; isa::NUM_REGS];
    for (r, slot) in regs.iter_mut().enumerate() {
        *slot = model_u64(model, &init.regs[r]);
    }
    // any value of a map-object register is as good as another (it is never dereferenced)
    interp::pin_map_pointers(&mut regs, q.regions.as_ref());
    for &(r, off) in &q.stack.ptrs {
        regs[r as usize & 15] = regs[10].wrapping_add(off as i64 as u64);
    }
    let mut mem = Vec::new();
    for (addr, bytes, arr) in a.accesses.iter().chain(&b.accesses) {
        let base = model_u64(model, addr);
        let arr = SymState::initial_array(arr);
        for i in 0..*bytes as u64 {
            let at = base.wrapping_add(i);
            if mem.iter().any(|&(x, _)| x == at) {
                continue;
            }
            let byte = model_u64(model, &arr.select(&Term::bv_const(64, at))) as u8;
            mem.push((at, byte));
        }
    }
    let calls = (0..a.calls.len().max(b.calls.len()))
        .map(|j| (j as u32, model_u64(model, &Term::bv_var(&encode::call_ret_var(j), 64))))
        .collect();
    let tc = TestCase { regs, mem_seed: 0x5eed, mem, calls };
    let (mut oa, mut ob) = (interp::Outcome::default(), interp::Outcome::default());
    interp::run_with(q.orig, &tc, q.calls, &mut oa);
    interp::run_with(q.cand, &tc, q.calls, &mut ob);
    (interp::distance(&oa, &ob, q.live_out, &tc) > 0.0).then_some(tc)
}
