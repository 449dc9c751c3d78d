//! Liveness: small specs in `fixtures/live/` (a clock with and without weak fairness, a lock
//! with no, weak and strong fairness; `<>`, `[]<>`, `<>[]`, `~>`), each checked against what TLC
//! (tla2tools.jar, -workers 1) printed for it (`X.tlc.out`): the same counts and verdict, for the
//! clock the same lasso. Every counterexample is also checked independently: it starts in an
//! initial state, each step is a Next step or stuttering, and it really violates the property
//! (hand-derived checks per case). No Java is needed to run these.

use std::path::{Path, PathBuf};
use vf_check::engine::{Outcome, Violation};
use vf_check::{Config, Model, Options};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/live").join(name)
}

struct Tlc {
    counts: (u64, u64, u64),
    violated: Option<String>,
    /// values of each state (`x = 0` / `/\ pc = ...` lines joined)
    states: Vec<String>,
    /// `Back to state K` (1-based) or None for `Stuttering` / no violation
    back_to: Option<usize>,
}

fn parse_tlc(text: &str) -> Tlc {
    let mut t = Tlc { counts: (0, 0, 0), violated: None, states: vec![], back_to: None };
    let mut cur: Option<String> = None;
    for l in text.lines() {
        if let Some(rest) = l.strip_prefix("Error: Temporal property ") {
            t.violated = Some(rest.trim_end_matches(" was violated.").to_string());
        } else if l == "Error: Temporal properties were violated." {
            // TLC's words when it cannot name the property (see SymLive_View_CountMoves)
            t.violated = Some(String::new());
        } else if l.starts_with("State ") {
            if let Some(c) = cur.take() {
                t.states.push(c);
            }
            if !l.ends_with("Stuttering") {
                cur = Some(String::new());
            }
        } else if let Some(rest) = l.strip_prefix("Back to state ") {
            t.back_to = Some(rest.split(':').next().unwrap().parse().unwrap());
        } else if l.contains("states generated") {
            let n: Vec<u64> = l.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
            t.counts = (n[0], n[1], n[2]);
        } else if let Some(c) = cur.as_mut() {
            if l.trim().is_empty() {
                t.states.push(cur.take().unwrap());
            } else {
                let v = l.strip_prefix("/\\ ").unwrap_or(l);
                let mut parts: Vec<&str> = c.split('\n').filter(|s| !s.is_empty()).collect();
                parts.push(v);
                parts.sort();
                *c = parts.join("\n");
            }
        }
    }
    if let Some(c) = cur.take() {
        t.states.push(c);
    }
    t
}

fn run(name: &str) -> (Model, Outcome, Tlc) {
    let spec = fixture(&format!("{}.tla", name.split('_').next().unwrap()));
    let opts = Options { config: Some(fixture(&format!("{name}.cfg"))), lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap_or_else(|e| panic!("{name}: {}", e.0));
    assert!(model.unchecked.is_empty(), "{name}: {:?}", model.unchecked);
    let out = vf_check::check(&model, &Config { workers: 1, max_depth: None, ..Default::default() }, &|_| {});
    let tlc = parse_tlc(&std::fs::read_to_string(fixture(&format!("{name}.tlc.out"))).unwrap());
    let s = &out.stats;
    assert_eq!((s.states_generated, s.distinct_states, s.queue_left), tlc.counts, "{name}: counts");
    (model, out, tlc)
}

/// Our lasso: its states (values joined as in `parse_tlc`) and the loop-back index.
fn lasso(out: &Outcome) -> (String, Vec<String>, Option<usize>, Vec<Vec<vf_tla::tlc::value::Value>>) {
    let Some(Violation::Temporal { name, trace, back_to }) = &out.violation else { panic!("no liveness violation: {:?}", out.violation) };
    let states = trace
        .iter()
        .map(|st| {
            let mut v: Vec<String> = st.values.iter().map(|(n, x)| format!("{n} = {x}")).collect();
            v.sort();
            v.join("\n")
        })
        .collect();
    (name.clone(), states, back_to.as_ref().map(|(k, _)| *k), trace.iter().map(|s| s.state.clone()).collect())
}

/// The lasso is a behaviour of the spec: an initial state, then Next steps (or stuttering),
/// and the back edge is a Next step (or the final state stutters forever).
fn assert_is_behaviour(model: &Model, states: &[Vec<vf_tla::tlc::value::Value>], back: Option<usize>) {
    let mut inits = Vec::new();
    model.init_states(&mut |s| {
        inits.push(s);
        Ok(true)
    })
    .unwrap();
    assert!(inits.contains(&states[0]), "the lasso starts in an initial state");
    let step_ok = |a: &Vec<_>, b: &Vec<_>| {
        let mut ok = a == b;
        model
            .successors(a, &mut |t, _| {
                ok |= &t == b;
                Ok(!ok)
            })
            .unwrap();
        ok
    };
    for w in states.windows(2) {
        assert!(step_ok(&w[0], &w[1]), "each step of the lasso is a Next step");
    }
    if let Some(k) = back {
        assert!(step_ok(states.last().unwrap(), &states[k - 1]), "the back edge is a Next step");
    }
}

/// The states the behaviour visits infinitely often.
fn cycle(states: &[Vec<vf_tla::tlc::value::Value>], back: Option<usize>) -> Vec<Vec<vf_tla::tlc::value::Value>> {
    match back {
        Some(k) => states[k - 1..].to_vec(),
        None => vec![states.last().unwrap().clone()],
    }
}

fn no_violation(name: &str) {
    let (_, out, tlc) = run(name);
    assert!(tlc.violated.is_none());
    assert!(out.violation.is_none(), "{name}: {:?}", out.violation.map(|v| vf_check::report::violation_text(&v)));
}

fn str_of(v: &vf_tla::tlc::value::Value) -> String {
    v.to_string()
}

#[test]
fn fair_clock_satisfies_eventually_infinitely_often_and_leads_to() {
    no_violation("Clock_Fair_All");
}

#[test]
fn unfair_clock_can_stop_before_reaching_2() {
    let (model, out, tlc) = run("Clock_Unfair_Reach2");
    let (name, states, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_is_behaviour(&model, &raw, back);
    // a counterexample to <>(x = 2) never shows x = 2, and ends stuttering
    assert!(raw.iter().all(|s| str_of(&s[0]) != "2"));
    assert_eq!(back, None);
    assert!(states.len() <= 2);
}

#[test]
fn unfair_clock_violates_leads_to_exactly_as_tlc() {
    let (model, out, tlc) = run("Clock_Unfair_Leads");
    let (name, states, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_eq!((states, back), (tlc.states, tlc.back_to), "the same lasso as TLC");
    assert_is_behaviour(&model, &raw, back);
    assert_eq!(str_of(&raw.last().unwrap()[0]), "2", "x = 1 happened, then x = 0 never does: it stutters at 2");
}

#[test]
fn fair_clock_does_not_stay_at_2_same_lasso_as_tlc() {
    let (model, out, tlc) = run("Clock_Fair_Stays");
    let (name, states, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_eq!((states, back), (tlc.states, tlc.back_to), "the same lasso as TLC");
    assert_is_behaviour(&model, &raw, back);
    // weak fairness forbids stuttering forever: the counterexample to <>[](x = 2) is a real cycle
    assert!(back.is_some());
    assert!(cycle(&raw, back).iter().any(|s| str_of(&s[0]) != "2"));
}

#[test]
fn weak_fairness_lets_a_process_starve_strong_fairness_does_not() {
    // Enter(p) is disabled whenever the other process holds the lock, so it is not continuously
    // enabled and weak fairness does not force it; strong fairness does (enabled infinitely often)
    let (model, out, tlc) = run("Mutex_WeakSpec_Starvation");
    let (name, _, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_is_behaviour(&model, &raw, back);
    let cyc = cycle(&raw, back);
    // some process waits in every state of the cycle (and so never reaches cs)
    let starving = ["p1", "p2"].iter().any(|p| cyc.iter().all(|s| str_of(&s[0]).contains(&format!("{p} :> \"wait\""))));
    assert!(starving, "a process waits forever");
    no_violation("Mutex_StrongSpec_Starvation");
}

#[test]
fn someone_enters_needs_fairness() {
    no_violation("Mutex_WeakSpec_SomeoneEnters");
    // (TLC's own choice of lasso here varies between its runs with its random fingerprint seed,
    // so the lasso is checked for what it must show, not compared)
    let (model, out, tlc) = run("Mutex_Spec_SomeoneEnters");
    let (name, states, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_is_behaviour(&model, &raw, back);
    // without fairness: someone waits, then the system stutters forever with nobody in cs
    assert_eq!(back, tlc.back_to);
    assert_eq!(back, None, "the counterexample ends stuttering");
    let last = states.last().unwrap();
    assert!(last.contains("\"wait\"") && !last.contains("\"cs\""), "{last}");
    assert_eq!(states.len(), tlc.states.len(), "as short as TLC's");
}

#[test]
fn infinitely_often_and_eventually_always() {
    no_violation("Mutex_StrongSpec_InfIdle");
    let (model, out, tlc) = run("Mutex_StrongSpec_EventuallyAlwaysIdle");
    let (name, _, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_is_behaviour(&model, &raw, back);
    // <>[](all idle) is violated by a cycle that leaves the all-idle state
    assert!(back.is_some());
    assert!(cycle(&raw, back).iter().any(|s| str_of(&s[0]).contains("\"wait\"") || str_of(&s[0]).contains("\"cs\"")));
}

#[test]
fn liveness_result_is_the_same_with_two_workers() {
    for name in ["Mutex_WeakSpec_Starvation", "Mutex_StrongSpec_Starvation", "Clock_Fair_All"] {
        let spec = fixture(&format!("{}.tla", name.split('_').next().unwrap()));
        let opts = Options { config: Some(fixture(&format!("{name}.cfg"))), lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
        let model = Model::load(&spec, &opts).unwrap();
        let one = vf_check::check(&model, &Config { workers: 1, max_depth: None, ..Default::default() }, &|_| {});
        let two = vf_check::check(&model, &Config { workers: 2, max_depth: None, ..Default::default() }, &|_| {});
        assert_eq!(one.violation.is_some(), two.violation.is_some(), "{name}");
        assert_eq!(one.stats.distinct_states, two.stats.distinct_states);
    }
}

#[test]
fn fairness_action_with_an_unassigned_variable() {
    // Tick leaves y unassigned: WF_x(Tick) is fine (y is not in x), so []<>(x = 0) holds
    no_violation("Corner_Holds");
    // WF_<<x, y>>(Tick) is TLC's error "The action formula A appearing in a WF_v(A) ... does not
    // specify the primed value of the variable y occurring in the state formula v"
    let spec = fixture("Corner.tla");
    let opts = Options { config: Some(fixture("Corner_BadFair.cfg")), lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap();
    let out = vf_check::check(&model, &Config { workers: 1, max_depth: None, ..Default::default() }, &|_| {});
    let tlc = std::fs::read_to_string(fixture("Corner_BadFair.tlc.out")).unwrap();
    assert!(tlc.contains("Error: The behavior up to this point is:"), "TLC stopped with an error");
    match &out.violation {
        Some(Violation::EvalError { message, .. }) => assert!(message.contains("does not specify the primed value"), "{message}"),
        v => panic!("expected TLC's error, got {v:?}"),
    }
}

#[test]
fn temporal_if_depends_on_the_initial_state() {
    // IF x = 0 THEN [](x # 2) ELSE TRUE: violated from x = 0 (the fair clock reaches 2), and the
    // behaviours from x = 1 cannot violate it
    let (model, out, tlc) = run("Corner_If");
    let (name, _, back, raw) = lasso(&out);
    assert_eq!(Some(name), tlc.violated);
    assert_is_behaviour(&model, &raw, back);
    assert_eq!(str_of(&raw[0][0]), "0", "starts with x = 0");
    assert!(raw.iter().any(|s| str_of(&s[0]) == "2"), "reaches x = 2");
    // WF_x(Tick): the counterexample cannot stutter forever
    assert!(back.is_some());
}

// ---- liveness under SYMMETRY and VIEW (TLC checks it on the quotient graph: a node per
// fingerprint; state predicates on the node's first-found state, actions on the successor the
// search really generated; under SYMMETRY with a warning that violations may be missed)

fn verdict_as_tlc(name: &str) -> (Model, Outcome, Tlc) {
    let (model, out, tlc) = run(name);
    match (&out.violation, &tlc.violated) {
        (None, None) => {}
        (Some(Violation::Temporal { .. }), Some(_)) => {}
        (ours, theirs) => panic!("{name}: ours {ours:?}, TLC {theirs:?}"),
    }
    (model, out, tlc)
}

#[test]
fn symmetry_liveness_verdicts_and_counts_match_tlc() {
    for name in ["SymLive_Sym_SomeoneEnters", "SymLive_Sym_CountSteps", "SymLive_Sym_CountMoves"] {
        let (model, out, _) = verdict_as_tlc(name);
        assert!(out.violation.is_none(), "{name}");
        assert_eq!(model.warnings.len(), 1, "{name}: TLC's warning about symmetry and liveness");
    }
    // without symmetry the same property holds too, on 60 states instead of 21
    let (_, plain, _) = verdict_as_tlc("SymLive_Plain_CountMoves");
    assert_eq!(plain.stats.distinct_states, 60);
    // a process can starve (weak fairness of Enter does not help): a real lasso, replayed through
    // generated successors, so every step is a Next step even though nodes stand for orbits
    let (model, out, _) = verdict_as_tlc("SymLive_Sym_Progress");
    let (_, _, back, raw) = lasso(&out);
    assert_is_behaviour(&model, &raw, None);
    assert!(back.is_some() || raw.len() > 1);
}

#[test]
fn view_liveness_matches_tlc_including_its_quotient_artefacts() {
    let (model, out, _) = verdict_as_tlc("SymLive_View_SomeoneEnters");
    assert!(out.violation.is_none());
    assert!(model.warnings.is_empty(), "TLC warns about SYMMETRY only");
    // n changes on every Leave: the action is evaluated on the generated successor (n' # n),
    // not on the node's stored state (whose n is whatever was found first), so it holds
    let (_, out, _) = verdict_as_tlc("SymLive_View_CountSteps");
    assert!(out.violation.is_none());
    // []<>(n = 2) is evaluated on the nodes' stored states, all found with n = 0 or 1 before any
    // n = 2 state of the same view: TLC reports a violation that a plain check does not (above)
    let (_, out, _) = verdict_as_tlc("SymLive_View_CountMoves");
    assert!(matches!(out.violation, Some(Violation::Temporal { .. })));
}

/// `\EE`, `\AA` and `-+->` in a PROPERTY: TLC refuses the model before exploring ("TLC cannot
/// handle the temporal formula <span>"); so do we, as bad input (one positioned line, exit 2),
/// with TLC's words and span (`TQ_*.tlc.out`).
#[test]
fn temporal_quantifiers_and_while_plus_are_refused_like_tlc() {
    for name in ["TQ_PropEE", "TQ_PropAA", "TQ_PropWhilePlus", "TQ_PropWhilePlusBad"] {
        let opts = Options { config: Some(fixture(&format!("{name}.cfg"))), lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
        let err = match Model::load(&fixture("TQ.tla"), &opts) {
            Err(e) => e.0,
            Ok(_) => panic!("{name}: loaded"),
        };
        let tlc = std::fs::read_to_string(fixture(&format!("{name}.tlc.out"))).unwrap();
        let tlc_line = tlc.lines().find_map(|l| l.strip_prefix("Error: ")).unwrap();
        assert!(tlc_line.starts_with("TLC cannot handle the temporal formula"), "{tlc_line}");
        assert!(err.contains(tlc_line), "{name}: ours `{err}`, TLC `{tlc_line}`");
        assert!(!err.contains('\n'));
        // positioned at the formula: file:line:col of TLC's span start
        let (l, c) = {
            let rest = tlc_line.split("line ").nth(1).unwrap();
            let l: usize = rest.split(',').next().unwrap().trim().parse().unwrap();
            let c: usize = rest.split("col ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
            (l, c)
        };
        assert!(err.contains(&format!("TQ.tla:{l}:{c}: ")), "{err}");
    }
}
