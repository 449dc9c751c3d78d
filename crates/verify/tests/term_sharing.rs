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

// ---- match arms in spec and proof code (fuzz finding: ~1,000 arms took 33 s; the query text
// was quadratic, its construction cubic)

/// `spec fn f(e: E) -> int` over an enum of n data-carrying variants, one arm per variant,
/// used by a proof fn so that a query contains the definition.
fn spec_match(n: usize) -> String {
    let vs: Vec<String> = (0..n).map(|i| format!("V{i}(u8)")).collect();
    let arms: String = (0..n).map(|i| format!("        E::V{i}(a) => a as int + {i},\n")).collect();
    wrap(&format!(
        "enum E {{ {} }}\nspec fn f(e: E) -> int {{\n    match e {{\n{arms}    }}\n}}\nproof fn g(e: E) ensures f(e) >= 0 {{ }}",
        vs.join(", ")
    ))
}

/// Integer match with guards in a spec fn (every arm but the last has a guard).
fn spec_guards(n: usize) -> String {
    let arms: String = (0..n).map(|i| format!("        y if y < {} => {i},\n", 10 * (i + 1))).collect();
    wrap(&format!(
        "spec fn f(x: int) -> int {{\n    match x {{\n{arms}        _ => 0,\n    }}\n}}\nproof fn g(x: int) requires 0 <= x ensures f(x) >= 0 {{ }}"
    ))
}

/// A proof fn matching on n variants with an assertion in every arm (checks inside arms).
fn proof_match(n: usize) -> String {
    let vs: Vec<String> = (0..n).map(|i| format!("V{i}")).collect();
    let arms: String = (0..n).map(|i| format!("        E::V{i} => {{ assert(e is V{i}); }}\n")).collect();
    wrap(&format!("enum E {{ {} }}\nproof fn g(e: E) {{\n    match e {{\n{arms}    }}\n}}", vs.join(", ")))
}

/// Text for 10, 100 and 1000 arms: from 100 to 1000 arms the growth must be about ten times
/// the growth from 10 to 100 (linear: 11x of the 90-arm increment; quadratic would be ~100x).
fn assert_linear_10_100_1000(name: &str, measure: fn(&str) -> usize, gen: fn(usize) -> String) {
    let (a, b, c) = (measure(&gen(10)), measure(&gen(100)), measure(&gen(1000)));
    assert!(a > 0 && b > a && c > b, "{name}: {a} {b} {c}");
    let (d1, d2) = (b - a, c - a);
    assert!(d2 <= 16 * d1, "{name}: text not linear in the arms: 10 -> {a}, 100 -> {b}, 1000 -> {c} bytes");
}

#[test]
fn spec_fn_match_arms_are_linear() {
    assert_linear_10_100_1000("spec fn, n data arms (longest query)", longest_query, spec_match);
    assert_linear_10_100_1000("spec fn, n guarded arms (longest query)", longest_query, spec_guards);
    // every arm's assertion is one query: the total text is n queries, each about constant
    // (the enum's declaration aside), so measure the longest one
    assert_linear_10_100_1000("proof fn, n arms with assertions (longest query)", longest_query, proof_match);
}

#[test]
fn spec_fn_match_arms_keep_verdicts() {
    // first-match semantics with overlapping guards over 30 arms (long enough for the "no
    // earlier arm" condition to be named): f(15) is arm 1's value, f(5) arm 0's, f(295) arm 29's
    let src = spec_guards(30).replace(
        "proof fn g(x: int) requires 0 <= x ensures f(x) >= 0 { }",
        "proof fn g(x: int) requires 0 <= x ensures f(x) >= 0 { }\nproof fn h() ensures f(5) == 0, f(15) == 1, f(295) == 29, f(1000) == 0 { }",
    );
    let r = verify_source(&src, &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (3, 0), "{:?}", r.errors);
    for wrong in ["f(15) == 2", "f(15) == 0", "f(295) == 28", "f(1000) == 29"] {
        let bad = src.replace("proof fn h() ensures", &format!("proof fn h() ensures {wrong},"));
        let r = verify_source(&bad, &Options::default()).unwrap();
        assert_eq!(r.failed_functions, 1, "{wrong} verified");
    }
    // data arms: the bound value and the arm's constant
    let src = spec_match(40).replace("proof fn g(e: E) ensures f(e) >= 0 { }", "proof fn g() ensures f(E::V33(4)) == 37 { }");
    let r = verify_source(&src, &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (2, 0), "{:?}", r.errors);
    let bad = src.replace("== 37", "== 38");
    let r = verify_source(&bad, &Options::default()).unwrap();
    assert_eq!(r.failed_functions, 1, "wrong spec match value verified");
    // an assertion in a late arm that needs "no earlier arm matched" (a wildcard arm after 30
    // literal arms): x is not 7 there; that x is not 30 is not known (rejected)
    let lits: String = (0..30).map(|i| format!("        {i} => {{ }}\n")).collect();
    let ok = wrap(&format!("proof fn p(x: int) {{\n    match x {{\n{lits}        _ => {{ assert(x != 7); }}\n    }}\n}}"));
    let r = verify_source(&ok, &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (1, 0), "{:?}", r.errors);
    let bad = ok.replace("assert(x != 7)", "assert(x != 30)");
    let r = verify_source(&bad, &Options::default()).unwrap();
    assert_eq!(r.failed_functions, 1, "unknown fact proven in the wildcard arm");
}
