//! Verus millibenchmarks from ../shared (make conformance): the singly linked list verifies
//! unchanged; each error variant gives exactly one error, in the weakened function.
#![cfg(feature = "conformance")]

use std::path::PathBuf;
use vf_verify::{verify_source, Options};

fn shared() -> PathBuf {
    PathBuf::from(std::env::var("VERIFORGE_SHARED").unwrap_or_else(|_| format!("{}/../../../shared", env!("CARGO_MANIFEST_DIR"))))
}

fn run(rel: &str) -> vf_verify::Report {
    let p = shared().join("corpora/verus/milli").join(rel);
    let src = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {}", p.display(), e));
    verify_source(&src, &Options::default()).unwrap_or_else(|e| panic!("{}", e.render(rel)))
}

#[test]
fn linked_list_verifies() {
    let r = run("linked-list/verus.rs");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.failed_functions, 0);
    assert!(r.verified >= 8, "{}", r.summary());
    eprintln!("linked-list: {} ({} queries, {:.3} s)", r.summary(), r.queries, r.total_time.as_secs_f64());
}

#[test]
fn linked_list_error_variants_fail_once_in_the_weakened_function() {
    for (file, func) in [("linked-list/errors/verus1.rs", "LinkedList::pop"), ("linked-list/errors/verus2.rs", "LinkedList::index")] {
        let r = run(file);
        assert_eq!(r.errors.len(), 1, "{}: {:?}", file, r.errors);
        assert_eq!(r.failed_functions, 1);
        assert_eq!(r.errors[0].function, func, "{}", file);
        eprintln!("{}: {} at {}:{}: {}", file, r.summary(), r.errors[0].span.line, r.errors[0].span.col, r.errors[0].msg);
    }
}

#[test]
fn doubly_linked_list_is_refused_not_misreported() {
    // PPtr/PointsTo permissions are not supported yet: the file must be refused (exit 2 in
    // the CLI) with a located message, never reported as verified.
    let p = shared().join("corpora/verus/milli/doubly-linked-list/verus.rs");
    let src = std::fs::read_to_string(&p).unwrap();
    match verify_source(&src, &Options::default()) {
        Err(e) => eprintln!("doubly-linked-list: {}", e.render("verus.rs")),
        Ok(r) => assert!(r.failed_functions == 0 && r.errors.is_empty(), "unexpected partial result {:?}", r.errors),
    }
}
