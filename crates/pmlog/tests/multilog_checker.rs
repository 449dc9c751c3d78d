//! The multilog crash checker on the real protocol (exhaustive, 2-3 logs) and on every
//! deliberately broken variant (each must be caught, and by the check that should catch it).

use vf_pmlog::checker::Mode;
use vf_pmlog::mchecker::{self, MConfig, MOp};
use vf_pmlog::MultiProtocol;

struct Totals {
    states: u64,
    second: u64,
    flips: u64,
    failures: u64,
    first: Option<String>,
}

fn run_all(configs: &[MConfig]) -> Totals {
    let mut t = Totals {
        states: 0,
        second: 0,
        flips: 0,
        failures: 0,
        first: None,
    };
    for c in configs {
        let r = mchecker::run(c);
        t.states += r.crash_states;
        t.second += r.second_crash_states;
        t.flips += r.bit_flips;
        t.failures += r.failures;
        if t.first.is_none() {
            t.first = r.first_failure.clone();
        }
    }
    t
}

#[test]
fn correct_multilog_passes_every_small_config_exhaustively() {
    let configs = mchecker::small_exhaustive_configs(MultiProtocol::Correct);
    assert!(configs.iter().any(|c| c.capacities.len() == 3));
    let t = run_all(&configs);
    assert_eq!(t.failures, 0, "first failure: {:?}", t.first);
    assert!(
        t.states > 100_000,
        "suspiciously few crash states: {}",
        t.states
    );
    assert!(
        t.second > 10_000,
        "too few second-crash states: {}",
        t.second
    );
    assert!(t.flips > 1_000);
    eprintln!(
        "{} configs, {} crash states, {} second-crash states, {} bit flips: all recovered correctly",
        configs.len(),
        t.states,
        t.second,
        t.flips
    );
}

#[test]
fn correct_multilog_passes_random_configs() {
    let mut configs = mchecker::random_exhaustive_configs(MultiProtocol::Correct, 8);
    configs.extend(mchecker::sampled_configs(MultiProtocol::Correct, 2, 8));
    let t = run_all(&configs);
    assert_eq!(t.failures, 0, "first failure: {:?}", t.first);
    assert!(t.states > 10_000);
}

fn caught(protocol: MultiProtocol) -> (u64, String) {
    let t = run_all(&mchecker::small_exhaustive_configs(protocol));
    (t.failures, t.first.unwrap_or_default())
}

#[test]
fn catches_selector_written_before_metadata() {
    let (f, first) = caught(MultiProtocol::SelectorBeforeMetadata);
    assert!(f > 0);
    assert!(first.contains("crash point"), "{first}");
}

#[test]
fn catches_missing_fence_between_metadata_and_selector() {
    let (f, first) = caught(MultiProtocol::NoMetadataFence);
    assert!(f > 0);
    assert!(first.contains("crash point"), "{first}");
}

#[test]
fn catches_missing_selector_fence() {
    let (f, first) = caught(MultiProtocol::NoSelectorFence);
    assert!(f > 0);
    // Only after the operation returned is the old state wrong.
    assert!(first.contains("recovered"), "{first}");
}

#[test]
fn catches_metadata_updated_in_place() {
    let (f, first) = caught(MultiProtocol::InPlaceMetadata);
    assert!(f > 0);
    assert!(first.contains("crash point"), "{first}");
}

#[test]
fn catches_data_without_write_back() {
    let (f, first) = caught(MultiProtocol::UnflushedData);
    assert!(f > 0);
    assert!(first.contains("recovered"), "{first}");
}

#[test]
fn catches_missing_crc_checks_by_bit_flips() {
    // Crashes never tear the selector (one aligned 8-byte store) or the copy it names (fenced
    // before the selector), so only media corruption needs the CRCs: the bit-flip check.
    let (f, first) = caught(MultiProtocol::NoCrcCheck);
    assert!(f > 0);
    assert!(first.contains("flipped"), "{first}");
}

#[test]
fn a_torn_commit_across_logs_is_a_failure_the_checker_reports() {
    // The checker compares all logs at once: with the selector switched first, a crash leaves a
    // state that matches neither the old nor the new commit on every log.
    let cfg = MConfig {
        name: "two-logs-one-commit".into(),
        capacities: vec![16, 16],
        ops: vec![
            MOp::Append(0, vec![1; 8]),
            MOp::Append(1, vec![2; 8]),
            MOp::Commit,
        ],
        protocol: MultiProtocol::SelectorBeforeMetadata,
        unit: 8,
        mode: Mode::Exhaustive {
            max_per_point: 1 << 20,
        },
    };
    let r = mchecker::run(&cfg);
    assert!(r.failures > 0);
    let mut ok = cfg.clone();
    ok.protocol = MultiProtocol::Correct;
    let r = mchecker::run(&ok);
    assert!(r.passed(), "{:?}", r.first_failure);
    assert!(r.crash_states > 100);
}

#[test]
fn exhaustive_limit_is_reported_not_sampled() {
    let cfg = MConfig {
        name: "too-big".into(),
        capacities: vec![4096, 64],
        ops: vec![MOp::Append(0, vec![7; 4000]), MOp::Commit],
        protocol: MultiProtocol::Correct,
        unit: 8,
        mode: Mode::Exhaustive {
            max_per_point: 1000,
        },
    };
    let r = mchecker::run(&cfg);
    assert!(r.failures > 0 && r.first_failure.unwrap().contains("exhaustive limit"));
}
