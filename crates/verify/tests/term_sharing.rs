//! VC text grows linearly with operator chains and match arms (fuzz finding, docs/robustness.md):
//! long exec arithmetic terms and the "no earlier arm matched" condition are named once
//! (`Gen::share`, `ex_match`) instead of being copied into every later fact. Measured by the
//! length of the longest generated query (deterministic), not by time. And the naming keeps
//! verdicts: a long chain that fits still verifies, one that overflows is still rejected.

use vf_verify::{generate_queries, verify_source, Options};

fn wrap(body: &str) -> String {
    format!("use vstd::prelude::*;\nverus! {{\n{}\n}}\n", body)
}

fn binary_chain(n: usize) -> String {
    wrap(&format!("fn f(x: i64) -> i64 {{\n    {}\n}}", vec!["x"; n + 1].join(" - ")))
}

fn unary_chain(n: usize) -> String {
    wrap(&format!("fn f(x: i64) -> i64 {{\n    {}x\n}}", "- ".repeat(n)))
}

fn div_chain(n: usize) -> String {
    wrap(&format!(
        "fn f(x: i64, y: i64) -> i64 requires y > 0 {{\n    x{}\n}}",
        " / y".repeat(n)
    ))
}

fn match_arms(n: usize) -> String {
    wrap(&format!(
        "enum Tree {{ Leaf, Node(u64) }}\nfn f(t: Tree) -> (r: u64)\n    ensures r <= 1,\n{{\n    match t {{\n{}        Tree::Node(v) => 0,\n    }}\n}}",
        "        Tree::Leaf => 1,\n".repeat(n)
    ))
}

fn longest_query(src: &str) -> usize {
    let qs = generate_queries(src, None).unwrap_or_else(|e| panic!("{e}"));
    qs.iter().map(|q| q.len()).max().unwrap_or(0)
}

/// The longest query for 2n terms is at most about twice (plus the fixed preamble) that for n.
fn assert_linear(name: &str, gen: fn(usize) -> String, n: usize) {
    // the fixed part (preamble, declarations of the program's types)
    let base = longest_query(&gen(1));
    assert!(base > 0, "{name}: no query");
    let a = longest_query(&gen(n)).saturating_sub(base).max(1);
    let b = longest_query(&gen(2 * n)).saturating_sub(base).max(1);
    let c = longest_query(&gen(4 * n)).saturating_sub(base).max(1);
    assert!(
        b * 10 <= a * 25 && c * 10 <= b * 25,
        "{name}: query text not linear: {n} -> {a}, {} -> {b}, {} -> {c} bytes",
        2 * n,
        4 * n
    );
}

#[test]
fn binary_chain_is_linear() {
    assert_linear("x - x - ... - x", binary_chain, 100);
}

#[test]
fn unary_chain_is_linear() {
    assert_linear("- - ... - x", unary_chain, 100);
}

#[test]
fn signed_division_chain_is_linear() {
    // each signed `/` mentions its dividend four times: without naming, 2^(2n) text
    assert_linear("x / y / ... / y", div_chain, 20);
}

#[test]
fn match_arms_are_linear() {
    assert_linear("n duplicated arms", match_arms, 100);
}

#[test]
fn small_programs_are_not_renamed() {
    // below the length threshold the queries keep their inline terms
    let qs = generate_queries(&binary_chain(3), None).unwrap();
    assert!(qs.iter().all(|q| !q.contains("t!")), "short terms named");
    let qs = generate_queries(&binary_chain(200), None).unwrap();
    assert!(qs.iter().any(|q| q.contains("(declare-const t!")), "long terms not named");
}

#[test]
fn named_terms_keep_verdicts() {
    // 60 additions of x (x == 4) = 240 fits in u8: verifies; with x == 5 (300) it overflows
    let chain = vec!["x"; 60].join(" + ");
    let ok = wrap(&format!("fn f(x: u8) -> (r: u8)\n    requires x == 4,\n    ensures r == 240,\n{{\n    {chain}\n}}"));
    let r = verify_source(&ok, &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (1, 0), "{:?}", r.errors);
    let bad = wrap(&format!("fn f(x: u8) -> (r: u8)\n    requires x == 5,\n{{\n    {chain}\n}}"));
    let r = verify_source(&bad, &Options::default()).unwrap();
    assert_eq!(r.failed_functions, 1);
    assert!(r.errors.iter().any(|e| e.msg.contains("overflow")), "{:?}", r.errors);
    // a wrong postcondition over the named result is still caught
    let wrong = wrap(&format!("fn f(x: u8) -> (r: u8)\n    requires x == 4,\n    ensures r == 239,\n{{\n    {chain}\n}}"));
    let r = verify_source(&wrong, &Options::default()).unwrap();
    assert_eq!(r.failed_functions, 1, "wrong ensures verified");
    // match with many arms: the value selected is still the matching arm's (with the arm
    // conditions unconstrained the Node arm's value could be chosen for a Leaf and vice versa)
    let arms = "        Tree::Leaf => 7,\n".repeat(40);
    let m = wrap(&format!("enum Tree {{ Leaf, Node(u64) }}\nfn f(t: Tree) -> (r: u64)\n    requires t == Tree::Leaf,\n    ensures r == 7,\n{{\n    match t {{\n{arms}        Tree::Node(v) => 8,\n    }}\n}}"));
    let r = verify_source(&m, &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (1, 0), "{:?}", r.errors);
    let m2 = m.replace("requires t == Tree::Leaf,\n", "");
    let r = verify_source(&m2, &Options::default()).unwrap();
    assert_eq!(r.failed_functions, 1, "wrong match ensures verified");
}
