//! The front end's work grows about linearly with the size of each shape the fuzz target can
//! build (issue 18): deep nesting of `if`/blocks/quantifiers, long `&&&`/`|||`/`&&` chains,
//! many `requires` clauses, long method chains, many functions calling each other, spec fn
//! `match` with many arms. Measured deterministically, never by time: the number of facts
//! copied (into checks and forked states: `front_end_work`) and the total text of the
//! generated queries, at sizes 10, 100 and 1000. Linear growth makes the step from 100 to 1000
//! about 11x the step from 10 to 100; quadratic about 100x. Many checks on one path share
//! their facts (`Check::keep`) and z3's scripts assert each fact once per path
//! (`generate_scripts`); the self-contained per-check queries of `--export-smt` stay quadratic
//! in that shape, by design.

use vf_verify::{front_end_work, generate_queries, generate_scripts, verify_source, Options};

fn wrap(body: &str) -> String {
    format!("use vstd::prelude::*;\nverus! {{\n{}\n}}\n", body)
}

fn nested_if(n: usize) -> String {
    // one check (the subtraction) at the innermost level
    let mut body = "x - 1".to_string();
    for i in (1..=n).rev() {
        body = format!("if x == {i} {{ {i} }} else {{ {body} }}");
    }
    wrap(&format!("fn f(x: u64) -> u64 requires x > 0 {{ {body} }}"))
}

fn nested_spec_if(n: usize) -> String {
    let mut body = "0".to_string();
    for i in (1..=n).rev() {
        body = format!("if x == {i} {{ {i} }} else {{ {body} }}");
    }
    wrap(&format!("spec fn f(x: int) -> int {{ {body} }}\nproof fn g() ensures f(1) == 1 {{ }}"))
}

fn nested_blocks(n: usize) -> String {
    wrap(&format!("fn f(x: u8) -> u8 requires x > 0 {{ {}x - 1{} }}", "{ ".repeat(n), " }".repeat(n)))
}

fn nested_quantifiers(n: usize) -> String {
    let vars: String = (0..n).map(|i| format!("forall|y{i}: int| ")).collect();
    wrap(&format!("spec fn f(x: int) -> bool {{ {vars}x == x }}\nproof fn g() ensures f(1) {{ }}"))
}

fn and_chain(n: usize) -> String {
    let cs: Vec<String> = (0..n).map(|i| format!("x != {}", i + 1)).collect();
    wrap(&format!("fn f(x: u64) -> u64 requires ({{ &&& {} }}) {{ x + 0 }}", cs.join(" &&& ")))
}

fn or_chain(n: usize) -> String {
    let cs: Vec<String> = (0..n).map(|i| format!("x == {i}")).collect();
    wrap(&format!("spec fn f(x: int) -> bool {{ ||| {} }}\nproof fn g() ensures f(0) {{ }}", cs.join(" ||| ")))
}

fn binary_and(n: usize) -> String {
    let cs: Vec<String> = (0..n).map(|i| format!("x != {i}")).collect();
    wrap(&format!("fn f(x: u64) -> u64 {{ if {} {{ x - 1 }} else {{ 0 }} }}", cs.join(" && ")))
}

fn many_requires(n: usize) -> String {
    let cs: Vec<String> = (0..n).map(|i| format!("x != {}", i + 1)).collect();
    wrap(&format!("fn f(x: u64) -> u64 requires {}, x < 10 {{ x + 1 }}", cs.join(", ")))
}

fn method_chain(n: usize) -> String {
    wrap(&format!("proof fn f(s: Seq<int>) {{ let t = s{}; assert(t.len() == s.len() + {n}); }}", ".push(1)".repeat(n)))
}

fn call_chain(n: usize) -> String {
    let mut v = vec!["fn f0(x: u8) -> (r: u8) ensures r == x { x }".to_string()];
    for i in 1..n {
        v.push(format!("fn f{i}(x: u8) -> (r: u8) ensures r == x {{ f{}(x) }}", i - 1));
    }
    wrap(&v.join("\n"))
}

fn spec_call_chain(n: usize) -> String {
    let mut v = vec!["spec fn f0(x: int) -> int { x }".to_string()];
    for i in 1..n {
        v.push(format!("spec fn f{i}(x: int) -> int {{ f{}(x) + 1 }}", i - 1));
    }
    v.push(format!("proof fn g() ensures f{}(0) == {} {{ }}", n - 1, n - 1));
    wrap(&v.join("\n"))
}

fn many_asserts(n: usize) -> String {
    let a: String = (0..n).map(|i| format!("    assert(x + {i} == {i} + x);\n")).collect();
    wrap(&format!("proof fn f(x: int) {{\n{a}}}"))
}

fn many_ensures(n: usize) -> String {
    let e: String = (0..n).map(|i| format!("        s.update(1, x)[2] == s[2] + {i} - {i},\n")).collect();
    wrap(&format!("proof fn f(s: Seq<int>, x: int)\n    requires s.len() == 3,\n    ensures\n{e}{{ }}"))
}

#[test]
fn many_checks_on_one_path_are_linear() {
    let lin = |a: usize, b: usize, c: usize| c.saturating_sub(a) <= 16 * b.saturating_sub(a) + 64;
    for (name, gen) in [("n asserts", many_asserts as fn(usize) -> String), ("n ensures", many_ensures)] {
        let copied: Vec<usize> = [10, 100, 1000].iter().map(|&n| front_end_work(&gen(n)).unwrap().0).collect();
        assert!(lin(copied[0], copied[1], copied[2]), "{name}: facts copied not linear: {copied:?}");
        let text: Vec<usize> =
            [10, 100, 1000].iter().map(|&n| generate_scripts(&gen(n), None).unwrap().iter().map(|q| q.len()).sum()).collect();
        assert!(lin(text[0], text[1], text[2]), "{name}: script text not linear: {text:?}");
    }
    // the shared facts keep the verdicts: all asserts hold; a wrong one among them fails alone
    let r = verify_source(&many_asserts(60), &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (1, 0), "{:?}", r.errors);
    let bad = many_asserts(60).replace("assert(x + 33 == 33 + x)", "assert(x + 33 == 34 + x)");
    let r = verify_source(&bad, &Options::default()).unwrap();
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert_eq!(r.errors[0].span.line, 4 + 33, "{:?}", r.errors);
    let r = verify_source(&many_ensures(40), &Options::default()).unwrap();
    assert_eq!((r.verified, r.failed_functions), (1, 0), "{:?}", r.errors);
    let bad = many_ensures(40).replace("s[2] + 7 - 7", "s[2] + 7 - 6");
    let r = verify_source(&bad, &Options::default()).unwrap();
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
}

fn measure(src: &str) -> (usize, usize, usize) {
    let (copied, checks) = front_end_work(src).unwrap_or_else(|e| panic!("{e}"));
    let text: usize = generate_queries(src, None).unwrap().iter().map(|q| q.len()).sum();
    (copied, checks, text)
}

fn assert_linear(name: &str, gen: fn(usize) -> String, per_fn_queries: bool) {
    let m: Vec<(usize, usize, usize)> = [10, 100, 1000].iter().map(|&n| measure(&gen(n))).collect();
    println!("{name}: facts copied {:?}, checks {:?}, text {:?}", m.iter().map(|x| x.0).collect::<Vec<_>>(), m.iter().map(|x| x.1).collect::<Vec<_>>(), m.iter().map(|x| x.2).collect::<Vec<_>>());
    let lin = |a: usize, b: usize, c: usize| c.saturating_sub(a) <= 16 * b.saturating_sub(a) + 64;
    assert!(lin(m[0].0, m[1].0, m[2].0), "{name}: facts copied not linear: 10/100/1000 -> {} {} {}", m[0].0, m[1].0, m[2].0);
    if per_fn_queries {
        // one function per step: every query carries the whole preamble (all spec fn
        // definitions), so the total is queries x preamble; the longest query must be linear
        let longest = |n: usize| generate_queries(&gen(n), None).unwrap().iter().map(|q| q.len()).max().unwrap_or(0);
        let (a, b, c) = (longest(10), longest(100), longest(1000));
        assert!(lin(a, b, c), "{name}: longest query not linear: {a} {b} {c}");
    } else {
        assert!(lin(m[0].2, m[1].2, m[2].2), "{name}: query text not linear: 10/100/1000 -> {} {} {}", m[0].2, m[1].2, m[2].2);
    }
}

#[test]
fn nesting_and_chains_are_linear() {
    assert_linear("nested if (exec)", nested_if, false);
    assert_linear("nested if (spec)", nested_spec_if, false);
    assert_linear("nested blocks", nested_blocks, false);
    assert_linear("nested quantifiers", nested_quantifiers, false);
    assert_linear("&&& chain in requires", and_chain, false);
    assert_linear("||| chain in a spec fn", or_chain, false);
    assert_linear("&& chain in exec code", binary_and, false);
    assert_linear("many requires clauses", many_requires, false);
    assert_linear("method chain", method_chain, false);
    assert_linear("spec fns calling each other", spec_call_chain, false);
    assert_linear("exec fns calling each other", call_chain, true);
}

#[test]
fn shapes_keep_their_verdicts() {
    let ok = |src: &str| {
        let r = verify_source(src, &Options::default()).unwrap();
        assert_eq!(r.failed_functions, 0, "{:?}\n{src}", r.errors);
    };
    let bad = |src: &str| {
        let r = verify_source(src, &Options::default()).unwrap();
        assert!(r.failed_functions > 0, "broken variant verified:\n{src}");
    };
    // nested if: the innermost `x - 1` is safe under `requires x > 0`, not without it
    ok(&nested_if(30));
    bad(&nested_if(30).replace("requires x > 0", ""));
    // nested if in a spec fn: f(17) is 17, not 16
    ok(&nested_spec_if(30).replace("f(1) == 1", "f(17) == 17 && f(31) == 0"));
    bad(&nested_spec_if(30).replace("f(1) == 1", "f(17) == 16"));
    // a long &&& chain in requires: x + 0 fine; the chain's facts are usable (x != 5)
    ok(&and_chain(40).replace("{ x + 0 }", "{ assert(x != 5); x + 0 }"));
    bad(&and_chain(40).replace("{ x + 0 }", "{ assert(x != 41); x + 0 }"));
    // many requires clauses: x < 10 and x != 1..n, so x + 1 cannot overflow; a wrong assert fails
    ok(&many_requires(40).replace("{ x + 1 }", "{ assert(x == 0); x + 1 }"));
    bad(&many_requires(40).replace("{ x + 1 }", "{ assert(x == 1); x + 1 }"));
    // && chain as a condition: x != 0 makes x - 1 safe; without that operand it underflows
    ok(&binary_and(40));
    bad(&binary_and(40).replace("x != 0 && ", ""));
    // ||| chain: f(0) holds, f(100) does not
    ok(&or_chain(40));
    bad(&or_chain(40).replace("ensures f(0)", "ensures f(100)"));
    // a quantifier whose body assigns is refused (the assignment would leak out of it)
    let q = wrap("proof fn p() { let ghost mut a: int = 0; assert(forall|i: int| { a = i; true }); }");
    assert!(verify_source(&q, &Options::default()).is_err(), "assignment in a quantifier accepted");
}

#[test]
fn positions_in_long_chains() {
    // the start of a method chain / binary chain is still the start of the expression
    let src = wrap("fn f(x: u8) -> u8 {\n    x + x + x + x\n}");
    let r = verify_source(&src, &Options::default()).unwrap();
    assert!(!r.errors.is_empty());
    assert!(r.errors.iter().all(|e| e.span.line == 4 && e.span.col == 5), "{:?}", r.errors);
    // a method call's position is its receiver's start (found without rebuilding tokens)
    let src = wrap("fn f(o: Option<u8>) -> u8 {\n    let a = o.unwrap();\n    a\n}");
    let r = verify_source(&src, &Options::default()).unwrap();
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert_eq!((r.errors[0].span.line, r.errors[0].span.col), (4, 13), "{:?}", r.errors);
}
