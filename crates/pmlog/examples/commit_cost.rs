//! Where a small commit's time goes (issue 17, round 6; docs/pmlog.md "Commit-path costs").
//!
//! `PMEM_IS_PMEM_FORCE=1 taskset -c 1 cargo run --release -p vf-pmlog --example commit_cost -- SIZE [ROUNDS]`
//!
//! One 256 MiB file in /dev/shm, pre-faulted; every variant appends SIZE-byte entries, each
//! durable (one `sfence`) before the next, 64 MiB per round (512 MiB from 4 KiB), interleaved
//! rounds in rotating order, medians of thread CPU time:
//! * `raw`: copy (NT / clwb) + fence, nothing else (the bench's raw limit);
//! * `raw+line`: raw plus one 64-byte NT line into one of two fixed slots (a record's traffic);
//! * `stream+16`, `stream+16pad64`: the entries laid out with a 16-byte inline trailer after each
//!   (contiguous, resp. padded to whole lines): the traffic of an inline-trailer protocol;
//! * `fused+line`: the fused copy + data checksum, then a constant line;
//! * `fused+rec`: the fused copy + checksum, then the real commit record built from it by the
//!   portable path (`Record::line_words`, as the log did before round 7);
//! * `fused+kernel`: the same record built and streamed by `PmRegion::write_crc3_record_nodrain`
//!   (the log's path since round 7);
//! * `ours`: the log (`tentatively_append` + `commit`, default tuning);
//! * `ours-nofold`, `fused+line-nofold`: `ours` and `fused+line` with the folding checksum kernel
//!   switched off (`checksum::FOLD_MIN_LINES = usize::MAX`: the `crc32` loop at every size), for
//!   the round-8 A/B in one process.
//!
//! * `ours-1fence`: `ours` with `one_fence_max` = 1 MiB (every commit one fence + data CRC).
//! * `raw+st`: `raw` plus `JUNK` ordinary stores to the stack after the data, before the fence;
//!   `fused+kernel+st`: the same stores between the data and the record of `fused+kernel`
//!   (round 9: where ordinary stores cost);
//! * `raw-clwb`: `raw` with ordinary stores + `clwb` instead of non-temporal stores (what PMDK's
//!   memcpy does below its movnt threshold);
//! * `ours-append`: the log through `PmLog::append` (one call per durable entry, its fast path).
//! * `raw-zmm`, `raw-zmm8`, `raw-ymm8` (round 10, sizes that are whole lines): raw with other copy
//!   kernels (64-byte loads + NT stores line by line; 8 lines loaded then streamed, 64- or 32-byte);
//!   `fold-only`, `fold-only-ymmst`: the folding copy + checksum kernel alone (no record, no log),
//!   with 64- resp. 32-byte NT stores.
//!
//! `SRC_OFF=k`: the source starts k bytes past a 64-byte boundary (default 0).
//!
//! `FOLD_MIN_LINES=N` sets the folding kernel's threshold for the other variants.
use vf_pmlog::bench::thread_cpu_seconds;
use vf_pmlog::checksum::DataSum;
use vf_pmlog::layout::{Record, KIND_DATA_CRC};
use vf_pmlog::{MmapRegion, Persistence, PmLog, PmRegion, Protocol, Tuning};

const JUNK: usize = 60;
const NAMES: [&str; 20] = [
    "raw",
    "raw+line",
    "stream+16",
    "stream+16pad64",
    "fused+line",
    "fused+rec",
    "ours",
    "fused+kernel",
    "ours-nofold",
    "fused+line-nofold",
    "ours-1fence",
    "raw+st",
    "raw-clwb",
    "fused+kernel+st",
    "ours-append",
    "raw-zmm",
    "fold-only-ymmst",
    "fold-only",
    "raw-zmm8",
    "raw-ymm8",
];

fn main() {
    let size: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(128);
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let path = std::path::Path::new("/dev/shm/vf-pmlog-commit-cost");
    let _ = std::fs::remove_file(path);
    let cap = 256usize << 20;
    drop(MmapRegion::create(path, 256 + cap, Persistence::auto()).expect("create"));
    // SRC_OFF=k: the source starts k bytes after a 64-byte boundary (default 0, as in the
    // bench's `compare`). Before round 10 it was wherever the allocator put it (48 here), which
    // slowed `raw`'s copy and flattered every ratio to it.
    let src_off: usize = std::env::var("SRC_OFF").map_or(0, |s| s.parse().expect("SRC_OFF"));
    let mut buf: Vec<u8> = vec![0; size + 16 + 128];
    let start = (64 - buf.as_ptr() as usize % 64) % 64 + src_off % 64;
    let data = &mut buf[start..start + size + 16];
    for (i, b) in data.iter_mut().enumerate() {
        *b = (i * 131 + 7) as u8;
    }
    let data: &[u8] = data;
    println!("source address mod 64: {}", data.as_ptr() as usize % 64);
    let total: usize = if size <= 1024 { 64 << 20 } else { 512 << 20 };
    let n = total / size;
    let line = [9u8; 64];
    let mut res: Vec<Vec<f64>> = vec![vec![]; NAMES.len()];
    // ONLY=0,6: run a subset of the variants (indexes into NAMES).
    let only: Vec<usize> = match std::env::var("ONLY") {
        Ok(o) => o
            .split(',')
            .map(|x| x.parse().expect("ONLY: indexes"))
            .collect(),
        Err(_) => (0..NAMES.len()).collect(),
    };
    use std::sync::atomic::Ordering::Relaxed;
    use vf_pmlog::checksum::FOLD_MIN_LINES;
    if let Ok(m) = std::env::var("FOLD_MIN_LINES") {
        FOLD_MIN_LINES.store(m.parse().expect("FOLD_MIN_LINES: a number"), Relaxed);
    }
    let fold_min = FOLD_MIN_LINES.load(Relaxed);
    for r in 0..=rounds {
        for j in 0..only.len() {
            let mut v = only[(j + r) % only.len()];
            let slot = v;
            if v == 8 || v == 9 {
                FOLD_MIN_LINES.store(usize::MAX, Relaxed);
                v = if v == 8 { 6 } else { 4 };
            } else {
                FOLD_MIN_LINES.store(fold_min, Relaxed);
            }
            let mut region = MmapRegion::open(path, Persistence::auto()).expect("open");
            let b = region.bytes();
            let (base, len) = (b.as_ptr() as *mut u8, b.len());
            for off in (0..len).step_by(4096) {
                // SAFETY: inside the mapping; rewrites the byte it read (pre-faulting).
                unsafe { base.add(off).write_volatile(base.add(off).read_volatile()) };
            }
            let c0 = thread_cpu_seconds();
            if v == 10 || v == 14 {
                v = 6;
            }
            if v == 6 {
                let tuning = if slot == 10 {
                    Tuning {
                        one_fence_max: 1 << 20,
                        ..Tuning::default()
                    }
                } else {
                    Tuning::default()
                };
                let mut log =
                    PmLog::create_with(region, 7, Protocol::Correct, tuning).expect("log");
                for _ in 0..n {
                    if slot == 14 {
                        if log.append(&data[..size]).is_err() {
                            log.advance_head(log.tail()).expect("advance");
                            log.append(&data[..size]).expect("append");
                        }
                        continue;
                    }
                    if log.tentatively_append(&data[..size]).is_err() {
                        log.advance_head(log.tail()).expect("advance");
                        log.tentatively_append(&data[..size]).expect("append");
                    }
                    log.commit().expect("commit");
                }
                // Stop the clock before `log` (and its mapping) is dropped: munmap of the
                // pre-faulted 256 MiB costs more than the whole batch.
                let c = thread_cpu_seconds() - c0;
                if r > 0 {
                    res[slot].push((n * size) as f64 / c / 1048576.0);
                }
                continue;
            } else {
                let stride = match v {
                    2 => size + 16,
                    3 => (size + 16 + 63) & !63,
                    _ => size,
                };
                let slots = (cap - 64) / stride;
                for i in 0..n {
                    let off = 256 + (i % slots) * stride;
                    match v {
                        0 => region.write_nodrain(off, &data[..size]),
                        1 => {
                            region.write_nodrain(off, &data[..size]);
                            region.write_line_nodrain(64 + 64 * (i & 1), &line);
                        }
                        2 | 3 => region.write_nodrain(off, &data[..size + 16]),
                        11 => {
                            region.write_nodrain(off, &data[..size]);
                            let mut junk = [0u64; JUNK];
                            for (k, j) in junk.iter_mut().enumerate() {
                                // SAFETY: a local.
                                unsafe { (j as *mut u64).write_volatile(k as u64 ^ i as u64) };
                            }
                            std::hint::black_box(&junk);
                        }
                        15..=19 if size % 64 == 0 => {
                            let dst = region.bytes().as_ptr() as *mut u8;
                            // SAFETY: [off, off + size) is inside the mapping, 64-aligned.
                            unsafe {
                                if v == 15 {
                                    copy_zmm(dst.add(off), data.as_ptr(), size);
                                } else if v == 19 {
                                    copy_ymm8(dst.add(off), data.as_ptr(), size);
                                } else if v == 18 {
                                    copy_zmm8(dst.add(off), data.as_ptr(), size);
                                } else {
                                    let mut sum = DataSum::default();
                                    let f = if v == 16 {
                                        vf_pmlog::checksum::copy_nt_sum_fold_with::<false>
                                    } else {
                                        vf_pmlog::checksum::copy_nt_sum_fold_with::<true>
                                    };
                                    f(
                                        dst.add(off),
                                        data.as_ptr(),
                                        size,
                                        ((i % slots) * size) as u64,
                                        &mut sum,
                                    );
                                    std::hint::black_box(&sum);
                                }
                            }
                        }
                        12 => {
                            region.write(off, &data[..size]);
                            region.flush(off, size);
                        }
                        _ => {
                            let mut sum = DataSum::default();
                            region.write_nodrain_sum(
                                off,
                                &data[..size],
                                ((i % slots) * size) as u64,
                                &mut sum,
                            );
                            if v == 13 {
                                let mut junk = [0u64; JUNK];
                                for (k, j) in junk.iter_mut().enumerate() {
                                    // SAFETY: a local.
                                    unsafe { (j as *mut u64).write_volatile(k as u64 ^ i as u64) };
                                }
                                std::hint::black_box(&junk);
                            }
                            if v == 4 {
                                region.write_line_nodrain(64 + 64 * (i & 1), &line);
                            } else if v == 7 || v == 13 {
                                let rec = Record {
                                    seq: i as u64,
                                    head: 0,
                                    tail: (i * size) as u64,
                                    prev_tail: 0,
                                    data_crc: 0,
                                    kind: KIND_DATA_CRC,
                                };
                                region.write_crc3_record_nodrain(64 + 64 * (i & 1), 7, &rec, &sum);
                            } else {
                                let rec = Record {
                                    seq: i as u64,
                                    head: 0,
                                    tail: (i * size) as u64,
                                    prev_tail: 0,
                                    data_crc: sum.finish(),
                                    kind: KIND_DATA_CRC,
                                };
                                region.write_line_words_nodrain(
                                    64 + 64 * (i & 1),
                                    &rec.line_words(7),
                                );
                            }
                        }
                    }
                    region.fence();
                }
            }
            let c = thread_cpu_seconds() - c0;
            if r > 0 {
                res[slot].push((n * size) as f64 / c / 1048576.0);
            }
        }
    }
    let med = |x: &Vec<f64>| {
        let mut x = x.clone();
        x.sort_by(|a, b| a.partial_cmp(b).unwrap());
        x[x.len() / 2]
    };
    // Ratios are to `raw`, or to the first variant run when `raw` was left out.
    let raw = med(if res[0].is_empty() {
        &res[only[0]]
    } else {
        &res[0]
    });
    for (v, name) in NAMES.iter().enumerate() {
        if res[v].is_empty() {
            continue;
        }
        let m = med(&res[v]);
        println!("size {size:6}  {name:15} {m:8.0} MiB/s (thread CPU time, median of {rounds})  / raw {:.2}", m / raw);
    }
    let _ = std::fs::remove_file(path);
}

/// `raw-zmm`: one 64-byte load and one 64-byte non-temporal store per line (the folding
/// kernel's copy without the fold).
#[target_feature(enable = "avx512f")]
unsafe fn copy_zmm(dst: *mut u8, src: *const u8, len: usize) {
    use std::arch::x86_64::*;
    for i in 0..len / 64 {
        let v = _mm512_loadu_si512(src.add(64 * i) as *const __m512i);
        _mm512_stream_si512(dst.add(64 * i) as *mut __m512i, v);
    }
}

/// `raw-zmm8`: PMDK's shape, eight lines loaded, then the eight streamed (whole blocks of 8
/// lines; the rest line by line).
#[target_feature(enable = "avx512f")]
unsafe fn copy_zmm8(dst: *mut u8, src: *const u8, len: usize) {
    use std::arch::x86_64::*;
    let lines = len / 64;
    let mut i = 0;
    while i + 8 <= lines {
        let mut v = [_mm512_setzero_si512(); 8];
        for (k, x) in v.iter_mut().enumerate() {
            *x = _mm512_loadu_si512(src.add(64 * (i + k)) as *const __m512i);
        }
        for (k, x) in v.iter().enumerate() {
            _mm512_stream_si512(dst.add(64 * (i + k)) as *mut __m512i, *x);
        }
        i += 8;
    }
    copy_zmm(dst.add(64 * i), src.add(64 * i), len - 64 * i);
}

/// `raw-ymm8`: eight lines as sixteen 32-byte loads, then sixteen 32-byte streams (PMDK's AVX
/// shape); the rest line by line.
#[target_feature(enable = "avx2")]
unsafe fn copy_ymm8(dst: *mut u8, src: *const u8, len: usize) {
    use std::arch::x86_64::*;
    let lines = len / 64;
    let mut i = 0;
    while i + 8 <= lines {
        let mut v = [_mm256_setzero_si256(); 16];
        for (k, x) in v.iter_mut().enumerate() {
            *x = _mm256_loadu_si256(src.add(64 * i + 32 * k) as *const __m256i);
        }
        for (k, x) in v.iter().enumerate() {
            _mm256_stream_si256(dst.add(64 * i + 32 * k) as *mut __m256i, *x);
        }
        i += 8;
    }
    while i < lines {
        for k in 0..2 {
            let x = _mm256_loadu_si256(src.add(64 * i + 32 * k) as *const __m256i);
            _mm256_stream_si256(dst.add(64 * i + 32 * k) as *mut __m256i, x);
        }
        i += 1;
    }
}
