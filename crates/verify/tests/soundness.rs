//! Soundness suite: every program in tests/programs must verify; mutants generated from them
//! (negated ensures / invariants / asserts, marked `// E`, `// I`, `// A` at the end of a line)
//! and hand-written broken variants (overflow, termination, preconditions) must each be
//! rejected with an error at the mutated line, and never reported as verified.

use std::path::PathBuf;
use vf_verify::{verify_source, Options};

fn programs() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut v: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map(|x| x == "rs").unwrap_or(false))
        .map(|p| (p.file_name().unwrap().to_string_lossy().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    v.sort();
    v
}

/// Negates the clause on a line ending in `// E`, `// I` or `// A`.
/// Clause lines: `    expr, // E` (one clause) or `assert(expr); // A`.
fn negate_line(line: &str) -> Option<String> {
    let (code, tag) = line.rsplit_once("//")?;
    let tag = tag.trim();
    if !matches!(tag, "E" | "I" | "A") {
        return None;
    }
    let code = code.trim_end();
    let indent: String = code.chars().take_while(|c| c.is_whitespace()).collect();
    let body = code.trim();
    if tag == "A" {
        let inner = body.strip_prefix("assert(")?.strip_suffix(");")?;
        return Some(format!("{}assert(!({})); // mutated", indent, inner));
    }
    // optional leading keyword
    let (kw, rest) = ["requires ", "ensures ", "invariant "]
        .iter()
        .find_map(|k| body.strip_prefix(k).map(|r| (k.to_string(), r)))
        .unwrap_or((String::new(), body));
    let rest = rest.strip_suffix(',').unwrap_or(rest);
    // a line with several clauses `a, b` is negated as a whole conjunction
    Some(format!("{}{}!({}), // mutated", indent, kw, rest.split(", ").map(|c| format!("({})", c)).collect::<Vec<_>>().join(" && ")))
}

fn opts() -> Options {
    Options { timeout: std::time::Duration::from_secs(20), ..Options::default() }
}

fn mutants(src: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(n) = negate_line(l) {
            let mut m: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            m[i] = n;
            out.push((i + 1, m.join("\n")));
        }
    }
    out
}

#[test]
fn correct_programs_verify() {
    let mut n = 0;
    for (name, src) in programs() {
        let r = verify_source(&src, &opts()).unwrap_or_else(|e| panic!("{}: {}", name, e.render(&name)));
        assert!(r.errors.is_empty() && r.failed_functions == 0, "{}: {:?}", name, r.errors);
        assert!(r.verified > 0);
        n += 1;
    }
    assert!(n >= 5);
}

#[test]
fn negated_clauses_are_rejected_at_their_line() {
    let mut total = 0;
    let mut bad = Vec::new();
    for (name, src) in programs() {
        for (line, m) in mutants(&src) {
            total += 1;
            match verify_source(&m, &opts()) {
                Err(e) => bad.push(format!("{}:{}: refused: {}", name, line, e.render(&name))),
                Ok(r) => {
                    if r.failed_functions == 0 || !r.errors.iter().any(|e| e.span.line == line) {
                        bad.push(format!("{}:{}: not rejected at this line: {} / {:?}", name, line, r.summary(), r.errors));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{} of {} mutants wrong:\n{}", bad.len(), total, bad.join("\n"));
    assert!(total >= 20, "only {} mutants", total);
}
