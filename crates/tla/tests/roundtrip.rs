//! parse -> print -> parse on hand-written fixtures, plus targeted parser behaviour.
use vf_tla::*;

fn roundtrip(src: &str) -> Module {
    let m = parse_module(src).unwrap_or_else(|d| panic!("{}", SourceFile::new("fixture", src).render(&d)));
    let printed = print_module(&m);
    let again = parse_module(&printed).unwrap_or_else(|d| panic!("re-parse failed: {}\n{printed}", SourceFile::new("printed", printed.clone()).render(&d)));
    assert_eq!(again, m, "AST changed after print:\n{printed}");
    m
}

#[test]
fn fixtures_round_trip() {
    for f in ["exprs.tla", "instance.tla"] {
        let src = std::fs::read_to_string(format!("{}/tests/fixtures/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        roundtrip(&src);
    }
}

#[test]
fn fixture_definitions_are_all_parsed() {
    let src = std::fs::read_to_string(format!("{}/tests/fixtures/exprs.tla", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let m = roundtrip(&src);
    let names = m.defined_names();
    for n in ["Nums", "Juncts", "Actions", "Fact", "f", "Hidden", "(+)", "^#", "Prime", "x", "N"] {
        assert!(names.iter().any(|x| x == n), "missing {n} in {names:?}");
    }
}

fn e(s: &str) -> ExprKind {
    parse_expr_str(s).unwrap().kind
}

#[test]
fn precedence_and_associativity() {
    // * binds tighter than +, which binds tighter than =
    let ExprKind::Infix(op, l, _) = e("1 + 2 * 3 = 7") else { panic!() };
    assert_eq!(op, "=");
    assert!(matches!(&l.kind, ExprKind::Infix(o, _, r) if o == "+" && matches!(&r.kind, ExprKind::Infix(m, _, _) if m == "*")));
    // ~ covers a comparison, but not a conjunction
    assert!(matches!(e("~ a = b"), ExprKind::Prefix(_, inner) if matches!(inner.kind, ExprKind::Infix(..))));
    assert!(matches!(e("~ a /\\ b"), ExprKind::Infix(op, _, _) if op == "/\\"));
    // left associative minus
    assert!(matches!(e("a - b - c"), ExprKind::Infix(_, l, _) if matches!(l.kind, ExprKind::Infix(..))));
    // quantifier bodies extend as far as possible
    assert!(matches!(e("\\A x \\in S : x /\\ y"), ExprKind::Quant(_, _, b) if matches!(b.kind, ExprKind::Infix(..))));
}

#[test]
fn junction_lists_follow_columns() {
    let ExprKind::JunctionList(Junction::And, items) = e("/\\ a\n/\\ \\/ b\n   \\/ c\n/\\ d") else { panic!() };
    assert_eq!(items.len(), 3);
    assert!(matches!(&items[1].kind, ExprKind::JunctionList(Junction::Or, v) if v.len() == 2));
    // same-line /\ is an infix conjunction inside the first item
    let ExprKind::JunctionList(_, items) = e("/\\ a /\\ b") else { panic!() };
    assert_eq!(items.len(), 1);
}

#[test]
fn numbers_keep_their_base() {
    assert_eq!(e("\\h1F"), ExprKind::Num { digits: "1F".into(), base: 16 });
    assert_eq!(e("\\b101"), ExprKind::Num { digits: "101".into(), base: 2 });
    assert_eq!(e("\\o17"), ExprKind::Num { digits: "17".into(), base: 8 });
    assert_eq!(print_expr(&parse_expr_str("\\o17").unwrap()), "\\o17");
}

#[test]
fn spans_are_byte_offsets() {
    let src = "---- MODULE S ----\nFoo == 1 + bar\n====\n";
    let m = parse_module(src).unwrap();
    let Unit::OpDef(d) = &m.units[0] else { panic!() };
    assert_eq!(&src[d.body.span.start..d.body.span.end], "1 + bar");
    assert_eq!(&src[d.name.span.start..d.name.span.end], "Foo");
}

fn parse_err(src: &str) -> (usize, usize, String) {
    let d = parse_module(src).unwrap_err();
    let (l, c) = SourceFile::new("x", src).line_col(d.offset);
    (l, c, d.message)
}

#[test]
fn bad_inputs_give_positioned_errors() {
    let (l, c, msg) = parse_err("---- MODULE A ----\nFoo == 1 (* open\n====\n");
    assert_eq!((l, c), (2, 10));
    assert!(msg.contains("unterminated comment"));
    let (l, c, msg) = parse_err("---- MODULE A ----\nFoo == 1 \\foo 2\n====\n");
    assert_eq!((l, c), (2, 10));
    assert!(msg.contains("unknown operator"));
    let (l, c, msg) = parse_err("---- MODULE A ----\nFoo == /\\ 1 =\n      2\n====\n");
    assert_eq!((l, c), (3, 7));
    assert!(msg.contains("bulleted list"), "{msg}");
    // A bullet left of the list's column ends the list and is the infix operator (as SANY reads it).
    let m = parse_module("---- MODULE A ----\nFoo == /\\ a\n       /\\ b\n      /\\ c\n====\n").unwrap();
    let Unit::OpDef(d) = &m.units[0] else { panic!() };
    let ExprKind::Infix(op, l, _) = &d.body.kind else { panic!("{:?}", d.body.kind) };
    assert_eq!(op, "/\\");
    assert!(matches!(&l.kind, ExprKind::JunctionList(Junction::And, items) if items.len() == 2));
    let (_, _, msg) = parse_err("no module here");
    assert!(msg.contains("MODULE"));
    let (_, _, msg) = parse_err("---- MODULE A ----\nFoo == 1\n");
    assert!(msg.contains("===="));
}

#[test]
fn instance_names_with_arguments_round_trip() {
    let m = roundtrip("---- MODULE q ----\nM(n) == INSTANCE Naturals\nA == M(1)!Op\nB == M(1, 2)!N!Op(x, y) + M(3)!C\nC == M!Op(1) /\\ M!X\n====\n");
    let Unit::OpDef(d) = &m.units[1] else { panic!() };
    let ExprKind::Qualified(parts) = &d.body.kind else { panic!("{:?}", d.body.kind) };
    assert_eq!(parts.len(), 2);
    assert_eq!((parts[0].0.as_str(), parts[0].1.len()), ("M", 1));
    assert_eq!((parts[1].0.as_str(), parts[1].1.len()), ("Op", 0));
    let Unit::OpDef(d) = &m.units[2] else { panic!() };
    let ExprKind::Infix(_, l, _) = &d.body.kind else { panic!() };
    let ExprKind::Qualified(parts) = &l.kind else { panic!() };
    let shape: Vec<(&str, usize)> = parts.iter().map(|(n, a)| (n.as_str(), a.len())).collect();
    assert_eq!(shape, [("M", 2), ("N", 0), ("Op", 2)]);
    // without instance arguments the name stays one qualified name, as before
    assert!(matches!(e("M!Op(1)"), ExprKind::Apply(n, _) if n == "M!Op"));
    // a plain application is unchanged, and `!` inside EXCEPT is not a qualifier
    assert!(matches!(e("F(1)"), ExprKind::Apply(n, _) if n == "F"));
    assert!(matches!(e("[f EXCEPT ![1] = g(2), ![3] = 4]"), ExprKind::Except(_, specs) if specs.len() == 2));
    assert!(parse_expr_str("M(1)!").is_err());
}

#[test]
fn unary_minus_definition_form_round_trips() {
    let m = roundtrip("---- MODULE q ----\n-. a == 0 - a\nB == -3\n====\n");
    let Unit::OpDef(d) = &m.units[0] else { panic!() };
    assert_eq!(d.name.name, "-.");
    assert_eq!(d.shape, DefShape::Prefix);
    assert_eq!(d.params[0].name.name, "a");
    // `-a == e` (the short prefix form) still parses as before, to the `-` operator
    let m = roundtrip("---- MODULE q ----\n-a == 0 - a\n====\n");
    let Unit::OpDef(d) = &m.units[0] else { panic!() };
    assert_eq!(d.name.name, "-");
    // a detached `- .` is not the `-.` name
    assert!(parse_module("---- MODULE q ----\n- . a == 0\n====\n").is_err());
}
