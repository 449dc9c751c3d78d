//! The `veriforge verify` contract: Verus-like report, exit 0/1/2, --export-smt.

use std::process::Command;

fn veriforge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn write(name: &str, src: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("vf-verify-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, src).unwrap();
    p
}

#[test]
fn report_and_exit_codes() {
    let good = write("good.rs", "verus! {\nfn inc(x: u8) -> (r: u8)\n    requires x < 255,\n    ensures r == x + 1,\n{\n    x + 1\n}\n}\n");
    let out = veriforge().arg("verify").arg(&good).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{:?}", out);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "verification results:: 1 verified, 0 errors");

    let bad = write("bad.rs", "verus! {\nfn inc(x: u8) -> (r: u8)\n    ensures r == x + 1,\n{\n    x + 1\n}\n}\n");
    let out = veriforge().arg("verify").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let so = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = so.lines().collect();
    assert_eq!(lines.len(), 2, "{}", so);
    assert!(lines[0].ends_with("bad.rs:5:5: error: possible arithmetic underflow/overflow") || lines[0].contains("bad.rs:5:5: error: possible arithmetic underflow/overflow"), "{}", so);
    assert_eq!(lines[1], "verification results:: 0 verified, 1 errors");
    assert!(!so.contains("1 verified"));

    let unsup = write("unsup.rs", "verus! {\nfn f(x: u8) -> u8 {\n    x << 1\n}\n}\n");
    let out = veriforge().arg("verify").arg(&unsup).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let se = String::from_utf8_lossy(&out.stderr);
    assert_eq!(se.lines().count(), 1);
    assert!(se.contains("unsup.rs:3:5: unsupported: binary operator"), "{}", se);

    let dir = std::env::temp_dir().join(format!("vf-verify-smt-{}", std::process::id()));
    let out = veriforge().arg("verify").arg(&good).arg("--export-smt").arg(&dir).arg("--time").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let n = std::fs::read_dir(&dir).unwrap().count();
    assert!(n >= 2, "{} queries exported", n); // overflow check + postcondition
    assert!(String::from_utf8_lossy(&out.stdout).contains("queries"));
}
