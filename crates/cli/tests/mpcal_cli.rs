//! `veriforge mpcal ...` end to end: exit codes, atomic in-place rewrite, JSON diagnostics.
use std::process::Command;

fn vf() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn tmpdir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("vf-mpcal-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const GOOD: &str = "---- MODULE g ----\nEXTENDS Naturals\n(* --mpcal g {\n    archetype A(ref x) { l: x := x + 1; }\n    variables v = 0;\n    process (P = 1) == instance A(ref v);\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\n\\* END TRANSLATION\n====\n";

#[test]
fn pcalgen_rewrites_in_place() {
    let d = tmpdir("ok");
    let f = d.join("g.tla");
    std::fs::write(&f, GOOD).unwrap();
    let out = vf().args(["-q", "mpcal", "pcalgen"]).arg(&f).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.contains("--algorithm g {"));
    assert!(text.contains("v := (v) + (1);"));
    assert!(text.contains("l == /\\ pc[1] = \"l\""));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn semantic_error_exits_2_with_json_and_leaves_file_alone() {
    let d = tmpdir("err");
    let f = d.join("e.tla");
    let bad = GOOD.replace("l: x := x + 1;", "x := x + 1;");
    std::fs::write(&f, &bad).unwrap();
    let out = vf().args(["--json", "mpcal", "pcalgen"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &json["errors"][0];
    assert_eq!(e["class"], "LabelRequiredError");
    assert_eq!(e["offset"].as_u64().unwrap() as usize, bad.find("x := x + 1").unwrap());
    assert_eq!(e["line"], 4);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), bad, "input modified on error");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("e.tla:4:"), "{stderr}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_input_cases_each_give_one_positioned_line() {
    let d = tmpdir("bad");
    let cases = [
        ("unterminated.tla", "---- MODULE u ----\nFoo == 1 (* open\n====\n", ":2:10:"),
        ("unknownop.tla", "---- MODULE u ----\nFoo == 1 \\foo 2\n====\n", ":2:10:"),
        ("indent.tla", "---- MODULE u ----\nFoo == /\\ 1 =\n      2\n====\n", ":3:7:"),
        ("noalgo.tla", "---- MODULE u ----\nFoo == 1\n====\n", "--mpcal"),
    ];
    for (name, text, needle) in cases {
        let f = d.join(name);
        std::fs::write(&f, text).unwrap();
        let out = vf().args(["mpcal", "pcalgen"]).arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(stderr.contains(needle), "{name}: {stderr}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
        let leftovers = std::fs::read_dir(&d).unwrap().filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("veriforge-tmp")).count();
        assert_eq!(leftovers, 0);
    }
    let missing = vf().args(["mpcal", "check-syntax", "/nonexistent/x.tla"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn check_syntax_and_fmt() {
    let d = tmpdir("fmt");
    let f = d.join("g.tla");
    std::fs::write(&f, GOOD).unwrap();
    let out = vf().args(["--json", "mpcal", "check-syntax"]).arg(&f).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "{\"errors\":[]}");
    let p = d.join("p.tla");
    std::fs::write(&p, "---- MODULE p ----\n(* --algorithm p { variables x = 0; { a: x := 1; } } *)\n====\n").unwrap();
    let out = vf().args(["mpcal", "fmt"]).arg(&p).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "--algorithm p {\n  variables x = 0;\n{\n  a:\n    x := 1;\n}\n}\n");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn gogen_writes_go_and_bad_input_exits_2_without_output() {
    let d = tmpdir("gogen");
    let f = d.join("g.tla");
    std::fs::write(&f, GOOD).unwrap();
    let out_go = d.join("g.go");
    let out = vf().args(["-q", "mpcal", "gogen"]).arg(&f).arg("-o").arg(&out_go).args(["--package", "gpkg"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let go = std::fs::read_to_string(&out_go).unwrap();
    assert!(go.contains("package gpkg\n") && go.contains("var A = &distsys.Archetype{"), "{go}");
    let cases = [
        ("nat.tla", GOOD.replace("x := x + 1;", "x := Nat;"), "UnsupportedOperationError", ":4:34:"),
        ("prime.tla", GOOD.replace("x := x + 1;", "x := x';"), "UnsupportedOperationError", ":4:34:"),
        ("noarch.tla", GOOD.replace("instance A(ref v)", "instance B(ref v)"), "ArchetypeLookupError", ":6:33:"),
        ("label.tla", GOOD.replace("l: x := x + 1;", "x := x + 1;"), "LabelRequiredError", ":4:26:"),
    ];
    for (name, text, class, pos) in cases {
        let f = d.join(name);
        std::fs::write(&f, &text).unwrap();
        let target = d.join(format!("{name}.go"));
        let out = vf().args(["mpcal", "gogen"]).arg(&f).arg("-o").arg(&target).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(stderr.contains(class) && stderr.contains(&format!("{name}{pos}")), "{name}: {stderr}");
        assert!(!target.exists(), "{name}: partial output written");
    }
    let out = vf().args(["mpcal", "gogen"]).arg(&f).arg("-o").arg(d.join("p.go")).args(["--package", "func"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // PGo's mode: `Nat` compiles to a run-time panic instead of an error.
    let nat = d.join("nat.tla");
    let target = d.join("nat-pgo.go");
    let out = vf().args(["-q", "mpcal", "gogen", "--unsupported-panics"]).arg(&nat).arg("-o").arg(&target).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(&target).unwrap().contains("panic(\"unsupported operator Nat\")"));
    std::fs::remove_dir_all(&d).unwrap();
}
