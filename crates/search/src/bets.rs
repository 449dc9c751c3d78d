//! Bets-and-runs (CryptOpt's scheme): spend a fraction of the budget on `count` short,
//! independent bets, each from its own start ([`Problem::bet_start`]) and seed, then continue
//! the best bet with the rest of the budget.
//!
//! The point is robustness against a bad start: one long annealing run can sit in the basin of
//! its starting point; several short runs sample several basins and the long run exploits the
//! most promising one. Determinism is that of [`run`]: with an iteration budget every bet and
//! the final run are pure functions of the seed.

use crate::{run, Budget, ChainReport, Config, Confirmation, Observer, Problem, Progress, Rng, SearchResult, Trace, TracePoint};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How many bets, and which fraction of the whole budget they share.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bets {
    /// Number of bets; 0 or 1 means a plain [`run`].
    pub count: usize,
    /// Fraction of the budget (time and/or iterations) spent on all bets together, in (0, 1).
    pub fraction: f64,
}

impl Default for Bets {
    fn default() -> Self {
        Bets { count: 0, fraction: 0.2 }
    }
}

/// The outcome of each bet plus the merged result.
pub struct BetsResult<C> {
    /// Everything merged: `best` is the final run's best; `trace` covers bets and the run
    /// (times and iterations offset so they increase); `iterations` counts every evaluation.
    pub result: SearchResult<C>,
    /// Best cost of each bet, in bet order.
    pub bet_costs: Vec<f64>,
    /// Index of the bet that was continued.
    pub chosen: usize,
}

/// A problem whose starting point is fixed (a bet's start, or the best bet for the final run).
struct StartAt<'a, P: Problem> {
    inner: &'a P,
    /// Behind a mutex only so the wrapper is `Sync` for any `Send` candidate.
    start: std::sync::Mutex<P::Candidate>,
}

impl<P: Problem> Problem for StartAt<'_, P> {
    type Candidate = P::Candidate;
    fn initial(&self) -> P::Candidate {
        self.start.lock().unwrap().clone()
    }
    fn mutate(&self, c: &P::Candidate, rng: &mut Rng) -> P::Candidate {
        self.inner.mutate(c, rng)
    }
    fn cost(&self, c: &P::Candidate) -> f64 {
        self.inner.cost(c)
    }
    fn confirm(&self, c: &P::Candidate, cost: f64) -> Confirmation {
        self.inner.confirm(c, cost)
    }
    fn restart(&self, from: &P::Candidate, rng: &mut Rng) -> P::Candidate {
        self.inner.restart(from, rng)
    }
    fn counters(&self) -> Vec<(String, u64)> {
        self.inner.counters()
    }
}

/// Passes progress on with the time and iterations of the earlier phases added, and a phase tag.
struct Offset<'a> {
    inner: &'a dyn Observer,
    time_s: f64,
    iterations: u64,
    phase: String,
    best_bits: AtomicU64,
}

impl Observer for Offset<'_> {
    fn progress(&self, p: &Progress) {
        let mut q = p.clone();
        q.elapsed_s += self.time_s;
        q.iterations += self.iterations;
        q.iterations_per_s = q.iterations as f64 / q.elapsed_s.max(1e-9);
        q.best_cost = q.best_cost.min(f64::from_bits(self.best_bits.load(Ordering::Relaxed)));
        q.phase = self.phase.clone();
        q.done = false;
        self.inner.progress(&q)
    }
    fn improved(&self, point: &TracePoint) {
        let mut q = *point;
        q.time_s += self.time_s;
        q.iteration += self.iterations;
        self.inner.improved(&q)
    }
}

/// Scales a budget to `share` of it (at least one iteration / one millisecond).
fn share(budget: Budget, share: f64) -> Budget {
    Budget {
        time: budget.time.map(|t| Duration::from_secs_f64((t.as_secs_f64() * share).max(1e-3))),
        iterations: budget.iterations.map(|n| ((n as f64 * share).floor() as u64).max(1)),
    }
}

/// What is left of `total` after `spent_time` and `spent_iterations` (per chain).
fn remaining(total: Budget, spent_time: Duration, spent_iterations: u64) -> Budget {
    Budget {
        time: total.time.map(|t| t.saturating_sub(spent_time).max(Duration::from_millis(1))),
        iterations: total.iterations.map(|n| n.saturating_sub(spent_iterations).max(1)),
    }
}

/// Runs `bets.count` bets then the final run from the best bet. With fewer than two bets this
/// is exactly [`run`].
pub fn bets_and_runs<P: Problem>(problem: &P, config: &Config, bets: Bets, observer: &dyn Observer) -> BetsResult<P::Candidate> {
    if bets.count < 2 {
        let result = run(problem, config, observer);
        let cost = result.best_cost;
        return BetsResult { result, bet_costs: vec![cost], chosen: 0 };
    }
    assert!(bets.fraction > 0.0 && bets.fraction < 1.0, "bet fraction must be in (0, 1)");
    let start = Instant::now();
    let per_bet = share(config.budget, bets.fraction / bets.count as f64);
    let mut offset = (0.0, 0u64);
    let mut trace = Trace::default();
    let mut chains: Vec<ChainReport> = Vec::new();
    let mut outcomes: Vec<(P::Candidate, f64)> = Vec::new();
    let mut bet_iterations = 0u64;
    for bet in 0..bets.count {
        let mut rng = Rng::derive(config.seed ^ 0xbe75, bet as u64);
        let sub = StartAt { inner: problem, start: problem.bet_start(bet, &mut rng).into() };
        let cfg = Config { seed: config.seed.wrapping_add(bet as u64 + 1), budget: per_bet, ..config.clone() };
        let best_so_far = trace.points.last().map(|p| p.cost).unwrap_or(f64::INFINITY);
        let obs = Offset { inner: observer, time_s: offset.0, iterations: offset.1, phase: format!("bet {}/{}", bet + 1, bets.count), best_bits: AtomicU64::new(best_so_far.to_bits()) };
        let r = run(&sub, &cfg, &obs);
        absorb(&mut trace, &mut chains, &r, offset);
        offset.0 += r.elapsed.as_secs_f64();
        offset.1 += r.iterations;
        bet_iterations += r.chains.iter().map(|c| c.iterations).max().unwrap_or(0);
        outcomes.push((r.best, r.best_cost));
    }
    let chosen = (0..outcomes.len()).fold(0, |b, i| if outcomes[i].1 < outcomes[b].1 { i } else { b });
    let bet_costs: Vec<f64> = outcomes.iter().map(|o| o.1).collect();
    let best_start = outcomes.swap_remove(chosen).0;
    let sub = StartAt { inner: problem, start: best_start.into() };
    let cfg = Config { budget: remaining(config.budget, start.elapsed(), bet_iterations), ..config.clone() };
    let best_so_far = trace.points.last().map(|p| p.cost).unwrap_or(f64::INFINITY);
    let obs = Offset { inner: observer, time_s: offset.0, iterations: offset.1, phase: format!("run from bet {}", chosen + 1), best_bits: AtomicU64::new(best_so_far.to_bits()) };
    let r = run(&sub, &cfg, &obs);
    absorb(&mut trace, &mut chains, &r, offset);
    let iterations = offset.1 + r.iterations;
    let result = SearchResult {
        best: r.best,
        best_cost: r.best_cost,
        best_chain: r.best_chain,
        trace,
        chains,
        iterations,
        elapsed: start.elapsed(),
        counters: r.counters,
    };
    BetsResult { result, bet_costs, chosen }
}

/// Appends a phase's trace (offset) to the global best-so-far trace and keeps its chain reports.
fn absorb<C>(trace: &mut Trace, chains: &mut Vec<ChainReport>, r: &SearchResult<C>, offset: (f64, u64)) {
    for p in &r.trace.points {
        trace.record(TracePoint { time_s: p.time_s + offset.0, iteration: p.iteration + offset.1, ..*p });
    }
    for c in &r.chains {
        chains.push(ChainReport { chain: chains.len(), ..c.clone() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Schedule;

    /// A deceptive landscape on 0..1024: a wide local minimum at 200 (cost 10 at its bottom) and a
    /// narrow global one at 900 (cost 0). Moves are ±1..3 steps, so a greedy run from 200 never
    /// leaves its basin; bets from random starts find the global basin.
    struct TwoBasins;
    fn cost_of(x: i64) -> f64 {
        if (860..=940).contains(&x) {
            (x - 900).abs() as f64 / 10.0
        } else {
            10.0 + (x - 200).abs() as f64 / 100.0
        }
    }
    impl Problem for TwoBasins {
        type Candidate = i64;
        fn initial(&self) -> i64 {
            200
        }
        fn bet_start(&self, _bet: usize, rng: &mut Rng) -> i64 {
            rng.index(1024) as i64
        }
        fn mutate(&self, x: &i64, rng: &mut Rng) -> i64 {
            let step = 1 + rng.index(3) as i64;
            if rng.chance(0.5) { (x + step).min(1023) } else { (x - step).max(0) }
        }
        fn cost(&self, x: &i64) -> f64 {
            cost_of(*x)
        }
    }

    fn config(seed: u64) -> Config {
        Config { seed, budget: Budget::iterations(2000), schedule: Schedule::Constant(0.0), ..Config::default() }
    }

    #[test]
    fn one_run_from_the_initial_point_is_stuck_in_the_local_basin() {
        let r = run(&TwoBasins, &config(3), &crate::Quiet);
        assert_eq!(r.best, 200);
        assert_eq!(r.best_cost, 10.0);
    }

    #[test]
    fn bets_find_the_global_basin_and_spend_exactly_the_budget() {
        let bets = Bets { count: 20, fraction: 0.2 };
        let r = bets_and_runs(&TwoBasins, &config(3), bets, &crate::Quiet);
        assert_eq!(r.bet_costs.len(), 20);
        assert!(r.bet_costs[r.chosen] < 10.0, "some bet landed in the global basin: {:?}", r.bet_costs);
        assert_eq!(r.result.best, 900);
        assert_eq!(r.result.best_cost, 0.0);
        // 20 bets x 20 iterations + 1600 for the final run
        assert_eq!(r.result.iterations, 2000);
        assert_eq!(r.result.chains.len(), 21);
        let costs: Vec<f64> = r.result.trace.points.iter().map(|p| p.cost).collect();
        assert!(costs.windows(2).all(|w| w[1] < w[0]), "merged trace strictly decreases: {costs:?}");
        assert_eq!(*costs.last().unwrap(), 0.0);
    }

    #[test]
    fn bets_are_deterministic_for_a_seed_and_differ_across_seeds() {
        let bets = Bets { count: 8, fraction: 0.3 };
        let a = bets_and_runs(&TwoBasins, &config(11), bets, &crate::Quiet);
        let b = bets_and_runs(&TwoBasins, &config(11), bets, &crate::Quiet);
        assert_eq!(a.bet_costs, b.bet_costs);
        assert_eq!(a.chosen, b.chosen);
        assert_eq!(a.result.best, b.result.best);
        let c = bets_and_runs(&TwoBasins, &config(12), bets, &crate::Quiet);
        assert_ne!(a.bet_costs, c.bet_costs, "another seed samples other starts");
    }

    #[test]
    fn fewer_than_two_bets_is_a_plain_run() {
        let r = bets_and_runs(&TwoBasins, &config(3), Bets { count: 1, fraction: 0.2 }, &crate::Quiet);
        assert_eq!(r.result.best, 200);
        assert_eq!(r.result.iterations, 2000);
    }
}
