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
const MULTI_KILLS: usize = 500;
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
    kill_loop(&path, false, KILLS, 0x51C0);
}

#[test]
fn multilog_sigkills_leave_a_prefix_of_commits_on_every_log() {
    let path = scratch("sigkill-multi");
    let _ = std::fs::remove_file(&path);
    // Three logs of 4 KiB: every log wraps and advances its head many times; most commits
    // touch two or three logs.
    stress::create_multi_log(&path, 3, 4096).unwrap();
    kill_loop(&path, true, MULTI_KILLS, 0x3A17);
}

/// Starts the writer (`--multi` for a multilog), kills it after a random 0-4 ms, verifies, `kills`
/// times.
fn kill_loop(path: &std::path::Path, multi: bool, kills: usize, seed: u64) {
    let path = path.to_path_buf();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut known = 0u64; // last seq known committed (reported by a writer or recovered)
    let mut progressed = 0; // kills after which the log had grown
    for kill in 0..kills {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_vf-pmlog-stress"));
        if multi {
            cmd.arg("--multi");
        }
        let mut child = cmd
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
        let verified = if multi {
            stress::verify_multi(&path, at_least, at_least + MAX_BATCH)
        } else {
            stress::verify(&path, at_least, at_least + MAX_BATCH)
        };
        let last = verified.unwrap_or_else(|e| panic!("kill {kill}: {e}"));
        if last > known {
            progressed += 1;
        }
        known = last;
    }
    std::fs::remove_file(&path).unwrap();
    assert!(
        progressed > kills / 10,
        "writer made progress in only {progressed} of {kills} runs"
    );
    eprintln!(
        "{kills} SIGKILLs (multilog: {multi}), {known} records committed, progress in {progressed} runs"
    );
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

#[test]
fn multilog_writer_and_verifier_agree_without_kills_and_see_torn_commits() {
    let path = scratch("multi-nokill");
    let _ = std::fs::remove_file(&path);
    stress::create_multi_log(&path, 3, 2048).unwrap();
    let mut out = Vec::new();
    stress::multi_writer_loop(&path, &mut out, Some(400)).unwrap();
    let last: u64 = String::from_utf8(out)
        .unwrap()
        .lines()
        .last()
        .unwrap()
        .parse()
        .unwrap();
    assert!(last > 400);
    assert_eq!(stress::verify_multi(&path, last, last).unwrap(), last);
    assert!(stress::verify_multi(&path, last + 1, last + 4)
        .unwrap_err()
        .contains("lost committed"));
    std::fs::remove_file(&path).unwrap();

    // A commit whose records reach only one of its two logs is reported as torn.
    let _ = std::fs::remove_file(&path);
    stress::create_multi_log(&path, 2, 2048).unwrap();
    let s = (2..100u64)
        .find(|&s| stress::log_of(s, 2) != stress::log_of(s + 1, 2))
        .unwrap();
    {
        let region = vf_pmlog::MmapRegion::open(&path, vf_pmlog::Persistence::Msync).unwrap();
        let mut m = vf_pmlog::MultiLog::open(region).unwrap();
        for k in 2..s {
            m.tentatively_append(stress::log_of(k, 2), &stress::encode_multi_record(k, k))
                .unwrap();
        }
        m.tentatively_append(stress::log_of(s, 2), &stress::encode_multi_record(s, s + 1))
            .unwrap();
        m.commit().unwrap();
    }
    assert!(stress::verify_multi(&path, 0, s + 1)
        .unwrap_err()
        .contains("torn"));
    std::fs::remove_file(&path).unwrap();
}
