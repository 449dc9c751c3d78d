//! TLC's value semantics: canonical forms make structurally equal values equal and give them equal
//! fingerprints however they were built.

use std::sync::Arc;
use vf_tla::tlc::value::{fingerprint, model_value, Value};

fn int(i: i64) -> Value {
    Value::Int(i)
}

#[test]
fn functions_on_1_to_n_are_tuples_and_on_strings_are_records() {
    let f = Value::func(vec![int(2), int(1)], vec![Value::str("b"), Value::str("a")]);
    assert!(matches!(f, Value::Tuple(_)));
    assert_eq!(f, Value::tuple(vec![Value::str("a"), Value::str("b")]));
    let r = Value::func(vec![Value::str("y"), Value::str("x")], vec![int(2), int(1)]);
    assert!(matches!(r, Value::Record(_)));
    assert_eq!(r, Value::record(vec![(Arc::from("x"), int(1)), (Arc::from("y"), int(2))]));
    // the empty function is the empty sequence
    assert_eq!(Value::func(vec![], vec![]), Value::tuple(vec![]));
    // a function on {0, 1} is neither
    let g = Value::func(vec![int(0), int(1)], vec![int(5), int(6)]);
    assert!(matches!(g, Value::Func(_)));
    assert_ne!(g, Value::tuple(vec![int(5), int(6)]));
}

#[test]
fn sets_are_sorted_and_duplicate_free_and_lazy_sets_normalise() {
    let a = Value::set(vec![int(3), int(1), int(3), int(2)]);
    let b = Value::Interval(1, 3);
    assert_eq!(a.normalize().unwrap(), b.normalize().unwrap());
    assert_eq!(fingerprint(&[a.clone()]), fingerprint(&[b.normalize().unwrap()]));
    assert_eq!(Value::Interval(5, 4).cardinality().unwrap(), 0);
    let subsets = Value::Subset(Arc::new(a.clone()));
    assert_eq!(subsets.cardinality().unwrap(), 8);
    assert!(subsets.contains(&Value::set(vec![int(1), int(3)])).unwrap());
    assert!(!subsets.contains(&Value::set(vec![int(4)])).unwrap());
    let fs = Value::FuncSet(Arc::new((Value::Interval(1, 2), Value::set(vec![Value::Bool(false), Value::Bool(true)]))));
    assert_eq!(fs.elements().unwrap().len(), 4);
    assert!(fs.contains(&Value::tuple(vec![Value::Bool(true), Value::Bool(false)])).unwrap());
    assert!(Value::Nat.contains(&int(7)).unwrap() && !Value::Nat.contains(&int(-1)).unwrap());
}

#[test]
fn fingerprints_distinguish_and_identify() {
    let m1 = model_value("m1");
    let m2 = model_value("m2");
    assert_eq!(m1, model_value("m1"));
    assert_ne!(fingerprint(&[m1.clone(), m2.clone()]), fingerprint(&[m2.clone(), m1.clone()]));
    let s1 = Value::set(vec![m2.clone(), m1.clone()]);
    let s2 = Value::set(vec![m1, m2]);
    assert_eq!(fingerprint(&[s1]), fingerprint(&[s2]));
    assert_ne!(fingerprint(&[Value::str("1")]), fingerprint(&[int(1)]));
    // TLC prints values this way in traces
    assert_eq!(Value::func(vec![int(0)], vec![Value::str("a")]).to_string(), "(0 :> \"a\")");
    assert_eq!(Value::record(vec![(Arc::from("a"), int(1))]).to_string(), "[a |-> 1]");
}
