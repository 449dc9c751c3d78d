//! vf-fuzz: fuzz targets for every parser and file reader of Veriforge, the deterministic
//! mutator, and the bounded smoke run that `make test` includes.
//!
//! The same target functions run under three drivers (docs/robustness.md):
//! - `cargo test -p vf-fuzz`: the smoke run, seeds + a fixed number of deterministic mutants per
//!   target, each target in its own process (a stack overflow or abort is reported, not fatal);
//! - `vf-fuzz fuzz TARGET --seconds N`: the same mutator for a fixed time (no extra tool);
//! - `make fuzz`: coverage-guided AFL++ (cargo-afl, stable Rust) on the harness in `fuzz/`.

pub mod mutate;
pub mod targets;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};
pub use targets::{all, find, Target};

/// An input that made a target panic (with the panic message) or run too long.
#[derive(Clone, Debug)]
pub struct Finding {
    pub input: Vec<u8>,
    pub what: String,
}

/// The result of a bounded run of one target.
#[derive(Debug, Default)]
pub struct Report {
    pub execs: u64,
    pub seeds: usize,
    pub crashes: Vec<Finding>,
    pub hangs: Vec<Finding>,
    /// Longest CPU time of one input, and that input (for triage: `--save` writes it).
    pub slowest: Duration,
    pub slowest_input: Vec<u8>,
}

/// CPU time of this process (all threads): the hang criterion. Wall time is not, because on a
/// shared machine it measures the other jobs too (a 2-s input took 65 s of wall under load).
pub fn process_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_PROCESS_CPUTIME_ID is always supported on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// An input that blocks instead of computing still counts as a hang after this much wall time.
pub const WALL_HANG_FACTOR: u32 = 6;

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f` on `input`; `Err(message)` if it panicked.
pub fn run_one(f: fn(&[u8]), input: &[u8]) -> Result<(), String> {
    LAST_PANIC.with(|p| p.borrow_mut().clear());
    panic::catch_unwind(AssertUnwindSafe(|| f(input))).map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()))
}

/// Installs a panic hook that records the message (with location) instead of printing it.
pub fn quiet_panics() {
    panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        let loc = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = format!("{msg}{loc}"));
    }));
}

/// Why findings of this build would not replay in a normal one, if they would not. cargo-afl
/// compiles every crate with `--cfg fuzzing` unless `AFL_NO_CFG_FUZZING` is set, and under that
/// cfg proc-macro2 (the Verus front end's tokenizer) reports every source position as line 0:
/// each located Verus error then failed the target's position check, "crashes" that never
/// replayed with `vf-fuzz run` (round 3: 32, round 4: 81 of them). The probe is a Verus syntax
/// error on line 3, which must be reported there.
pub fn build_problem() -> Option<String> {
    let src = "use vstd::prelude::*;\nverus! {\nfn f( }\n";
    let line = match vf_verify::generate_queries(src, None) {
        Ok(_) => return Some("the position probe (a syntax error) was accepted".into()),
        Err(f) => f.render("probe.rs"),
    };
    if line.starts_with("probe.rs:3:") {
        None
    } else {
        Some(format!(
            "source positions are wrong in this build (`{line}`, expected line 3): built with `--cfg fuzzing`? \
             build the AFL++ harness with AFL_NO_CFG_FUZZING=1 (scripts/fuzz.sh does)"
        ))
    }
}

/// Where a run stops: after a number of mutants or at a deadline.
#[derive(Clone, Copy, Debug)]
pub enum Stop {
    Iterations(u64),
    Time(Duration),
}

/// Runs `f` on every seed, then on deterministic mutants of them (seeded by `seed`) until
/// `stop`. `before` sees each input first (the binary saves it, so that a signal death can be
/// reproduced). An input using more than `hang` of CPU time (or `WALL_HANG_FACTOR` times
/// that in wall time) is a hang.
pub fn run_target(f: fn(&[u8]), seeds: &[Vec<u8>], dict: &[&str], seed: u64, stop: Stop, hang: Duration, mut before: impl FnMut(&[u8])) -> Report {
    let empty = vec![Vec::new()];
    let seeds = if seeds.is_empty() { &empty } else { seeds };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = Report { seeds: seeds.len(), ..Report::default() };
    let start = Instant::now();
    let mut i = 0u64;
    loop {
        let input = if (i as usize) < seeds.len() {
            seeds[i as usize].clone()
        } else {
            let done = match stop {
                Stop::Iterations(n) => i - seeds.len() as u64 >= n,
                Stop::Time(d) => start.elapsed() >= d,
            };
            if done {
                break;
            }
            let a = rng.gen_range(0..seeds.len());
            let b = rng.gen_range(0..seeds.len());
            mutate::mutant(&mut rng, &seeds[a], &seeds[b], dict)
        };
        i += 1;
        before(&input);
        let (wall, cpu) = (Instant::now(), process_cpu_time());
        let r = run_one(f, &input);
        let (wall, took) = (wall.elapsed(), process_cpu_time().saturating_sub(cpu));
        report.execs += 1;
        if took > report.slowest {
            report.slowest = took;
            report.slowest_input = input.clone();
        }
        if let Err(msg) = r {
            report.crashes.push(Finding { input: input.clone(), what: msg });
        }
        if took > hang || wall > hang * WALL_HANG_FACTOR {
            report.hangs.push(Finding { input, what: format!("took {:.1} s CPU, {:.1} s wall", took.as_secs_f64(), wall.as_secs_f64()) });
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panics_on_nul(d: &[u8]) {
        assert!(!d.contains(&0), "NUL byte");
    }

    fn never(_: &[u8]) {}

    #[test]
    fn this_build_reports_real_positions() {
        assert_eq!(build_problem(), None);
    }

    /// The panic hook is global: the tests that install and remove it run one at a time
    /// (without this, one test's `take_hook` could restore the default hook in the middle of the
    /// other, whose panics then went unrecorded: an intermittent failure).
    static HOOK: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn a_panicking_target_is_reported_with_its_input() {
        let _g = HOOK.lock().unwrap_or_else(|e| e.into_inner());
        quiet_panics();
        let seeds = vec![b"abc\ndef\n".to_vec()];
        let r = run_target(panics_on_nul, &seeds, &[], 1, Stop::Iterations(500), Duration::from_secs(10), |_| {});
        assert_eq!(r.execs, 501);
        assert!(!r.crashes.is_empty(), "500 mutants never inserted a NUL byte");
        for c in &r.crashes {
            assert!(c.input.contains(&0));
            assert!(c.what.contains("NUL byte"), "{}", c.what);
        }
        let _ = panic::take_hook();
        let clean = run_target(never, &seeds, &[], 1, Stop::Iterations(500), Duration::from_secs(10), |_| {});
        assert!(clean.crashes.is_empty() && clean.hangs.is_empty());
    }

    #[test]
    fn every_target_has_seeds_and_accepts_its_seeds_without_panic() {
        let _g = HOOK.lock().unwrap_or_else(|e| e.into_inner());
        quiet_panics();
        let mut bad = Vec::new();
        for t in all() {
            let seeds = (t.seeds)();
            if seeds.is_empty() {
                bad.push(format!("{}: no seed corpus", t.name));
            }
            for s in &seeds {
                if let Err(m) = run_one(t.run, s) {
                    bad.push(format!("{} panics on a seed: {m}", t.name));
                }
            }
        }
        let _ = panic::take_hook(); // the default hook again, so the failure below is printed
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
