//! `vf_check::behaviour::explain` on a two-counter spec: independent steps (any order), steps on a
//! shared counter that only one interleaving explains, an impossible observation, clock
//! constraints, and the node limit.
use std::path::PathBuf;
use vf_check::behaviour::{explain, Limits, Observed, StepMatcher, Verdict};
use vf_check::model::{Model, Options};
use vf_tla::tlc::value::Value;

const SPEC: &str = "---- MODULE Ctr ----\nEXTENDS Naturals\nVARIABLES x, z\nInit == x = 0 /\\ z = 0\n\
IncX == x' = x + 1 /\\ z' = z\nIncZ == z' = z + 1 /\\ x' = x\nNext == IncX \\/ IncZ\n====\n";

fn model() -> Model {
    // one directory per call: the tests run in parallel threads, and one rewriting Ctr.cfg while
    // another loads it made the loader read an empty file
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("vf-behaviour-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let spec: PathBuf = d.join("Ctr.tla");
    std::fs::write(&spec, SPEC).unwrap();
    std::fs::write(d.join("Ctr.cfg"), "INIT Init\nNEXT Next\n").unwrap();
    Model::load(&spec, &Options { config: None, lib_dirs: vec![], check_deadlock: Some(false), prints_to_stderr: true }).map_err(|e| e.0).unwrap()
}

/// Process p's step i is observed as "variable `var` becomes `vals[p][i]`"; `x` is variable 0.
struct Obs {
    var: Vec<usize>,
    vals: Vec<Vec<i64>>,
    independent: bool,
}

impl StepMatcher for Obs {
    fn matches(&self, p: usize, i: usize, s: &[Value], t: &[Value]) -> Result<bool, String> {
        let v = self.var[p];
        let other = 1 - v;
        Ok(matches!(t[v], Value::Int(n) if n == self.vals[p][i]) && vf_tla::tlc::value::eq(&s[other], &t[other]))
    }
    fn independent(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        self.independent && self.var[a.0] != self.var[b.0]
    }
}

fn free(n: usize, procs: usize) -> Vec<Observed> {
    (0..n).map(|_| Observed { after: vec![0; procs], window: None }).collect()
}

#[test]
fn independent_steps_are_explained_in_any_order() {
    let m = model();
    let obs = Obs { var: vec![0, 1], vals: vec![vec![1, 2, 3], vec![1, 2]], independent: true };
    match explain(&m, &[free(3, 2), free(2, 2)], &obs, &Limits::default()) {
        Verdict::Explained { steps, witness, .. } => {
            assert_eq!(steps, 5);
            assert_eq!(witness.len(), 5);
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_shared_counter_needs_the_one_interleaving() {
    let m = model();
    // both processes increment z: P0 sees 1 then 3, P1 sees 2 -> P0, P1, P0
    let obs = Obs { var: vec![1, 1], vals: vec![vec![1, 3], vec![2]], independent: true };
    match explain(&m, &[free(2, 2), free(1, 2)], &obs, &Limits::default()) {
        Verdict::Explained { witness, .. } => assert_eq!(witness, vec![(0, 0), (1, 0), (0, 1)]),
        v => panic!("{v:?}"),
    }
    // P1 claims 5: after P0's two steps and nothing else, nobody explains it
    let obs = Obs { var: vec![1, 1], vals: vec![vec![1, 2], vec![5]], independent: true };
    match explain(&m, &[free(2, 2), free(1, 2)], &obs, &Limits::default()) {
        Verdict::Unexplained { depth, total, stuck, .. } => {
            assert_eq!((depth, total), (2, 3));
            assert_eq!(stuck, vec![(1, 0)]);
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn clocks_and_windows_restrict_the_order() {
    let m = model();
    // P1's step must come after both of P0's (clock): P0's second step then makes z = 2, not the observed 3
    let obs = Obs { var: vec![1, 1], vals: vec![vec![1, 3], vec![2]], independent: false };
    let after = vec![Observed { after: vec![2, 0], window: None }];
    assert!(matches!(explain(&m, &[free(2, 2), after], &obs, &Limits::default()), Verdict::Unexplained { depth: 1, .. }));
    // P0's second step committed (window 10..20) before P1's started (30): same conclusion
    let w0 = vec![Observed { after: vec![0, 0], window: Some((1, 2)) }, Observed { after: vec![0, 0], window: Some((10, 20)) }];
    let w1 = vec![Observed { after: vec![0, 0], window: Some((30, 40)) }];
    assert!(matches!(explain(&m, &[w0.clone(), w1], &obs, &Limits::default()), Verdict::Unexplained { .. }));
    // overlapping windows allow the interleaving
    let w1 = vec![Observed { after: vec![0, 0], window: Some((5, 15)) }];
    assert!(matches!(explain(&m, &[w0, w1], &obs, &Limits::default()), Verdict::Explained { .. }));
}

#[test]
fn the_node_limit_gives_no_verdict() {
    let m = model();
    let obs = Obs { var: vec![0, 1], vals: vec![vec![1, 2, 3], vec![1, 2, 3]], independent: false };
    let v = explain(&m, &[free(3, 2), free(3, 2)], &obs, &Limits { max_level_nodes: 1 });
    assert!(matches!(v, Verdict::GaveUp { .. }), "{v:?}");
}
