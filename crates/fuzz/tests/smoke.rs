//! The bounded smoke fuzz run of `make test`: every target on its seed corpus plus
//! `ITERS` deterministic mutants (fixed seed), each target in its own `vf-fuzz` process so that
//! a stack overflow or an abort is reported as that target's failure. Fails on any crash, signal
//! death or input slower than 10 s. Inputs that failed are saved under target/fuzz-smoke/.

use std::process::Command;
use std::time::{Duration, Instant};

/// Mutants per target (about 25k executions in all; a few seconds of CPU in release).
const ITERS: u64 = 2000;
/// Fixed seed: the run is the same on every machine.
const SEED: u64 = 18;

#[test]
fn smoke_every_target() {
    let exe = env!("CARGO_BIN_EXE_vf-fuzz");
    let save = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-smoke");
    let _ = std::fs::remove_dir_all(&save);
    let names: Vec<String> = vf_fuzz::all().iter().map(|t| t.name.to_string()).collect();
    assert!(names.len() >= 12, "a target per reader");
    let mut failures = Vec::new();
    let start = Instant::now();
    for name in &names {
        let t = Instant::now();
        let mut child = Command::new(exe)
            .args(["smoke", name, "--iters", &ITERS.to_string(), "--seed", &SEED.to_string(), "--save"])
            .arg(&save)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run vf-fuzz");
        // watchdog: a target that runs away is killed and reported
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break Some(s);
            }
            if t.elapsed() > Duration::from_secs(120) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().expect("output");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        println!("{} ({:.1} s)", stdout.lines().next().unwrap_or(name), t.elapsed().as_secs_f64());
        match status {
            None => failures.push(format!("{name}: killed after 120 s")),
            Some(s) if s.success() => {}
            Some(s) => {
                let current = save.join(format!("{name}.current"));
                let how = match s.code() {
                    Some(1) => "crashes or hangs".to_string(),
                    other => format!("died ({other:?}, signal or abort); the input is in {}", current.display()),
                };
                let detail: String = stdout.lines().chain(stderr.lines().take(3)).collect::<Vec<_>>().join("\n    ").chars().take(1500).collect();
                failures.push(format!("{name}: {how}\n    {detail}"));
            }
        }
    }
    println!("smoke fuzz: {} targets x {} mutants in {:.1} s", names.len(), ITERS, start.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "smoke fuzz failures ({}):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn runner_exit_codes_for_usage_errors_and_replays() {
    // replaying an input through `run` on an unknown target is a usage error (exit 2), and a
    // missing file too: the binary's exit codes are what smoke_every_target relies on
    let exe = env!("CARGO_BIN_EXE_vf-fuzz");
    let o = Command::new(exe).args(["smoke", "no_such_target"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let o = Command::new(exe).args(["run", "tla", "/nonexistent/input"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let dir = std::env::temp_dir().join(format!("vf-fuzz-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("ok.tla");
    std::fs::write(&f, "---- MODULE m ----\nx == 1\n====\n").unwrap();
    let o = Command::new(exe).args(["run", "tla"]).arg(&f).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}
