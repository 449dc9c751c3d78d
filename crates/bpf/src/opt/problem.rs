//! The superoptimization problem handed to `vf-search`.
//!
//! A candidate is the whole program (slots, deleted ones as `ja +0`) together
//! with the window partition its chain works on and a cached test error per
//! window. A move rewrites one window; only that window is re-executed, on its
//! own test inputs (compact live-in states), so evaluation cost is independent
//! of program size. Cost = instructions + `error_weight` × mean test distance.
//!
//! `confirm` (called only for a would-be new best) demands zero test error,
//! an SMT proof (or a cached proof) for every rewritten window, and a
//! whole-program safety check. Solver counterexamples become new test inputs
//! of their window. Composition is sound because every window proof assumes
//! only facts about live-in registers of the original program, which every
//! other proven rewrite preserves (see docs/bpf.md).

use crate::equiv::cache::{canonical_key, ProofCache};
use crate::equiv::window::{prove_window, Solver, WindowQuery, WindowVerdict};
use crate::isa::{self, Insn};
use crate::opt::analysis;
use crate::opt::interp::{self, CallModel, Outcome, TestCase};
use crate::opt::mutate::{self, Pools};
use crate::opt::window::{self, ProgramFacts, Window};
use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::Duration;
use vf_search::{Confirmation, Problem, Rng};

/// Knobs of the bpf problem.
#[derive(Clone, Debug)]
pub struct ProblemConfig {
    pub tests_per_window: usize,
    pub error_weight: f64,
    pub smt_timeout: Duration,
    /// (max window length, cut shift) per partition; chain `c` uses partition `c % len`.
    pub partitions: Vec<(usize, usize)>,
    pub seed: u64,
    /// No solver query runs past this instant (the search budget's end).
    pub deadline: Option<std::time::Instant>,
    /// Map key sizes for helper calls inside windows.
    pub call_model: CallModel,
    /// Instruction count or static latency (`opt::cost`).
    pub objective: crate::opt::cost::Objective,
}

impl Default for ProblemConfig {
    fn default() -> Self {
        ProblemConfig {
            tests_per_window: 24,
            error_weight: 10.0,
            smt_timeout: Duration::from_secs(10),
            partitions: vec![(4, 0), (4, 2), (6, 0), (3, 1)],
            seed: 0,
            deadline: None,
            call_model: CallModel::default(),
            objective: crate::opt::cost::Objective::Size,
        }
    }
}

/// Test inputs of one window and the original window's outcomes on them.
struct WindowTests {
    cases: Vec<TestCase>,
    expected: Vec<Outcome>,
    generation: u64,
}

struct Partition {
    windows: Vec<Window>,
    pools: Vec<Pools>,
    tests: Vec<RwLock<WindowTests>>,
    /// Window bodies a safety oracle rejected (penalized in the cost).
    unsafe_bodies: Vec<RwLock<HashSet<Vec<Insn>>>>,
    any_unsafe: Vec<std::sync::atomic::AtomicBool>,
}

/// Whole-program safety oracle; `Err((slot, why))` rejects, naming the offending slot
/// of the given program (with its `ja +0` slots) when known.
pub type SafetyCheck<'a> = dyn Fn(&[Insn]) -> Result<(), (Option<usize>, String)> + Sync + 'a;

/// Penalty added to the cost of a window body the safety oracle blamed before.
const UNSAFE_PENALTY: f64 = 1000.0;

/// Counters reported as progress.
#[derive(Default)]
pub struct Counters {
    pub proofs: AtomicU64,
    pub cache_hits: AtomicU64,
    pub counterexamples: AtomicU64,
    pub unknown: AtomicU64,
    pub unsafe_rejects: AtomicU64,
}

pub struct BpfProblem<'a> {
    orig: Vec<Insn>,
    orig_count: usize,
    parts: Vec<Partition>,
    solver: &'a dyn Solver,
    cache: &'a ProofCache,
    safety: &'a SafetyCheck<'a>,
    cfg: ProblemConfig,
    refuted: Mutex<HashSet<String>>,
    unsafe_programs: Mutex<HashSet<Vec<Insn>>>,
    pub counters: Counters,
    /// Bumped whenever any window gains a test (invalidates cached candidate errors).
    generation: AtomicU64,
    /// Window rewrites proven (or found in the proof cache) during the search.
    learned: Mutex<HashSet<crate::opt::rules::ProvenRewrite>>,
}

/// A candidate program.
#[derive(Clone, Debug)]
pub struct Cand {
    pub part: usize,
    pub insns: Vec<Insn>,
    /// Per window mean test distance, valid for test-set generation `gen`.
    err: Vec<f64>,
    err_sum: f64,
    gen: u64,
}

thread_local! {
    static SCRATCH: RefCell<Outcome> = RefCell::new(Outcome::default());
}

impl<'a> BpfProblem<'a> {
    pub fn new(
        insns: &[Insn],
        cfg: ProblemConfig,
        solver: &'a dyn Solver,
        cache: &'a ProofCache,
        safety: &'a SafetyCheck<'a>,
    ) -> Result<Self, isa::IsaError> {
        let facts = ProgramFacts::new(insns)?;
        let mut rng = Rng::derive(cfg.seed, 0xbeef);
        let parts = cfg
            .partitions
            .iter()
            .map(|&(len, shift)| make_partition(insns, &facts, len, shift, &cfg, &mut rng))
            .collect();
        Ok(BpfProblem {
            orig: insns.to_vec(),
            orig_count: isa::count_real(insns),
            parts,
            solver,
            cache,
            safety,
            cfg,
            refuted: Mutex::new(HashSet::new()),
            unsafe_programs: Mutex::new(HashSet::new()),
            counters: Counters::default(),
            generation: AtomicU64::new(0),
            learned: Mutex::new(HashSet::new()),
        })
    }

    /// The window rewrites proven so far (each under its recorded pre/postconditions).
    pub fn learned(&self) -> Vec<crate::opt::rules::ProvenRewrite> {
        self.learned.lock().unwrap().iter().cloned().collect()
    }

    pub fn original_count(&self) -> usize {
        self.orig_count
    }

    /// Windows of partition `p` (for reports).
    pub fn windows(&self, p: usize) -> &[Window] {
        &self.parts[p].windows
    }

    fn window_error(&self, part: usize, w: usize, insns: &[Insn]) -> f64 {
        let win = &self.parts[part].windows[w];
        let body = &insns[win.start..win.end];
        let tests = self.parts[part].tests[w].read().unwrap();
        let part_ref = &self.parts[part];
        if part_ref.any_unsafe[w].load(Ordering::Relaxed) && part_ref.unsafe_bodies[w].read().unwrap().contains(body) {
            return UNSAFE_PENALTY;
        }
        let total = SCRATCH.with(|s| {
            let mut out = s.borrow_mut();
            let mut sum = 0.0;
            for (tc, exp) in tests.cases.iter().zip(&tests.expected) {
                interp::run_with(body, tc, &self.cfg.call_model, &mut out);
                sum += interp::distance(exp, &out, win.live_out, tc);
            }
            sum
        });
        total / tests.cases.len().max(1) as f64
    }

    /// Brings `c`'s cached errors up to date with the current test sets.
    fn refresh(&self, c: &mut Cand) {
        let gen = self.generation.load(Ordering::Acquire);
        if c.gen != gen {
            for w in 0..c.err.len() {
                c.err[w] = self.window_error(c.part, w, &c.insns);
            }
            c.err_sum = c.err.iter().sum();
            c.gen = gen;
        }
    }

    fn total_error(&self, c: &Cand) -> f64 {
        if c.gen == self.generation.load(Ordering::Acquire) {
            c.err_sum
        } else {
            let mut fresh = c.clone();
            self.refresh(&mut fresh);
            fresh.err_sum
        }
    }

    fn add_test(&self, part: usize, w: usize, tc: TestCase) {
        let win = &self.parts[part].windows[w];
        let mut out = Outcome::default();
        interp::run_with(&self.orig[win.start..win.end], &tc, &self.cfg.call_model, &mut out);
        let mut t = self.parts[part].tests[w].write().unwrap();
        t.cases.push(tc);
        t.expected.push(out);
        t.generation += 1;
        drop(t);
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// Proves the rewritten windows of `c` one at a time, in program order: window `k`
    /// is proven inside the program where windows before it are already replaced,
    /// with liveness and constants recomputed on that program. Each step preserves
    /// the program's behaviour, so the whole chain does. `false` on the first failure.
    fn prove_windows(&self, c: &Cand) -> bool {
        let part = &self.parts[c.part];
        let mut cur = self.orig.clone();
        for (w, win) in part.windows.iter().enumerate() {
            let body = &c.insns[win.start..win.end];
            if cur[win.start..win.end] == *body {
                continue;
            }
            let Ok(facts) = ProgramFacts::new(&cur) else { return false };
            let ctx = window::make_window(&cur, &facts, win.start, win.end);
            let q = WindowQuery::new(&cur[win.start..win.end], body, &ctx).with_calls(&self.cfg.call_model);
            if self.cache.contains(&q) {
                self.counters.cache_hits.fetch_add(1, Ordering::Relaxed);
            } else if !self.prove_one(c.part, w, &q) {
                return false;
            }
            self.learned.lock().unwrap().insert(crate::opt::rules::ProvenRewrite {
                orig: q.orig.to_vec(),
                cand: q.cand.to_vec(),
                live_out: q.live_out,
                pre: q.pre,
                regions: q.regions,
            });
            cur[win.start..win.end].copy_from_slice(body);
        }
        true
    }

    fn prove_one(&self, part: usize, w: usize, q: &WindowQuery) -> bool {
        let key = canonical_key(q);
        if self.refuted.lock().unwrap().contains(&key) {
            return false;
        }
        let mut timeout = self.cfg.smt_timeout;
        if let Some(d) = self.cfg.deadline {
            timeout = timeout.min(d.saturating_duration_since(std::time::Instant::now()));
            if timeout.is_zero() {
                return false;
            }
        }
        match prove_window(q, self.solver, timeout) {
            WindowVerdict::Equivalent => {
                self.counters.proofs.fetch_add(1, Ordering::Relaxed);
                self.cache.insert(q);
                true
            }
            WindowVerdict::Counterexample(tc) => {
                self.counters.counterexamples.fetch_add(1, Ordering::Relaxed);
                self.add_test(part, w, tc);
                self.refuted.lock().unwrap().insert(key);
                false
            }
            WindowVerdict::Unknown(_) => {
                self.counters.unknown.fetch_add(1, Ordering::Relaxed);
                self.refuted.lock().unwrap().insert(key);
                false
            }
        }
    }
}

fn make_partition(insns: &[Insn], facts: &ProgramFacts, len: usize, shift: usize, cfg: &ProblemConfig, rng: &mut Rng) -> Partition {
    let ntests = cfg.tests_per_window;
    let windows = window::windows(insns, facts, len, shift);
    let pools: Vec<Pools> = windows.iter().map(|w| Pools::new(&insns[w.start..w.end], w)).collect();
    let tests = windows
        .iter()
        .zip(&pools)
        .map(|(w, p)| {
            let cases: Vec<TestCase> = (0..ntests).map(|_| random_test(w, p, rng)).collect();
            let expected = cases
                .iter()
                .map(|tc| {
                    let mut o = Outcome::default();
                    interp::run_with(&insns[w.start..w.end], tc, &cfg.call_model, &mut o);
                    o
                })
                .collect();
            RwLock::new(WindowTests { cases, expected, generation: 0 })
        })
        .collect();
    let n = windows.len();
    Partition {
        windows,
        pools,
        tests,
        unsafe_bodies: (0..n).map(|_| RwLock::new(HashSet::new())).collect(),
        any_unsafe: (0..n).map(|_| std::sync::atomic::AtomicBool::new(false)).collect(),
    }
}

/// A random live-in state honouring the window's known constants.
fn random_test(w: &Window, p: &Pools, rng: &mut Rng) -> TestCase {
    let mut regs = [0u64; isa::NUM_REGS];
    for (r, slot) in regs.iter_mut().enumerate() {
        *slot = match w.pre[r] {
            Some(v) => v,
            None => match rng.below(5) {
                0 => rng.next_u64(),
                1 => rng.below(256),
                2 => *rng.pick(&p.imms).unwrap() as i64 as u64,
                3 => rng.next_u32() as u64,
                _ => 0xffff_8880_0000_0000 | (rng.next_u32() as u64) << 8,
            },
        };
    }
    regs[10] = 0xffff_c900_0000_0000 | (rng.next_u32() as u64) << 12;
    interp::pin_map_pointers(&mut regs, w.regions.as_ref());
    TestCase { regs, mem_seed: rng.next_u64(), mem: Vec::new(), calls: Vec::new() }
}

impl Problem for BpfProblem<'_> {
    type Candidate = Cand;

    fn initial(&self) -> Cand {
        self.initial_in(0)
    }

    fn initial_for_chain(&self, chain: usize, _rng: &mut Rng) -> Cand {
        self.initial_in(chain % self.parts.len())
    }

    fn mutate(&self, c: &Cand, rng: &mut Rng) -> Cand {
        let mut n = c.clone();
        self.refresh(&mut n);
        let part = &self.parts[c.part];
        if part.windows.is_empty() {
            return n;
        }
        let w = rng.index(part.windows.len());
        let win = &part.windows[w];
        let before: Vec<Insn> = n.insns[win.start..win.end].to_vec();
        // proposals that read uninitialized registers are never safe: draw again
        // compound moves (two edits at once) cross single-edit valleys of wrong programs
        let edits = if rng.chance(0.25) { 2 } else { 1 };
        for _ in 0..8 {
            for _ in 0..edits {
                mutate::propose(&mut n.insns[win.start..win.end], &self.orig[win.start..win.end], &part.pools[w], rng);
            }
            if !analysis::reads_uninitialized(&n.insns[win.start..win.end], win.init) {
                break;
            }
            n.insns[win.start..win.end].copy_from_slice(&before);
        }
        let e = self.window_error(c.part, w, &n.insns);
        n.err[w] = e;
        n.err_sum = n.err.iter().sum(); // exact 0.0 when every window is correct
        n
    }

    fn cost(&self, c: &Cand) -> f64 {
        self.cfg.objective.cost(&c.insns) + self.cfg.error_weight * self.total_error(c)
    }

    fn confirm(&self, c: &Cand, _cost: f64) -> Confirmation {
        if self.total_error(c) > 0.0 {
            return Confirmation::Refuted;
        }
        if self.unsafe_programs.lock().unwrap().contains(&c.insns) || !self.prove_windows(c) {
            return Confirmation::Refuted;
        }
        if let Err((slot, why)) = (self.safety)(&c.insns) {
            if std::env::var_os("VERIFORGE_DEBUG_SAFETY").is_some() {
                eprintln!("unsafe candidate (slot {slot:?}): {why}\n{}", isa::listing(&c.insns));
            }
            self.blame(c, slot);
            self.counters.unsafe_rejects.fetch_add(1, Ordering::Relaxed);
            self.unsafe_programs.lock().unwrap().insert(c.insns.clone());
            return Confirmation::Refuted;
        }
        Confirmation::Confirmed
    }

    fn counters(&self) -> Vec<(String, u64)> {
        let c = &self.counters;
        vec![
            ("proofs".into(), c.proofs.load(Ordering::Relaxed)),
            ("cache_hits".into(), c.cache_hits.load(Ordering::Relaxed)),
            ("counterexamples".into(), c.counterexamples.load(Ordering::Relaxed)),
            ("unknown".into(), c.unknown.load(Ordering::Relaxed)),
            ("unsafe".into(), c.unsafe_rejects.load(Ordering::Relaxed)),
        ]
    }
}

impl BpfProblem<'_> {
    /// Remembers the rewritten window the safety oracle's complaint points at (the one
    /// containing `slot`, else the last rewritten one before it) so its cost is penalized.
    fn blame(&self, c: &Cand, slot: Option<usize>) {
        let Some(slot) = slot else { return };
        let part = &self.parts[c.part];
        let changed = |w: &Window| self.orig[w.start..w.end] != c.insns[w.start..w.end];
        let culprit = part
            .windows
            .iter()
            .enumerate()
            .filter(|(_, w)| w.start <= slot && changed(w))
            .max_by_key(|(_, w)| w.start);
        if let Some((w, win)) = culprit {
            part.unsafe_bodies[w].write().unwrap().insert(c.insns[win.start..win.end].to_vec());
            part.any_unsafe[w].store(true, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::AcqRel);
        }
    }

    fn initial_in(&self, part: usize) -> Cand {
        let n = self.parts[part].windows.len();
        Cand { part, insns: self.orig.clone(), err: vec![0.0; n], err_sum: 0.0, gen: self.generation.load(Ordering::Acquire) }
    }
}
