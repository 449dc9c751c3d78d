//! SIGKILL test: a writer child appends and commits in a loop, printing the last committed seq
//! after every commit; the parent kills it at random moments (1,000 times), then reopens the log
//! and checks that everything reported committed is present and intact and that nothing beyond
//! the in-flight batch (<= 3 records) appears.

use rand::{Rng, SeedableRng};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;
use vf_pmlog::stress;

const KILLS: usize = 1000;
const MAX_BATCH: u64 = 3;

fn scratch(name: &str) -> PathBuf {
    let dir = if std::path::Path::new("/dev/shm").is_dir() {
        PathBuf::from("/dev/shm")
    } else {
        std::env::temp_dir()
    };
    dir.join(format!("vf-pmlog-{name}-{}", std::process::id()))
}

#[test]
fn thousand_sigkills_never_lose_or_invent_committed_records() {
    let path = scratch("sigkill");
    let _ = std::fs::remove_file(&path);
    // 16 KiB of data: the writer wraps and advances the head many times.
    stress::create_log(&path, 16 * 1024).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x51C0);
    let mut known = 0u64; // last seq known committed (reported by a writer or recovered)
    let mut progressed = 0; // kills after which the log had grown
    for kill in 0..KILLS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vf-pmlog-stress"))
            .arg(&path)
            .env("PMEM_IS_PMEM_FORCE", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn writer");
        std::thread::sleep(Duration::from_micros(rng.gen_range(0..4000)));
        child.kill().expect("SIGKILL");
        let status = child.wait().unwrap();
        let mut out = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(
            err.is_empty(),
            "kill {kill}: writer failed on its own: {err}"
        );
        assert!(
            status.code().is_none(),
            "kill {kill}: writer exited instead of being killed"
        );
        // Only complete lines count as reports (a line cut by the kill is ignored).
        let complete = out.rsplit_once('\n').map(|(done, _)| done).unwrap_or("");
        let reported = complete
            .lines()
            .filter_map(|l| l.parse::<u64>().ok())
            .max()
            .unwrap_or(0);
        let at_least = known.max(reported);
        let last = stress::verify(&path, at_least, at_least + MAX_BATCH)
            .unwrap_or_else(|e| panic!("kill {kill}: {e}"));
        if last > known {
            progressed += 1;
        }
        known = last;
    }
    std::fs::remove_file(&path).unwrap();
    assert!(
        progressed > KILLS / 10,
        "writer made progress in only {progressed} of {KILLS} runs"
    );
    eprintln!("{KILLS} SIGKILLs, {known} records committed, progress in {progressed} runs");
}

#[test]
fn writer_and_verifier_agree_without_kills() {
    let path = scratch("nokill");
    let _ = std::fs::remove_file(&path);
    stress::create_log(&path, 4096).unwrap();
    let mut out = Vec::new();
    stress::writer_loop(&path, &mut out, Some(500)).unwrap();
    let last: u64 = String::from_utf8(out)
        .unwrap()
        .lines()
        .last()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(stress::verify(&path, last, last).unwrap(), last);
    // The verifier notices when committed records are missing.
    assert!(stress::verify(&path, last + 1, last + 4)
        .unwrap_err()
        .contains("lost committed"));
    std::fs::remove_file(&path).unwrap();
}
