//! Issue 18: deep nesting and long operator chains never overflow the stack in `mpcal
//! check-syntax`, `fmt` or `pcalgen`: genuine nesting beyond the limit is one `nesting too deep`
//! line with its position (exit 2, no output file), long flat chains are accepted.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vf() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn tmpdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vf-mpcal-deep-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn module(body: &str) -> String {
    format!("---- MODULE M ----\nEXTENDS Naturals\n{body}\n====\n")
}

fn algorithm(stmt: &str) -> String {
    module(&format!(
        "(* --algorithm A {{\n variables x = 0;\n {{ l: {stmt}\n }}\n}}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\n\\* END TRANSLATION\n"
    ))
}

fn run(dir: &Path, cmd: &str, text: &str) -> (Output, PathBuf) {
    let f = dir.join(format!("{cmd}.tla"));
    std::fs::write(&f, text).unwrap();
    let out_file = dir.join(format!("{cmd}.out.tla"));
    let _ = std::fs::remove_file(&out_file);
    let mut c = vf();
    c.args(["-q", "mpcal", cmd]).arg(&f);
    if cmd != "check-syntax" {
        c.arg("-o").arg(&out_file);
    }
    (c.output().unwrap(), out_file)
}

/// Every command rejects `text` with one `nesting too deep` line at `line:col`, exit 2.
fn assert_too_deep(tag: &str, text: &str, line_col: &str) {
    let d = tmpdir(tag);
    for cmd in ["check-syntax", "fmt", "pcalgen"] {
        let (out, out_file) = run(&d, cmd, text);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tag} {cmd}: {err}");
        assert_eq!(err.lines().count(), 1, "{tag} {cmd}: {err}");
        assert!(err.contains("nesting too deep"), "{tag} {cmd}: {err}");
        assert!(err.contains(&format!("{cmd}.tla:{line_col}: ")), "{tag} {cmd}: {err}");
        assert!(!out_file.exists(), "{tag} {cmd}: output file left behind");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn parentheses_4000_deep() {
    let n = 4000;
    let text = module(&format!("Op == {}1{}", "(".repeat(n), ")".repeat(n)));
    // the 501st `(` is at column 6 + 500
    assert_too_deep("paren", &text, "3:507");
}

#[test]
fn tuples_5000_deep() {
    let n = 5000;
    let text = module(&format!("Op == {}1{}", "<<".repeat(n), ">>".repeat(n)));
    assert_too_deep("angle", &text, "3:1007");
}

#[test]
fn if_else_5000_deep() {
    let text = module(&format!("Op == {}1", "IF TRUE THEN 1 ELSE ".repeat(5000)));
    let d = tmpdir("ifelse");
    let (out, _) = run(&d, "check-syntax", &text);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nesting too deep"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
    assert_too_deep("ifelse", &text, "3:9990");
}

#[test]
fn pluscal_if_5000_deep() {
    let n = 5000;
    let text = algorithm(&format!("{}x := 1;{}", "if (TRUE) { ".repeat(n), " }".repeat(n)));
    let d = tmpdir("pcalif");
    let (out, _) = run(&d, "pcalgen", &text);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nesting too deep") && err.contains("pcalgen.tla:5:"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn moderate_pluscal_nesting_still_translates() {
    let n = 150;
    let text = algorithm(&format!("{}x := {}1{};{}", "if (TRUE) { ".repeat(n), "(".repeat(40), ")".repeat(40), " }".repeat(n)));
    let d = tmpdir("pcalok");
    let (out, out_file) = run(&d, "pcalgen", &text);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let generated = std::fs::read_to_string(&out_file).unwrap();
    assert!(generated.contains("\\* BEGIN TRANSLATION") && generated.contains("x') = 1"), "no TLA+ translation");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn flat_conjunct_chain_70000_is_accepted() {
    let n = 70_000;
    let d = tmpdir("chain");
    // on one line: a left-deep tree 70,000 levels deep
    let text = module(&format!("Op == TRUE{}", " /\\ TRUE".repeat(n)));
    let (out, _) = run(&d, "check-syntax", &text);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (out, out_file) = run(&d, "fmt", &text);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = std::fs::read_to_string(&out_file).unwrap();
    assert_eq!(printed.matches("/\\ TRUE").count(), n);
    assert!(!printed.contains('('), "chain printed with parentheses");
    // and the printed module parses again
    let (out, _) = run(&d, "check-syntax", &printed);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // as a bulleted list
    let text = module(&format!("Op ==\n{}", "  /\\ TRUE\n".repeat(n)));
    let (out, _) = run(&d, "fmt", &text);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // inside PlusCal: checked and translated
    let text = algorithm(&format!("x := TRUE{};", " /\\ TRUE".repeat(n)));
    for cmd in ["check-syntax", "fmt", "pcalgen"] {
        let (out, _) = run(&d, cmd, &text);
        assert!(out.status.success(), "{cmd}: {}", String::from_utf8_lossy(&out.stderr));
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn chain_deeper_than_the_tree_limit_is_one_line_error() {
    let n = vf_tla::MAX_TREE_DEPTH + 10;
    let text = module(&format!("Op == 1{}", " + 1".repeat(n)));
    let d = tmpdir("chainlimit");
    let (out, _) = run(&d, "check-syntax", &text);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nesting too deep") && err.lines().count() == 1, "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}
