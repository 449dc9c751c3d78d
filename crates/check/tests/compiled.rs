//! The compiled evaluator (vf_tla `tlc/compile.rs`) against the tree walk: a node is evaluated
//! by the tree walk the first time and from its compiled form afterwards, so each definition of
//! `fixtures/compiled/Compiled.tla` is evaluated in a freshly loaded model (tree walk only) and
//! repeatedly in one model (compiled from the second evaluation on), in many states, as a value
//! and as a condition: values, and error messages with their positions, must be equal.

use std::path::Path;
use vf_check::{Model, Options};
use vf_tla::tlc::eval::{compile_stats, St};
use vf_tla::tlc::scope::Def;
use vf_tla::tlc::value::Value;
use vf_tla::tlc::Env;

fn load() -> Model {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compiled/Compiled.tla");
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    Model::load(&spec, &opts).unwrap()
}

fn names() -> Vec<String> {
    (1..=28).map(|i| format!("E{i}")).chain(["Conds".to_string(), "Cnt".to_string(), "R".to_string()]).collect()
}

/// `Ok(value)` / `Err(file:line:col: message)` of definition `name` in state `s`.
fn eval(m: &Model, name: &str, s: &[Value], as_bool: bool) -> Result<String, String> {
    let Some(Def::Op(od, osc)) = m.root.get(name) else { panic!("{name} is not a definition") };
    let st = St { cur: Some(s), nxt: None, primed: false };
    if as_bool {
        m.ev.eval_bool(&od.body, osc, &Env::default(), &st).map(|b| b.to_string()).map_err(|e| e.one_line())
    } else {
        m.ev.eval(&od.body, osc, &Env::default(), &st).map(|v| v.to_string()).map_err(|e| e.one_line())
    }
}

fn states() -> Vec<Vec<Value>> {
    let seqs = [vec![], vec![Value::Int(1), Value::Int(2)], vec![Value::Int(5)]];
    let mut out = Vec::new();
    for x in [0, 1, 2, 3, 5] {
        for y in &seqs {
            out.push(vec![Value::Int(x), Value::tuple(y.clone())]);
        }
    }
    out
}

#[test]
fn compiled_code_gives_the_tree_walks_values_and_errors() {
    let before = compile_stats().0;
    let compiled = load();
    let mut errors = 0;
    let mut falses = 0;
    for as_bool in [false, true] {
        for s in states() {
            // the tree walk: every node evaluated for the first time
            let fresh = load();
            let want: Vec<_> = names().iter().map(|n| eval(&fresh, n, &s, as_bool)).collect();
            // the same model every time: compiled from each node's second evaluation on
            for round in 0..3 {
                for (n, w) in names().iter().zip(&want) {
                    let got = eval(&compiled, n, &s, as_bool);
                    assert_eq!(&got, w, "{n} in state {s:?} (as condition: {as_bool}, round {round})");
                }
            }
            errors += want.iter().filter(|w| w.is_err()).count();
            falses += want.iter().filter(|w| w.as_deref() == Ok("FALSE") || w.as_deref() == Ok("false")).count();
        }
    }
    // the comparison covered errors and both Boolean outcomes, and code was really compiled
    assert!(errors > 50, "only {errors} errors compared");
    assert!(falses > 20, "only {falses} false results compared");
    let (nodes, ..) = compile_stats();
    assert!(nodes - before > 100, "only {} nodes compiled", nodes - before);
}

#[test]
fn compiled_errors_keep_tlcs_messages_and_positions() {
    let m = load();
    let s = vec![Value::Int(5), Value::tuple(vec![])];
    for _ in 0..3 {
        // CASE without a true arm, at the CASE
        let e7 = eval(&m, "E7", &s, false).unwrap_err();
        assert!(e7.ends_with("Compiled.tla:21:7: Attempted to evaluate a CASE with no conditions true"), "{e7}");
        // CHOOSE without a witness
        let e10 = eval(&m, "E10", &s, false).unwrap_err();
        assert!(e10.contains("Compiled.tla:24:8: Attempted to compute the value of an expression of form CHOOSE"), "{e10}");
        // a non-Boolean condition is reported at the expression used as the condition
        let e22 = eval(&m, "E22", &[Value::Int(3), Value::tuple(vec![])], true).unwrap_err();
        assert!(e22.ends_with("Compiled.tla:36:8: A non-boolean expression (3) was used as a condition"), "{e22}");
        let e15 = eval(&m, "E15", &[Value::Int(1), Value::tuple(vec![Value::Int(1)])], true).unwrap_err();
        assert!(e15.contains("Compiled.tla:29:8: A non-boolean expression (<<1>>) was used as a condition"), "{e15}");
        let e24 = eval(&m, "E24", &[Value::Int(3), Value::tuple(vec![])], false);
        assert!(e24.as_ref().is_err_and(|e| e.ends_with("integer overflow")), "{e24:?}");
    }
}

#[test]
fn code_compiled_in_one_instance_is_not_run_in_another() {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compiled/TwoScopes.tla");
    let opts = Options { config: None, lib_dirs: vec![], check_deadlock: None, prints_to_stderr: true };
    let m = Model::load(&spec, &opts).unwrap();
    let s = [Value::Int(0), Value::Int(10)];
    // alternate the two instances so that each node is evaluated (and compiled) several times
    for _ in 0..4 {
        assert_eq!(eval(&m, "SumA", &s, false).unwrap(), "{3, 11, 12}");
        assert_eq!(eval(&m, "SumB", &s, false).unwrap(), "{1, 21, 22}");
    }
}
