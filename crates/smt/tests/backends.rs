//! Both backends (and the portfolio) on proofs, refutations, timeouts,
//! incremental use and cross-checking of exported queries. These tests need
//! the solver wheels (`make setup`); a missing solver FAILS them.

use std::time::{Duration, Instant};
use vf_smt::{Backend, BitVec, CheckResult, FuncDecl, Query, Solver, SolverConfig, Sort, Term};

const SOLVERS: [Backend; 2] = [Backend::Z3, Backend::Bitwuzla];

fn solver(b: Backend) -> Solver {
    Solver::new(b, SolverConfig::with_timeout(Duration::from_secs(60)))
        .unwrap_or_else(|e| panic!("{b} must be available (run `make setup`): {e}"))
}

fn c(w: u32, v: u64) -> Term {
    Term::bv_const(w, v)
}

/// `lhs == rhs` for all inputs, on backend `b`.
fn assert_proven(b: Backend, lhs: &Term, rhs: &Term) {
    let mut s = solver(b);
    s.assert(&lhs.ne(rhs)).unwrap();
    let r = s.check().unwrap();
    assert!(r.is_unsat(), "{b}: expected {lhs} == {rhs} proven, got {r:?}");
}

/// `lhs != rhs` somewhere; the model must really distinguish them under our evaluator.
fn assert_refuted(b: Backend, lhs: &Term, rhs: &Term) {
    let mut s = solver(b);
    s.assert(&lhs.ne(rhs)).unwrap();
    match s.check().unwrap() {
        CheckResult::Sat(m) => {
            let (l, r) = (m.eval(lhs).unwrap(), m.eval(rhs).unwrap());
            assert_ne!(l, r, "{b}: model {m:?} does not distinguish {lhs} and {rhs}");
        }
        other => panic!("{b}: expected a counterexample to {lhs} == {rhs}, got {other:?}"),
    }
}

#[test]
fn proves_and_refutes_bv_identities_on_both_backends() {
    let x = Term::bv_var("x", 64);
    let y = Term::bv_var("y", 64);
    for b in SOLVERS {
        assert_proven(b, &x.bvadd(&x), &x.bvshl(&c(64, 1)));
        assert_refuted(b, &x.bvmul(&c(64, 3)), &x.bvshl(&c(64, 1)));
        // shift/mask: (x << 8) >> 8 == x & 0x00ff..ff
        assert_proven(b, &x.bvshl(&c(64, 8)).bvlshr(&c(64, 8)), &x.bvand(&c(64, u64::MAX >> 8)));
        assert_refuted(b, &x.bvshl(&c(64, 8)).bvashr(&c(64, 8)), &x.bvand(&c(64, u64::MAX >> 8)));
        // x ^ y ^ y == x; x - y == x + ~y + 1
        assert_proven(b, &x.bvxor(&y).bvxor(&y), &x);
        assert_proven(b, &x.bvsub(&y), &x.bvadd(&y.bvnot()).bvadd(&c(64, 1)));
        // extract/concat round trip, sign extension
        assert_proven(b, &x.extract(63, 32).concat(&x.extract(31, 0)), &x);
        let lo = x.extract(31, 0);
        assert_proven(b, &lo.sign_extend(32).extract(31, 0), &lo);
        assert_refuted(b, &lo.sign_extend(32), &lo.zero_extend(32));
        // signed division is not a shift for negative numbers
        assert_refuted(b, &x.bvsdiv(&c(64, 2)), &x.bvashr(&c(64, 1)));
        assert_proven(b, &x.bvudiv(&c(64, 2)), &x.bvlshr(&c(64, 1)));
    }
}

#[test]
fn array_read_over_write_on_both_backends() {
    let m = Term::array_var("mem", 64, 8);
    let (i, j) = (Term::bv_var("i", 64), Term::bv_var("j", 64));
    let v = Term::bv_var("v", 8);
    for b in SOLVERS {
        // read-over-write, same index
        assert_proven(b, &m.store(&i, &v).select(&i), &v);
        // different index: only when i != j
        let mut s = solver(b);
        s.assert(&i.ne(&j)).unwrap();
        s.assert(&m.store(&i, &v).select(&j).ne(&m.select(&j))).unwrap();
        assert!(s.check().unwrap().is_unsat(), "{b}");
        // without i != j it is refutable; the model must show it
        assert_refuted(b, &m.store(&i, &v).select(&j), &m.select(&j));
    }
}

#[test]
fn uninterpreted_function_models_evaluate() {
    let f = FuncDecl::new("helper", vec![Sort::Bv(32), Sort::Bool], Sort::Bv(32));
    let x = Term::bv_var("x", 32);
    let y = Term::bv_var("y", 32);
    for b in SOLVERS {
        // congruence: x == y -> f(x) == f(y)
        let mut s = solver(b);
        s.assert(&x.eq(&y)).unwrap();
        s.assert(&Term::apply(&f, &[x.clone(), Term::tru()]).ne(&Term::apply(&f, &[y.clone(), Term::tru()]))).unwrap();
        assert!(s.check().unwrap().is_unsat(), "{b}");
        // f(x) != f(y) is satisfiable; the model must satisfy it under our evaluator
        let mut s = solver(b);
        let fx = Term::apply(&f, &[x.clone(), Term::fls()]);
        let fy = Term::apply(&f, &[y.clone(), Term::fls()]);
        let goal = fx.ne(&fy).and2(&fx.bvadd(&c(32, 1)).eq(&fy));
        s.assert(&goal).unwrap();
        let m = s.check().unwrap().model().cloned().unwrap_or_else(|| panic!("{b}: expected sat"));
        assert!(m.eval_bool(&goal).unwrap(), "{b}: model does not satisfy goal: {m:?}");
        // a nullary function (an opaque helper result)
        let g = FuncDecl::new("get_prandom", vec![], Sort::Bv(32));
        let gv = Term::apply(&g, &[]);
        let goal = gv.bvmul(&c(32, 4)).eq(&c(32, 12)).and2(&gv.ne(&c(32, 3)));
        let mut s = solver(b);
        s.assert(&goal).unwrap();
        let m = s.check().unwrap().model().cloned().unwrap_or_else(|| panic!("{b}: expected sat"));
        assert!(m.eval_bool(&goal).unwrap(), "{b}: model does not satisfy goal: {m:?}");
    }
}

#[test]
fn wide_bitvectors_256() {
    let a = Term::bv_var("a", 256);
    let bb = Term::bv_var("b", 256);
    let k = Term::bv(BitVec::from_limbs(256, &[1, 2, 3, 1 << 63]));
    for b in SOLVERS {
        assert_proven(b, &a.bvadd(&bb).bvsub(&bb), &a);
        let mut s = solver(b);
        let goal = a.bvxor(&k).eq(&bb).and2(&bb.extract(255, 192).eq(&c(64, 7)));
        s.assert(&goal).unwrap();
        let m = s.check().unwrap().model().cloned().expect("sat");
        assert!(m.eval_bool(&goal).unwrap());
        assert_eq!(m.get_bv("a").unwrap().extract(255, 192), BitVec::from_u64(64, 7 ^ (1 << 63)));
    }
}

/// 2^61 - 1 is prime: no factors below 2^32 exist, and proving that by bit-blasting a
/// 64-bit multiplier is far beyond a one-second budget for both solvers.
fn hard_factoring_query() -> Query {
    let x = Term::bv_var("x", 64);
    let y = Term::bv_var("y", 64);
    let mut q = Query::new();
    q.assert(&x.ult(&c(64, 1 << 32)))
        .assert(&y.ult(&c(64, 1 << 32)))
        .assert(&x.ugt(&c(64, 1)))
        .assert(&y.ugt(&c(64, 1)))
        .assert(&x.bvmul(&y).eq(&c(64, (1 << 61) - 1)));
    q
}

#[test]
fn hard_query_times_out_as_unknown_on_both_backends() {
    let limit = Duration::from_millis(1000);
    for b in [Backend::Z3, Backend::Bitwuzla, Backend::Portfolio] {
        let q = hard_factoring_query();
        let mut s = Solver::new(b, SolverConfig::with_timeout(limit)).unwrap();
        for a in &q.assertions {
            s.assert(a).unwrap();
        }
        let start = Instant::now();
        let r = s.check().unwrap();
        let took = start.elapsed();
        assert!(r.is_unknown(), "{b}: expected unknown, got {r:?}");
        assert!(took < limit + Duration::from_millis(2000), "{b}: took {took:?} for a {limit:?} limit");
        // the solver stays usable after a timeout
        s.push();
        s.assert(&Term::bv_var("x", 64).eq(&c(64, 1))).unwrap();
        assert!(s.check().unwrap().is_unsat(), "{b}: solver unusable after timeout");
    }
}

#[test]
fn push_pop_and_assumptions_on_both_backends() {
    let x = Term::bv_var("x", 16);
    let p = Term::bool_var("p");
    for b in [Backend::Z3, Backend::Bitwuzla, Backend::Portfolio] {
        let mut s = solver(b);
        s.assert(&x.ugt(&c(16, 100))).unwrap();
        assert!(s.check().unwrap().is_sat());
        s.push();
        s.assert(&x.ult(&c(16, 50))).unwrap();
        assert!(s.check().unwrap().is_unsat(), "{b}: inner frame");
        s.pop().unwrap();
        let m = s.check().unwrap().model().cloned().expect("sat after pop");
        assert!(m.get_bv("x").unwrap().to_u64().unwrap() > 100);
        // a new variable declared inside a popped frame can be re-declared with another sort
        s.push();
        s.assert(&Term::bv_var("z", 8).eq(&c(8, 1))).unwrap();
        assert!(s.check().unwrap().is_sat());
        s.pop().unwrap();
        s.assert(&Term::bool_var("z")).unwrap();
        assert!(s.check().unwrap().is_sat(), "{b}: redeclared after pop");
        // assumptions hold for one check only
        s.assert(&p.implies(&x.eq(&c(16, 7)))).unwrap();
        assert!(s.check_assuming(&[p.clone()]).unwrap().is_unsat(), "{b}: assuming p");
        let m = s.check_assuming(&[p.not()]).unwrap().model().cloned().expect("sat assuming !p");
        assert_eq!(m.get("p").and_then(|v| v.as_bool()), Some(false));
        assert!(s.check().unwrap().is_sat());
        assert!(s.pop().is_err(), "pop below base must fail");
    }
}

#[test]
fn exported_query_resolves_with_the_other_backend() {
    let x = Term::bv_var("x", 32);
    let m = Term::array_var("m", 32, 32);
    let shared = x.bvmul(&x).bvadd(&m.select(&x));
    let cases = [
        (shared.bvsub(&shared).ne(&c(32, 0)), "unsat"),
        (shared.eq(&c(32, 12345)).and2(&x.ugt(&c(32, 3))), "sat"),
    ];
    for (goal, want) in cases {
        let mut q = Query::new();
        q.assert(&goal);
        let file = std::env::temp_dir().join(format!("vf-smt-export-{}-{want}.smt2", std::process::id()));
        std::fs::write(&file, q.to_smtlib2().unwrap()).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        for (first, other) in [(Backend::Z3, Backend::Bitwuzla), (Backend::Bitwuzla, Backend::Z3)] {
            let native = vf_smt::check_query(first, &q, SolverConfig::default()).unwrap();
            let cfg = SolverConfig::default();
            let re = vf_smt::solve_smtlib2(other, &text, &cfg, false).unwrap();
            assert_eq!(native.status(), want, "{first}");
            assert_eq!(re.last(), want, "{other} on exported file:\n{text}");
        }
    }
}

#[test]
fn portfolio_answers_and_names_a_winner() {
    let x = Term::bv_var("x", 32);
    let mut s = solver(Backend::Portfolio);
    // 3 is invertible mod 2^32, so x*3 == 9 forces x == 3; 4 is not, so x*4 == 12 has other roots.
    s.assert(&x.bvmul(&c(32, 3)).eq(&c(32, 9))).unwrap();
    s.assert(&x.ne(&c(32, 3))).unwrap();
    assert!(s.check().unwrap().is_unsat());
    let mut s = solver(Backend::Portfolio);
    s.assert(&x.bvmul(&c(32, 4)).eq(&c(32, 12))).unwrap();
    s.assert(&x.ne(&c(32, 3))).unwrap();
    let r = s.check().unwrap();
    let m = r.model().expect("sat");
    assert_eq!(m.get_bv("x").unwrap().mul(&BitVec::from_u64(32, 4)), BitVec::from_u64(32, 12));
    assert!(matches!(s.last_winner(), Some(Backend::Z3 | Backend::Bitwuzla)));
    // Many rounds on one solver: each race interrupts the loser (the Bitwuzla
    // worker is killed and respawned with the assertions replayed); answers stay right.
    let mut winners = std::collections::HashSet::new();
    for k in 0..16u64 {
        s.push();
        let y = Term::bv_var("y", 32);
        s.assert(&y.eq(&x.bvadd(&c(32, k)))).unwrap();
        s.assert(&y.ult(&c(32, 3 + k))).unwrap();
        let r = s.check().unwrap();
        // x*4 == 12 and x != 3 means x = 3 + j*2^30 (j = 1,2,3), so y = x + k >= 3 + k unless it wraps: never.
        assert!(r.is_unsat(), "round {k}: {r:?}");
        s.pop().unwrap();
        s.push();
        s.assert(&x.ugt(&c(32, 1 << 31))).unwrap();
        let r = s.check().unwrap();
        let m = r.model().unwrap_or_else(|| panic!("round {k}: expected sat, got {r:?}"));
        assert!(m.get_bv("x").unwrap().to_u64().unwrap() > 1 << 31);
        winners.insert(s.last_winner());
        s.pop().unwrap();
    }
    assert!(!winners.contains(&None));
}

#[test]
fn solver_errors_are_reported_not_swallowed() {
    for b in SOLVERS {
        let e = vf_smt::solve_smtlib2(b, "(declare-const x (_ BitVec 8))\n(assert (= y x))\n(check-sat)\n", &SolverConfig::default(), false);
        assert!(matches!(e, Err(vf_smt::SmtError::Solver(_))), "{b}: {e:?}");
    }
}

/// 2147483647 * 2147483629 (two 31-bit primes): Bitwuzla factors it in well
/// under a second here, z3 5.4 does not within seconds. The portfolio must
/// return Bitwuzla's answer without waiting for z3, i.e. it interrupts z3.
#[test]
fn portfolio_stops_the_slower_solver() {
    let x = Term::bv_var("x", 64);
    let y = Term::bv_var("y", 64);
    let n = 2147483647u64 * 2147483629;
    let goal = Term::and(&[
        x.ult(&c(64, 1 << 32)),
        y.ult(&c(64, 1 << 32)),
        x.ugt(&c(64, 1)),
        y.ugt(&c(64, 1)),
        x.bvmul(&y).eq(&c(64, n)),
    ]);
    // z3 alone: no answer within 3 s (this is what makes the race meaningful)
    let mut z = Solver::new(Backend::Z3, SolverConfig::with_timeout(Duration::from_secs(3))).unwrap();
    z.assert(&goal).unwrap();
    let zr = z.check().unwrap();
    assert!(zr.is_unknown(), "z3 unexpectedly answered {zr:?}; pick a harder instance");
    // portfolio with a 120 s limit: if z3 were not interrupted this would take 120 s
    let mut p = Solver::new(Backend::Portfolio, SolverConfig::with_timeout(Duration::from_secs(120))).unwrap();
    p.assert(&goal).unwrap();
    let start = Instant::now();
    let r = p.check().unwrap();
    let took = start.elapsed();
    let m = r.model().unwrap_or_else(|| panic!("portfolio: expected sat, got {r:?}"));
    assert!(m.eval_bool(&goal).unwrap());
    assert_eq!(p.last_winner(), Some(Backend::Bitwuzla));
    assert!(took < Duration::from_secs(60), "portfolio waited {took:?}: loser not stopped");
    // and the interrupted z3 session is still usable afterwards
    p.push();
    p.assert(&x.eq(&c(64, 0))).unwrap();
    assert!(p.check().unwrap().is_unsat());
}

#[test]
fn dump_dir_receives_every_query_as_a_self_contained_script() {
    let dir = std::env::temp_dir().join(format!("vf-smt-dump-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cfg = SolverConfig { dump_dir: Some(dir.clone()), ..SolverConfig::default() };
    let x = Term::bv_var("x", 8);
    let mut s = Solver::new(Backend::Z3, cfg).unwrap();
    s.assert(&x.ugt(&c(8, 5))).unwrap();
    assert!(s.check().unwrap().is_sat());
    s.push();
    s.assert(&x.ult(&c(8, 3))).unwrap();
    assert!(s.check().unwrap().is_unsat());
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 2);
    // each dump re-solves on its own, with the other backend, to the same answer
    let answers: Vec<String> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            assert!(text.contains("(set-logic QF_BV)") && text.contains("(check-sat)"));
            vf_smt::solve_smtlib2(Backend::Bitwuzla, &text, &SolverConfig::default(), false).unwrap().last().to_string()
        })
        .collect();
    assert_eq!(answers, ["sat", "unsat"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// cvc5 (third solver, in process through its C API) agrees on proofs,
/// refutations (model checked by our evaluator), push/pop, and re-solves the
/// files the other backends answered.
#[test]
fn cvc5_backend_agrees() {
    let x = Term::bv_var("x", 64);
    assert_proven(Backend::Cvc5, &x.bvadd(&x), &x.bvshl(&c(64, 1)));
    assert_refuted(Backend::Cvc5, &x.bvmul(&c(64, 3)), &x.bvshl(&c(64, 1)));
    let m = Term::array_var("mem", 64, 8);
    let (i, j) = (Term::bv_var("i", 64), Term::bv_var("j", 64));
    assert_refuted(Backend::Cvc5, &m.store(&i, &c(8, 1)).select(&j), &m.select(&j));
    let mut s = solver(Backend::Cvc5);
    s.assert(&x.ugt(&c(64, 10))).unwrap();
    s.push();
    s.assert(&x.ult(&c(64, 5))).unwrap();
    assert!(s.check().unwrap().is_unsat());
    s.pop().unwrap();
    assert!(s.check().unwrap().is_sat());
    let mut q = Query::new();
    q.assert(&x.bvmul(&c(64, 4)).eq(&c(64, 12)).and2(&x.ne(&c(64, 3))));
    let text = q.to_smtlib2().unwrap();
    for b in [Backend::Z3, Backend::Bitwuzla, Backend::Cvc5] {
        assert_eq!(vf_smt::solve_smtlib2(b, &text, &SolverConfig::default(), false).unwrap().last(), "sat", "{b}");
    }
    let e = vf_smt::solve_smtlib2(Backend::Cvc5, "(declare-const x (_ BitVec 8))\n(assert (= y x))\n", &SolverConfig::default(), false);
    assert!(matches!(e, Err(vf_smt::SmtError::Solver(_))), "{e:?}");
}

/// `select(store(...store(mem, i0, v0)..., iN, vN), j)` differs from the ite chain that
/// reads it back: unsat, but hard for Bitwuzla's array solver as N grows.
fn store_chain_goal(stores: usize) -> Term {
    let mem = Term::array_var("mem", 64, 8);
    let j = Term::bv_var("j", 64);
    let (mut m, mut expect) = (mem.clone(), mem.select(&j));
    for k in 0..stores {
        let (i, v) = (Term::bv_var(&format!("i{k}"), 64), Term::bv_var(&format!("v{k}"), 8));
        m = m.store(&i, &v);
        expect = j.eq(&i).ite(&v, &expect);
    }
    m.select(&j).ne(&expect)
}

/// The other direction: 128 or more stores at symbolic addresses then a read, against
/// the equivalent ite chain. z3 proves it in about a second here, Bitwuzla does not
/// within seconds; the portfolio must return z3's answer, so Bitwuzla was stopped
/// (by SIGUSR1 to its worker, which stays usable).
#[test]
fn portfolio_stops_bitwuzla_when_z3_wins() {
    // How hard the instance is for Bitwuzla depends on how busy this machine is, so grow
    // it until Bitwuzla alone gives up within its limit; then the race is meaningful.
    let goal = [128usize, 192, 256, 384]
        .into_iter()
        .map(store_chain_goal)
        .find(|goal| {
            let mut b = Solver::new(Backend::Bitwuzla, SolverConfig::with_timeout(Duration::from_secs(3))).unwrap();
            b.assert(goal).unwrap();
            b.check().unwrap().is_unknown()
        })
        .expect("Bitwuzla solved every store chain up to 384 stores within 3 s; pick a harder instance");
    let mut p = Solver::new(Backend::Portfolio, SolverConfig::with_timeout(Duration::from_secs(120))).unwrap();
    p.assert(&goal).unwrap();
    let start = Instant::now();
    let r = p.check().unwrap();
    let took = start.elapsed();
    assert!(r.is_unsat(), "{r:?}");
    assert_eq!(p.last_winner(), Some(Backend::Z3));
    assert!(took < Duration::from_secs(60), "portfolio waited {took:?}: loser not stopped");
    p.reset();
    p.assert(&Term::bv_var("x", 8).eq(&c(8, 1))).unwrap();
    assert!(p.check().unwrap().is_sat());
}
