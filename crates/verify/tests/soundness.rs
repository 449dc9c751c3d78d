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
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// Negates the clause on a line ending in `// E`, `// I` or `// A`.
/// Clause lines: `    expr, // E` (one clause) or `assert(expr); // A`.
fn negate_line(line: &str) -> Option<String> {
    let (code, tag) = line.rsplit_once("//")?;
    let tag = tag.trim();
    if !matches!(tag, "E" | "I" | "A" | "A!") {
        return None;
    }
    let code = code.trim_end();
    let indent: String = code.chars().take_while(|c| c.is_whitespace()).collect();
    let body = code.trim();
    if tag.starts_with('A') {
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
    Some(format!(
        "{}{}!({}), // mutated",
        indent,
        kw,
        split_top(rest)
            .iter()
            .map(|c| format!("({})", c))
            .collect::<Vec<_>>()
            .join(" && ")
    ))
}

/// `// M(k): from ==> to` at the end of a line: a hand-written mutant replacing `from` by `to`
/// on that line; the error must be reported k lines below it.
fn hand_mutants(src: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        for part in l.split("// M(").skip(1) {
            let (k, rest) = part.split_once("):").unwrap();
            let k: i64 = k.trim().parse().unwrap();
            let rest = rest.split(" // ").next().unwrap();
            let (from, to) = rest.split_once(" ==> ").unwrap();
            let (from, to) = (from.trim(), to.trim());
            let code = l.split(" // ").next().unwrap();
            assert!(code.contains(from), "line {}: `{}` not found", i + 1, from);
            let mut m: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            m[i] = code.replacen(from, to, 1);
            out.push(((i as i64 + 1 + k) as usize, m.join("\n")));
        }
    }
    out
}

/// Correct variants: drop an `// A` assert, or an `// E` clause of a function no other function calls.
fn weakened(src: &str) -> Vec<String> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    let mut cur_fn = String::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(p) = l.find("fn ") {
            let rest = &l[p + 3..];
            cur_fn = rest
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or("")
                .to_string();
        }
        let tag = l.rsplit_once("//").map(|x| x.1.trim()).unwrap_or("");
        let called_elsewhere = lines.iter().enumerate().any(|(j, o)| {
            j != i
                && !o.contains(&format!("fn {}", cur_fn))
                && (o.contains(&format!("{}(", cur_fn)) || o.contains(&format!(".{}(", cur_fn)))
        });
        let replacement = match tag {
            "A" => Some(String::new()),
            "E" if !called_elsewhere => {
                let code = l.rsplit_once("//").unwrap().0;
                if code.trim_start().starts_with("ensures ") {
                    let indent: String = code.chars().take_while(|c| c.is_whitespace()).collect();
                    Some(format!("{}ensures true,", indent))
                } else {
                    Some(String::new())
                }
            }
            _ => None,
        };
        if let Some(r) = replacement {
            let mut m: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            m[i] = r;
            out.push(m.join("\n"));
        }
    }
    out
}

#[test]
fn weakened_programs_verify() {
    let mut total = 0;
    let mut bad = Vec::new();
    for (name, src) in programs() {
        for (k, m) in weakened(&src).into_iter().enumerate() {
            total += 1;
            match verify_source(&m, &opts()) {
                Err(e) => bad.push(format!(
                    "{} variant {}: refused: {}",
                    name,
                    k,
                    e.render(&name)
                )),
                Ok(r) => {
                    if r.failed_functions > 0 {
                        bad.push(format!("{} variant {}: {:?}", name, k, r.errors));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} weakened variants failed:\n{}",
        bad.len(),
        total,
        bad.join("\n")
    );
    eprintln!("weakened variants verified: {}", total);
}

#[test]
fn hand_written_mutants_are_rejected_at_the_right_line() {
    let mut total = 0;
    let mut bad = Vec::new();
    for (name, src) in programs() {
        for (line, m) in hand_mutants(&src) {
            total += 1;
            match verify_source(&m, &opts()) {
                Err(e) => bad.push(format!("{}:{}: refused: {}", name, line, e.render(&name))),
                Ok(r) => {
                    if r.failed_functions == 0 || !r.errors.iter().any(|e| e.span.line == line) {
                        bad.push(format!(
                            "{}:{}: not rejected at this line: {} / {:?}",
                            name,
                            line,
                            r.summary(),
                            r.errors
                        ));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} hand mutants wrong:\n{}",
        bad.len(),
        total,
        bad.join("\n")
    );
    eprintln!("hand-written mutants rejected: {}", total);
}

/// Splits `a, f(b, c), d` at the commas outside brackets.
fn split_top(s: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0i32;
    for c in s.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            out.push(String::new());
        } else {
            out.last_mut().unwrap().push(c);
        }
    }
    out.into_iter()
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}

fn opts() -> Options {
    Options {
        timeout: std::time::Duration::from_secs(20),
        ..Options::default()
    }
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
        let r = verify_source(&src, &opts())
            .unwrap_or_else(|e| panic!("{}: {}", name, e.render(&name)));
        assert!(
            r.errors.is_empty() && r.failed_functions == 0,
            "{}: {:?}",
            name,
            r.errors
        );
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
                        bad.push(format!(
                            "{}:{}: not rejected at this line: {} / {:?}",
                            name,
                            line,
                            r.summary(),
                            r.errors
                        ));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} mutants wrong:\n{}",
        bad.len(),
        total,
        bad.join("\n")
    );
    assert!(total >= 20, "only {} mutants", total);
    eprintln!("negated-clause mutants rejected: {}", total);
}
