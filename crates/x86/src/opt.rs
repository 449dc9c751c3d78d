//! The optimizer: `vf-search` annealing over (instruction order, per-node decisions).
//!
//! cost = measured time of the candidate divided by the time of the gcc-compiled Fiat C,
//! measured in interleaved batches in the same call (so machine-wide drift cancels); candidates
//! that fail to generate, assemble or pass a few random tests cost infinity, as do candidates
//! whose static cost (instruction count) is far above the current best's (the static filter).
//! A would-be best is `confirm`ed only after the checker proves it (distinct buffers and every
//! aliasing case) and it passes fresh random tests, aliased too.

use crate::check::{self, Scenario};
use crate::gen::{self, Candidate, Options};
use crate::ir::Function;
use crate::jit::{self, FieldFn};
use crate::lir::Lir;
use crate::measure::{Bench, Clock, Mode};
use rand::SeedableRng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use vf_search::{Confirmation, Problem, Rng};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    Throughput,
    Latency,
    Mix,
}

impl Objective {
    pub fn parse(s: &str) -> Option<Objective> {
        match s {
            "throughput" => Some(Objective::Throughput),
            "latency" => Some(Objective::Latency),
            "mix" => Some(Objective::Mix),
            _ => None,
        }
    }
}

pub struct OptProblem<'a> {
    pub f: &'a Function,
    pub lir: &'a Lir,
    pub opts: Options,
    pub objective: Objective,
    reference: FieldFn,
    clock: Mutex<Box<dyn Clock + Send>>,
    inputs: Vec<Vec<Vec<u64>>>,
    best_static: AtomicU64,
    /// Calls per batch, calibrated so that a reference batch lasts about 20 µs (or 40k cycles).
    batch: usize,
    start: Mutex<Option<Candidate>>,
    pub proofs: AtomicU64,
    pub refuted: AtomicU64,
    pub measured: AtomicU64,
}

/// Random topological-order-preserving move: one node to a new legal position.
fn move_node(lir: &Lir, order: &[usize], rng: &mut Rng) -> Vec<usize> {
    let mut order = order.to_vec();
    let i = rng.index(order.len());
    let n = order[i];
    let pos_of = |o: &Vec<usize>, m: usize| o.iter().position(|&x| x == m).unwrap();
    let deps = lir.nodes[n].operands();
    let lo = deps.iter().map(|(d, _)| pos_of(&order, *d) + 1).max().unwrap_or(0);
    let users: Vec<usize> = (0..lir.nodes.len()).filter(|&u| lir.nodes[u].operands().iter().any(|(d, _)| *d == n)).collect();
    let hi = users.iter().map(|&u| pos_of(&order, u)).min().unwrap_or(order.len());
    // positions in the list after removal: [lo, hi-1] when they are after i, adjusted
    order.remove(i);
    let (lo, hi) = (if lo > i { lo - 1 } else { lo }, if hi > i { hi - 1 } else { hi });
    let p = if hi > lo { lo + rng.index(hi - lo + 1) } else { lo };
    order.insert(p.min(order.len()), n);
    order
}

impl<'a> OptProblem<'a> {
    pub fn new(f: &'a Function, lir: &'a Lir, opts: Options, objective: Objective, reference: FieldFn, clock: Box<dyn Clock + Send>, seed: u64) -> Self {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let inputs: Vec<Vec<Vec<u64>>> = (0..64).map(|_| f.random_inputs(&mut rng)).collect();
        let mut clock = clock;
        let target = if clock.unit().starts_with("ns") { 20_000 } else { 40_000 };
        let mut refb = Bench::new(reference, f.limbs(), &inputs[0]);
        let mut batch = 16;
        while batch < 1 << 20 && refb.batch_ticks(clock.as_mut(), Mode::Throughput, batch) < target {
            batch *= 2;
        }
        OptProblem {
            start: Mutex::new(None),
            batch,
            f,
            lir,
            opts,
            objective,
            reference,
            clock: Mutex::new(clock),
            inputs,
            best_static: AtomicU64::new(u64::MAX),
            proofs: AtomicU64::new(0),
            refuted: AtomicU64::new(0),
            measured: AtomicU64::new(0),
        }
    }

    pub fn generate(&self, c: &Candidate) -> Result<crate::asm::Program, String> {
        gen::generate(self.lir, c, self.opts, &self.f.name)
    }

    fn passes_tests(&self, code: FieldFn, inputs: &[Vec<Vec<u64>>]) -> bool {
        inputs.iter().all(|i| {
            let want = self.f.eval(i);
            jit::call(code, i, self.f.limbs()) == want && (0..self.f.args.len()).all(|k| jit::call_aliased(code, i, self.f.limbs(), k) == want)
        })
    }

    /// Candidate time / reference time for the objective, from interleaved batches.
    pub fn ratio(&self, code: FieldFn) -> f64 {
        let mut clock = self.clock.lock().unwrap();
        let mut cand = Bench::new(code, self.f.limbs(), &self.inputs[0]);
        let mut refb = Bench::new(self.reference, self.f.limbs(), &self.inputs[0]);
        let modes: &[Mode] = match self.objective {
            Objective::Throughput => &[Mode::Throughput],
            Objective::Latency => &[Mode::Latency],
            Objective::Mix => &[Mode::Throughput, Mode::Latency],
        };
        let mut total = 0.0;
        for &m in modes {
            let mut ratios = Vec::new();
            for _ in 0..9 {
                let a = cand.batch_ticks(clock.as_mut(), m, self.batch);
                let b = refb.batch_ticks(clock.as_mut(), m, self.batch);
                ratios.push(a as f64 / b.max(1) as f64);
            }
            ratios.sort_by(|x, y| x.partial_cmp(y).unwrap());
            total += ratios[ratios.len() / 2];
        }
        self.measured.fetch_add(1, Ordering::Relaxed);
        total / modes.len() as f64
    }

    /// Full proof obligation for a result: checker (all scenarios) + random tests, aliased too.
    pub fn prove(&self, prog: &crate::asm::Program, tests: usize, seed: u64) -> Result<(), String> {
        for s in check::scenarios(self.f, true) {
            check::verify(self.f, prog, s).map_err(|e| format!("{}: {e}", s.label()))?;
        }
        let code = jit::load(prog)?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..tests {
            let i = self.f.random_inputs(&mut rng);
            if !self.passes_tests(code.func(), std::slice::from_ref(&i)) {
                return Err(format!("random test failed on {i:?}"));
            }
        }
        let _ = Scenario::Distinct;
        Ok(())
    }
}

impl Problem for OptProblem<'_> {
    type Candidate = Candidate;

    /// The fastest of three heuristic schedules (carry-aware list scheduling, depth-first, IR order).
    fn initial(&self) -> Candidate {
        let mut start = self.start.lock().unwrap();
        if let Some(c) = start.as_ref() {
            return c.clone();
        }
        let seeds = [Candidate::carry_scheduled(self.lir), Candidate::initial(self.lir), Candidate::ir_order(self.lir)];
        let best = seeds
            .into_iter()
            .map(|c| {
                let cost = self.cost(&c);
                (cost, c)
            })
            .min_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
            .map(|(_, c)| c)
            .unwrap();
        *start = Some(best.clone());
        best
    }

    fn mutate(&self, c: &Candidate, rng: &mut Rng) -> Candidate {
        let mut next = c.clone();
        if rng.chance(0.6) {
            for _ in 0..1 + rng.index(3) {
                next.order = move_node(self.lir, &next.order, rng);
            }
        } else if rng.chance(0.5) || !next.mutate_choice(self.lir, rng) {
            let n = rng.index(next.flip.len());
            next.flip[n] = !next.flip[n];
        }
        next
    }

    fn cost(&self, c: &Candidate) -> f64 {
        let prog = match self.generate(c) {
            Ok(p) => p,
            Err(_) => return f64::INFINITY,
        };
        // static filter: far longer code than the best so far is not worth measuring
        let len = prog.insns.len() as u64;
        let best = self.best_static.load(Ordering::Relaxed);
        if best != u64::MAX && len * 100 > best * 125 {
            return f64::INFINITY;
        }
        let code = match jit::load(&prog) {
            Ok(c) => c,
            Err(_) => return f64::INFINITY,
        };
        if !self.passes_tests(code.func(), &self.inputs[..4]) {
            return f64::INFINITY;
        }
        let r = self.ratio(code.func());
        if r.is_finite() {
            self.best_static.fetch_min(len.max(1), Ordering::Relaxed);
        }
        r
    }

    fn confirm(&self, c: &Candidate, _cost: f64) -> Confirmation {
        let ok = self.generate(c).map(|p| self.prove(&p, 2000, self.proofs.load(Ordering::Relaxed)).is_ok()).unwrap_or(false);
        if ok {
            self.proofs.fetch_add(1, Ordering::Relaxed);
            Confirmation::Confirmed
        } else {
            self.refuted.fetch_add(1, Ordering::Relaxed);
            Confirmation::Refuted
        }
    }

    fn counters(&self) -> Vec<(String, u64)> {
        vec![
            ("measured".into(), self.measured.load(Ordering::Relaxed)),
            ("proven".into(), self.proofs.load(Ordering::Relaxed)),
            ("refuted".into(), self.refuted.load(Ordering::Relaxed)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_moves_keep_orders_topological() {
        let f = crate::ir::parse(include_str!("../../../examples/crypto/mul2.json")).unwrap();
        let lir = crate::lir::lower(&f).unwrap();
        let mut rng = Rng::new(5);
        let mut order: Vec<usize> = (0..lir.nodes.len()).collect();
        let mut distinct = std::collections::HashSet::new();
        for _ in 0..500 {
            order = move_node(&lir, &order, &mut rng);
            gen::check_topological(&lir, &order).unwrap();
            distinct.insert(order.clone());
        }
        assert!(distinct.len() > 3, "moves explore several orders");
    }
}
