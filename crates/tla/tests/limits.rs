//! Issue 18: the parser never recurses without bound and never backtracks exponentially.
use vf_tla::{parse_expr_str, parse_module, print_expr, MAX_NESTING, MAX_TREE_DEPTH};

fn module(body: &str) -> String {
    format!("---- MODULE M ----\n{body}\n====\n")
}

#[test]
fn nesting_beyond_the_limit_is_an_error_at_the_first_level_too_many() {
    for (open, close) in [("(", ")"), ("<<", ">>"), ("{", "}"), ("IF TRUE THEN 1 ELSE ", ""), ("~", ""), ("- ", "")] {
        let n = 4 * MAX_NESTING;
        let src = format!("{}1{}", open.repeat(n), close.repeat(n));
        let d = parse_expr_str(&src).unwrap_err();
        assert!(d.message.contains("nesting too deep"), "{open}: {}", d.message);
        assert!(d.offset <= open.len() * MAX_NESTING, "{open}: at {}", d.offset);
    }
    // within the limit it parses
    let ok = format!("{}1{}", "(".repeat(MAX_NESTING - 10), ")".repeat(MAX_NESTING - 10));
    assert!(parse_expr_str(&ok).is_ok());
}

#[test]
fn nested_speculative_brackets_parse_in_polynomial_time() {
    // each level used to be parsed twice (bounds attempt, then expression): 2^n
    let n = 300;
    let start = std::time::Instant::now();
    let e = parse_module(&module(&format!("Op == {}S{}", "{a \\in ".repeat(n), "}".repeat(n)))).map(|_| ());
    assert!(e.is_ok(), "{e:?}");
    let e = parse_module(&module(&format!("Op == {}S{}", "[a \\in ".repeat(n), "]".repeat(n))));
    assert!(e.unwrap_err().message.contains("bracket expression"));
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    // the memo does not change results: a nested function constructor still parses as one
    let e = parse_expr_str("[a \\in [b \\in S |-> {c \\in T : c > b}] |-> {x \\in a : TRUE}]").unwrap();
    assert_eq!(print_expr(&e), "[a \\in [b \\in S |-> {c \\in T : c > b}] |-> {x \\in a : TRUE}]");
}

#[test]
fn long_operator_chains_print_flat_and_deeper_trees_are_refused() {
    let n = 5000;
    let src = format!("1{}", " + 1".repeat(n));
    let e = parse_expr_str(&src).unwrap();
    let printed = run_deep(move || print_expr(&e));
    assert_eq!(printed, src);
    // the tree limit counts chain length
    let src = format!("1{}", " + 1".repeat(MAX_TREE_DEPTH + 1));
    let d = run_deep(move || parse_expr_str(&src).map(|_| ()).unwrap_err());
    assert!(d.message.contains("nesting too deep"), "{}", d.message);
}

fn run_deep<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    vf_tla::run_with_deep_stack(f)
}

/// The printer and the resolver walk an operator chain in a loop: 50,000 elements on a test
/// thread's small stack (2 MiB), which recursion per element overflowed. (The tree is leaked at
/// the end: dropping it is still recursive and is done on deep stacks by the CLI.)
#[test]
fn printer_and_resolver_walk_chains_without_recursion() {
    let n = 50_000;
    let src = format!("x{}", " + x".repeat(n));
    let e = parse_expr_str(&src).unwrap();
    assert_eq!(print_expr(&e), src);
    let mut s = vf_tla::resolve::Scope::new();
    let mut unknown = 0usize;
    vf_tla::resolve::resolve_expr(&mut s, &e, &mut |name, _| {
        assert_eq!(name, "x");
        unknown += 1;
    });
    assert_eq!(unknown, n + 1);
    std::mem::forget(e);
}
