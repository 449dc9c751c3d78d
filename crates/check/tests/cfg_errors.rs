//! Issue 18 (fuzz target `cfg`): every `.cfg` error is one line with a position inside the file.
use vf_check::cfg::parse;

#[test]
fn a_value_missing_at_the_end_is_reported_at_the_end_of_the_file() {
    for (src, line, col) in [("CONSTANT Vals = {v1,", 1, 21), ("CONSTANT Vals = {v1, ", 1, 22), ("CONSTANT\n  N = ", 2, 7), ("CONSTANT N =\n", 2, 1)] {
        let e = parse(src, "m.cfg").unwrap_err();
        assert!(e.starts_with(&format!("m.cfg:{line}:{col}: ")), "{src:?}: {e}");
        assert!(!e.contains('\n'), "{e:?}");
    }
}

#[test]
fn deeply_nested_sets_do_not_overflow_the_stack() {
    let n = 100_000;
    let src = format!("CONSTANT S = {}1{}", "{".repeat(n), "}".repeat(n));
    let e = parse(&src, "m.cfg").unwrap_err();
    assert!(e.contains("nested too deep"), "{e}");
    let col = 14 + vf_check::cfg::MAX_VALUE_NESTING;
    assert!(e.starts_with(&format!("m.cfg:1:{col}: ")), "{e}");
    // within the limit it parses
    let m = 100;
    assert!(parse(&format!("CONSTANT S = {}1{}", "{".repeat(m), "}".repeat(m)), "m.cfg").is_ok());
}

#[test]
fn quoted_tokens_with_control_characters_stay_on_one_line() {
    // found by `make fuzz`: a string token spanning lines was quoted raw in the message
    for src in ["CONSTANT\"Vals =Next\nIois s = {p\"\nN = 2\n", "\"t\u{b}I EXT Nex\n\"", "CONSTANTS\n  N = 2\n \" N\n \" N = 2\n", "CONSTANT N = 1\n\u{1}"] {
        let e = parse(src, "m.cfg").unwrap_err();
        assert!(e.starts_with("m.cfg:"), "{src:?}: {e}");
        assert!(!e.chars().any(|c| c.is_control()), "{src:?}: {e:?}");
    }
}
