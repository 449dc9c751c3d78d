//! The log's API against a model, on simulated and on mapped regions, and its behaviour on bad
//! input (nothing is ever overwritten).

use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use vf_pmlog::layout::{DATA_OFFSET, SLOT_OFFSETS};
use vf_pmlog::{LogError, MmapRegion, Persistence, PmLog, PmRegion, Protocol, SimRegion, Tuning};

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("vf-pmlog-api-{name}-{}", std::process::id()))
}

/// Random appends/commits/head advances/reopens checked against a `Vec<u8>` model.
fn differential<R: PmRegion>(mut log: PmLog<R>, reopen: impl Fn(R) -> R, seed: u64, steps: usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let cap = log.capacity();
    let (mut head, mut committed, mut pending) = (0u64, Vec::<u8>::new(), Vec::<u8>::new());
    for step in 0..steps {
        match rng.gen_range(0..10) {
            0..=4 => {
                let n = rng.gen_range(1..=(cap as usize / 3).max(1));
                let data: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
                let free = cap - (committed.len() + pending.len()) as u64;
                match log.tentatively_append(&data) {
                    Ok(pos) => {
                        assert!(n as u64 <= free);
                        assert_eq!(pos, head + (committed.len() + pending.len()) as u64);
                        pending.extend_from_slice(&data);
                    }
                    Err(LogError::Full { needed, available }) => {
                        assert!(n as u64 > free, "step {step}: spurious Full");
                        assert_eq!((needed, available), (n as u64, free));
                    }
                    Err(e) => panic!("step {step}: {e}"),
                }
            }
            5..=6 => {
                log.commit().unwrap();
                committed.append(&mut pending);
            }
            7..=8 => {
                let k = rng.gen_range(0..=committed.len());
                log.advance_head(head + k as u64).unwrap();
                committed.drain(..k);
                head += k as u64;
            }
            _ => {
                // Crash-free reopen: tentative appends are dropped.
                log = PmLog::open(reopen(log.into_region())).unwrap();
                pending.clear();
            }
        }
        assert_eq!(log.head(), head);
        assert_eq!(log.tail(), head + committed.len() as u64);
        assert_eq!(
            log.read(head, committed.len() as u64).unwrap(),
            committed,
            "step {step}"
        );
        assert!(matches!(
            log.read(log.tail(), 1),
            Err(LogError::OutOfRange { .. })
        ));
        if head > 0 {
            assert!(matches!(
                log.read(head - 1, 1),
                Err(LogError::OutOfRange { .. })
            ));
        }
    }
    assert!(
        log.tail() > 3 * cap,
        "workload should wrap several times (tail {})",
        log.tail()
    );
}

#[test]
fn matches_model_on_simulated_region() {
    for seed in 0..4 {
        let log = PmLog::create(SimRegion::new(DATA_OFFSET + 301)).unwrap();
        differential(log, |r| r, seed, 3000);
    }
}

#[test]
fn matches_model_on_mapped_file_with_each_persistence() {
    let mut modes = vec![Persistence::Msync, Persistence::Clflush];
    modes.extend(Persistence::best_cache_flush());
    for (i, p) in modes.into_iter().enumerate() {
        let path = scratch(&format!("model{i}"));
        let _ = std::fs::remove_file(&path);
        let log = PmLog::create(MmapRegion::create(&path, DATA_OFFSET + 4000, p).unwrap()).unwrap();
        let reopen = |r: MmapRegion| {
            drop(r);
            MmapRegion::open(&path, p).unwrap()
        };
        differential(log, reopen, 10 + i as u64, 1500);
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn cpu_flush_detection_matches_cpuinfo() {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let has = |f: &str| info.split_whitespace().any(|w| w == f);
    let want = if has("clwb") {
        Some(Persistence::Clwb)
    } else if has("clflushopt") {
        Some(Persistence::Clflushopt)
    } else if has("clflush") {
        Some(Persistence::Clflush)
    } else {
        None
    };
    if !info.is_empty() {
        assert_eq!(Persistence::best_cache_flush(), want);
    }
}

#[test]
fn large_appends_use_nt_path_and_read_back() {
    large_appends(Tuning::default(), "large");
}

/// One-fence commits of up to 40 KB with the three-lane CRC: on a CPU with AVX-512 +
/// VPCLMULQDQ the bodies of 16 or more lines go through the folding kernel
/// (`checksum::copy_nt_sum_fold`), and recovery recomputes the lanes with the crate's CRC-32C;
/// a mismatch would roll the last commit back and fail the reopen check.
#[test]
fn large_one_fence_commits_with_the_crc3_sum_read_back_and_reopen() {
    let tuning = Tuning {
        one_fence_max: u64::MAX,
        sum: vf_pmlog::SumKind::Crc3,
    };
    large_appends(tuning, "large-crc3");
}

/// One-fence commits of up to 40 KB with the keyed carry-less sum: the fused copy loop's sum
/// must be what recovery recomputes (else reopening rolls the last commit back).
#[test]
fn large_one_fence_commits_with_the_clmul_sum_read_back_and_reopen() {
    let tuning = Tuning {
        one_fence_max: u64::MAX,
        sum: vf_pmlog::SumKind::Clmul,
    };
    large_appends(tuning, "large-clmul");
}

fn large_appends(tuning: Tuning, name: &str) {
    let path = scratch(name);
    let _ = std::fs::remove_file(&path);
    let p = Persistence::best_cache_flush().unwrap_or(Persistence::Msync);
    let region = MmapRegion::create(&path, DATA_OFFSET + 100_000, p).unwrap();
    let mut log = PmLog::create_with(region, 99, Protocol::Correct, tuning).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for round in 0..40 {
        let n = if round % 2 == 0 {
            rng.gen_range(1..4096usize)
        } else {
            rng.gen_range(1..40_000usize)
        };
        let data: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        let pos = match log.tentatively_append(&data) {
            Ok(p) => p,
            Err(LogError::Full { .. }) => {
                log.advance_head(log.tail()).unwrap();
                log.tentatively_append(&data)
                    .unwrap_or_else(|e| panic!("round {round}: {e}"))
            }
            Err(e) => panic!("round {round}: {e}"),
        };
        log.commit().unwrap();
        assert_eq!(log.read(pos, n as u64).unwrap(), data, "round {round}");
        if round % 8 == 7 {
            // Recovery recomputes the data checksum the fused copy loop produced.
            let (head, tail) = (log.head(), log.tail());
            drop(log);
            let image = std::fs::read(&path).unwrap();
            let rec = vf_pmlog::recover(&image, true).unwrap();
            if tuning.one_fence_max == u64::MAX {
                let kind = match tuning.sum {
                    vf_pmlog::SumKind::Clmul => vf_pmlog::layout::KIND_DATA_CLMUL,
                    vf_pmlog::SumKind::Crc3 => vf_pmlog::layout::KIND_DATA_CRC,
                };
                assert_eq!(rec.record.kind, kind);
            }
            log = PmLog::open_with(
                MmapRegion::open(&path, p).unwrap(),
                Protocol::Correct,
                tuning,
            )
            .unwrap();
            assert_eq!(
                (log.head(), log.tail()),
                (head, tail),
                "round {round}: reopen lost the last commit"
            );
        }
    }
    drop(log);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn errors_for_full_bad_head_and_reads() {
    let mut log = PmLog::create(SimRegion::new(DATA_OFFSET + 100)).unwrap();
    assert_eq!(log.tentatively_append(&[1; 60]).unwrap(), 0);
    assert!(matches!(
        log.tentatively_append(&[2; 41]),
        Err(LogError::Full {
            needed: 41,
            available: 40
        })
    ));
    assert!(
        matches!(log.read(0, 1), Err(LogError::OutOfRange { .. })),
        "tentative bytes are not readable"
    );
    log.commit().unwrap();
    assert!(matches!(
        log.advance_head(61),
        Err(LogError::BadHead { .. })
    ));
    log.advance_head(30).unwrap();
    assert!(matches!(
        log.advance_head(29),
        Err(LogError::BadHead { .. })
    ));
    assert_eq!(log.tentatively_append(&[3; 70]).unwrap(), 60);
    log.commit().unwrap();
    assert_eq!(
        log.read(30, 100).unwrap(),
        [vec![1; 30], vec![3; 70]].concat()
    );
    assert!(matches!(
        log.read(31, 100),
        Err(LogError::OutOfRange {
            pos: 31,
            end: 131,
            head: 30,
            tail: 130
        })
    ));
    assert!(matches!(
        log.read(u64::MAX, 2),
        Err(LogError::PositionOverflow)
    ));
    assert!(matches!(
        PmLog::create(SimRegion::new(DATA_OFFSET)),
        Err(LogError::TooSmall { .. })
    ));
}

fn committed_image() -> Vec<u8> {
    let mut log = PmLog::create_with(
        SimRegion::new(DATA_OFFSET + 512),
        42,
        Protocol::Correct,
        Tuning::default(),
    )
    .unwrap();
    log.tentatively_append(b"hello persistent world").unwrap();
    log.commit().unwrap();
    log.into_region().into_image()
}

#[test]
fn foreign_truncated_and_flipped_files_are_refused_with_offsets() {
    let good = committed_image();
    assert!(vf_pmlog::recover(&good, true).is_ok());
    // Not a log at all.
    let text = b"#!/bin/sh\necho this is not a log file at all, just text padded out\n".repeat(10);
    assert!(matches!(
        vf_pmlog::recover(&text, true),
        Err(LogError::NotALog { offset: 0, .. })
    ));
    // Truncated: inside the header, and inside the data area.
    assert!(matches!(
        vf_pmlog::recover(&good[..100], true),
        Err(LogError::Truncated { len: 100, .. })
    ));
    assert!(matches!(
        vf_pmlog::recover(&good[..300], true),
        Err(LogError::Truncated { len: 300, .. })
    ));
    // Every single-bit flip in the header is refused (never silently accepted).
    for byte in 0..64 {
        for bit in 0..8 {
            let mut img = good.clone();
            img[byte] ^= 1 << bit;
            let r = vf_pmlog::recover(&img, true);
            assert!(r.is_err(), "flip of byte {byte} bit {bit} accepted");
            if byte >= 8 {
                assert!(
                    matches!(r, Err(LogError::Corrupted { offset: 60, .. })),
                    "byte {byte}: {r:?}"
                );
            }
        }
    }
}

#[test]
fn flipped_slot_or_data_never_yields_wrong_contents() {
    let good = committed_image();
    let want = b"hello persistent world".to_vec();
    for byte in SLOT_OFFSETS[0]..DATA_OFFSET + want.len() {
        for bit in [0, 3, 7] {
            let mut img = good.clone();
            img[byte] ^= 1 << bit;
            match PmLog::open(SimRegion::from_image(img)) {
                // Accepted only if the state is a real one: the committed data or the empty log
                // before it. A flipped newer record, or flipped bytes of the newest commit's data,
                // are indistinguishable from a commit interrupted by a crash: recovery falls back
                // to the predecessor (it cannot prove the newer one valid).
                Ok(log) => {
                    let got = log.read(log.head(), log.tail() - log.head()).unwrap();
                    assert!(
                        got == want || got.is_empty(),
                        "byte {byte} bit {bit}: {got:?}"
                    );
                    assert!(
                        byte < DATA_OFFSET || got.is_empty(),
                        "flip in committed data at {byte} went unnoticed"
                    );
                }
                Err(LogError::Corrupted { .. }) => {}
                Err(e) => panic!("byte {byte}: unexpected {e}"),
            }
        }
    }
}

#[test]
fn unsupported_version_is_named() {
    let mut img = committed_image();
    img[8] = 9;
    let crc = crc32c::crc32c(&img[0..60]);
    img[60..64].copy_from_slice(&crc.to_le_bytes());
    assert!(matches!(
        vf_pmlog::recover(&img, true),
        Err(LogError::UnsupportedVersion { found: 9, .. })
    ));
}

#[test]
fn opening_bad_files_writes_nothing_and_create_never_overwrites() {
    let path = scratch("foreign");
    let content: Vec<u8> = (0..8192u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(&path, &content).unwrap();
    let region = MmapRegion::open(&path, Persistence::Msync).unwrap();
    assert!(matches!(PmLog::open(region), Err(LogError::NotALog { .. })));
    assert!(
        MmapRegion::create(&path, 4096, Persistence::Msync).is_err(),
        "create must refuse an existing file"
    );
    assert_eq!(std::fs::read(&path).unwrap(), content, "file changed");
    // A bit-flipped real log: refused, and left byte-for-byte as it was.
    let mut img = committed_image();
    img[20] ^= 4;
    std::fs::write(&path, &img).unwrap();
    let region = MmapRegion::open(&path, Persistence::Msync).unwrap();
    assert!(matches!(
        PmLog::open(region),
        Err(LogError::Corrupted { offset: 60, .. })
    ));
    assert_eq!(std::fs::read(&path).unwrap(), img);
    std::fs::remove_file(&path).unwrap();
}

/// `PmLog::append` (fast path: one kernel for data + record, bookkeeping before the fence) leaves
/// exactly the bytes of `tentatively_append` + `commit`: two logs with the same id, on simulated
/// regions and on mapped files with each persistence, run the same random sequence (line
/// multiples up to 40 lines, odd sizes, appends with pending bytes, head advances, wraps, Full);
/// after every step the two regions are byte-identical, and every log reopens to its contents.
#[test]
fn append_writes_what_tentative_append_and_commit_write() {
    type Make = Box<dyn Fn(&str) -> (MmapRegion, MmapRegion)>;
    let mut regions: Vec<(String, Make)> = Vec::new();
    let mut kinds = vec![Persistence::Msync];
    if let Some(p) = Persistence::best_cache_flush() {
        kinds.push(p);
    }
    for p in kinds {
        regions.push((
            p.name().to_string(),
            Box::new(move |tag: &str| {
                let mk = |side: &str| {
                    let path = scratch(&format!("append-{tag}-{side}"));
                    let _ = std::fs::remove_file(&path);
                    let r = MmapRegion::create(&path, DATA_OFFSET + 8192, p).unwrap();
                    std::fs::remove_file(&path).unwrap();
                    r
                };
                (mk("a"), mk("b"))
            }),
        ));
    }
    for (name, make) in &regions {
        let (ra, rb) = make(&name.replace('+', "-"));
        if ra.persistence() != Persistence::Msync
            && std::is_x86_feature_detected!("avx")
            && std::is_x86_feature_detected!("sse4.2")
        {
            assert!(
                ra.uses_kernels(),
                "{name}: the kernel path must be the one tested"
            );
        }
        same_bytes(ra, rb, name);
    }
    let sim = |_: &str| SimRegion::new(DATA_OFFSET + 8192);
    same_bytes(sim(""), sim(""), "simulated");
}

fn same_bytes<R: PmRegion>(ra: R, rb: R, name: &str) {
    let id = 0x1234_5678_9abc_def0;
    let mut a = PmLog::create_with(ra, id, Protocol::Correct, Tuning::default()).unwrap();
    let mut b = PmLog::create_with(rb, id, Protocol::Correct, Tuning::default()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    for step in 0..600 {
        let n = match rng.gen_range(0..4) {
            0 => 64 * rng.gen_range(1..=40),
            1 => rng.gen_range(1..200),
            2 => 64 * rng.gen_range(1..=4),
            _ => rng.gen_range(0..3000),
        };
        let data: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        match rng.gen_range(0..10) {
            0 => {
                // Pending bytes first: `append` must take its two-step path.
                let k = rng.gen_range(1..100);
                let x: Vec<u8> = (0..k).map(|_| rng.gen()).collect();
                assert_eq!(
                    a.tentatively_append(&x).is_ok(),
                    b.tentatively_append(&x).is_ok()
                );
            }
            1..=2 => {
                let to = rng.gen_range(a.head()..=a.tail());
                a.advance_head(to).unwrap();
                b.advance_head(to).unwrap();
            }
            _ => {}
        }
        let ra = a.append(&data);
        let rb = b.tentatively_append(&data).inspect(|_| b.commit().unwrap());
        match (&ra, &rb) {
            (Ok(x), Ok(y)) => assert_eq!(x, y, "{name} step {step}"),
            (Err(LogError::Full { .. }), Err(LogError::Full { .. })) => {
                // Nothing was appended by either; commit what the pending case left.
                a.commit().unwrap();
                b.commit().unwrap();
            }
            _ => panic!("{name} step {step}: {ra:?} vs {rb:?}"),
        }
        assert_eq!(
            (a.head(), a.tail()),
            (b.head(), b.tail()),
            "{name} step {step}"
        );
        assert_eq!(a.tentative_tail(), b.tentative_tail(), "{name} step {step}");
        assert!(
            a.region().bytes() == b.region().bytes(),
            "{name} step {step}: append ({n} bytes) wrote different bytes"
        );
        if let Ok(pos) = ra {
            assert_eq!(a.read(pos, n as u64).unwrap(), data, "{name} step {step}");
        }
    }
    let (head, tail) = (a.head(), a.tail());
    let want = a.read(head, tail - head).unwrap();
    let a = PmLog::open(a.into_region()).unwrap();
    assert_eq!((a.head(), a.tail()), (head, tail), "{name}: reopen");
    assert_eq!(a.read(head, tail - head).unwrap(), want, "{name}: reopen");
}
