//! Bad input: syntax errors and unsupported constructs are refused with one located
//! message (never a partial verification), and the CLI maps them to exit 2.

use vf_verify::{verify_source, Fail, Options};

fn refuse(src: &str) -> Fail {
    match verify_source(src, &Options::default()) {
        Err(f) => f,
        Ok(r) => panic!("accepted: {}", r.summary()),
    }
}

#[test]
fn syntax_error_has_a_position() {
    let m = refuse("verus! {\nfn f(x u8) -> u8 { 0 }\n}\n").render("x.rs");
    assert!(m.starts_with("x.rs:2:8:"), "{}", m);
    assert!(m.contains("syntax error"), "{}", m);
    assert_eq!(m.lines().count(), 1);
    // unbalanced delimiters: the tokenizer's error, still one located line
    let m = refuse("verus! {\nfn f( -> u8 { 0 }\n}\n").render("x.rs");
    assert!(
        m.starts_with("x.rs:") && m.contains("syntax error"),
        "{}",
        m
    );
    assert_eq!(m.lines().count(), 1);
}

#[test]
fn unsupported_constructs_are_named() {
    let cases = [
        ("verus! {\nfn f(x: u8) -> u8 {\n    x & 3\n}\n}\n", 3, "binary operator"),
        ("verus! {\nfn f(v: Vec<u8>) {}\n}\n", 2, "Vec"),
        ("verus! {\nfn f() {\n    let c = |x: u8| x;\n}\n}\n", 3, "expression"),
        ("verus! {\nfn f(x: u8) {\n    for i in 0..x {}\n}\n}\n", 3, "expression"),
        ("verus! {\n#[verifier::external_body]\nfn f() {}\n}\n", 2, "external_body"),
        ("fn plain() {}\n", 1, "outside verus!"),
        ("verus! {\nspec fn f(x: int) -> int { x }\nproof fn g() {\n    assert(f(1) == 1) by(nonlinear_arith);\n}\n}\n", 4, "prover"),
    ];
    for (src, line, word) in cases {
        let m = refuse(src).render("y.rs");
        assert!(
            m.starts_with(&format!("y.rs:{}:", line)),
            "{} for {:?}",
            m,
            src
        );
        assert!(m.contains(word), "{} should name {}", m, word);
        assert_eq!(m.lines().count(), 1);
    }
}

#[test]
fn mode_errors_are_refused() {
    // exec code cannot call a spec fn; spec code cannot call an exec fn
    let m = refuse("verus! {\nspec fn s(x: int) -> int { x }\nfn e(x: u8) -> u8 {\n    s(x as int);\n    x\n}\n}\n").render("m.rs");
    assert!(m.contains("cannot call spec fn"), "{}", m);
    let m = refuse("verus! {\nfn e(x: u8) -> u8 { x }\nspec fn s(x: u8) -> u8 { e(x) }\n}\n")
        .render("m.rs");
    assert!(m.contains("from spec code"), "{}", m);
}

#[test]
fn unknown_names_are_refused() {
    let m = refuse("verus! {\nfn f() -> (r: u8)\n    ensures r == y,\n{ 0 }\n}\n").render("n.rs");
    assert!(m.starts_with("n.rs:3:"), "{}", m);
}

#[test]
fn mutual_recursion_is_refused() {
    // two proof fns proving `false` from each other must not verify
    let src = "verus! {\nproof fn a()\n    ensures false,\n{\n    b();\n}\nproof fn b()\n    ensures false,\n{\n    a();\n}\n}\n";
    let m = refuse(src).render("r.rs");
    assert!(m.contains("mutually recursive"), "{}", m);
}

#[test]
fn self_recursion_without_decreases_is_an_error() {
    let src = "verus! {\nproof fn a(n: int)\n    ensures false,\n{\n    a(n - 1);\n}\n}\n";
    let r = verify_source(src, &Options::default()).unwrap();
    assert_eq!(r.verified, 0);
    assert!(
        r.errors
            .iter()
            .any(|e| e.span.line == 5 && e.msg.contains("decreases")),
        "{:?}",
        r.errors
    );
}

#[test]
fn trait_impl_requires_is_refused() {
    let src = "verus! {\ntrait T { fn f(&self, x: u8) -> u8; }\nstruct S { a: u8 }\nimpl T for S {\n    fn f(&self, x: u8) -> u8\n        requires x > 0,\n    { x }\n}\n}\n";
    let m = refuse(src).render("t.rs");
    assert!(m.contains("trait method implementation"), "{}", m);
}

#[test]
fn ghost_code_cannot_change_exec_state() {
    // the proof block is erased at run time: assigning an exec variable there is refused
    let src = "verus! {\nfn f() {\n    let mut x: u8 = 1;\n    proof { x = 2; }\n    assert(x == 2);\n}\n}\n";
    let m = refuse(src).render("g.rs");
    assert!(
        m.starts_with("g.rs:4:") && m.contains("ghost code assigns exec variable"),
        "{}",
        m
    );
    // and exec code cannot read ghost variables
    let src = "verus! {\nfn f() -> u8 {\n    let ghost g = 5u8;\n    g\n}\n}\n";
    let m = refuse(src).render("g.rs");
    assert!(m.contains("ghost variable `g` used in exec code"), "{}", m);
    // ghost variables may be assigned in ghost code
    let src = "verus! {\nfn f() {\n    let ghost mut g: int = 1;\n    proof { g = 2; }\n    assert(g == 2);\n}\n}\n";
    let r = verify_source(src, &Options::default()).unwrap();
    assert!(r.errors.is_empty(), "{:?}", r.errors);
}

#[test]
fn ghost_loops_need_decreases() {
    // `loop {}` in a proof fn would prove `false`
    let src = "verus! {\nproof fn p()\n    ensures false,\n{\n    loop {}\n}\n}\n";
    let m = refuse(src).render("l.rs");
    assert!(m.contains("without decreases"), "{}", m);
}

#[test]
fn literals_must_fit_their_type() {
    let m = refuse("verus! {\nfn f() -> u8 {\n    let x: u8 = 300;\n    x\n}\n}\n").render("l.rs");
    assert!(
        m.starts_with("l.rs:3:17:") && m.contains("out of range"),
        "{}",
        m
    );
    let m = refuse("verus! {\nfn f(a: u8) -> u8 {\n    a + 256\n}\n}\n").render("l.rs");
    assert!(m.contains("out of range"), "{}", m);
    // -128i8 is fine, 128i8 is not
    let r = verify_source(
        "verus! {\nfn f() -> (r: i8)\n    ensures r == -128,\n{\n    -128i8\n}\n}\n",
        &Options::default(),
    )
    .unwrap();
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert!(verify_source(
        "verus! {\nfn f() -> i8 {\n    128i8\n}\n}\n",
        &Options::default()
    )
    .is_err());
}

/// Tracked permissions are linear and cannot be forged: every violation is refused with a
/// located line (a duplicated `PointsTo` would let a proof read a stale value from memory).
#[test]
fn permission_misuse_is_refused() {
    let pre = "use vstd::prelude::*;\nverus! {\nuse vstd::ptr::{PPtr, PointsTo, Dealloc};\n";
    let s = "struct S { m: Tracked<Map<nat, PointsTo<u64>>> }\n";
    let cases: Vec<(String, usize, &str)> = vec![
        // used twice by value
        ("fn f(x: u64) {\n let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);\n let a = p.into_inner(Tracked(perm), Tracked(d));\n let b = p.into_inner(Tracked(perm), Tracked(d));\n}\n".into(), 4, "used after it was moved"),
        // inserted twice into a tracked map
        ("fn f(x: u64) {\n let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);\n let tracked mut m = Map::<nat, PointsTo<u64>>::tracked_empty();\n proof {\n  m.tracked_insert(0, perm);\n  m.tracked_insert(1, perm);\n }\n}\n".into(), 6, "used after it was moved"),
        // moved inside a loop (once per iteration)
        ("fn f(x: u64) {\n let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);\n let tracked mut m = Map::<nat, PointsTo<u64>>::tracked_empty();\n let mut k: u8 = 0;\n while k < 2\n  invariant k <= 2,\n  decreases 2 - k,\n {\n  proof { m.tracked_insert(k as nat, perm); }\n  k = k + 1;\n }\n}\n".into(), 9, "inside a loop"),
        // moved on one branch, used after the join
        ("fn f(x: u64, c: bool) {\n let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);\n if c {\n  let a = p.into_inner(Tracked(perm), Tracked(d));\n }\n let b = p.into_inner(Tracked(perm), Tracked(d));\n}\n".into(), 6, "used after"),
        // a shared borrow used after its source was changed
        (format!("{}fn f(s: &mut S, p: PPtr<u64>)\n requires old(s).m@.dom().contains(0),\n{{\n let tracked r = s.m.borrow().tracked_borrow(0);\n let tracked q = s.m.borrow_mut().tracked_remove(0);\n let v = *p.borrow(Tracked(r));\n}}\n", s), 7, "used after"),
        // &mut through a shared borrow
        (format!("{}fn f(s: &S, p: PPtr<u64>)\n requires s.m@.dom().contains(0),\n{{\n let tracked r = s.m.borrow().tracked_borrow(0);\n let v = p.take(Tracked(&mut r));\n}}\n", s), 6, "shared borrow"),
        // a token made from a spec value (a copy of a map entry)
        (format!("{}fn f(s: &S)\n requires s.m@.dom().contains(0),\n{{\n let tracked q = s.m@[0];\n}}\n", s), 5, "tracked value"),
        // constructing a token
        ("fn f(p: PPtr<u64>) {\n let ghost t = PointsTo::<u64> { pptr: p.id(), value: Some(3u64) };\n}\n".into(), 2, "constructing a PointsTo"),
        // assigning into a token
        ("fn f(x: u64) {\n let (p, Tracked(mut perm), Tracked(d)) = PPtr::new(x);\n proof {\n  perm.value = Some(5u64);\n }\n}\n".into(), 4, "tracked variable"),
        // replacing a tracked field from ghost code
        (format!("{}fn f(s: &mut S) {{\n proof {{\n  s.m@ = Map::empty();\n }}\n}}\n", s), 4, "Tracked<..> field"),
        // a Tracked field copied by exec code (the tokens would exist twice)
        (format!("{}fn f(s: &S) -> (t: S) {{\n S {{ m: s.m }}\n}}\n", s), 3, "Tracked<..> field read"),
        // the tuple of PPtr::new kept whole (it could be destructured twice)
        ("fn f(x: u64) {\n let t = PPtr::new(x);\n}\n".into(), 2, "Tracked(perm)"),
        // exec operation in ghost code, tracked operation in exec code
        ("fn f(x: u64) {\n let (p, Tracked(mut perm), Tracked(d)) = PPtr::new(x);\n proof {\n  let v = p.take(Tracked(&mut perm));\n }\n}\n".into(), 4, "ghost code"),
        ("fn f(x: u64) {\n let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);\n let tracked mut m = Map::<nat, PointsTo<u64>>::tracked_empty();\n m.tracked_insert(0, perm);\n}\n".into(), 4, "outside proof code"),
        // Ghost<T> of a user type (its `@` would be ambiguous)
        ("struct A { x: u8 }\nstruct B { g: Ghost<A> }\n".into(), 2, "user type"),
        // tracked parameters and permissions passed as exec values
        ("proof fn g(tracked p: PointsTo<u64>) {}\n".into(), 1, "tracked parameter"),
        ("fn g(p: Tracked<PointsTo<u64>>) {}\n".into(), 1, "permission"),
        ("struct C { p: PointsTo<u64> }\n".into(), 1, "not declared Tracked"),
    ];
    for (body, line, word) in cases {
        let src = format!("{}{}}}\n", pre, body);
        let m = refuse(&src).render("p.rs");
        assert!(
            m.starts_with(&format!("p.rs:{}:", line + 3)),
            "{} for\n{}",
            m,
            src
        );
        assert!(m.contains(word), "{} should name {}", m, word);
        assert_eq!(m.lines().count(), 1);
    }
}
