//! The crash checker on the real protocol (exhaustive, small configurations) and on every
//! deliberately broken variant (each must be caught).

use vf_pmlog::checker::{self, Config, Mode, Op};
use vf_pmlog::{Protocol, SumKind, Tuning};

fn run_all(configs: &[Config]) -> (u64, u64, Option<String>) {
    let (states, _, failures, first) = run_all_counting(configs);
    (states, failures, first)
}

fn run_all_counting(configs: &[Config]) -> (u64, u64, u64, Option<String>) {
    let mut states = 0;
    let mut second = 0;
    let mut failures = 0;
    let mut first = None;
    for c in configs {
        let r = checker::run(c);
        states += r.crash_states;
        second += r.second_crash_states;
        failures += r.failures;
        if first.is_none() {
            first = r.first_failure.clone();
        }
    }
    (states, second, failures, first)
}

#[test]
fn correct_protocol_passes_every_small_config_exhaustively() {
    let mut configs = checker::small_exhaustive_configs(Protocol::Correct);
    configs.extend(checker::large_exhaustive_configs(Protocol::Correct));
    let (states, failures, first) = run_all(&configs);
    assert_eq!(failures, 0, "first failure: {first:?}");
    assert!(
        states > 1_000_000,
        "suspiciously few crash states: {states}"
    );
    eprintln!(
        "{} configs, {states} crash states, all recovered correctly",
        configs.len()
    );
}

#[test]
fn correct_protocol_passes_sampled_random_configs() {
    let configs = checker::sampled_configs(Protocol::Correct, 6, 16);
    let (states, failures, first) = run_all(&configs);
    assert_eq!(failures, 0, "first failure: {first:?}");
    assert!(states > 1_000);
}

fn caught(protocol: Protocol, tuning: Tuning) -> (u64, Option<String>) {
    let mut configs = checker::small_exhaustive_configs(protocol);
    for c in &mut configs {
        c.tuning = tuning;
    }
    let (_, failures, first) = run_all(&configs);
    (failures, first)
}

#[test]
fn catches_missing_commit_fence() {
    let (f, _) = caught(
        Protocol::NoCommitFence,
        Tuning {
            one_fence_max: u64::MAX,
            ..Default::default()
        },
    );
    assert!(f > 0);
    let (f, _) = caught(
        Protocol::NoCommitFence,
        Tuning {
            one_fence_max: 0,
            ..Default::default()
        },
    );
    assert!(f > 0);
}

#[test]
fn catches_missing_data_fence() {
    let (f, first) = caught(
        Protocol::NoDataFence,
        Tuning {
            one_fence_max: 0,
            ..Default::default()
        },
    );
    assert!(f > 0);
    assert!(
        first.unwrap().contains("recovered"),
        "should be a wrong state, not a setup error"
    );
}

#[test]
fn catches_metadata_before_data() {
    let (f, first) = caught(Protocol::MetadataBeforeData, Tuning::default());
    assert!(f > 0);
    assert!(first.unwrap().contains("recovered"));
}

#[test]
fn catches_missing_data_crc_check() {
    let (f, first) = caught(
        Protocol::NoDataCrcCheck,
        Tuning {
            one_fence_max: u64::MAX,
            ..Default::default()
        },
    );
    assert!(f > 0);
    assert!(first.unwrap().contains("recovered"));
}

#[test]
fn catches_missing_data_check_with_the_clmul_sum_and_passes_with_it() {
    let clmul = Tuning {
        one_fence_max: u64::MAX,
        sum: SumKind::Clmul,
    };
    let (f, first) = caught(Protocol::NoDataCrcCheck, clmul);
    assert!(f > 0);
    assert!(first.unwrap().contains("recovered"));
    // The same configurations with the check: torn data is caught by the keyed sum.
    let (f, first) = caught(Protocol::Correct, clmul);
    assert_eq!(f, 0, "{first:?}");
}

#[test]
fn catches_missing_stale_slot_invalidation() {
    let (f, first) = caught(
        Protocol::NoStaleSlotInvalidation,
        Tuning {
            one_fence_max: u64::MAX,
            ..Default::default()
        },
    );
    assert!(f > 0);
    assert!(
        first.unwrap().contains("probe"),
        "only the probe can see this bug"
    );
}

#[test]
fn catches_erase_of_a_record_written_after_open() {
    let (f, first) = caught(
        Protocol::LateStaleErase,
        Tuning {
            one_fence_max: u64::MAX,
            ..Default::default()
        },
    );
    assert!(f > 0);
    assert!(first.unwrap().contains("probe (advance true)"));
}

#[test]
fn second_crash_check_catches_an_unfenced_erase() {
    // The probes persist every store, so only the second-crash enumeration can see this.
    let (f, first) = caught(
        Protocol::UnfencedErase,
        Tuning {
            one_fence_max: u64::MAX,
            ..Default::default()
        },
    );
    assert!(f > 0);
    assert!(first.unwrap().contains("second crash"));
}

#[test]
fn exhaustive_limit_is_reported_not_sampled() {
    let cfg = Config {
        name: "too-big".into(),
        capacity: 4096,
        ops: vec![Op::Append(vec![7; 4000]), Op::Commit],
        protocol: Protocol::Correct,
        tuning: Tuning::default(),
        unit: 8,
        mode: Mode::Exhaustive {
            max_per_point: 1000,
        },
    };
    let r = checker::run(&cfg);
    assert!(r.failures > 0 && r.first_failure.unwrap().contains("exhaustive limit"));
}

/// `PmLog::append`'s fast path (the `append-commit-cap64` workload): the correct protocol passes
/// it exhaustively under every tuning and crash unit, and the broken variants it honours are
/// caught on it alone.
#[test]
fn append_fast_path_passes_and_its_broken_variants_are_caught() {
    let only = |protocol: Protocol| -> Vec<Config> {
        checker::small_exhaustive_configs(protocol)
            .into_iter()
            .filter(|c| c.name.starts_with("append-commit"))
            .collect()
    };
    let configs = only(Protocol::Correct);
    assert_eq!(configs.len(), 8, "4 tunings x 2 units");
    let (states, failures, first) = run_all(&configs);
    assert_eq!(failures, 0, "first failure: {first:?}");
    assert!(states > 10_000, "suspiciously few crash states: {states}");
    for protocol in [Protocol::NoCommitFence, Protocol::NoDataCrcCheck] {
        let mut configs = only(protocol);
        configs.retain(|c| c.name.contains("/1fence/"));
        let (_, failures, first) = run_all(&configs);
        assert!(
            failures > 0,
            "{protocol:?} not caught on the append fast path"
        );
        assert!(first.unwrap().contains("recovered"), "{protocol:?}");
    }
}
