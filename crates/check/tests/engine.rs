//! Engine features beyond the plain search: the `-dump dot` graph (compared with what TLC's
//! `-dump dot` wrote for the same fixture) and `--simulate` (seeded random behaviours).

use std::path::{Path, PathBuf};
use vf_check::engine::{simulate, SimConfig, Violation};
use vf_check::{Config, Model, Options};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn load(name: &str) -> Model {
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    Model::load(&fixture(&format!("{name}.tla")), &opts).unwrap()
}

#[test]
fn dot_dump_has_tlcs_nodes_edges_and_levels() {
    let model = load("Counter");
    let out = vf_check::check(&model, &Config { workers: 1, record_graph: true, ..Default::default() }, &|_| {});
    let g = out.graph.as_ref().expect("graph recorded");
    let dot = vf_check::report::dot(&model, g);
    // TLC (`-dump dot counter.dot Counter.tla`, -workers 1) wrote 314 edges (318 generated
    // minus the 4 initial states), 4 filled initial nodes, 78 other nodes, 9 rank lines
    assert!(dot.starts_with("strict digraph DiskGraph {\nnode [shape=box,style=rounded]\n"));
    assert!(dot.ends_with("}\n}\n"));
    assert_eq!(dot.lines().filter(|l| l.contains(" -> ")).count(), 314);
    assert_eq!(dot.lines().filter(|l| l.ends_with(",style = filled]")).count(), 4);
    assert_eq!(dot.lines().filter(|l| l.contains("tooltip=")).count(), 78);
    assert_eq!(dot.lines().filter(|l| l.starts_with("{rank = same;")).count(), 9);
    // every edge is a real step between states of the graph
    let by_fp: std::collections::HashMap<u64, &Vec<_>> = g.states.iter().map(|(s, f)| (*f, &**s)).collect();
    for (a, b) in &g.edges {
        let (sa, sb) = (by_fp[a], by_fp[b]);
        let mut ok = false;
        model.successors(sa, &mut |t, _| {
            ok |= &t == sb;
            Ok(!ok)
        })
        .unwrap();
        assert!(ok, "edge {a} -> {b} is a Next step");
    }
    // a label shows the variables with TLC's escapes
    assert!(dot.contains("[label=\"/\\\\ x = 0\\n/\\\\ msgs = <<>>\\n/\\\\ pc = (p1 :> \\\"a\\\" @@ p2 :> \\\"a\\\")\",style = filled]"), "{}", &dot[..400]);
}

fn is_behaviour(model: &Model, trace: &[vf_check::engine::TraceStep]) -> bool {
    let mut inits = Vec::new();
    model.init_states(&mut |s| {
        inits.push(s);
        Ok(true)
    })
    .unwrap();
    if !inits.contains(&trace[0].state) {
        return false;
    }
    trace.windows(2).all(|w| {
        let mut ok = false;
        model
            .successors(&w[0].state, &mut |t, _| {
                ok |= t == w[1].state;
                Ok(!ok)
            })
            .unwrap();
        ok
    })
}

#[test]
fn simulation_is_seeded_bounded_and_never_a_verdict() {
    let model = load("Counter");
    let sim = |seed| simulate(&model, &SimConfig { traces: 20, depth: 12, seed }, &|_| {});
    let (a, b) = (sim(7), sim(7));
    let (sa, sb) = (a.simulation.clone().unwrap(), b.simulation.clone().unwrap());
    assert!(a.violation.is_none());
    assert_eq!((sa.traces, sa.states_checked, a.stats.states_generated), (sb.traces, sb.states_checked, b.stats.states_generated), "same seed, same run");
    assert_eq!(sa.traces, 20);
    assert!(sa.longest <= 12 && sa.states_checked <= 20 * 12);
    let text = vf_check::report::summary_text(&model, &a);
    assert!(text.starts_with("Not verified") && !text.contains("No error has been found"), "{text}");
    assert_eq!(vf_check::report::json(&model, &a, 0.0)["verdict"], "not_checked");
}

#[test]
fn simulation_finds_invariant_violations_and_deadlocks_with_real_behaviours() {
    let model = load("InvViolation");
    let out = simulate(&model, &SimConfig { traces: 200, depth: 50, seed: 1 }, &|_| {});
    let Some(Violation::Invariant { name, trace }) = &out.violation else { panic!("{:?}", out.violation) };
    assert_eq!(name, "Safe");
    assert!(is_behaviour(&model, trace), "the trace is a behaviour of the spec");
    // the last state, and only it, violates Safe == a + b < 5
    let sum = |st: &vf_check::engine::TraceStep| st.values.iter().map(|(_, v)| v.parse::<i64>().unwrap()).sum::<i64>();
    assert!(sum(trace.last().unwrap()) >= 5);
    assert!(trace[..trace.len() - 1].iter().all(|st| sum(st) < 5));
    // seeded: the same seed gives the same behaviour, other seeds other ones
    let again = simulate(&model, &SimConfig { traces: 200, depth: 50, seed: 1 }, &|_| {});
    let values = |o: &vf_check::Outcome| match &o.violation {
        Some(Violation::Invariant { trace, .. }) => trace.iter().map(|s| s.values.clone()).collect::<Vec<_>>(),
        v => panic!("{v:?}"),
    };
    assert_eq!(values(&out), values(&again));
    let distinct: std::collections::HashSet<_> = (2..12).map(|seed| values(&simulate(&model, &SimConfig { traces: 200, depth: 50, seed }, &|_| {}))).collect();
    assert!(distinct.len() > 1, "different seeds, different behaviours");

    let model = load("Deadlock");
    let out = simulate(&model, &SimConfig { traces: 200, depth: 100, seed: 5 }, &|_| {});
    let Some(Violation::Deadlock { trace }) = &out.violation else { panic!("{:?}", out.violation) };
    assert!(is_behaviour(&model, trace));
    let mut none = true;
    model
        .successors(&trace.last().unwrap().state, &mut |_, _| {
            none = false;
            Ok(false)
        })
        .unwrap();
    assert!(none, "the last state has no successor");
}

fn load_cfg(name: &str, cfg: &str) -> Model {
    let opts = Options { config: Some(fixture(&format!("{cfg}.cfg"))), lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    Model::load(&fixture(&format!("{name}.tla")), &opts).unwrap()
}

#[test]
fn invariants_that_init_implies_are_not_rechecked_on_initial_states_and_others_are() {
    // Init == Inv == TypeOK /\ Even: Inv, Even and TypeOK are conjuncts of Init; Small is not
    let ok = load_cfg("InitInv", "InitInvOk");
    assert_eq!(ok.init_implied, vec![true, true, true]);
    for workers in [1, 2] {
        let out = vf_check::check(&ok, &Config { workers, ..Default::default() }, &|_| {});
        assert!(out.violation.is_none(), "{:?}", out.violation);
        // TLC (InitInvOk.tlc.out): 16 states generated, 8 distinct states found, depth 1
        assert_eq!((out.stats.states_generated, out.stats.distinct_states, out.stats.depth), (16, 8, 1));
    }
    let bad = load_cfg("InitInv", "InitInv");
    assert_eq!(bad.init_implied, vec![true, true, false]);
    let out = vf_check::check(&bad, &Config { workers: 1, ..Default::default() }, &|_| {});
    // TLC (InitInv.tlc.out): "Invariant Small is violated by the initial state: x = 3, y = 3"
    match out.violation {
        Some(Violation::Invariant { name, trace }) => {
            assert_eq!(name, "Small");
            assert_eq!(trace.len(), 1);
            assert_eq!(trace[0].values, vec![("x".to_string(), "3".to_string()), ("y".to_string(), "3".to_string())]);
        }
        v => panic!("expected Small violated on an initial state, got {v:?}"),
    }
    // a conjunct of Init with a side effect (PrintT) is still evaluated as an invariant
    let loud = load_cfg("InitInv", "InitInvLoud");
    assert_eq!(loud.init_implied, vec![false, true]);
}
