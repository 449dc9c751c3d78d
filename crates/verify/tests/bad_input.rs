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
