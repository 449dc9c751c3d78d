//! Differential tests between the solvers and the crate's own evaluator on
//! random small-width terms (seeded, reproducible through proptest).

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;
use vf_smt::{Backend, BitVec, CheckResult, Model, Solver, SolverConfig, Term, Value};

const VAR_WIDTH: u32 = 4;

struct Gen {
    rng: ChaCha8Rng,
    arrays: bool,
    vars: bool,
}

impl Gen {
    fn leaf(&mut self, w: u32) -> Term {
        if self.vars && w == VAR_WIDTH && self.rng.gen_bool(0.6) {
            return Term::bv_var(if self.rng.gen_bool(0.5) { "x" } else { "y" }, VAR_WIDTH);
        }
        if self.vars && w < VAR_WIDTH && self.rng.gen_bool(0.5) {
            return Term::bv_var("x", VAR_WIDTH).extract(w - 1, 0);
        }
        let v: u64 = match self.rng.gen_range(0..4) {
            0 => 0,
            1 => u64::MAX,
            2 => 1,
            _ => self.rng.gen(),
        };
        Term::bv(BitVec::from_u64(w, v))
    }

    fn bv(&mut self, depth: u32, w: u32) -> Term {
        if depth == 0 {
            return self.leaf(w);
        }
        let d = depth - 1;
        match self.rng.gen_range(0..24) {
            0 => self.bv(d, w).bvadd(&self.bv(d, w)),
            1 => self.bv(d, w).bvsub(&self.bv(d, w)),
            2 => self.bv(d, w).bvmul(&self.bv(d, w)),
            3 => self.bv(d, w).bvudiv(&self.bv(d, w)),
            4 => self.bv(d, w).bvurem(&self.bv(d, w)),
            5 => self.bv(d, w).bvsdiv(&self.bv(d, w)),
            6 => self.bv(d, w).bvsrem(&self.bv(d, w)),
            7 => self.bv(d, w).bvsmod(&self.bv(d, w)),
            8 => self.bv(d, w).bvshl(&self.bv(d, w)),
            9 => self.bv(d, w).bvlshr(&self.bv(d, w)),
            10 => self.bv(d, w).bvashr(&self.bv(d, w)),
            11 => self.bv(d, w).bvand(&self.bv(d, w)),
            12 => self.bv(d, w).bvor(&self.bv(d, w)),
            13 => self.bv(d, w).bvxor(&self.bv(d, w)),
            14 => self.bv(d, w).bvnot(),
            15 => self.bv(d, w).bvneg(),
            16 => self.boolean(d).ite(&self.bv(d, w), &self.bv(d, w)),
            17 => {
                let extra = self.rng.gen_range(1..4);
                let lo = self.rng.gen_range(0..=extra);
                self.bv(d, w + extra).extract(lo + w - 1, lo)
            }
            18 if w >= 2 => {
                let hi = self.rng.gen_range(1..w);
                self.bv(d, hi).concat(&self.bv(d, w - hi))
            }
            19 if w >= 2 => {
                let n = self.rng.gen_range(1..w);
                self.bv(d, w - n).zero_extend(n)
            }
            20 if w >= 2 => {
                let n = self.rng.gen_range(1..w);
                self.bv(d, w - n).sign_extend(n)
            }
            21 | 22 if self.arrays => {
                let mut m = Term::array_var(&format!("m{w}"), VAR_WIDTH, w);
                for _ in 0..self.rng.gen_range(0..3) {
                    m = m.store(&self.bv(d, VAR_WIDTH), &self.bv(d, w));
                }
                m.select(&self.bv(d, VAR_WIDTH))
            }
            _ => self.leaf(w),
        }
    }

    fn boolean(&mut self, depth: u32) -> Term {
        let w = self.rng.gen_range(1..=6);
        if depth == 0 {
            return self.leaf(w).ult(&self.leaf(w));
        }
        let d = depth - 1;
        match self.rng.gen_range(0..14) {
            0 => self.bv(d, w).ult(&self.bv(d, w)),
            1 => self.bv(d, w).ule(&self.bv(d, w)),
            2 => self.bv(d, w).ugt(&self.bv(d, w)),
            3 => self.bv(d, w).uge(&self.bv(d, w)),
            4 => self.bv(d, w).slt(&self.bv(d, w)),
            5 => self.bv(d, w).sle(&self.bv(d, w)),
            6 => self.bv(d, w).sgt(&self.bv(d, w)),
            7 => self.bv(d, w).sge(&self.bv(d, w)),
            8 => self.bv(d, w).eq(&self.bv(d, w)),
            9 => self.boolean(d).not(),
            10 => self.boolean(d).and2(&self.boolean(d)),
            11 => self.boolean(d).or2(&self.boolean(d)),
            12 => self.boolean(d).xor(&self.boolean(d)),
            _ => self.boolean(d).implies(&self.boolean(d)),
        }
    }
}

thread_local! {
    /// One long-lived solver per backend: every case runs inside push/pop,
    /// which also exercises incremental use across hundreds of queries.
    static SOLVERS: std::cell::RefCell<Vec<Solver>> = std::cell::RefCell::new(
        [Backend::Z3, Backend::Bitwuzla, Backend::Cvc5]
            .iter()
            .map(|b| {
                Solver::new(*b, SolverConfig::with_timeout(Duration::from_secs(30)))
                    .unwrap_or_else(|e| panic!("{b} must be available (run `make setup`): {e}"))
            })
            .collect(),
    );
}

/// Checks `phi` alone on each backend (in a fresh frame of the shared solver).
fn check_each(phi: &Term) -> Vec<(Backend, CheckResult)> {
    SOLVERS.with(|cell| {
        let mut solvers = cell.borrow_mut();
        solvers
            .iter_mut()
            .map(|s| {
                s.push();
                s.assert(phi).unwrap();
                let r = s.check().unwrap();
                s.pop().unwrap();
                (s.backend(), r)
            })
            .collect()
    })
}

/// Every assignment of the two 4-bit variables.
fn all_models() -> impl Iterator<Item = Model> {
    (0..16u64).flat_map(|x| {
        (0..16u64).map(move |y| {
            let mut m = Model::new();
            m.set_bv("x", BitVec::from_u64(VAR_WIDTH, x));
            m.set_bv("y", BitVec::from_u64(VAR_WIDTH, y));
            m
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// sat: the model satisfies the formula under our evaluator; unsat: no
    /// assignment of the (tiny) input space does, checked exhaustively.
    #[test]
    fn solver_answers_agree_with_evaluator(seed in any::<u64>()) {
        let mut g = Gen { rng: ChaCha8Rng::seed_from_u64(seed), arrays: false, vars: true };
        let phi = g.boolean(4);
        let witness = all_models().find(|m| m.eval_bool(&phi).unwrap());
        for (b, r) in check_each(&phi) {
            match r {
                CheckResult::Sat(m) => {
                    // the model covers the variables that occur in phi; give absent ones any value
                    let mut full = m.clone();
                    for v in ["x", "y"] {
                        if full.get(v).is_none() {
                            full.set_bv(v, BitVec::zero(VAR_WIDTH));
                        }
                    }
                    prop_assert!(full.eval_bool(&phi).unwrap(), "{b}: model {m:?} falsifies {phi}");
                }
                CheckResult::Unsat => prop_assert!(witness.is_none(), "{b}: unsat but {witness:?} satisfies {phi}"),
                CheckResult::Unknown(r) => prop_assert!(false, "{b}: unknown ({r}) on {phi}"),
            }
        }
    }

    /// Formulas with arrays: every sat model satisfies the formula under our evaluator.
    #[test]
    fn array_models_satisfy_formula(seed in any::<u64>()) {
        let mut g = Gen { rng: ChaCha8Rng::seed_from_u64(seed), arrays: true, vars: true };
        let phi = g.boolean(4);
        for (b, r) in check_each(&phi) {
            if let CheckResult::Sat(m) = r {
                prop_assert!(m.eval_bool(&phi).unwrap(), "{b}: model {m:?} falsifies {phi}");
            }
        }
    }

    /// Closed terms: each solver proves `t == eval(t)`, i.e. our evaluator
    /// implements the SMT-LIB semantics the solvers implement (division by zero,
    /// over-wide shifts, signed remainder, ...), including widths beyond 64.
    #[test]
    fn evaluator_matches_solvers_on_closed_terms(seed in any::<u64>()) {
        let mut g = Gen { rng: ChaCha8Rng::seed_from_u64(seed), arrays: false, vars: false };
        let w = [1, 3, 8, 13, 64, 65, 128][(seed % 7) as usize];
        let t = g.bv(4, w);
        let v = match Model::new().eval(&t).unwrap() { Value::Bv(b) => b, other => panic!("{other:?}") };
        for (b, r) in check_each(&t.ne(&Term::bv(v.clone()))) {
            prop_assert!(r.is_unsat(), "{b}: {t} evaluates to {v} here but solver says {r:?}");
        }
    }
}
