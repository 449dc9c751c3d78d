//! `bpf opt --rules`: a first run learns rules into the file, a run on another program uses
//! them (each firing re-proven); a corrupted file produces nothing unproven.

use std::path::PathBuf;
use std::process::Command;

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vf-bpf-rules-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_veriforge"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

fn write_prog(d: &std::path::Path, name: &str, text: &str) -> PathBuf {
    let p = d.join(format!("{name}.k2"));
    std::fs::write(&p, text).unwrap();
    std::fs::write(
        d.join(format!("{name}.desc")),
        "{ pgm_input_type = 1, }\n{ max_pkt_sz = 8, }\n",
    )
    .unwrap();
    p
}

#[test]
fn rules_learned_on_one_program_are_used_on_another_and_persist() {
    let d = tmpdir("learn");
    let rules = d.join("rules.jsonl");
    let a = write_prog(&d, "a", "MOV64XC 0 1\nADD64XY 0 0\nEXIT\n");
    let (code, _, err) = run(&[
        "bpf",
        "opt",
        a.to_str().unwrap(),
        "-o",
        d.join("a.opt.k2").to_str().unwrap(),
        "--budget",
        "20000it",
        "--jobs",
        "1",
        "--no-cache",
        "--rules",
        rules.to_str().unwrap(),
        // the constant-operands pre-pass would shorten these programs by itself; off, so the
        // rules (and only they) are what is measured
        "--operands",
        "off",
        "--diff-inputs",
        "300",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("0 known") && !err.contains(" 0 learned"),
        "{err}"
    );
    assert!(std::fs::read_to_string(&rules).unwrap().lines().count() >= 1);
    // b: same idiom on r3, one search iteration: only the rule can shorten it
    let b = write_prog(&d, "b", "MOV64XC 3 1\nADD64XY 3 3\nMOV64XY 0 3\nEXIT\n");
    let out = d.join("b.opt.k2");
    let report = d.join("b.json");
    let (code, _, err) = run(&[
        "bpf",
        "opt",
        b.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--budget",
        "1it",
        "--jobs",
        "1",
        "--no-cache",
        "--rules",
        rules.to_str().unwrap(),
        // the constant-operands pre-pass would shorten these programs by itself; off, so the
        // rules (and only they) are what is measured
        "--operands",
        "off",
        "--diff-inputs",
        "300",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 fired"), "{err}");
    assert!(
        err.contains("4 -> 3 instructions") && err.contains("1/1 re-proven"),
        "{err}"
    );
    let r: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(r["rules"]["fired"], 1);
    let (code, stdout, err) = run(&[
        "bpf",
        "equiv",
        b.to_str().unwrap(),
        out.to_str().unwrap(),
        "--inputs",
        "300",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("equivalent: proven"), "{stdout}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_corrupted_rule_file_yields_no_unproven_output() {
    let d = tmpdir("corrupt");
    let rules = d.join("rules.jsonl");
    // claims r3 = 1; r3 += r3 is r3 = 3 (orig/cand in the kernel encoding), plus a garbage line
    let bad = r#"{"orig":["b700000001000000","0f00000000000000"],"cand":["b700000003000000","0500000000000000"],"fixed_regs":false,"live_out":[0],"pre":[],"regions":null,"imms":[]}"#;
    std::fs::write(&rules, format!("{bad}\nnot json\n")).unwrap();
    let b = write_prog(&d, "b", "MOV64XC 3 1\nADD64XY 3 3\nMOV64XY 0 3\nEXIT\n");
    let out = d.join("b.opt.k2");
    let (code, _, err) = run(&[
        "bpf",
        "opt",
        b.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--budget",
        "1it",
        "--jobs",
        "1",
        "--no-cache",
        "--rules",
        rules.to_str().unwrap(),
        // the constant-operands pre-pass would shorten these programs by itself; off, so the
        // rules (and only they) are what is measured
        "--operands",
        "off",
        "--diff-inputs",
        "300",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 lines are not rules"), "{err}");
    assert!(
        err.contains("1 matched, 0 fired") && err.contains("1 not proven"),
        "{err}"
    );
    assert!(err.contains("4 -> 4 instructions"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        std::fs::read_to_string(&b).unwrap()
    );
    std::fs::remove_dir_all(&d).unwrap();
}
