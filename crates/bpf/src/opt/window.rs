//! Automatic windows: straight-line pieces of basic blocks the search may rewrite.
//!
//! A window is a slot range `[start, end)` inside one basic block made only of
//! instructions the window interpreter and the SMT encoder understand (ALU,
//! byte swaps, LDDW immediates and map-fd loads, loads, stores, non-fetching
//! atomics, calls of `interp::window_helper`s). Other calls, jumps, exits, other
//! pseudo-LDDWs and legacy packet loads end a window. Long runs are
//! cut into pieces of at most `max_len` slots; `shift` moves the cut points so
//! different chains see different boundaries.

use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::{self, ConstState, RegSet, RegionState};
use crate::opt::interp;
use crate::opt::stack::{StackAnalysis, StackFacts};

/// One window with the facts its proof may assume (pre) and must establish (post).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub start: usize,
    pub end: usize,
    /// Registers live on entry in the original program.
    pub live_in: RegSet,
    /// Registers whose values must agree after the window (memory must always agree).
    pub live_out: RegSet,
    /// Known register constants on entry (never r10). Valid for the program the
    /// window was cut from; proofs therefore rewrite one window at a time and
    /// recompute these facts on the current program (see `opt::problem`).
    pub pre: ConstState,
    /// Entry regions of the registers (for the split memory model).
    pub regions: Option<RegionState>,
    /// Registers initialized on every path to the window (others must not be read).
    pub init: RegSet,
    /// Stack facts (pointers, known bytes at entry, dead bytes after; `opt::stack`).
    pub stack: StackFacts,
}

impl Window {
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// The whole-program analyses windows are cut from.
pub struct ProgramFacts {
    pub kinds: Vec<Kind>,
    pub block_start: Vec<bool>,
    pub live: Vec<RegSet>,
    pub consts: Vec<Option<ConstState>>,
    pub regions: Vec<Option<RegionState>>,
    pub init: Vec<Option<RegSet>>,
    /// Stack-frame analyses (`None` for programs with bpf-to-bpf calls).
    pub stack: Option<StackAnalysis>,
}

impl ProgramFacts {
    pub fn new(insns: &[Insn]) -> Result<Self, isa::IsaError> {
        let kinds = isa::validate(insns)?;
        let consts = analysis::constants(insns, &kinds);
        let regions = analysis::regions(insns, &kinds);
        Ok(ProgramFacts {
            block_start: analysis::block_starts(insns, &kinds),
            live: analysis::live_in(insns, &kinds),
            stack: StackAnalysis::new(insns, &kinds, &consts, &regions),
            consts,
            regions,
            init: analysis::initialized(insns, &kinds),
            kinds,
        })
    }
}

/// Maximal straight-line runs of window instructions, as `[start, end)` slot ranges.
pub fn runs(insns: &[Insn], facts: &ProgramFacts) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut pc = 0;
    let mut cur: Option<usize> = None;
    while pc < insns.len() {
        let ok = facts.consts[pc].is_some() && interp::window_insn(&insns[pc]);
        let width = if insns[pc].is_lddw() { 2 } else { 1 };
        if let Some(s) = cur {
            if !ok || facts.block_start[pc] {
                out.push((s, pc));
                cur = None;
            }
        }
        if ok && cur.is_none() {
            cur = Some(pc);
        }
        pc += width;
    }
    if let Some(s) = cur {
        out.push((s, insns.len()));
    }
    out
}

/// Windows of at most `max_len` slots covering every run; the first cut of each run is
/// shifted by `shift % max_len` (0 = cut at the run start).
pub fn windows(insns: &[Insn], facts: &ProgramFacts, max_len: usize, shift: usize) -> Vec<Window> {
    let max_len = max_len.max(1);
    let mut out = Vec::new();
    for (s, e) in runs(insns, facts) {
        let mut cuts = vec![s];
        let first = s + shift % max_len;
        let mut c = if first > s { first } else { s + max_len };
        while c < e {
            if !matches!(facts.kinds[c], Kind::LddwHigh) {
                cuts.push(c);
                c += max_len;
            } else {
                c += 1;
            }
        }
        cuts.push(e);
        for w in cuts.windows(2) {
            // a window of calls and map loads only leaves the mutator nothing to change
            if w[1] > w[0] && !(w[0]..w[1]).all(|k| fixed_slot(insns, k)) {
                out.push(make_window(insns, facts, w[0], w[1]));
            }
        }
    }
    out
}

/// A call or (either slot of) a map-fd load: slots the mutator never changes.
fn fixed_slot(insns: &[Insn], k: usize) -> bool {
    let map_load = |i: &Insn| i.is_lddw() && i.src != 0;
    insns[k].code == isa::CALL || map_load(&insns[k]) || (k > 0 && map_load(&insns[k - 1]))
}

/// The window `[start, end)` of `insns` with its facts.
pub fn make_window(insns: &[Insn], facts: &ProgramFacts, start: usize, end: usize) -> Window {
    let live_in = facts.live[start];
    let live_out = analysis::live_after(insns, &facts.kinds, &facts.live, start, end);
    let mut pre = facts.consts[start].unwrap_or([None; isa::NUM_REGS]);
    for (r, slot) in pre.iter_mut().enumerate() {
        if r == 10 {
            *slot = None;
        }
    }
    let init = facts.init[start].unwrap_or(analysis::ALL_REGS);
    let stack = facts.stack.as_ref().map(|a| a.facts(insns, &facts.kinds, start, end)).unwrap_or_default();
    Window { start, end, live_in, live_out, pre, regions: facts.regions[start], init, stack }
}

/// What became of one proposed in-place rewrite of `cur[s..e]` (see [`try_rewrite`]).
pub enum Rewrite {
    /// Proven, safe: the rewritten program and its recomputed facts.
    Applied(Vec<Insn>, ProgramFacts),
    /// The solver did not prove the replacement equivalent in context (refuted or timed out).
    NotProven,
    /// Proven, but the whole-program safety check rejects the result.
    Unsafe,
    /// Proven and safe, but the rewritten program's facts cannot be computed (left alone).
    NoFacts,
}

/// The last steps shared by the passes that apply proposed rewrites before the search (the rule
/// pre-pass and memory-access coalescing): prove `rep` equivalent to `cur[s..e]` in context with
/// the solver time bounded by `timeout` and `deadline`, check the whole rewritten program's safety
/// when a check is given, and recompute its facts for the next proof.
#[allow(clippy::too_many_arguments)]
pub fn try_rewrite(
    cur: &[Insn],
    facts: &ProgramFacts,
    s: usize,
    e: usize,
    rep: &[Insn],
    calls: &crate::opt::interp::CallModel,
    solver: &dyn crate::equiv::window::Solver,
    timeout: std::time::Duration,
    deadline: Option<std::time::Instant>,
    safety: Option<&crate::opt::problem::SafetyCheck>,
) -> Rewrite {
    use crate::equiv::window::{prove_window, WindowQuery, WindowVerdict};
    let w = make_window(cur, facts, s, e);
    let q = WindowQuery::new(&cur[s..e], rep, &w).with_calls(calls);
    let t = deadline.map_or(timeout, |d| timeout.min(d.saturating_duration_since(std::time::Instant::now())));
    if !matches!(prove_window(&q, solver, t), WindowVerdict::Equivalent) {
        return Rewrite::NotProven;
    }
    let mut next = cur.to_vec();
    next[s..e].copy_from_slice(rep);
    if safety.is_some_and(|check| check(&next).is_err()) {
        return Rewrite::Unsafe;
    }
    match ProgramFacts::new(&next) {
        Ok(f) => Rewrite::Applied(next, f),
        Err(_) => Rewrite::NoFacts,
    }
}

/// What every pass of proven rewrites (`alu32`, `atomics`, `branches`, `operands`, `stores`)
/// works with: the prover, the call model, the per-proof timeout, the pass's deadline, and the
/// safety check after each rewrite (`None` on the first attempt, see
/// [`checked_once_then_stepwise`]).
#[derive(Clone, Copy)]
pub struct PassCtx<'a> {
    pub solver: &'a dyn crate::equiv::window::Solver,
    pub calls: &'a crate::opt::interp::CallModel,
    pub timeout: std::time::Duration,
    pub deadline: Option<std::time::Instant>,
    pub safety: Option<&'a crate::opt::problem::SafetyCheck<'a>>,
}

/// A pass's entry: `pass(ctx)` run once with the whole program's safety checked only at the end,
/// then again with a check after each rewrite if that failed ([`checked_once_then_stepwise`]).
#[allow(clippy::too_many_arguments)]
pub fn run_pass<S>(
    insns: &[Insn],
    solver: &dyn crate::equiv::window::Solver,
    calls: &crate::opt::interp::CallModel,
    timeout: std::time::Duration,
    deadline: Option<std::time::Instant>,
    safety: &crate::opt::problem::SafetyCheck,
    pass: impl Fn(&PassCtx) -> (Vec<Insn>, S),
    seconds: impl Fn(&mut S) -> &mut f64,
) -> (Vec<Insn>, S) {
    checked_once_then_stepwise(
        insns,
        safety,
        |check| pass(&PassCtx { solver, calls, timeout, deadline, safety: check }),
        seconds,
    )
}

/// Runs a whole-program pass of proven rewrites (`pass(None)`) and safety-checks only its result;
/// if that result is unsafe, runs the pass again checking safety after every rewrite
/// (`pass(Some(safety))`: slower, keeps only the safe ones). `seconds` is where the pass's
/// statistics keep their wall time, set to the whole call's.
pub fn checked_once_then_stepwise<S>(
    insns: &[Insn],
    safety: &crate::opt::problem::SafetyCheck,
    pass: impl Fn(Option<&crate::opt::problem::SafetyCheck>) -> (Vec<Insn>, S),
    seconds: impl Fn(&mut S) -> &mut f64,
) -> (Vec<Insn>, S) {
    let t0 = std::time::Instant::now();
    let (mut out, mut stats) = pass(None);
    if out != insns && safety(&out).is_err() {
        (out, stats) = pass(Some(safety));
    }
    *seconds(&mut stats) = t0.elapsed().as_secs_f64();
    (out, stats)
}
