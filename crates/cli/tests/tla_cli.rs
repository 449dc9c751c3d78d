//! `veriforge tla check`: exit codes, TLC's spellings, JSON, one-line bad input.

use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../check/tests/fixtures").join(name)
}

#[test]
fn clean_model_exits_0_with_tlc_summary() {
    let out = bin().args(["tla", "check"]).arg(fixture("Counter.tla")).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Model checking completed. No error has been found."));
    assert!(stdout.contains("318 states generated, 82 distinct states found, 0 states left on queue."));
    assert!(stdout.contains("The depth of the complete state graph search is 9."));
}

#[test]
fn violation_exits_1_and_tlc_spellings_work() {
    let cfg = fixture("InvViolation.cfg");
    // One worker: TLC's deterministic order gives TLC's trace.
    let out = bin().args(["tla", "check"]).arg(fixture("InvViolation.tla")).arg("-config").arg(&cfg).args(["-workers", "1"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Error: Invariant Safe is violated."));
    assert!(stdout.contains("State 4: <IncB line 6, col 9 to line 6, col 37 of module InvViolation>"), "{stdout}");
    // Two workers: which of the equally short traces is reported depends on the interleaving
    // (as in TLC), but it is a shortest one.
    let out = bin().args(["tla", "check"]).arg(fixture("InvViolation.tla")).arg("-config").arg(&cfg).args(["-workers", "2"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Error: Invariant Safe is violated."));
    assert!(stdout.contains("State 4: <Inc") && !stdout.contains("State 5:"), "{stdout}");
    // TLC's -deadlock disables the deadlock check
    let out = bin().args(["tla", "check"]).arg(fixture("Deadlock.tla")).arg("-deadlock").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn json_result() {
    let out = bin().args(["--json", "tla", "check"]).arg(fixture("Deadlock.tla")).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "deadlock");
    assert_eq!(v["distinct_states"], 4);
    assert_eq!(v["violation"]["trace"].as_array().unwrap().len(), 3);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = std::env::temp_dir().join(format!("vf-tla-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("B.tla"), "---- MODULE B ----\nVARIABLE x\nInit == x = 0\nNext == x' = Foo(x)\n====\n").unwrap();
    std::fs::write(dir.join("B.cfg"), "INIT Init\nNEXT Next\nWHATEVER x\n").unwrap();
    let out = bin().args(["tla", "check"]).arg(dir.join("B.tla")).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("B.cfg:3:1: unknown configuration keyword `WHATEVER`"), "{stderr}");
    // an unknown operator is found at load (like TLC's semantic check): bad input, exit 2,
    // one line, nothing explored or printed on stdout
    std::fs::write(dir.join("B.cfg"), "INIT Init\nNEXT Next\n").unwrap();
    let out = bin().args(["tla", "check"]).arg(dir.join("B.tla")).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("B.tla:4:14: unknown operator or undefined identifier `Foo`"), "{stderr}");
    assert!(stdout.trim().is_empty(), "{stdout}");
}

#[test]
fn liveness_violation_exits_1_with_a_lasso_and_fairness_makes_it_pass() {
    let spec = fixture("live/Clock.tla");
    let out = bin().args(["tla", "check"]).arg(&spec).arg("--config").arg(fixture("live/Clock_Fair_Stays.cfg")).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Error: Temporal property Stays was violated."), "{stdout}");
    assert!(stdout.contains("Back to state 1: <Tick line 6, col 9 to line 6, col 24 of module Clock>"), "{stdout}");
    assert!(!stdout.contains("No error has been found"));
    let out = bin().args(["--json", "tla", "check"]).arg(&spec).arg("--config").arg(fixture("live/Clock_Unfair_Reach2.cfg")).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(v["verdict"], "liveness_violated");
    assert_eq!(v["violation"]["kind"], "temporal");
    let out = bin().args(["tla", "check"]).arg(&spec).arg("--config").arg(fixture("live/Clock_Fair_All.cfg")).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Model checking completed. No error has been found."));
}

#[test]
fn dump_dot_simulate_and_mem_flags_in_both_spellings() {
    let dir = std::env::temp_dir().join(format!("vf-tla-cli-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // TLC's `-dump dot FILE` and our `--dump-dot FILE` write the same graph (fingerprints are ours)
    let (a, b) = (dir.join("a.dot"), dir.join("b.dot"));
    let out = bin().args(["tla", "check"]).arg(fixture("Counter.tla")).args(["-dump", "dot"]).arg(&a).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = bin().args(["tla", "check"]).arg(fixture("Counter.tla")).arg("--dump-dot").arg(&b).args(["--mem", "64M"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let (ta, tb) = (std::fs::read_to_string(&a).unwrap(), std::fs::read_to_string(&b).unwrap());
    assert_eq!(ta, tb);
    assert_eq!(ta.lines().filter(|l| l.contains(" -> ")).count(), 314, "TLC's 314 edges");
    // simulation: seeded, never "No error has been found", exit 1 (not verified)
    let sim = |args: &[&str]| bin().args(["tla", "check"]).arg(fixture("Counter.tla")).args(args).output().unwrap();
    let one = sim(&["--simulate", "--traces", "30", "--seed", "11", "--depth", "15"]);
    let two = sim(&["-simulate", "num=30", "-seed", "11", "-depth", "15"]);
    assert_eq!(one.status.code(), Some(1));
    let (s1, s2) = (String::from_utf8_lossy(&one.stdout), String::from_utf8_lossy(&two.stdout));
    assert_eq!(s1, s2, "same seed, same result, either spelling");
    assert!(s1.contains("Simulation using seed 11: 30 behaviours") && s1.contains("Not verified") && !s1.contains("No error has been found"), "{s1}");
    let bad = sim(&["--simulate", "--traces", "3", "--seed", "1"]);
    assert_eq!(bad.status.code(), Some(1));
    let inv = bin().args(["tla", "check"]).arg(fixture("InvViolation.tla")).args(["--simulate", "--traces", "100", "--seed", "2"]).output().unwrap();
    assert_eq!(inv.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&inv.stdout).contains("Error: Invariant Safe is violated."));
    // a bad memory size is bad input
    let out = bin().args(["tla", "check"]).arg(fixture("Counter.tla")).args(["--mem", "lots"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tiny_mem_spills_the_queue_next_to_the_spec_and_cleans_up() {
    let dir = std::env::temp_dir().join(format!("vf-tla-cli-spill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["Counter.tla", "Counter.cfg"] {
        std::fs::copy(fixture(f), dir.join(f)).unwrap();
    }
    let out = bin().env_remove("TMPDIR").args(["--json", "tla", "check"]).arg(dir.join("Counter.tla")).args(["--mem", "1K", "--workers", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((j["states_generated"].as_u64(), j["distinct_states"].as_u64(), j["depth"].as_u64()), (Some(318), Some(82), Some(9)));
    assert_eq!(j["verdict"], "ok");
    assert!(j["memory"]["spilled_states"].as_u64().unwrap() > 0, "{}", j["memory"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("outgrew its quarter of --mem"), "the fingerprint set could not stay in 256 bytes: said so");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "no queue files left: {left:?}");
    // with TMPDIR set, the chunks go there (and are removed too)
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let out = bin().env("TMPDIR", &tmp).args(["--json", "tla", "check"]).arg(dir.join("Counter.tla")).args(["--mem", "1K"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(j["memory"]["spilled_states"].as_u64().unwrap() > 0);
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3, "nothing written next to the spec");
    std::fs::remove_dir_all(&dir).unwrap();
}
