//! `veriforge pmlog ...`: exit codes, one-line errors naming file and byte offset, no writes on
//! bad input, and the crash checker's final line.

use std::path::PathBuf;
use std::process::{Command, Output};

fn vf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
        .args(args)
        .output()
        .expect("run veriforge")
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("vf-pmlog-cli-{name}-{}", std::process::id()))
}

fn stderr_line(o: &Output) -> String {
    let s = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(
        s.trim_end().lines().count(),
        1,
        "error must be one line: {s:?}"
    );
    s
}

#[test]
fn create_append_read_inspect_round_trip() {
    let p = scratch("rt");
    let _ = std::fs::remove_file(&p);
    let ps = p.to_str().unwrap();
    assert!(vf(&["pmlog", "create", ps, "--capacity", "1000"])
        .status
        .success());
    assert!(vf(&["pmlog", "append", ps, "alpha", "beta"])
        .status
        .success());
    let r = vf(&["pmlog", "read", ps]);
    assert_eq!(String::from_utf8_lossy(&r.stdout).trim(), "alphabeta");
    let i = vf(&["--json", "pmlog", "inspect", ps]);
    assert!(i.status.success());
    let j: serde_json::Value = serde_json::from_slice(&i.stdout).unwrap();
    assert_eq!(
        (
            j["head"].as_u64(),
            j["tail"].as_u64(),
            j["capacity"].as_u64()
        ),
        (Some(0), Some(9), Some(1000))
    );
    assert_eq!(j["header_crc"], "ok");
    // Creating over an existing file is refused and leaves it alone.
    let before = std::fs::read(&p).unwrap();
    let c = vf(&["pmlog", "create", ps]);
    assert_eq!(c.status.code(), Some(2));
    assert_eq!(std::fs::read(&p).unwrap(), before);
    // Read past the tail: exit 2, names the range.
    let r = vf(&["pmlog", "read", ps, "--pos", "5", "--len", "10"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr_line(&r).contains("outside the committed log [0, 9)"));
    std::fs::remove_file(&p).unwrap();
}

#[test]
fn bad_files_exit_2_with_offset_and_stay_untouched() {
    let foreign = scratch("foreign");
    let body = b"just some text that is definitely not a persistent-memory log\n".repeat(20);
    std::fs::write(&foreign, &body).unwrap();
    for cmd in ["inspect", "read", "append"] {
        let mut args = vec!["pmlog", cmd, foreign.to_str().unwrap()];
        if cmd == "append" {
            args.push("x");
        }
        let o = vf(&args);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        let line = stderr_line(&o);
        assert!(
            line.contains(foreign.to_str().unwrap())
                && line.contains("byte 0")
                && line.contains("not a veriforge pmlog"),
            "{line}"
        );
        assert_eq!(
            std::fs::read(&foreign).unwrap(),
            body,
            "{cmd} modified the file"
        );
    }
    // A real log, truncated and bit-flipped.
    let good = scratch("good");
    let _ = std::fs::remove_file(&good);
    assert!(vf(&[
        "pmlog",
        "create",
        good.to_str().unwrap(),
        "--capacity",
        "512"
    ])
    .status
    .success());
    let img = std::fs::read(&good).unwrap();
    std::fs::write(&foreign, &img[..120]).unwrap();
    let o = vf(&["pmlog", "append", foreign.to_str().unwrap(), "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_line(&o).contains("byte 120: truncated"));
    let mut flipped = img.clone();
    flipped[33] ^= 0x10;
    std::fs::write(&foreign, &flipped).unwrap();
    let o = vf(&["pmlog", "append", foreign.to_str().unwrap(), "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_line(&o).contains("byte 60: corrupted log: header checksum mismatch"));
    assert_eq!(std::fs::read(&foreign).unwrap(), flipped);
    std::fs::remove_file(&foreign).unwrap();
    std::fs::remove_file(&good).unwrap();
}

#[test]
fn crashcheck_passes_and_last_line_counts_states() {
    let o = vf(&["-q", "pmlog", "crashcheck", "--sampled", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    let last = out.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("crashcheck passed:") && last.ends_with("crash states checked"),
        "{last}"
    );
    let n: u64 = last
        .split_whitespace()
        .rev()
        .nth(3)
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 1_000_000, "{last}");
}

#[test]
fn bad_flags_exit_2() {
    assert_eq!(
        vf(&["pmlog", "crashcheck", "--no-such-flag"]).status.code(),
        Some(2)
    );
    assert_eq!(
        vf(&["pmlog", "bench", "--size", "0"]).status.code(),
        Some(2)
    );
}

/// Issue 18: a huge `--len` is checked against the log before anything is allocated.
#[test]
fn huge_read_lengths_exit_2_without_allocating() {
    let p = scratch("hugelen");
    let _ = std::fs::remove_file(&p);
    let ps = p.to_str().unwrap();
    assert!(vf(&["pmlog", "create", ps, "--capacity", "100"]).status.success());
    assert!(vf(&["pmlog", "append", ps, "hello"]).status.success());
    for (pos, len) in [("0", "18446744073709551000"), ("0", "9223372036854775807"), ("0", "1000000"), ("18446744073709551615", "5")] {
        let o = vf(&["pmlog", "read", ps, "--pos", pos, "--len", len]);
        assert_eq!(o.status.code(), Some(2), "--pos {pos} --len {len}: {}", String::from_utf8_lossy(&o.stderr));
        let line = stderr_line(&o);
        assert!(line.contains(ps) && !line.contains("internal"), "{line}");
        assert!(o.stdout.is_empty());
    }
    // a length that fits still reads
    let o = vf(&["pmlog", "read", ps, "--pos", "1", "--len", "3"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "ell");
    std::fs::remove_file(&p).unwrap();
}

/// Issue 18: a capacity that cannot be made leaves no file behind (and never removes a file
/// that was there before).
#[test]
fn impossible_capacities_leave_no_file() {
    let p = scratch("hugecap");
    let ps = p.to_str().unwrap();
    // (1 << 50: more than any test machine has free: the blocks are reserved at creation now)
    for cap in ["18446744073709551615", "18446744073709551000", "9223372036854775807", "9223372036854000000", "1125899906842624"] {
        let _ = std::fs::remove_file(&p);
        let o = vf(&["pmlog", "create", ps, "--capacity", cap]);
        assert_eq!(o.status.code(), Some(2), "--capacity {cap}: {}", String::from_utf8_lossy(&o.stderr));
        stderr_line(&o);
        assert!(!p.exists(), "--capacity {cap} left {} behind", p.display());
    }
    std::fs::write(&p, b"precious").unwrap();
    let o = vf(&["pmlog", "create", ps, "--capacity", "18446744073709551615"]);
    assert_eq!(o.status.code(), Some(2));
    let o = vf(&["pmlog", "create", ps, "--capacity", "100"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read(&p).unwrap(), b"precious");
    std::fs::remove_file(&p).unwrap();
}

/// Issue 18: `log full` names the file, the byte offset where the entry would go and the entry.
#[test]
fn log_full_names_byte_offset_and_entry() {
    let p = scratch("full");
    let _ = std::fs::remove_file(&p);
    let ps = p.to_str().unwrap();
    assert!(vf(&["pmlog", "create", ps, "--capacity", "16"]).status.success());
    let before = std::fs::read(&p).unwrap();
    let o = vf(&["pmlog", "append", ps, "0123456789", "0123456789"]);
    assert_eq!(o.status.code(), Some(2));
    let line = stderr_line(&o);
    let data_offset = vf_pmlog::layout::DATA_OFFSET + 10;
    assert!(line.contains(&format!("{ps}: byte {data_offset}: log full")), "{line}");
    assert!(line.contains("entry 2 of 2"), "{line}");
    // header and commit slots untouched: nothing was committed
    let after = std::fs::read(&p).unwrap();
    assert_eq!(after[..vf_pmlog::layout::DATA_OFFSET], before[..vf_pmlog::layout::DATA_OFFSET]);
    let o = vf(&["pmlog", "read", ps]);
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "");
    std::fs::remove_file(&p).unwrap();
}

/// Sizes given to `bench`/`crashcheck` that overflow or cannot be honoured are bad input.
#[test]
fn huge_benchmark_and_checker_sizes_exit_2() {
    let f = scratch("benchsize");
    let fs = f.to_str().unwrap();
    for args in [
        vec!["pmlog", "bench", "--size", "64", "--total-mib", "18446744073709551615", "--file", fs],
        vec!["pmlog", "bench", "--size", "64", "--total-mib", "1", "--log-mib", "18446744073709551615", "--file", fs],
        vec!["pmlog", "crashcheck", "--sampled", "18446744073709551615"],
    ] {
        let o = vf(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        stderr_line(&o);
        assert!(!f.exists());
    }
}

#[test]
fn multilog_create_append_read_inspect() {
    let p = scratch("multi");
    let _ = std::fs::remove_file(&p);
    let ps = p.to_str().unwrap();
    assert!(
        vf(&["pmlog", "create", ps, "--logs", "3", "--capacity", "64"])
            .status
            .success()
    );
    // One commit across logs 0 and 2.
    let a = vf(&[
        "--json", "pmlog", "append", ps, "--log", "0,2,2", "alpha", "beta", "gamma",
    ]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let j: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(j["seq"], 1);
    assert!(vf(&["pmlog", "append", ps, "--log", "1", "x", "y"])
        .status
        .success());
    let read = |log: &str| {
        let r = vf(&["pmlog", "read", ps, "--log", log]);
        assert!(r.status.success());
        String::from_utf8_lossy(&r.stdout).trim().to_string()
    };
    assert_eq!(
        (read("0"), read("1"), read("2")),
        ("alpha".into(), "xy".into(), "betagamma".into())
    );
    let i = vf(&["--json", "pmlog", "inspect", ps]);
    let j: serde_json::Value = serde_json::from_slice(&i.stdout).unwrap();
    assert_eq!(j["kind"], "multilog");
    assert_eq!(j["seq"], 2);
    let tails: Vec<u64> = (0..3)
        .map(|k| j["logs"][k]["tail"].as_u64().unwrap())
        .collect();
    assert_eq!(tails, vec![5, 2, 9]);
    // Bad log index, mismatched --log list, a full log: exit 2, one line, file unchanged.
    let before = std::fs::read(&p).unwrap();
    for args in [
        vec!["pmlog", "read", ps, "--log", "3"],
        vec!["pmlog", "append", ps, "--log", "7", "z"],
        vec!["pmlog", "append", ps, "--log", "0,1", "z"],
        vec!["pmlog", "append", ps, "--log", "0,1", "ok", &"z".repeat(63)],
    ] {
        let o = vf(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        stderr_line(&o);
    }
    let full = vf(&["pmlog", "append", ps, "--log", "0,1", "ok", &"z".repeat(63)]);
    assert!(stderr_line(&full).contains("log 1: log full"));
    assert_eq!(
        std::fs::read(&p).unwrap(),
        before,
        "a failed append wrote the file"
    );
    // A flipped bit in the active metadata copy is reported with its offset.
    let mut bad = before.clone();
    let active_copy = j["copies"][0]["offset"].as_u64().unwrap() as usize;
    let idx = if j["selector"]["active_copy"] == 0 {
        active_copy
    } else {
        j["copies"][1]["offset"].as_u64().unwrap() as usize
    };
    bad[idx + 8] ^= 4;
    std::fs::write(&p, &bad).unwrap();
    let o = vf(&["pmlog", "read", ps, "--log", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_line(&o).contains(&format!("byte {idx}: corrupted log")));
    std::fs::remove_file(&p).unwrap();
    // --log on a single log file: only log 0 exists.
    let s = scratch("single-log-flag");
    let _ = std::fs::remove_file(&s);
    let ss = s.to_str().unwrap();
    assert!(vf(&["pmlog", "create", ss, "--capacity", "64"])
        .status
        .success());
    assert_eq!(
        vf(&["pmlog", "append", ss, "--log", "1", "q"])
            .status
            .code(),
        Some(2)
    );
    assert!(vf(&["pmlog", "append", ss, "--log", "0", "q"])
        .status
        .success());
    std::fs::remove_file(&s).unwrap();
    // Impossible --logs: exit 2, no file.
    let n = scratch("multi-bad");
    for logs in ["0", "65"] {
        let o = vf(&["pmlog", "create", n.to_str().unwrap(), "--logs", logs]);
        assert_eq!(o.status.code(), Some(2));
        assert!(!n.exists());
    }
}
