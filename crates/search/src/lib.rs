//! `vf-search`: a generic, deterministic stochastic search engine shared by the
//! bpf superoptimizer and the crypto track.
//!
//! A problem implements [`Problem`]: an initial candidate, a random mutation, a
//! cheap cost (lower is better) and an optional expensive [`Problem::confirm`]
//! that is called only when a candidate would become its chain's new best (the
//! bpf track proves equivalence there, crypto measures cycles). [`run`] drives
//! several Metropolis/annealing chains in parallel threads, each seeded with
//! `Rng::derive(config.seed, chain)`, merges their bests, records the
//! best-so-far [`Trace`] and reports [`Progress`] to an [`Observer`].
//!
//! Determinism: with an iteration budget (`Budget::iterations`) and a problem
//! whose `cost`/`mutate`/`confirm` are pure functions of their arguments (or
//! whose shared state is per-chain), every chain and the merged result are the
//! same for the same seed, whatever the thread timing. Chains never read each
//! other's state unless `RestartFrom::GlobalBest` is chosen. A problem that
//! learns from refutations (e.g. a shared counterexample set) stays correct
//! with any number of chains; it is then deterministic only with one chain.
//!
//! Counterexamples: the problem owns its test set (e.g. behind a `RwLock`).
//! When `confirm` returns [`Confirmation::Refuted`] the engine re-evaluates the
//! candidate's cost and the current state's cost (so a test added inside
//! `confirm` takes effect at once); the candidate never becomes a best but may
//! still become the chain's current state by the Metropolis rule (searching
//! through not-yet-correct states is the point of stochastic superoptimization).
//!
//! ```
//! use vf_search::{run, Budget, Config, Problem, Quiet, Rng, Schedule};
//! /// Find x with x*x == 49 among 0..256.
//! struct Root;
//! impl Problem for Root {
//!     type Candidate = u32;
//!     fn initial(&self) -> u32 { 200 }
//!     fn mutate(&self, x: &u32, rng: &mut Rng) -> u32 { (x ^ (1 << rng.index(8))) & 0xff }
//!     fn cost(&self, x: &u32) -> f64 { (x * x).abs_diff(49) as f64 }
//! }
//! let config = Config { seed: 1, chains: 2, budget: Budget::parse("20000it").unwrap(),
//!                       schedule: Schedule::Constant(50.0), ..Config::default() };
//! let result = run(&Root, &config, &Quiet);
//! assert_eq!(result.best, 7);
//! ```

mod bets;
mod budget;
mod rng;

pub use bets::{bets_and_runs, Bets, BetsResult};
pub use budget::{parse_duration, Budget, BudgetError};
pub use rng::Rng;

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The outcome of the expensive check of a would-be best candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Confirmation {
    /// The candidate is acceptable as a best (e.g. proven equivalent).
    Confirmed,
    /// The candidate is acceptable, and its cost is really this (e.g. a fresh measurement of a
    /// noisy cost: the minimum of many noisy estimates is biased low). It becomes the best only
    /// if this cost still beats the chain's best; either way this cost is what the chain uses.
    ConfirmedAt(f64),
    /// The candidate must not become a best (e.g. a counterexample was found
    /// and added to the problem's tests, or the prover timed out).
    Refuted,
}

/// A search problem. All methods take `&self`: the problem is shared by all
/// chains (threads); keep mutable state behind locks or atomics.
pub trait Problem: Sync {
    type Candidate: Clone + Send;

    /// The starting point (assumed acceptable: it is never `confirm`ed).
    fn initial(&self) -> Self::Candidate;

    /// The starting point of chain `chain`; defaults to [`Problem::initial`].
    fn initial_for_chain(&self, _chain: usize, _rng: &mut Rng) -> Self::Candidate {
        self.initial()
    }

    /// The starting point of bet `bet` in [`bets_and_runs`]; defaults to
    /// [`Problem::initial_for_chain`] of chain `bet`. Bets are worth most when their starts differ.
    fn bet_start(&self, bet: usize, rng: &mut Rng) -> Self::Candidate {
        self.initial_for_chain(bet, rng)
    }

    /// A random neighbour of `current`.
    fn mutate(&self, current: &Self::Candidate, rng: &mut Rng) -> Self::Candidate;

    /// Cheap cost, lower is better. `f64::INFINITY` (or NaN) means "never accept".
    fn cost(&self, candidate: &Self::Candidate) -> f64;

    /// Expensive check, called only when `candidate` (with cost `cost`) would
    /// become its chain's new best. Default: always confirmed.
    fn confirm(&self, _candidate: &Self::Candidate, _cost: f64) -> Confirmation {
        Confirmation::Confirmed
    }

    /// Where a chain goes on a restart; defaults to [`Problem::initial`] when the
    /// config says `RestartFrom::Initial`, otherwise the engine passes the best.
    fn restart(&self, from: &Self::Candidate, _rng: &mut Rng) -> Self::Candidate {
        from.clone()
    }

    /// Problem-defined counters shown in progress reports (e.g. proofs, counterexamples).
    fn counters(&self) -> Vec<(String, u64)> {
        Vec::new()
    }
}

/// Temperature schedule of the Metropolis acceptance `exp(-(new - cur) / T)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Schedule {
    /// Fixed temperature (K2 uses a fixed beta). `0.0` = greedy (accept only non-worsening moves).
    Constant(f64),
    /// Geometric cooling from `start` to `end` over the budget (time or iterations,
    /// whichever is further along). With a time-only budget this is not deterministic.
    Geometric { start: f64, end: f64 },
}

impl Schedule {
    fn temperature(&self, progress: f64) -> f64 {
        match *self {
            Schedule::Constant(t) => t,
            Schedule::Geometric { start, end } => {
                let p = progress.clamp(0.0, 1.0);
                if start <= 0.0 || end <= 0.0 {
                    start + (end - start) * p
                } else {
                    start * (end / start).powf(p)
                }
            }
        }
    }
}

/// Where a chain restarts after `restart_after` iterations without improving its best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RestartFrom {
    Initial,
    ChainBest,
    /// The best of all chains so far (couples chains: not deterministic with >1 chain).
    GlobalBest,
}

/// Search settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    /// Number of chains, each on its own thread.
    pub chains: usize,
    pub budget: Budget,
    pub schedule: Schedule,
    /// Restart a chain after this many iterations without a new chain best.
    pub restart_after: Option<u64>,
    pub restart_from: RestartFrom,
    /// Stop every chain as soon as a confirmed best has cost `<= target`.
    pub target_cost: Option<f64>,
    /// How often [`Observer::progress`] is called.
    pub progress_every: Duration,
    /// Set to `true` from outside to stop the search early (e.g. Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Per-chain temperature multipliers: chain `c` uses `schedule × scale[c % len]`
    /// (empty = all 1.0). Hotter chains explore, colder ones exploit.
    pub chain_temperature_scale: Vec<f64>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 0,
            chains: 1,
            budget: Budget::iterations(100_000),
            schedule: Schedule::Constant(1.0),
            restart_after: None,
            restart_from: RestartFrom::ChainBest,
            target_cost: None,
            progress_every: Duration::from_secs(1),
            cancel: None,
            chain_temperature_scale: Vec::new(),
        }
    }
}

/// One point of the best-so-far trace: a new best appeared.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TracePoint {
    /// Seconds since the search started.
    pub time_s: f64,
    /// Iteration of the chain that found it.
    pub iteration: u64,
    pub chain: usize,
    pub cost: f64,
}

/// Best-so-far costs over time; costs strictly decrease along the trace.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub points: Vec<TracePoint>,
}

impl Trace {
    fn record(&mut self, p: TracePoint) -> bool {
        match self.points.last() {
            Some(last) if !(p.cost < last.cost) => false,
            _ => {
                self.points.push(p);
                true
            }
        }
    }
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("trace serializes")
    }
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// A live snapshot of the search.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Progress {
    pub elapsed_s: f64,
    /// Iterations summed over chains (sampled; exact in the final report).
    pub iterations: u64,
    pub iterations_per_s: f64,
    pub best_cost: f64,
    pub confirmations: u64,
    pub refutations: u64,
    pub restarts: u64,
    /// The problem's own counters ([`Problem::counters`]).
    pub counters: Vec<(String, u64)>,
    pub done: bool,
    /// Which phase of a [`bets_and_runs`] search this is ("bet 3/20", "run from bet 7"); empty for [`run`].
    #[serde(default)]
    pub phase: String,
}

/// Receives progress reports and improvements (called from the driving thread
/// for `progress`, from chain threads for `improved`).
pub trait Observer: Sync {
    fn progress(&self, _p: &Progress) {}
    fn improved(&self, _point: &TracePoint) {}
}

/// An observer that ignores everything.
pub struct Quiet;
impl Observer for Quiet {}

/// Any `Fn(&Progress)` is an observer of progress reports.
impl<F: Fn(&Progress) + Sync> Observer for F {
    fn progress(&self, p: &Progress) {
        self(p)
    }
}

/// What one chain did.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChainReport {
    pub chain: usize,
    pub iterations: u64,
    pub accepted: u64,
    pub confirmations: u64,
    pub refutations: u64,
    pub restarts: u64,
    pub best_cost: f64,
    /// This chain's own best-so-far trace (deterministic given the seed, except times).
    pub trace: Trace,
}

/// The merged outcome of all chains.
#[derive(Clone, Debug)]
pub struct SearchResult<C> {
    /// Best over all chains; ties go to the lowest chain index.
    pub best: C,
    pub best_cost: f64,
    pub best_chain: usize,
    /// Global best-so-far trace (strictly decreasing cost).
    pub trace: Trace,
    pub chains: Vec<ChainReport>,
    pub iterations: u64,
    pub elapsed: Duration,
    /// The final problem counters.
    pub counters: Vec<(String, u64)>,
}

impl<C> SearchResult<C> {
    pub fn iterations_per_s(&self) -> f64 {
        self.iterations as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
    /// The run summary as JSON (everything but the candidate itself).
    pub fn summary_json(&self) -> serde_json::Value {
        serde_json::json!({
            "best_cost": self.best_cost,
            "best_chain": self.best_chain,
            "iterations": self.iterations,
            "elapsed_s": self.elapsed.as_secs_f64(),
            "iterations_per_s": self.iterations_per_s(),
            "trace": self.trace,
            "chains": self.chains,
            "counters": self.counters,
        })
    }
}

/// State shared between chains and the driver.
struct Shared<C> {
    start: Instant,
    stop: AtomicBool,
    global: Mutex<Global<C>>,
    iterations: Vec<AtomicU64>,
    confirmations: AtomicU64,
    refutations: AtomicU64,
    restarts: AtomicU64,
    best_bits: AtomicU64,
}

struct Global<C> {
    best: Option<C>,
    trace: Trace,
}

impl<C: Clone> Shared<C> {
    fn best_cost(&self) -> f64 {
        f64::from_bits(self.best_bits.load(Ordering::Relaxed))
    }

    /// Offers a chain's new best to the global record; returns the trace point if it improved.
    fn offer(&self, cand: &C, cost: f64, chain: usize, iteration: u64) -> Option<TracePoint> {
        let mut g = self.global.lock().unwrap();
        let point = TracePoint { time_s: self.start.elapsed().as_secs_f64(), iteration, chain, cost };
        if g.trace.record(point) {
            g.best = Some(cand.clone());
            self.best_bits.store(cost.to_bits(), Ordering::Relaxed);
            Some(point)
        } else {
            None
        }
    }

    fn global_best(&self) -> Option<C> {
        self.global.lock().unwrap().best.clone()
    }
}

/// Runs the search and returns the merged best. Panics if `config.chains == 0`
/// or the budget is unbounded without a cancel flag.
pub fn run<P: Problem>(problem: &P, config: &Config, observer: &dyn Observer) -> SearchResult<P::Candidate> {
    assert!(config.chains > 0, "search needs at least one chain");
    assert!(
        !config.budget.is_unbounded() || config.cancel.is_some() || config.target_cost.is_some(),
        "search needs a budget"
    );
    let shared = Shared {
        start: Instant::now(),
        stop: AtomicBool::new(false),
        global: Mutex::new(Global { best: None, trace: Trace::default() }),
        iterations: (0..config.chains).map(|_| AtomicU64::new(0)).collect(),
        confirmations: AtomicU64::new(0),
        refutations: AtomicU64::new(0),
        restarts: AtomicU64::new(0),
        best_bits: AtomicU64::new(f64::INFINITY.to_bits()),
    };
    let outcomes: Vec<(P::Candidate, ChainReport)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.chains)
            .map(|chain| {
                let shared = &shared;
                scope.spawn(move || run_chain(problem, config, shared, observer, chain))
            })
            .collect();
        drive_progress(problem, config, &shared, observer, &handles);
        handles.into_iter().map(|h| h.join().expect("search chain panicked")).collect()
    });
    let elapsed = shared.start.elapsed();
    merge(problem, outcomes, shared, elapsed, observer)
}

/// Calls the observer periodically until every chain has finished.
fn drive_progress<C: Clone, T>(
    problem: &impl Problem,
    config: &Config,
    shared: &Shared<C>,
    observer: &dyn Observer,
    handles: &[std::thread::ScopedJoinHandle<'_, T>],
) {
    let tick = config.progress_every.min(Duration::from_millis(20)).max(Duration::from_millis(1));
    let mut next_report = config.progress_every;
    while !handles.iter().all(|h| h.is_finished()) {
        std::thread::sleep(tick);
        if external_cancel(config) {
            shared.stop.store(true, Ordering::Relaxed);
        }
        let elapsed = shared.start.elapsed();
        if elapsed >= next_report {
            next_report = elapsed + config.progress_every;
            observer.progress(&snapshot(problem, shared, false));
        }
    }
}

fn external_cancel(config: &Config) -> bool {
    config.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
}

fn snapshot<C: Clone>(problem: &impl Problem, shared: &Shared<C>, done: bool) -> Progress {
    let elapsed_s = shared.start.elapsed().as_secs_f64();
    let iterations: u64 = shared.iterations.iter().map(|a| a.load(Ordering::Relaxed)).sum();
    Progress {
        elapsed_s,
        iterations,
        iterations_per_s: iterations as f64 / elapsed_s.max(1e-9),
        best_cost: shared.best_cost(),
        confirmations: shared.confirmations.load(Ordering::Relaxed),
        refutations: shared.refutations.load(Ordering::Relaxed),
        restarts: shared.restarts.load(Ordering::Relaxed),
        counters: problem.counters(),
        done,
        phase: String::new(),
    }
}

fn merge<P: Problem>(
    problem: &P,
    outcomes: Vec<(P::Candidate, ChainReport)>,
    shared: Shared<P::Candidate>,
    elapsed: Duration,
    observer: &dyn Observer,
) -> SearchResult<P::Candidate> {
    let mut best_idx = 0;
    for (i, (_, r)) in outcomes.iter().enumerate() {
        if r.best_cost < outcomes[best_idx].1.best_cost {
            best_idx = i;
        }
    }
    let iterations = outcomes.iter().map(|(_, r)| r.iterations).sum();
    for (i, (_, r)) in outcomes.iter().enumerate() {
        shared.iterations[i].store(r.iterations, Ordering::Relaxed);
    }
    observer.progress(&snapshot(problem, &shared, true));
    let trace = shared.global.lock().unwrap().trace.clone();
    let counters = problem.counters();
    let mut chains = Vec::with_capacity(outcomes.len());
    let mut best = None;
    for (i, (cand, report)) in outcomes.into_iter().enumerate() {
        if i == best_idx {
            best = Some(cand);
        }
        chains.push(report);
    }
    SearchResult {
        best: best.expect("at least one chain"),
        best_cost: chains[best_idx].best_cost,
        best_chain: best_idx,
        trace,
        chains,
        iterations,
        elapsed,
        counters,
    }
}

/// Iterations between checks of the clock and the stop flag.
const CHECK_EVERY: u64 = 64;
/// With a time budget the check interval adapts instead: it starts at 1 and doubles (up to
/// `CHECK_EVERY`) while checks are less than this far apart, and drops back to 1 when they are
/// more than 20x this far apart, so slow evaluations (measuring, proving) do not overrun short
/// budgets such as the bets of [`bets_and_runs`]. Iteration-only budgets keep the fixed interval,
/// so they stay deterministic.
const FAST_CHECKS: Duration = Duration::from_millis(1);

struct Chain<C> {
    current: C,
    current_cost: f64,
    best: C,
    best_cost: f64,
    last_improvement: u64,
    report: ChainReport,
}

fn run_chain<P: Problem>(
    problem: &P,
    config: &Config,
    shared: &Shared<P::Candidate>,
    observer: &dyn Observer,
    chain: usize,
) -> (P::Candidate, ChainReport) {
    let mut rng = Rng::derive(config.seed, chain as u64);
    let initial = problem.initial_for_chain(chain, &mut rng);
    let cost = problem.cost(&initial);
    let mut st = Chain {
        current: initial.clone(),
        current_cost: cost,
        best: initial,
        best_cost: cost,
        last_improvement: 0,
        report: ChainReport {
            chain,
            iterations: 0,
            accepted: 0,
            confirmations: 0,
            refutations: 0,
            restarts: 0,
            best_cost: cost,
            trace: Trace::default(),
        },
    };
    st.report.trace.record(TracePoint { time_s: 0.0, iteration: 0, chain, cost });
    if let Some(p) = shared.offer(&st.best, cost, chain, 0) {
        observer.improved(&p);
    }
    let iter_limit = config.budget.iterations.unwrap_or(u64::MAX);
    let scale = if config.chain_temperature_scale.is_empty() {
        1.0
    } else {
        config.chain_temperature_scale[chain % config.chain_temperature_scale.len()]
    };
    let mut fraction = 0.0;
    let mut it: u64 = 0;
    let adaptive = config.budget.time.is_some();
    let mut check_every = if adaptive { 1 } else { CHECK_EVERY };
    let mut since_check = 0;
    let mut last_check = Instant::now();
    while it < iter_limit {
        if since_check % check_every == 0 {
            since_check = 0;
            if adaptive {
                let gap = last_check.elapsed();
                check_every = if gap < FAST_CHECKS { (check_every * 2).min(CHECK_EVERY) } else if gap > FAST_CHECKS * 20 { 1 } else { check_every };
                last_check = Instant::now();
            }
            shared.iterations[chain].store(it, Ordering::Relaxed);
            match budget_fraction(config, shared, it) {
                Some(f) => fraction = f,
                None => break,
            }
        }
        it += 1;
        since_check += 1;
        let temperature = config.schedule.temperature(fraction) * scale;
        step(problem, shared, observer, &mut st, &mut rng, it, temperature);
        if let Some(after) = config.restart_after {
            if it - st.last_improvement >= after {
                restart(problem, config, shared, &mut st, &mut rng, it);
            }
        }
    }
    st.report.iterations = it;
    st.report.best_cost = st.best_cost;
    shared.iterations[chain].store(it, Ordering::Relaxed);
    (st.best, st.report)
}

/// `None` when the search must stop; otherwise how far along the budget is (0..1).
fn budget_fraction<C: Clone>(config: &Config, shared: &Shared<C>, it: u64) -> Option<f64> {
    if shared.stop.load(Ordering::Relaxed) || external_cancel(config) {
        return None;
    }
    if let Some(target) = config.target_cost {
        if shared.best_cost() <= target {
            shared.stop.store(true, Ordering::Relaxed);
            return None;
        }
    }
    let mut f: f64 = 0.0;
    if let Some(limit) = config.budget.time {
        let e = shared.start.elapsed();
        if e >= limit {
            shared.stop.store(true, Ordering::Relaxed);
            return None;
        }
        f = f.max(e.as_secs_f64() / limit.as_secs_f64().max(1e-9));
    }
    if let Some(n) = config.budget.iterations {
        f = f.max(it as f64 / n.max(1) as f64);
    }
    Some(f)
}

#[allow(clippy::too_many_arguments)]
fn step<P: Problem>(
    problem: &P,
    shared: &Shared<P::Candidate>,
    observer: &dyn Observer,
    st: &mut Chain<P::Candidate>,
    rng: &mut Rng,
    it: u64,
    temperature: f64,
) {
    let cand = problem.mutate(&st.current, rng);
    let mut cost = problem.cost(&cand);
    if cost.is_nan() {
        return;
    }
    if cost < st.best_cost {
        let mut verdict = problem.confirm(&cand, cost);
        if let Confirmation::ConfirmedAt(c) = verdict {
            if c.is_nan() {
                return;
            }
            cost = c;
            verdict = if c < st.best_cost { Confirmation::Confirmed } else { Confirmation::ConfirmedAt(c) };
        }
        match verdict {
            // re-costed, no longer better than the chain's best: an ordinary candidate
            Confirmation::ConfirmedAt(_) => {}
            Confirmation::Confirmed => {
                st.report.confirmations += 1;
                shared.confirmations.fetch_add(1, Ordering::Relaxed);
                st.best = cand.clone();
                st.best_cost = cost;
                st.last_improvement = it;
                let point = TracePoint { time_s: shared.start.elapsed().as_secs_f64(), iteration: it, chain: st.report.chain, cost };
                st.report.trace.record(point);
                if let Some(p) = shared.offer(&cand, cost, st.report.chain, it) {
                    observer.improved(&p);
                }
            }
            Confirmation::Refuted => {
                st.report.refutations += 1;
                shared.refutations.fetch_add(1, Ordering::Relaxed);
                // The problem may have learned a counterexample: re-cost both states. The
                // candidate can still become the current state (never the best).
                st.current_cost = problem.cost(&st.current);
                cost = problem.cost(&cand);
                if cost.is_nan() {
                    return;
                }
            }
        }
    }
    if accept(cost, st.current_cost, temperature, rng) {
        st.current = cand;
        st.current_cost = cost;
        st.report.accepted += 1;
    }
}

/// Metropolis rule: always take non-worsening moves, worse ones with probability exp(-delta/T).
fn accept(new: f64, current: f64, temperature: f64, rng: &mut Rng) -> bool {
    if new <= current {
        return true;
    }
    if !new.is_finite() || temperature <= 0.0 {
        return false;
    }
    rng.unit() < (-(new - current) / temperature).exp()
}

fn restart<P: Problem>(
    problem: &P,
    config: &Config,
    shared: &Shared<P::Candidate>,
    st: &mut Chain<P::Candidate>,
    rng: &mut Rng,
    it: u64,
) {
    let from = match config.restart_from {
        RestartFrom::Initial => problem.initial(),
        RestartFrom::ChainBest => st.best.clone(),
        RestartFrom::GlobalBest => shared.global_best().unwrap_or_else(|| st.best.clone()),
    };
    st.current = problem.restart(&from, rng);
    st.current_cost = problem.cost(&st.current);
    st.last_improvement = it;
    st.report.restarts += 1;
    shared.restarts.fetch_add(1, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometric_schedule_interpolates() {
        let s = Schedule::Geometric { start: 10.0, end: 0.1 };
        assert!((s.temperature(0.0) - 10.0).abs() < 1e-12);
        assert!((s.temperature(1.0) - 0.1).abs() < 1e-12);
        assert!((s.temperature(0.5) - 1.0).abs() < 1e-9);
        assert_eq!(Schedule::Constant(2.0).temperature(0.7), 2.0);
    }

    #[test]
    fn metropolis_takes_improvements_and_refuses_infinite() {
        let mut r = Rng::new(3);
        assert!(accept(1.0, 2.0, 0.0, &mut r));
        assert!(!accept(3.0, 2.0, 0.0, &mut r));
        assert!(!accept(f64::INFINITY, 2.0, 100.0, &mut r));
        let taken = (0..10_000).filter(|_| accept(3.0, 2.0, 1.0, &mut r)).count();
        // exp(-1) ~= 0.368
        assert!((3300..4100).contains(&taken), "{taken}");
    }

    #[test]
    fn trace_only_records_strict_improvements() {
        let mut t = Trace::default();
        let p = |c| TracePoint { time_s: 0.0, iteration: 0, chain: 0, cost: c };
        assert!(t.record(p(5.0)));
        assert!(!t.record(p(5.0)));
        assert!(!t.record(p(6.0)));
        assert!(t.record(p(4.0)));
        let back = Trace::from_json(&t.to_json()).unwrap();
        assert_eq!(back, t);
    }
}
