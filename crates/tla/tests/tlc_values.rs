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

#[test]
fn function_set_membership_in_every_shape_of_domain() {
    // [D -> R] membership is decided without building the function's domain for the usual
    // shapes (tuples against 1..n or {1, ..., n}, records against a set of names, other functions
    // against an interval or a set): each answer must equal the general comparison's.
    let bools = Value::set(vec![Value::Bool(false), Value::Bool(true)]);
    let fs = |d: Value| Value::FuncSet(Arc::new((d, bools.clone())));
    let t = Value::tuple(vec![Value::Bool(true), Value::Bool(false)]);
    let one_two = Value::set(vec![int(1), int(2)]);
    for d in [Value::Interval(1, 2), one_two.clone()] {
        assert!(fs(d.clone()).contains(&t).unwrap());
        assert!(!fs(d.clone()).contains(&Value::tuple(vec![Value::Bool(true)])).unwrap());
        assert!(!fs(d).contains(&Value::tuple(vec![int(1), Value::Bool(false)])).unwrap(), "range checked");
    }
    assert!(!fs(Value::Interval(0, 1)).contains(&t).unwrap());
    assert!(!fs(Value::set(vec![int(1), int(3)])).contains(&t).unwrap());
    // the empty function
    assert!(fs(Value::Interval(1, 0)).contains(&Value::tuple(vec![])).unwrap());
    assert!(fs(Value::empty_set()).contains(&Value::tuple(vec![])).unwrap());
    assert!(!fs(Value::Interval(3, 4)).contains(&Value::tuple(vec![])).unwrap());
    // records
    let r = Value::record(vec![(Arc::from("a"), Value::Bool(true)), (Arc::from("b"), Value::Bool(true))]);
    assert!(fs(Value::set(vec![Value::str("b"), Value::str("a")])).contains(&r).unwrap());
    assert!(!fs(Value::set(vec![Value::str("a"), Value::str("c")])).contains(&r).unwrap());
    assert!(!fs(Value::set(vec![Value::str("a")])).contains(&r).unwrap());
    // functions on other domains, against intervals, sets and lazy sets
    let g = Value::func(vec![int(0), int(1)], vec![Value::Bool(true), Value::Bool(false)]);
    assert!(fs(Value::Interval(0, 1)).contains(&g).unwrap());
    assert!(fs(Value::set(vec![int(1), int(0)])).contains(&g).unwrap());
    assert!(!fs(Value::Interval(0, 2)).contains(&g).unwrap());
    assert!(!fs(Value::Interval(1, 2)).contains(&g).unwrap());
    let m = Value::func(vec![model_value("p"), model_value("q")], vec![Value::Bool(true), Value::Bool(true)]);
    let pq = Value::set(vec![model_value("q"), model_value("p")]);
    assert!(fs(pq.clone()).contains(&m).unwrap());
    assert!(!fs(Value::set(vec![model_value("p")])).contains(&m).unwrap());
    assert!(!fs(Value::Subset(Arc::new(pq))).contains(&Value::tuple(vec![])).unwrap());
}

#[test]
fn incremental_fingerprints_equal_full_ones() {
    use vf_tla::tlc::value::{fingerprint_from, same, value_hash};
    let rec = Value::record(vec![(Arc::from("a"), int(1)), (Arc::from("b"), Value::set(vec![int(2), int(3)]))]);
    let s = vec![int(1), rec.clone(), Value::str("x"), Value::tuple(vec![int(4)])];
    let sh: Vec<u64> = s.iter().map(value_hash).collect();
    // a successor sharing some variables (by identity) and changing others
    let t = vec![int(2), rec.clone(), s[2].clone(), Value::tuple(vec![int(4), int(5)])];
    assert!(same(&t[1], &s[1]) && same(&t[2], &s[2]) && !same(&t[0], &s[0]));
    assert_eq!(fingerprint_from(&t, &s, &sh), fingerprint(&t));
    // an equal but separately built value is not `same`, and still gives the same fingerprint
    let rec2 = Value::record(vec![(Arc::from("b"), Value::set(vec![int(3), int(2)])), (Arc::from("a"), int(1))]);
    let u = vec![int(1), rec2.clone(), Value::str("x"), s[3].clone()];
    assert!(!same(&u[1], &s[1]));
    assert_eq!(fingerprint_from(&u, &s, &sh), fingerprint(&s));
    // the order of variables matters
    assert_ne!(fingerprint(&[int(1), int(2)]), fingerprint(&[int(2), int(1)]));
    assert_ne!(fingerprint(&[int(1), Value::str("x")]), fingerprint(&[Value::str("x"), int(1)]));
}

#[test]
fn union_shares_a_set_that_already_holds_the_other() {
    use vf_tla::tlc::value::{same, set_union};
    let big = Value::set((1..=20).map(int).collect());
    let small = Value::set(vec![int(3), int(7)]);
    let u = set_union(&big, &small).unwrap();
    assert!(same(&u, &big));
    let u = set_union(&small, &big).unwrap();
    assert!(same(&u, &big));
    // a new element: a new set, sorted, equal to the union
    let other = Value::set(vec![int(0), int(7), int(30)]);
    let u = set_union(&big, &other).unwrap();
    assert!(!same(&u, &big));
    let mut want: Vec<Value> = (1..=20).map(int).collect();
    want.insert(0, int(0));
    want.push(int(30));
    assert_eq!(u, Value::set(want));
    // lazy sets on either side
    assert_eq!(set_union(&Value::Interval(1, 3), &Value::set(vec![int(5)])).unwrap(), Value::set(vec![int(1), int(2), int(3), int(5)]));
    assert_eq!(set_union(&Value::empty_set(), &small).unwrap(), small);
    // set elements that are sets: compared by value
    let ss = Value::set(vec![Value::set(vec![int(1)]), Value::set(vec![int(1), int(2)])]);
    let one = Value::set(vec![Value::set(vec![int(2), int(1)])]);
    assert!(same(&set_union(&ss, &one).unwrap(), &ss));
}

#[test]
fn lazily_hashed_parents_give_full_fingerprints() {
    use vf_tla::tlc::value::fingerprint_lazy;
    let rec = Value::record(vec![(Arc::from("a"), int(1)), (Arc::from("b"), Value::set(vec![int(2), int(3)]))]);
    let s = vec![int(1), rec.clone(), Value::str("x"), Value::tuple(vec![int(4)])];
    let mut sh = vec![None; s.len()];
    // a successor changing variable 0 and 3: only 1 and 2 of the parent get hashed
    let t = vec![int(2), rec.clone(), s[2].clone(), Value::tuple(vec![int(4), int(5)])];
    assert_eq!(fingerprint_lazy(&t, &s, &mut sh), fingerprint(&t));
    assert!(sh[0].is_none() && sh[1].is_some() && sh[2].is_some() && sh[3].is_none(), "{sh:?}");
    // the kept hashes serve the next successor; an equal, separately built value is hashed itself
    let rec2 = Value::record(vec![(Arc::from("b"), Value::set(vec![int(3), int(2)])), (Arc::from("a"), int(1))]);
    let u = vec![int(1), rec2, s[2].clone(), s[3].clone()];
    assert_eq!(fingerprint_lazy(&u, &s, &mut sh), fingerprint(&s));
    // a wrong kept hash would show: the parent's hashes are used for shared values
    let mut bad = sh.clone();
    bad[1] = Some(vf_tla::tlc::value::var_hash(&s[0]));
    assert_ne!(fingerprint_lazy(&t, &s, &mut bad), fingerprint(&t));
}

#[test]
fn functions_differing_in_a_few_elements_hash_incrementally_to_full_hashes() {
    use vf_tla::tlc::eval::update_fn;
    use vf_tla::tlc::value::{fingerprint_lazy, value_hash, var_hash};
    let set = |v: &[i64]| Value::set(v.iter().map(|i| int(*i)).collect());
    let f = Value::func((0..8).map(int).collect(), (0..8).map(|_| set(&[0])).collect());
    let tup = Value::tuple((0..6).map(|i| Value::str(&format!("s{i}"))).collect());
    let rec = Value::record((0..5).map(|i| (Arc::from(format!("f{i}").as_str()), int(i))).collect());
    let s = vec![f.clone(), tup.clone(), rec.clone(), int(0)];
    let mut successors: Vec<Vec<Value>> = Vec::new();
    // one element changed, in each kind
    successors.push(vec![update_fn(&f, &int(3), set(&[0, 1])).unwrap(), tup.clone(), rec.clone(), int(0)]);
    successors.push(vec![f.clone(), update_fn(&tup, &int(2), Value::str("x")).unwrap(), update_fn(&rec, &Value::str("f4"), int(9)).unwrap(), int(1)]);
    // changed and changed back: equal to the parent, hashed the same
    let back = update_fn(&update_fn(&f, &int(0), set(&[1])).unwrap(), &int(0), set(&[0])).unwrap();
    successors.push(vec![back, tup.clone(), rec.clone(), int(0)]);
    // most elements changed: hashed in full
    let mut g = f.clone();
    for k in 0..7 {
        g = update_fn(&g, &int(k), set(&[k])).unwrap();
    }
    successors.push(vec![g, tup.clone(), rec.clone(), int(0)]);
    // same length, other domain and other field names (built separately, nothing shared)
    let f2 = Value::func((1..9).map(|i| int(i * 2)).collect(), (0..8).map(|_| set(&[0])).collect());
    let rec2 = Value::record((0..5).map(|i| (Arc::from(format!("g{i}").as_str()), int(i))).collect());
    successors.push(vec![f2, Value::tuple((0..6).map(|i| Value::str(&format!("s{i}"))).collect()), rec2, int(0)]);
    // a tuple of another length, a function turned into a tuple
    successors.push(vec![Value::tuple((0..8).map(|_| set(&[0])).collect()), Value::tuple(vec![int(1)]), rec.clone(), int(0)]);
    let mut sh = vec![None; s.len()];
    for t in &successors {
        assert_eq!(fingerprint_lazy(t, &s, &mut sh), fingerprint(t), "{t:?}");
        for (a, b) in t.iter().zip(s.iter()) {
            assert_eq!(var_hash(a).hash, value_hash(a));
            let _ = b;
        }
    }
    // the hashes tell the successors apart (and the one equal to the parent from the others)
    let fps: Vec<u64> = successors.iter().map(|t| fingerprint(t)).collect();
    assert_eq!(fps[2], fingerprint(&s));
    for i in 0..fps.len() {
        for j in 0..fps.len() {
            if i != j && !(i == 2 || j == 2) {
                assert_ne!(fps[i], fps[j], "{i} {j}");
            }
        }
    }
    assert_ne!(fps[0], fingerprint(&s));
    // element positions matter: swapping two elements changes the hash
    let sw = update_fn(&update_fn(&tup, &int(1), Value::str("s2")).unwrap(), &int(2), Value::str("s1")).unwrap();
    assert_ne!(value_hash(&sw), value_hash(&tup));
}

#[test]
fn function_application_by_index_and_by_search_agree() {
    let Value::Func(f) = Value::func((0..8).map(int).collect(), (0..8).map(|i| int(10 * i)).collect()) else { panic!() };
    for k in -2..10 {
        assert_eq!(f.index_of(&int(k)), if (0..8).contains(&k) { Some(k as usize) } else { None }, "key {k}");
    }
    assert_eq!(f.index_of(&Value::str("a")), None);
    // a gap in the integers: found by search, not by subtraction
    let Value::Func(g) = Value::func(vec![int(0), int(2), int(3)], vec![int(1), int(2), int(3)]) else { panic!() };
    assert_eq!(g.index_of(&int(2)), Some(1));
    assert_eq!(g.index_of(&int(1)), None);
    assert_eq!(g.index_of(&int(3)), Some(2));
    // mixed domains (integers and strings) are searched
    let Value::Func(h) = Value::func(vec![int(0), int(1), Value::str("z")], vec![int(7), int(8), int(9)]) else { panic!() };
    assert_eq!(h.index_of(&Value::str("z")), Some(2));
    assert_eq!(h.index_of(&int(1)), Some(1));
    // EXCEPT keeps the domain shared
    let f2 = vf_tla::tlc::eval::update_fn(&Value::Func(f.clone()), &int(3), int(0)).unwrap();
    let Value::Func(f2) = f2 else { panic!() };
    assert!(Arc::ptr_eq(&f.dom, &f2.dom));
    assert_eq!(f2.rng[3], int(0));
    assert_ne!(Value::Func(f2), Value::Func(f));
}

#[test]
fn sets_and_appended_tuples_hash_incrementally_to_full_hashes() {
    use vf_tla::tlc::value::{fingerprint_lazy, set_union, var_hash};
    let rec = |i: i64, s: &str| Value::record(vec![(Arc::from("bal"), int(i)), (Arc::from("type"), Value::str(s))]);
    let msgs = Value::set((0..6).map(|i| rec(i, "p1a")).collect());
    let log = Value::tuple((0..5).map(|i| rec(i, "e")).collect());
    let s = vec![msgs.clone(), log.clone()];
    let els = |v: &Value| -> Vec<Value> {
        match v {
            Value::Tuple(t) => t.to_vec(),
            v => v.elements().unwrap().to_vec(),
        }
    };
    let appended = |t: &Value, x: Value| {
        let mut v = els(t);
        v.push(x);
        Value::tuple(v)
    };
    let mut successors: Vec<Vec<Value>> = Vec::new();
    // `msgs \cup {m}` (shares the old elements), m sorting first, in the middle, last
    for m in [rec(-1, "a"), rec(3, "p1b"), rec(9, "z")] {
        successors.push(vec![set_union(&msgs, &Value::set(vec![m.clone()])).unwrap(), appended(&log, m)]);
    }
    // an element removed; the tuple shortened (SubSeq from 1)
    let mut fewer = els(&msgs);
    fewer.remove(2);
    let mut shorter = els(&log);
    shorter.pop();
    successors.push(vec![Value::set(fewer), Value::tuple(shorter)]);
    // equal to the parent but built separately (nothing shared): hashed the same
    successors.push(vec![Value::set((0..6).map(|i| rec(i, "p1a")).collect()), Value::tuple((0..5).map(|i| rec(i, "e")).collect())]);
    // most elements differ: hashed in full; a one-element tuple
    successors.push(vec![Value::set((10..16).map(|i| rec(i, "q")).collect()), Value::tuple(vec![int(1)])]);
    // an element replaced by an equal one built separately, and a changed one
    let mut eqv = els(&msgs);
    eqv[0] = rec(0, "p1a");
    eqv[5] = rec(5, "x");
    successors.push(vec![Value::set(eqv), log.clone()]);
    let mut sh = vec![None; s.len()];
    for t in &successors {
        assert_eq!(fingerprint_lazy(t, &s, &mut sh), fingerprint(t), "{t:?}");
        for v in t {
            assert_eq!(var_hash(v).hash, vf_tla::tlc::value::value_hash(v));
        }
    }
    let fps: Vec<u64> = successors.iter().map(|t| fingerprint(t)).collect();
    assert_eq!(fps[4], fingerprint(&s));
    for i in 0..fps.len() {
        for j in 0..fps.len() {
            if i != j {
                assert!(fps[i] != fps[j] || i == 4 || j == 4, "{i} {j}");
            }
        }
    }
    // a set's hash does not depend on how it was built, and differs from the tuple of its elements
    assert_eq!(var_hash(&Value::set(vec![int(3), int(1), int(2)])), var_hash(&Value::set(vec![int(1), int(2), int(3)])));
    assert_ne!(var_hash(&Value::set(vec![int(1), int(2), int(3)])).hash, var_hash(&Value::tuple(vec![int(1), int(2), int(3)])).hash);
}

#[test]
fn hashes_of_nested_values_equal_the_hashes_of_equal_copies() {
    use vf_tla::tlc::eval::update_fn;
    use vf_tla::tlc::value::value_hash;
    // a long queue of records inside a record inside a function, built twice (nothing shared)
    let build = |n: i64| {
        let msgs: Vec<Value> = (0..n).map(|i| Value::record(vec![(Arc::from("id"), int(i)), (Arc::from("body"), Value::tuple(vec![Value::str("put"), int(i), int(i + 1)]))])).collect();
        let q = Value::tuple(msgs);
        let cell = Value::record(vec![(Arc::from("queue"), q), (Arc::from("enabled"), Value::Bool(true))]);
        Value::func((0..6).map(int).collect(), (0..6).map(|_| cell.clone()).collect())
    };
    let a = build(40);
    let b = build(40);
    // hashed repeatedly and equal to a separate copy
    let ha = value_hash(&a);
    assert_eq!(value_hash(&a), ha);
    assert_eq!(value_hash(&b), ha);
    // a change deep inside (one message's body) changes the hash, and changing it back restores it
    let Value::Func(f) = &a else { panic!() };
    let Value::Record(cell) = &f.rng[2] else { panic!() };
    let q = &cell.iter().find(|(n, _)| &**n == "queue").unwrap().1;
    let Value::Record(m) = (match q { Value::Tuple(t) => t[7].clone(), _ => panic!() }) else { panic!() };
    let body2 = Value::tuple(vec![Value::str("put"), int(7), int(99)]);
    let m2 = update_fn(&Value::Record(m.clone()), &Value::str("body"), body2).unwrap();
    let q2 = update_fn(q, &int(8), m2).unwrap();
    let cell2 = update_fn(&f.rng[2], &Value::str("queue"), q2).unwrap();
    let a2 = update_fn(&a, &int(2), cell2.clone()).unwrap();
    assert_ne!(value_hash(&a2), ha);
    let back = update_fn(&a2, &int(2), f.rng[2].clone()).unwrap();
    assert_eq!(value_hash(&back), ha);
    // many other values hashed in between: the hashes stay the same
    for i in 0..20_000 {
        value_hash(&Value::tuple(vec![int(i), int(i + 1), int(i + 2)]));
    }
    assert_eq!(value_hash(&a), ha);
    assert_eq!(value_hash(&build(40)), ha);
    assert_ne!(value_hash(&build(41)), ha);
    assert_eq!(fingerprint(&[a2.clone()]), fingerprint(&[update_fn(&b, &int(2), cell2).unwrap()]));
}
