//! Small specs checked against what TLC (tla2tools.jar, -workers 1) printed for them, recorded in
//! `fixtures/X.tlc.out`: the same counts, the same verdict and the same trace (labels and values).
//! No Java is needed to run these.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use vf_check::engine::{Outcome, TraceStep, Violation};
use vf_check::{Config, Model, Options};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

struct Tlc {
    generated: u64,
    distinct: u64,
    left: u64,
    depth: u64,
    error: Option<String>,
    trace: Vec<(String, BTreeMap<String, String>)>,
}

fn parse_tlc(text: &str) -> Tlc {
    let mut t = Tlc { generated: 0, distinct: 0, left: 0, depth: 0, error: None, trace: vec![] };
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        if let Some(rest) = l.strip_prefix("Error: ") {
            if t.error.is_none() && !rest.starts_with("The behavior") && !rest.starts_with("The error occurred") {
                t.error = Some(rest.to_string());
            }
        } else if let Some(rest) = l.strip_prefix("State ") {
            let label = rest.split_once(": ").unwrap().1.to_string();
            let mut vals = BTreeMap::new();
            while let Some(v) = lines.peek() {
                if v.trim().is_empty() || v.starts_with("State ") || v.starts_with("Error") || v.contains("states generated") {
                    break;
                }
                let v = lines.next().unwrap();
                let v = v.strip_prefix("/\\ ").unwrap_or(v);
                let (n, val) = v.split_once(" = ").unwrap();
                vals.insert(n.to_string(), val.to_string());
            }
            t.trace.push((label, vals));
        } else if l.contains("states generated") {
            let nums: Vec<u64> = l.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
            t.generated = nums[0];
            t.distinct = nums[1];
            t.left = nums[2];
        } else if let Some(rest) = l.strip_prefix("The depth of the complete state graph search is ") {
            t.depth = rest.trim_end_matches('.').parse().unwrap();
        }
    }
    t
}

fn run(name: &str) -> (Model, Outcome) {
    run_with(name, &Config { workers: 1, max_depth: None, ..Default::default() })
}

fn run_with(name: &str, cfg: &Config) -> (Model, Outcome) {
    let spec = fixture(&format!("{name}.tla"));
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap_or_else(|e| panic!("{name}: {}", e.0));
    let out = vf_check::check(&model, cfg, &|_| {});
    (model, out)
}

fn trace_of(v: &Violation) -> &[TraceStep] {
    match v {
        Violation::Invariant { trace, .. }
        | Violation::ActionProperty { trace, .. }
        | Violation::InitProperty { trace, .. }
        | Violation::Deadlock { trace }
        | Violation::EvalError { trace, .. }
        | Violation::Temporal { trace, .. } => trace,
    }
}

/// Runs fixture `name` and compares everything TLC reported.
fn same_as_tlc(name: &str) -> Outcome {
    same_as_tlc_with(name, &Config { workers: 1, max_depth: None, ..Default::default() })
}

fn same_as_tlc_with(name: &str, cfg: &Config) -> Outcome {
    let tlc = parse_tlc(&std::fs::read_to_string(fixture(&format!("{name}.tlc.out"))).unwrap());
    let (_, out) = run_with(name, cfg);
    let s = &out.stats;
    assert_eq!(
        (s.states_generated, s.distinct_states, s.queue_left, s.depth),
        (tlc.generated, tlc.distinct, tlc.left, tlc.depth),
        "{name}: generated/distinct/left/depth"
    );
    match (&out.violation, &tlc.error) {
        (None, None) => {}
        (Some(v), Some(_)) => {
            let ours = trace_of(v);
            assert_eq!(ours.len(), tlc.trace.len(), "{name}: trace length");
            for (i, (st, (label, vals))) in ours.iter().zip(tlc.trace.iter()).enumerate() {
                assert_eq!(&st.label, label, "{name}: label of state {}", i + 1);
                let mine: BTreeMap<String, String> = st.values.iter().cloned().collect();
                assert_eq!(&mine, vals, "{name}: values of state {}", i + 1);
            }
        }
        (v, e) => panic!("{name}: verdicts differ: ours {v:?}, TLC {e:?}"),
    }
    out
}

#[test]
fn counts_match_tlc_without_violation() {
    let out = same_as_tlc("Counter");
    assert!(out.violation.is_none());
}

#[test]
fn invariant_violation_trace_matches_tlc() {
    let out = same_as_tlc("InvViolation");
    assert!(matches!(out.violation, Some(Violation::Invariant { ref name, .. }) if name == "Safe"));
}

#[test]
fn action_of_an_extended_module_is_labelled_with_its_module_and_arguments() {
    // Next's disjuncts are defined in the EXTENDed module ExtBase: TLC names that module and
    // positions in its file, and shows the operator's argument (`IncB(2)`).
    let out = same_as_tlc("ExtTrace");
    assert!(matches!(out.violation, Some(Violation::Invariant { ref name, .. }) if name == "Safe"));
}

#[test]
fn action_labels_show_parameter_values_as_tlc() {
    // `\E p \in {"a", "b"}, d \in {1, 2} : Move(p, d)`: `<Move("a",2) line ...>`, values
    // printed as TLC prints them, separated by a comma without a space. The counts at the
    // violation are TLC's too (19 generated / 13 distinct / 8 left) only when the bindings of
    // the two-name \E come in TLC's order, the first name varying fastest: (a,1), (b,1), (a,2),
    // (b,2); the other order reaches the violating state after 13 / 9 / 5.
    let out = same_as_tlc("LabelArgs");
    let trace = trace_of(out.violation.as_ref().expect("a violation"));
    assert!(trace[1].label.starts_with("<Move(\"a\",2) line 5, col 15"), "{}", trace[1].label);
}

#[test]
fn deadlock_trace_matches_tlc() {
    let out = same_as_tlc("Deadlock");
    assert!(matches!(out.violation, Some(Violation::Deadlock { .. })));
}

#[test]
fn assertion_failure_matches_tlc() {
    let out = same_as_tlc("AssertFail");
    let Some(Violation::EvalError { message, .. }) = &out.violation else { panic!("{:?}", out.violation) };
    assert!(message.contains("k got too big"), "{message}");
    assert!(message.contains("AssertFail.tla:5:12"), "position: {message}");
}

#[test]
fn evaluation_error_matches_tlc() {
    let out = same_as_tlc("EvalError");
    let Some(Violation::EvalError { message, .. }) = &out.violation else { panic!("{:?}", out.violation) };
    assert!(message.contains("not in the domain"), "{message}");
    assert!(message.contains("EvalError.tla:5:47"), "position: {message}");
}

#[test]
fn names_resolved_once_and_tagged_operators_match_tlc() {
    // The evaluator resolves a name once per syntax node (state variable, constant, definition;
    // a node found unbound once skips the environment search later) and dispatches built-in
    // infix operators on a tag: Resolved uses operator parameters, LET, LAMBDA, CHOOSE and
    // quantifier variables next to globals, and every tagged operator (= # \in \notin < > <= >=
    // + - * .. /\ \/ => <=> ~), in actions and the invariant. TLC's counts, one and two workers.
    let out = same_as_tlc("Resolved");
    assert!(out.violation.is_none());
    let two = same_as_tlc_with("Resolved", &Config { workers: 2, max_depth: None, ..Default::default() });
    assert!(two.violation.is_none());
}

#[test]
fn operator_arguments_by_value_and_by_name_match_tlc() {
    // The enumerator passes an operator argument that is already a value (a quantifier
    // variable, a parameter holding one, through two levels of operators) by value and keeps
    // the rest by name: a state variable assigned inside the operator (through two levels), an
    // argument reading a primed variable assigned before, a Boolean parameter used as a conjunct
    // and as a disjunct (sub-action) of an action, and an operator argument passed on to a
    // higher-order operator (`Twice(h, x)`; this failed with "expects 0 argument(s)" before).
    // TLC's counts (4533 generated, 696 distinct, depth 10), one and two workers.
    let out = same_as_tlc("ByValue");
    assert!(out.violation.is_none(), "{:?}", out.violation);
    let two = same_as_tlc_with("ByValue", &Config { workers: 2, max_depth: None, ..Default::default() });
    assert!(two.violation.is_none());
}

#[test]
fn evaluation_error_in_an_invariant_shows_the_failing_state() {
    // `y < 5` with y = "two": TLC reports the error with the state it was evaluated in as the
    // last state of the trace (4 states, depth 4); the error comes from the tagged `<`.
    let out = same_as_tlc("ResolvedErr");
    let Some(Violation::EvalError { message, trace }) = &out.violation else { panic!("{:?}", out.violation) };
    assert_eq!(trace.len(), 4);
    assert!(message.contains("ResolvedErr.tla:17:8"), "position: {message}");
    assert!(message.contains("\"two\""), "{message}");
}

#[test]
fn conditions_on_the_boolean_path_match_tlc() {
    // The evaluator decides conditions without building Boolean values (`Ev::eval_bool`:
    // connectives, comparisons and membership by tag, conjunction/disjunction lists, one-name
    // \A/\E loops, empty sets, quantifiers inside operators with parameters, lazy membership in a
    // set filter) next to several-name and tuple quantifiers on the general path: TLC's counts
    // (66 generated, 16 distinct, depth 8), one and two workers.
    let out = same_as_tlc("BoolPath");
    assert!(out.violation.is_none(), "{:?}", out.violation);
    let two = same_as_tlc_with("BoolPath", &Config { workers: 2, max_depth: None, ..Default::default() });
    assert!(two.violation.is_none());
}

#[test]
fn non_boolean_body_of_a_one_name_quantifier_is_an_error() {
    // `\A e \in s : IF e = 2 THEN e ELSE e < 10` once 2 is in s: TLC stops with "expected a
    // boolean value" and the 3-state trace; the one-name \A loop must raise it, not skip it.
    let out = same_as_tlc("BoolPathErr");
    let Some(Violation::EvalError { message, trace }) = &out.violation else { panic!("{:?}", out.violation) };
    assert_eq!(trace.len(), 3);
    assert!(message.contains("BoolPathErr.tla:13:"), "position: {message}");
    assert!(message.contains("non-boolean"), "{message}");
}

#[test]
fn language_features_and_value_normalisation_match_tlc() {
    // records = functions on strings, tuples = functions on 1..n, INSTANCE with substitution and
    // parameters, RECURSIVE, LAMBDA, higher-order operators, recursive functions, \div and %
    let out = same_as_tlc("Lang");
    assert!(matches!(out.violation, Some(Violation::Invariant { ref name, .. }) if name == "Inv"));
}

#[test]
fn deadlock_check_can_be_disabled() {
    let spec = fixture("Deadlock.tla");
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: Some(false), prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap();
    let out = vf_check::check(&model, &Config { workers: 1, max_depth: None, ..Default::default() }, &|_| {});
    assert!(out.violation.is_none());
    assert_eq!((out.stats.states_generated, out.stats.distinct_states, out.stats.depth), (5, 4, 3));
}

#[test]
fn workers_do_not_change_counts() {
    let spec = fixture("Counter.tla");
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap();
    let out = vf_check::check(&model, &Config { workers: 3, max_depth: None, ..Default::default() }, &|_| {});
    assert_eq!((out.stats.states_generated, out.stats.distinct_states, out.stats.depth), (318, 82, 9));
}

#[test]
fn depth_limit_is_not_a_verdict() {
    let spec = fixture("Counter.tla");
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap();
    let out = vf_check::check(&model, &Config { workers: 1, max_depth: Some(3), ..Default::default() }, &|_| {});
    assert!(out.depth_limited);
    assert!(out.stats.distinct_states < 82);
    assert!(vf_check::report::summary_text(&model, &out).contains("Not verified"));
}

fn load_err(spec_src: &str, cfg_src: &str) -> String {
    let dir = std::env::temp_dir().join(format!("vfcheck-{}-{}", std::process::id(), spec_src.len() * 31 + cfg_src.len()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("M.tla"), spec_src).unwrap();
    std::fs::write(dir.join("M.cfg"), cfg_src).unwrap();
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    match Model::load(&dir.join("M.tla"), &opts) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.0,
    }
}

const SPEC: &str = "---- MODULE M ----\nEXTENDS Naturals\nCONSTANT N\nVARIABLE x\nInit == x = N\nNext == x' = x\n====\n";

#[test]
fn bad_input_is_one_positioned_line() {
    let e = load_err(SPEC, "CONSTANT N = 1\nINIT Init\nNEXT Next\nFOO Bar\n");
    assert!(e.ends_with("M.cfg:4:1: unknown configuration keyword `FOO`"), "{e}");
    let e = load_err(SPEC, "INIT Init\nNEXT Next\n");
    assert!(e.contains("M.tla:3:") && e.contains("constant N is not assigned"), "{e}");
    let e = load_err(SPEC, "CONSTANT N = 1\nINIT Init\nNEXT Nxt\n");
    assert!(e.contains("M.cfg:3:6") && e.contains("Nxt"), "{e}");
    let e = load_err("---- MODULE M ----\nEXTENDS Missing\n====\n", "INIT Init\nNEXT Next\n");
    assert!(e.contains("M.tla:2:9") && e.contains("cannot find module Missing"), "{e}");
    // an undefined name is found at load, before any state is explored, even in a definition
    // that is never evaluated (TLC's semantic check); bound names and LET/RECURSIVE resolve
    let e = load_err(
        "---- MODULE M ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = x\nUnused == \\A y \\in {1} : LET z == y IN z + Undefined(y)\n====\n",
        "INIT Init\nNEXT Next\n",
    );
    assert!(e.contains("M.tla:6:44") && e.contains("Undefined"), "{e}");
    let e = load_err(
        "---- MODULE M ----\nEXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = Len(<<>>)\nNext == x' = x\nF(G(_), a) == LET RECURSIVE R(_) R(n) == IF n = 0 THEN G(a) ELSE R(n - 1) IN R(2)\nBad == Missing\n====\n",
        "INIT Init\nNEXT Next\n",
    );
    assert!(e.contains("M.tla:7:8") && e.contains("`Missing`"), "{e}");
    let e = load_err("---- MODULE M ----\nInit == x = \n====\n", "INIT Init\nNEXT Next\n");
    assert!(e.contains("M.tla:3:1"), "{e}");
    for e in [e] {
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

#[test]
fn unsupported_temporal_formulas_are_refused_not_passed() {
    let dir = std::env::temp_dir().join(format!("vfcheck-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("L.tla"),
        "---- MODULE L ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nSpec == Init /\\ [][Next]_x\nLive == \\E v \\in {x} : <>(x = v)\n====\n",
    )
    .unwrap();
    std::fs::write(dir.join("L.cfg"), "SPECIFICATION Spec\nPROPERTY Live\n").unwrap();
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&dir.join("L.tla"), &opts).unwrap();
    let out = vf_check::check(&model, &Config { workers: 1, max_depth: None, ..Default::default() }, &|_| {});
    assert!(out.violation.is_none());
    assert!(!model.unchecked.is_empty());
    let text = vf_check::report::summary_text(&model, &out);
    assert!(text.contains("NOT checked") && !text.contains("No error has been found"), "{text}");
}

#[test]
fn literal_sets_evaluated_many_times_keep_their_value() {
    // literal sets (with duplicates, nested, tuples) are built once per syntax node and reused.
    // Counts, verdict, the trace's states and its labels (`<Step(1) line 10, ...>`, the operator
    // with its argument, since round 8) are TLC's.
    let tlc = parse_tlc(&std::fs::read_to_string(fixture("LiteralSets.tlc.out")).unwrap());
    let (_, out) = run("LiteralSets");
    let s = &out.stats;
    assert_eq!((s.states_generated, s.distinct_states, s.queue_left, s.depth), (tlc.generated, tlc.distinct, tlc.left, tlc.depth));
    let trace = trace_of(out.violation.as_ref().expect("a violation"));
    assert_eq!(trace.len(), tlc.trace.len());
    for (st, (label, vals)) in trace.iter().zip(tlc.trace.iter()) {
        let mine: BTreeMap<String, String> = st.values.iter().cloned().collect();
        assert_eq!(&mine, vals);
        assert_eq!(&st.label, label);
    }
    assert!(matches!(out.violation, Some(Violation::Invariant { ref name, .. }) if name == "Inv"));
    // The reuse is per worker thread: one and two workers explore the same state space. Compared
    // without the violated invariant, because where a run stops at a violation depends on the
    // workers' interleaving (TLC's counts at a violation vary with -workers too).
    let spec = fixture("LiteralSets.tla");
    let cfg = std::env::temp_dir().join(format!("vf-literal-sets-{}.cfg", std::process::id()));
    std::fs::write(&cfg, "INIT Init\nNEXT Next\nINVARIANTS Shapes\n").unwrap();
    let opts = Options { config: Some(cfg.clone()), lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap();
    let one = vf_check::check(&model, &Config { workers: 1, max_depth: None, ..Default::default() }, &|_| {});
    let two = vf_check::check(&model, &Config { workers: 2, max_depth: None, ..Default::default() }, &|_| {});
    std::fs::remove_file(&cfg).ok();
    assert!(one.violation.is_none() && two.violation.is_none());
    assert!(one.stats.distinct_states > tlc.distinct, "the full space is larger than the part explored up to the violation");
    assert_eq!(
        (two.stats.states_generated, two.stats.distinct_states, two.stats.depth),
        (one.stats.states_generated, one.stats.distinct_states, one.stats.depth)
    );
}

/// Every fixture again with the queue spilled to a store past 0 bytes (every chunk leaves
/// memory) and a fingerprint set sized for a few hundred states: the same counts and traces
/// as TLC, so the spilled queue keeps TLC's order and loses nothing.
#[test]
fn spilled_queue_and_small_fingerprint_set_change_nothing() {
    // (LiteralSets is left out: TLC names `Step(1)` where we print `Step`, see docs/check.md)
    let all = ["Counter", "InvViolation", "Deadlock", "AssertFail", "EvalError", "Lang"];
    for name in all {
        let mem = std::sync::Arc::new(vf_check::queue::MemChunks::default());
        let cfg = Config { workers: 1, fp_bytes: Some(4096), queue_bytes: Some(0), spill: Some(mem.clone()), ..Default::default() };
        let out = same_as_tlc_with(name, &cfg);
        assert_eq!(vf_check::queue::ChunkStore::stored(&*mem), 0, "{name}: nothing left in the store");
        if out.stats.distinct_states > 1 && out.violation.is_none() {
            assert!(out.memory.spilled_states > 0, "{name}: the queue was spilled");
        }
    }
    // on disk, with three workers
    let dir = std::env::temp_dir().join(format!("vf-check-spill-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    {
        let files = std::sync::Arc::new(vf_check::queue::FileChunks::new(dir.clone()));
        let cfg = Config { workers: 3, queue_bytes: Some(0), spill: Some(files), ..Default::default() };
        let (_, out) = run_with("Counter", &cfg);
        assert_eq!((out.stats.states_generated, out.stats.distinct_states, out.stats.depth), (318, 82, 9));
        assert!(out.memory.spilled_states >= 81, "every non-initial level went to disk");
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "the queue's files are removed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_module_instantiated_several_times_keeps_each_substitution() {
    // The evaluator remembers what a name resolves to on its syntax node and evaluates an
    // instance substitution once per state: SubstView's nodes are evaluated in the scopes of
    // `A` (y <- a), `B` (y <- b * 2) and `P(1)`, `P(2)`, `P(3)` (y <- a + k), in an invariant
    // (with ENABLED inside) and in implied actions. Counts and verdict are TLC's, with one and
    // two workers.
    let out = same_as_tlc("Subst");
    assert!(out.violation.is_none());
    let spec = fixture("Subst.tla");
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let model = Model::load(&spec, &opts).unwrap();
    let two = vf_check::check(&model, &Config { workers: 2, max_depth: None, ..Default::default() }, &|_| {});
    assert!(two.violation.is_none());
    assert_eq!(
        (two.stats.states_generated, two.stats.distinct_states, two.stats.depth),
        (out.stats.states_generated, out.stats.distinct_states, out.stats.depth)
    );
}

#[test]
fn refinement_through_a_substitution_is_violated_like_tlc() {
    // B!Spec with y <- b * 2 does not hold (b' = b + 1 moves y by two): TLC's trace (values).
    // Not compared: the label of the step and the distinct count at the violation (TLC counts the
    // violating successor as distinct, names the step by its disjunct in Subst; we do not yet).
    let tlc = parse_tlc(&std::fs::read_to_string(fixture("SubstBad.tlc.out")).unwrap());
    let (_, out) = run("SubstBad");
    assert!(matches!(out.violation, Some(Violation::ActionProperty { ref name, .. }) if name == "BadRefines"), "{:?}", out.violation);
    assert_eq!(out.stats.states_generated, tlc.generated);
    let trace = trace_of(out.violation.as_ref().unwrap());
    assert_eq!(trace.len(), tlc.trace.len());
    for (st, (_, vals)) in trace.iter().zip(tlc.trace.iter()) {
        let mine: BTreeMap<String, String> = st.values.iter().cloned().collect();
        assert_eq!(&mine, vals);
    }
}

#[test]
fn constant_subexpressions_are_reused_and_bound_ones_are_not() {
    // The evaluator keeps the value of a constant sub-expression on its syntax node (`Ev::konst`);
    // ConstExprs mixes constant expressions with look-alikes that read a variable or a name bound
    // around them (quantifier, operator parameter, LET operator, CHOOSE, RECURSIVE operator), in
    // actions and in the invariant, so a wrong reuse changes the counts or violates `Inv`.
    // Counts and verdict are TLC's, with one and two workers.
    let out = same_as_tlc("ConstExprs");
    assert!(out.violation.is_none());
    let two = same_as_tlc_with("ConstExprs", &Config { workers: 2, max_depth: None, ..Default::default() });
    assert!(two.violation.is_none());
}

#[test]
fn set_comprehension_membership_is_lazy_like_tlc() {
    // `x \in {y \in S : P}` is `x \in S /\ P(x)` when S is not an enumerated set or interval
    // (TLC's SetPredValue): Big (`SUBSET (1..40)` filtered, 2^40 candidates) is never built, Safe's
    // predicate is never evaluated at y = 0 (division by zero), nested comprehensions through
    // definitions and operator applications, tuple binders, \notin. Counts are TLC's.
    let out = same_as_tlc("LazySets");
    assert!(out.violation.is_none(), "{:?}", out.violation);
    let two = same_as_tlc_with("LazySets", &Config { workers: 2, max_depth: None, ..Default::default() });
    assert!(two.violation.is_none());
    // an invariant on a lazy comprehension that fails: TLC's trace
    let bad = same_as_tlc("LazySetsBad");
    assert!(matches!(bad.violation, Some(Violation::Invariant { ref name, .. }) if name == "NoFive"), "{:?}", bad.violation);
}

#[test]
fn set_comprehension_over_an_interval_is_filtered_at_once_like_tlc() {
    // over `0..6` TLC filters the whole set, so the predicate fails at y = 0 even though only
    // x is tested: the same error as TLC, on the initial state.
    // TLC has queued the initial state before its invariant fails to evaluate: `1 states left
    // on queue`, as here.
    let tlc = parse_tlc(&std::fs::read_to_string(fixture("LazySetsEager.tlc.out")).unwrap());
    assert_eq!(tlc.error.as_deref(), Some("The second argument of \\div is 0."));
    let (_, out) = run("LazySetsEager");
    let Some(Violation::EvalError { message, .. }) = &out.violation else { panic!("{:?}", out.violation) };
    assert!(message.contains("second argument of \\div is 0"), "{message}");
    assert!(message.contains("LazySetsEager.tla:36:"), "position: {message}");
    assert_eq!((out.stats.states_generated, out.stats.distinct_states, out.stats.queue_left, out.stats.depth), (tlc.generated, tlc.distinct, tlc.left, tlc.depth));
    assert_eq!(tlc.left, 1);
}

#[test]
fn function_definitions_passed_to_operators_are_applied_lazily_like_tlc() {
    // `Sum(w, S)` with `w[i \in -2..4] == (a * 12) \div i + b`: TLC's FcnLambdaValue applies w
    // only where Sum does, so w[0] (division by zero) is never evaluated; `Dom(v)` uses a
    // function definition as a whole value. Counts are TLC's.
    let out = same_as_tlc("LazyFn");
    assert!(out.violation.is_none(), "{:?}", out.violation);
}

#[test]
fn action_property_through_a_state_level_substitution_is_checked_per_parent_like_tlc() {
    // `A == INSTANCE RefAbs WITH s <- x + y`, PROPERTY [][A!Step]_A!vars: `s` in the parent is
    // kept across the parent's successors (`eval::fixed_parent`), `s'` is each successor's own.
    // Every state but the reset to 0 steps s by one; a value kept from another parent or taken
    // from a successor would move the violation or hide it. TLC's trace (values) and states
    // generated; the distinct count at the violation is not compared (see above).
    let tlc = parse_tlc(&std::fs::read_to_string(fixture("RefMap.tlc.out")).unwrap());
    for workers in [1, 2] {
        let (_, out) = run_with("RefMap", &Config { workers, max_depth: None, ..Default::default() });
        assert!(matches!(out.violation, Some(Violation::ActionProperty { ref name, .. }) if name == "Prop"), "{:?}", out.violation);
        let trace = trace_of(out.violation.as_ref().unwrap());
        assert_eq!(trace.len(), tlc.trace.len());
        // with two workers the path to the violating step may go through other parents
        let compared = if workers == 1 { trace.len() } else { 0 };
        for (st, (_, vals)) in trace.iter().zip(tlc.trace.iter()).take(compared) {
            let mine: BTreeMap<String, String> = st.values.iter().cloned().collect();
            assert_eq!(&mine, vals);
        }
        let last: BTreeMap<String, String> = trace.last().unwrap().values.iter().cloned().collect();
        assert_eq!(&last, &tlc.trace.last().unwrap().1);
        if workers == 1 {
            assert_eq!(out.stats.states_generated, tlc.generated);
        }
    }
}
