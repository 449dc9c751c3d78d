//! PlusCal scoping as PGo has it: plain PlusCal procedures and processes may use each other's
//! parameters and locals (PlusCal makes them all TLA+ variables); other names are still errors.
use vf_mpcal::{analyze, pcalgen, Options};

const SRC: &str = "---- MODULE scope ----\nEXTENDS Naturals\n(* --algorithm scope {\n    procedure Inc(n)\n        variables tmp = 0;\n    {\n    inc: tmp := n + y;\n         return;\n    }\n    process (A = 1)\n        variables y = 5;\n    {\n    a1: call Inc(2);\n    a2: y := tmp;\n    }\n    process (B = 2)\n    {\n    b1: await y > 0;\n        n := 3;\n    }\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\n\\* END TRANSLATION\n====\n";

#[test]
fn procedures_and_processes_share_their_variables() {
    analyze(SRC, Options::default()).unwrap_or_else(|e| panic!("{e:?}"));
    let out = pcalgen(SRC, Options::default()).unwrap();
    // the TLA+ translation declares them all as variables
    assert!(out.contains("VARIABLES pc, stack, n, tmp, y"), "{out}");
}

#[test]
fn unknown_names_are_still_errors() {
    let bad = SRC.replace("tmp := n + y;", "tmp := n + zz;");
    let errs = analyze(&bad, Options::default()).unwrap_err();
    assert_eq!(errs[0].class, "DefinitionLookupError");
    assert_eq!(errs[0].offset, bad.find("zz").unwrap());
}
