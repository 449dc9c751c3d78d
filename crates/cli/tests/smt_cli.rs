//! `veriforge smt solve` end to end: answers, models, JSON, and the exit-code contract.

use std::process::Command;

fn veriforge(args: &[&str]) -> (i32, String, String) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let out = Command::new(env!("CARGO_BIN_EXE_veriforge")).current_dir(root).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn solves_bundled_example_on_every_backend() {
    for b in ["z3", "bitwuzla", "cvc5", "portfolio"] {
        let (code, out, err) = veriforge(&["-q", "smt", "solve", "examples/smt/mul_shift.smt2", "--backend", b]);
        assert_eq!(code, 0, "{b}: {err}");
        assert_eq!(out, "sat\nunsat\n", "{b}");
    }
}

#[test]
fn json_and_model_output() {
    let (code, out, err) =
        veriforge(&["--json", "-q", "smt", "solve", "examples/smt/read_over_write.smt2", "--backend", "z3"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "unsat");
    assert_eq!(v["answers"], serde_json::json!(["unsat"]));
    let dir = std::env::temp_dir().join(format!("vf-cli-smt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("sat.smt2");
    std::fs::write(&f, "(declare-const x (_ BitVec 8))\n(assert (= (bvmul x #x03) #x09))\n(check-sat)\n").unwrap();
    let (code, out, _) = veriforge(&["-q", "smt", "solve", f.to_str().unwrap(), "--backend", "bitwuzla", "--model"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("sat\n") && out.contains("define-fun x") && out.contains("#b00000011"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_exit_2() {
    let dir = std::env::temp_dir().join(format!("vf-cli-smt-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.smt2");
    std::fs::write(&f, "(set-logic QF_BV)\n(declare-const x (_ BitVec 8))\n(assert (= y x))\n(check-sat)\n").unwrap();
    for b in ["z3", "bitwuzla", "cvc5", "portfolio"] {
        let (code, out, err) = veriforge(&["smt", "solve", f.to_str().unwrap(), "--backend", b]);
        assert_eq!(code, 2, "{b}: {err}");
        assert!(out.is_empty(), "{b}: no partial answer expected, got {out}");
        assert_eq!(err.trim().lines().count(), 1, "{b}: {err}");
        assert!(err.contains(&format!("{}:3:", f.display())), "{b}: {err}");
    }
    let (code, _, err) = veriforge(&["smt", "solve", "/nonexistent/q.smt2"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/q.smt2: cannot read"), "{err}");
    let (code, _, _) = veriforge(&["smt", "solve", "examples/smt/mul_shift.smt2", "--timeout", "soon"]);
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 18: malformed text (a NUL byte, nothing but whitespace) gets the same one-line exit-2
/// error with `file:line:col` from every backend, and cvc5 prints nothing of its own.
#[test]
fn malformed_text_is_exit_2_with_position_on_every_backend() {
    let dir = std::env::temp_dir().join(format!("vf-smt-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let example = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/smt/mul_shift.smt2")).unwrap();
    let at = example.find("(assert").unwrap();
    let line = example[..at].matches('\n').count() + 1;
    let mut with_nul = example.clone();
    with_nul.insert(at + 1, '\0');
    let cases: Vec<(&str, String, String)> = vec![
        ("nul.smt2", with_nul, format!("nul.smt2:{line}:2: control character U+0000")),
        ("empty.smt2", String::new(), "empty.smt2:1:1: no commands".into()),
        ("blank.smt2", " \n\t\n; just a comment\n".into(), "blank.smt2:1:1: no commands".into()),
        ("open.smt2", "(set-logic QF_BV)\n(assert true\n".into(), "open.smt2:2:1: command not closed".into()),
        // cvc5 overflowed its stack (exit 134) on this
        (
            "deep.smt2",
            format!("(set-logic QF_BV)\n(assert {}true{})\n(check-sat)\n", "(not ".repeat(200_000), ")".repeat(200_000)),
            format!("deep.smt2:2:{}: nesting too deep", 9 + 5 * 99_999),
        ),
    ];
    for (name, text, want) in &cases {
        let f = dir.join(name);
        std::fs::write(&f, text).unwrap();
        for b in ["z3", "bitwuzla", "cvc5", "portfolio"] {
            let (code, out, err) = veriforge(&["smt", "solve", f.to_str().unwrap(), "--backend", b]);
            assert_eq!(code, 2, "{name} {b}: {err}");
            assert!(out.is_empty(), "{name} {b}: {out}");
            assert_eq!(err.lines().count(), 1, "{name} {b}: {err}");
            assert!(err.contains(want.as_str()), "{name} {b}: {err}");
        }
    }
    // cvc5's "No set-logic command" warning lines must not reach the user before our error
    let f = dir.join("nologic.smt2");
    std::fs::write(&f, "(check-sat)\n(assert (= y y))\n").unwrap();
    let (code, out, err) = veriforge(&["smt", "solve", f.to_str().unwrap(), "--backend", "cvc5"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("nologic.smt2:2:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
