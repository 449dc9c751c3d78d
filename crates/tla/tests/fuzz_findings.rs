//! Issue 18, fuzz findings of the `tla` target: one-line diagnostics and print/parse round trips.
use vf_tla::{parse_module, print_module};

fn module(body: &str) -> String {
    format!("---- MODULE M ----\n{body}\n====\n")
}

#[test]
fn a_diagnostic_quoting_a_string_token_is_one_line() {
    // a string where an identifier is expected, with an escaped newline, tab and quote inside (decoded in the token)
    let src = module("CONSTANTS \"a\\nb\\tc\\\"d\"");
    let d = parse_module(&src).unwrap_err();
    assert!(d.message.contains("string"), "{}", d.message);
    assert!(!d.message.contains('\n') && !d.message.contains('\t'), "not one line: {:?}", d.message);
    assert!(d.message.contains("a\\nb\\tc"), "escaped token missing: {}", d.message);
    assert!(!d.to_string().contains('\n'), "{:?}", d.to_string());
}

#[test]
fn underscore_declarations_need_a_real_operator() {
    // mutants of `CONSTANTS N, F(_), M`: the parser used to accept `_ <any token>` as a declaration
    // and print it as text that does not parse back
    for body in ["CONSTANTS N, _ ), M", "CONSTANTS N, _ , M", "CONSTANTS N, _ M", "CONSTANTS N, _ )_, M", "CONSTANTS N, _ \"s\""] {
        let src = module(body);
        let d = parse_module(&src).expect_err(body);
        assert!(d.message.contains("after `_`"), "{body}: {}", d.message);
        assert!(d.offset > src.find("_").unwrap() && d.offset < src.len(), "{body}: at {}", d.offset);
    }
    // real declarations still parse and round-trip
    for body in ["CONSTANTS N, F(_), _ + _, _ \\prec _, _^+, - _, M", "CONSTANT _ \\in _"] {
        let m = parse_module(&module(body)).unwrap_or_else(|d| panic!("{body}: {}", d.message));
        let printed = print_module(&m);
        let again = parse_module(&printed).unwrap_or_else(|d| panic!("{body}: printed {printed:?} does not parse: {}", d.message));
        assert_eq!(print_module(&again), printed);
    }
}
