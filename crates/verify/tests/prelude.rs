//! The prelude against a concrete model: random ground terms over Seq/Set/Map of boxed
//! integers are evaluated in Rust (Vec, BTreeSet, BTreeMap); z3 with the prelude must never
//! prove a value the model contradicts, must prove the model's value for the simple
//! observations (completeness of the axioms used by real proofs), and the prelude plus the
//! model's facts must not be contradictory.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use vf_smt::{Backend, SolverConfig};

#[derive(Clone, Debug)]
enum S {
    Empty,
    Push(Box<S>, i64),
    Add(Box<S>, Box<S>),
    Sub(Box<S>, i64, i64),
    Upd(Box<S>, i64, i64),
}

fn eval_s(s: &S) -> Option<Vec<i64>> {
    Some(match s {
        S::Empty => vec![],
        S::Push(a, x) => {
            let mut v = eval_s(a)?;
            v.push(*x);
            v
        }
        S::Add(a, b) => {
            let mut v = eval_s(a)?;
            v.extend(eval_s(b)?);
            v
        }
        S::Sub(a, i, j) => {
            let v = eval_s(a)?;
            if !(0 <= *i && i <= j && (*j as usize) <= v.len()) {
                return None; // outside the axioms' domain: unspecified
            }
            v[*i as usize..*j as usize].to_vec()
        }
        S::Upd(a, i, x) => {
            let mut v = eval_s(a)?;
            if !(0 <= *i && (*i as usize) < v.len()) {
                return None;
            }
            v[*i as usize] = *x;
            v
        }
    })
}

fn smt_s(s: &S) -> String {
    match s {
        S::Empty => "Seq.empty".into(),
        S::Push(a, x) => format!("(Seq.push {} (box_Int {}))", smt_s(a), int(*x)),
        S::Add(a, b) => format!("(Seq.add {} {})", smt_s(a), smt_s(b)),
        S::Sub(a, i, j) => format!("(Seq.subrange {} {} {})", smt_s(a), int(*i), int(*j)),
        S::Upd(a, i, x) => format!(
            "(Seq.update {} {} (box_Int {}))",
            smt_s(a),
            int(*i),
            int(*x)
        ),
    }
}

fn int(x: i64) -> String {
    if x < 0 {
        format!("(- {})", -x)
    } else {
        x.to_string()
    }
}

fn gen_s(r: &mut ChaCha8Rng, d: u32) -> S {
    if d == 0 || r.gen_bool(0.2) {
        return S::Empty;
    }
    match r.gen_range(0..5) {
        0 | 1 => S::Push(Box::new(gen_s(r, d - 1)), r.gen_range(-3..4)),
        2 => S::Add(Box::new(gen_s(r, d - 1)), Box::new(gen_s(r, d - 1))),
        3 => S::Sub(
            Box::new(gen_s(r, d - 1)),
            r.gen_range(0..3),
            r.gen_range(0..4),
        ),
        _ => S::Upd(
            Box::new(gen_s(r, d - 1)),
            r.gen_range(0..3),
            r.gen_range(-3..4),
        ),
    }
}

/// "unsat" / "sat" / "unknown" for prelude + extra + (assert (not goal)).
fn prove(pre: &str, goal: &str) -> String {
    let text = format!("{}(assert (not {}))\n(check-sat)\n", pre, goal);
    let cfg = SolverConfig {
        timeout: Some(std::time::Duration::from_secs(5)),
        ..SolverConfig::default()
    };
    vf_smt::solve_smtlib2(Backend::Z3, &text, &cfg, false)
        .unwrap()
        .last()
        .to_string()
}

#[test]
fn seq_axioms_agree_with_vectors() {
    let pre = vf_verify::run::base_preamble();
    let mut r = ChaCha8Rng::seed_from_u64(13);
    let (mut proved, mut cases) = (0, 0);
    for _ in 0..60 {
        let s = gen_s(&mut r, 4);
        let Some(v) = eval_s(&s) else { continue };
        cases += 1;
        let t = smt_s(&s);
        // the length: true value provable, wrong value never
        let len_ok = prove(&pre, &format!("(= (Seq.len {}) {})", t, v.len()));
        assert_ne!(
            prove(&pre, &format!("(= (Seq.len {}) {})", t, v.len() + 1)),
            "unsat",
            "{:?}",
            s
        );
        if len_ok == "unsat" {
            proved += 1;
        }
        // every element: true value provable, wrong value never
        for (i, x) in v.iter().enumerate() {
            let idx = format!("(unbox_Int (Seq.index {} {}))", t, i);
            assert_ne!(
                prove(&pre, &format!("(= {} {})", idx, int(x + 1))),
                "unsat",
                "{:?} [{}]",
                s,
                i
            );
            assert_eq!(
                prove(&pre, &format!("(= {} {})", idx, int(*x))),
                "unsat",
                "{:?} [{}] should be {}",
                s,
                i,
                x
            );
        }
        // extensional equality with the literal sequence of the same elements
        let lit = v.iter().fold("Seq.empty".to_string(), |a, x| {
            format!("(Seq.push {} (box_Int {}))", a, int(*x))
        });
        assert_eq!(
            prove(&pre, &format!("(Seq.ext_eq {} {})", t, lit)),
            "unsat",
            "{:?}",
            s
        );
        // `==` needs the `=~=` term (as in Verus): with it, equality follows
        assert_eq!(
            prove(
                &pre,
                &format!("(=> (Seq.ext_eq {t} {l}) (= {t} {l}))", t = t, l = lit)
            ),
            "unsat",
            "{:?}",
            s
        );
    }
    assert!(cases >= 20, "{}", cases);
    assert_eq!(proved, cases, "every length should be provable");
}

#[test]
fn set_and_map_axioms_agree_with_btree() {
    let pre = vf_verify::run::base_preamble();
    let mut r = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..30 {
        // a set built by inserts/removes, compared with BTreeSet membership
        let mut model = BTreeSet::new();
        let mut t = "Set.empty".to_string();
        for _ in 0..r.gen_range(0..6) {
            let x: i64 = r.gen_range(0..5);
            if r.gen_bool(0.7) {
                model.insert(x);
                t = format!("(Set.insert {} (box_Int {}))", t, x);
            } else {
                model.remove(&x);
                t = format!("(Set.remove {} (box_Int {}))", t, x);
            }
        }
        for x in 0..5i64 {
            let mem = format!("(Set.mem (box_Int {}) {})", x, t);
            let (yes, no) = if model.contains(&x) {
                (mem.clone(), format!("(not {})", mem))
            } else {
                (format!("(not {})", mem), mem.clone())
            };
            assert_eq!(prove(&pre, &yes), "unsat", "{} {}", t, x);
            assert_ne!(prove(&pre, &no), "unsat", "{} {}", t, x);
        }
        // a map built by inserts, compared with BTreeMap
        let mut mm = BTreeMap::new();
        let mut mt = "Map.empty".to_string();
        for _ in 0..r.gen_range(0..6) {
            let (k, v): (i64, i64) = (r.gen_range(0..4), r.gen_range(-2..3));
            mm.insert(k, v);
            mt = format!("(Map.insert {} (box_Int {}) (box_Int {}))", mt, k, v);
        }
        for k in 0..4i64 {
            let dom = format!("(Set.mem (box_Int {}) (Map.dom {}))", k, mt);
            match mm.get(&k) {
                Some(v) => {
                    assert_eq!(prove(&pre, &dom), "unsat");
                    let ix = format!("(unbox_Int (Map.index {} (box_Int {})))", mt, k);
                    assert_eq!(prove(&pre, &format!("(= {} {})", ix, int(*v))), "unsat");
                    assert_ne!(prove(&pre, &format!("(= {} {})", ix, int(v + 1))), "unsat");
                }
                None => {
                    assert_eq!(prove(&pre, &format!("(not {})", dom)), "unsat");
                    assert_ne!(prove(&pre, &dom), "unsat");
                }
            }
        }
    }
}

#[test]
fn prelude_is_not_contradictory() {
    let pre = vf_verify::run::base_preamble();
    // if the axioms were inconsistent, `false` would be provable
    assert_ne!(prove(&pre, "false"), "unsat");
    // distinct boxed values stay distinct
    assert_ne!(prove(&pre, "(= (box_Int 1) (box_Int 2))"), "unsat");
    assert_eq!(prove(&pre, "(not (= (box_Int 1) (box_Int 2)))"), "unsat");
}
