//! `bpf opt --objective latency`, `bpf calibrate`, `bpf time` (the last two need root: the
//! kernel's BPF_PROG_TEST_RUN; they fail, not skip, without it).

use std::path::PathBuf;
use std::process::Command;

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vf-bpf-lat-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bpf")
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

#[test]
fn bad_objective_and_bad_cost_table_are_bad_input_without_output() {
    let d = tmpdir("bad");
    let hello = examples().join("hello.k2");
    let out = d.join("o.k2");
    let (code, _, err) = run(&[
        "bpf",
        "opt",
        hello.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--objective",
        "speed",
        "--no-cache",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--objective") && err.contains("speed"),
        "{err}"
    );
    let table = d.join("t.json");
    std::fs::write(&table, "{\n  \"measured\": 3,\n").unwrap();
    let (code, _, err) = run(&[
        "bpf",
        "opt",
        hello.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--objective",
        "latency",
        "--cost-table",
        table.to_str().unwrap(),
        "--no-cache",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("{}:line 2:", table.display())),
        "{err}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn calibrated_table_drives_a_latency_run_and_time_measures_ns_per_run() {
    let d = tmpdir("cal");
    let table = d.join("table.json");
    // tiny settings: this checks the mechanism, not the numbers
    let (code, _, err) = run(&[
        "-q",
        "bpf",
        "calibrate",
        "-o",
        table.to_str().unwrap(),
        "--repeat",
        "20",
        "--samples",
        "1",
        "--copies",
        "8",
    ]);
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_slice(&std::fs::read(&table).unwrap()).unwrap();
    assert!(t["opcodes"].as_object().unwrap().len() >= 80, "{t}");
    assert!(t["opcodes"]["0x07"][1].as_f64().unwrap() > 0.0);
    assert_eq!(t["repeat"], 20);

    let hello = examples().join("hello.k2");
    let out = d.join("hello.opt.k2");
    let report = d.join("r.json");
    let (code, _, err) = run(&[
        "bpf",
        "opt",
        hello.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--objective",
        "latency",
        "--cost-table",
        table.to_str().unwrap(),
        "--budget",
        "20000it",
        "--jobs",
        "1",
        "--no-cache",
        "--diff-inputs",
        "500",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("static latency"), "{err}");
    let r: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    assert_eq!(r["objective"], "latency");
    assert!(
        r["cost_after"].as_f64().unwrap() < r["cost_before"].as_f64().unwrap(),
        "{r}"
    );

    let obj = examples().join("xdp_proto.o");
    let (code, stdout, err) = run(&[
        "--json",
        "bpf",
        "time",
        obj.to_str().unwrap(),
        "--repeat",
        "200",
        "--samples",
        "3",
        "--inputs",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(v["samples"].as_array().unwrap().len(), 3);
    assert!(v["ns_per_run"].as_f64().unwrap() > 0.0, "{v}");
    // a tracepoint program cannot be test-run: a "no", not a number
    let (code, _, err) = run(&[
        "bpf",
        "time",
        hello.to_str().unwrap(),
        "--prog-type",
        "tracepoint",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot be test-run"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}
