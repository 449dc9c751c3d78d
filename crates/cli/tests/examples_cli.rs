//! The bundled examples that `make run` shows for the model checker and the verifier keep their
//! answers: the MPCal counter, translated by `mpcal pcalgen`, checks to TLC's figures (TLC 2026.11,
//! `-workers 1`: 84 generated, 48 distinct, depth 13), and the Verus example verifies while its
//! variant without the lemma call gives exactly one overflow error at the addition.

use std::path::{Path, PathBuf};
use std::process::Command;

fn veriforge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(p)
}

#[test]
fn mpcal_counter_translates_and_checks_to_tlc_figures() {
    let dir = std::env::temp_dir().join(format!("vf-examples-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["counter.tla", "counter.cfg"] {
        std::fs::copy(repo(&format!("examples/mpcal/{f}")), dir.join(f)).unwrap();
    }
    let spec = dir.join("counter.tla");
    let out = veriforge().args(["mpcal", "pcalgen"]).arg(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = veriforge().args(["--json", "tla", "check"]).arg(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = json.to_string();
    for (key, want) in [("states_generated", 84), ("distinct_states", 48), ("depth", 13)] {
        assert_eq!(json[key].as_u64(), Some(want), "{key} in {text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verus_example_verifies_and_its_broken_variant_fails_once() {
    let out = veriforge().arg("verify").arg(repo("examples/verify/sum.rs")).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "verification results:: 3 verified, 0 errors");
    let out = veriforge().arg("verify").arg(repo("examples/verify/sum_overflow.rs")).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let so = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = so.lines().collect();
    assert_eq!(lines.len(), 2, "{so}");
    assert!(lines[0].ends_with("sum_overflow.rs:33:13: error: possible arithmetic underflow/overflow"), "{so}");
    assert_eq!(lines[1], "verification results:: 2 verified, 1 errors");
}
