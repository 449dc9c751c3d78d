//! The append-throughput workload of `bench/pmlog` (also `veriforge pmlog bench`).
//!
//! Same workload as the libpmemlog driver (bench/pmlog/pmemlog_driver.c): fill the log once
//! untimed (so page faults are not measured), then append `size`-byte entries, each committed
//! (durable) before the next, until `total` bytes were appended; whenever the log is full the head
//! is advanced to the tail (libpmemlog: `pmemlog_rewind`).

use crate::layout::DATA_OFFSET;
use crate::log::{PmLog, Tuning};
use crate::multilog::MultiLog;
use crate::region::{MmapRegion, Persistence, PmRegion};
use std::path::Path;
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Our log: one `PmLog::append` (append + commit) per entry.
    Ours,
    /// The raw limit: copy + flush + one fence per entry on the same region, no metadata.
    Raw,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct Measurement {
    pub variant: &'static str,
    pub size: usize,
    pub appends: u64,
    pub bytes: u64,
    pub seconds: f64,
    pub mib_per_s: f64,
    /// Thread CPU time of the timed loop (excludes time the thread was preempted; every
    /// contender's loop is single-threaded and never blocks, so on an idle core this equals
    /// `seconds`). 0 when not measured.
    pub cpu_seconds: f64,
    /// `bytes / cpu_seconds` in MiB/s (0 when not measured).
    pub cpu_mib_per_s: f64,
    pub persistence: &'static str,
    /// Round of an interleaved comparison (0 for single measurements).
    pub round: usize,
    /// Number of logs each commit appended to (1 except for the multilog rows, where `size`
    /// is per log and `bytes` counts all logs).
    pub logs: usize,
}

/// Runs one measurement on a fresh file at `path` (removed afterwards).
pub fn measure(
    path: &Path,
    log_bytes: usize,
    size: usize,
    total: u64,
    variant: Variant,
    tuning: Tuning,
) -> Result<Measurement, String> {
    let _ = std::fs::remove_file(path);
    let persistence = Persistence::auto();
    let region = MmapRegion::create(path, log_bytes, persistence).map_err(|e| {
        let _ = std::fs::remove_file(path);
        format!("{}: {e}", path.display())
    })?;
    let buf = AlignedPattern::new(size);
    let data = buf.bytes();
    let appends = (total / size as u64).max(1);
    let seconds = match variant {
        Variant::Ours => time_ours(region, data, appends, tuning)?,
        Variant::Raw => time_raw(region, data, appends),
    };
    let _ = std::fs::remove_file(path);
    let bytes = appends * size as u64;
    Ok(Measurement {
        variant: match variant {
            Variant::Ours => "ours",
            Variant::Raw => "raw",
        },
        size,
        appends,
        bytes,
        seconds,
        mib_per_s: bytes as f64 / seconds / (1024.0 * 1024.0),
        cpu_seconds: 0.0,
        cpu_mib_per_s: 0.0,
        persistence: persistence.name(),
        round: 0,
        logs: 1,
    })
}

/// The appended entry: `size` pattern bytes starting on a 64-byte boundary, the same buffer for
/// every contender (round 10: left to the allocator, a source 48 bytes past a boundary made the
/// raw limit's copy ~5% slower at 4 KiB and ours not, so ratios depended on where malloc put it).
struct AlignedPattern {
    buf: Vec<u8>,
    start: usize,
    size: usize,
}

impl AlignedPattern {
    fn new(size: usize) -> AlignedPattern {
        let mut buf = vec![0u8; size + 64];
        let start = (64 - buf.as_ptr() as usize % 64) % 64;
        for (i, b) in buf[start..start + size].iter_mut().enumerate() {
            *b = (i * 131 + 7) as u8;
        }
        AlignedPattern { buf, start, size }
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[self.start..self.start + self.size]
    }
}

/// One durable append (`PmLog::append`, like `pmemlog_append`); a full log is emptied first.
fn append_committed(log: &mut PmLog<MmapRegion>, data: &[u8]) -> Result<(), String> {
    if log.append(data).is_err() {
        log.advance_head(log.tail()).map_err(|e| e.to_string())?;
        log.append(data).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn time_ours(region: MmapRegion, data: &[u8], appends: u64, tuning: Tuning) -> Result<f64, String> {
    let mut log = PmLog::create_with(region, rand::random(), crate::Protocol::Correct, tuning)
        .map_err(|e| e.to_string())?;
    let warm = log.capacity() / data.len() as u64 + 1;
    for _ in 0..warm {
        append_committed(&mut log, data)?;
    }
    let t = Instant::now();
    for _ in 0..appends {
        append_committed(&mut log, data)?;
    }
    Ok(t.elapsed().as_secs_f64())
}

fn time_raw(mut region: MmapRegion, data: &[u8], appends: u64) -> f64 {
    let cap = region.len() - DATA_OFFSET;
    let slots = (cap / data.len()) as u64;
    let run = |region: &mut MmapRegion, n: u64| {
        for i in 0..n {
            let off = DATA_OFFSET + (i % slots) as usize * data.len();
            region.write_nodrain(off, data);
            region.fence();
        }
    };
    run(&mut region, slots);
    let t = Instant::now();
    run(&mut region, appends);
    t.elapsed().as_secs_f64()
}

/// libpmemlog.so.1, loaded once and never unloaded (libpmem keeps process-wide state; loading
/// and unloading it per pool crashed).
fn pmemlog_library() -> Result<&'static libloading::Library, String> {
    static LIB: std::sync::OnceLock<Result<libloading::Library, String>> =
        std::sync::OnceLock::new();
    LIB.get_or_init(|| {
        // SAFETY: loading a system library whose constructors only initialise libpmem.
        unsafe { libloading::Library::new("libpmemlog.so.1") }.map_err(|e| {
            format!("libpmemlog.so.1 not loadable ({e}); install libpmemlog1 (make setup)")
        })
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Debian's libpmemlog, loaded at run time (so building and testing never need it).
pub struct PmemLog {
    pool: *mut std::ffi::c_void,
    append: unsafe extern "C" fn(*mut std::ffi::c_void, *const std::ffi::c_void, usize) -> i32,
    rewind: unsafe extern "C" fn(*mut std::ffi::c_void),
    close: unsafe extern "C" fn(*mut std::ffi::c_void),
    /// Start and length of libpmemlog's mapping of the pool file (from /proc/self/maps).
    mapping: (usize, usize),
}

impl PmemLog {
    /// `pmemlog_create(path, pool_bytes, 0600)`. Set `PMEM_IS_PMEM_FORCE` before calling: libpmem
    /// reads it when the library is loaded. `pool_bytes == 0` formats an existing file whose first
    /// bytes are zero, keeping its pages (libpmemlog's rule for reusing a file).
    pub fn create(path: &Path, pool_bytes: usize) -> Result<PmemLog, String> {
        type Create =
            unsafe extern "C" fn(*const std::ffi::c_char, usize, u32) -> *mut std::ffi::c_void;
        let lib = pmemlog_library()?;
        if pool_bytes != 0 {
            let _ = std::fs::remove_file(path);
        }
        let cpath = std::ffi::CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|e| e.to_string())?;
        // SAFETY: the symbols have the C signatures declared in libpmemlog.h (PMDK 1.12).
        unsafe {
            let create: libloading::Symbol<Create> =
                lib.get(b"pmemlog_create\0").map_err(|e| e.to_string())?;
            let append = *lib.get(b"pmemlog_append\0").map_err(|e| e.to_string())?;
            let rewind = *lib.get(b"pmemlog_rewind\0").map_err(|e| e.to_string())?;
            let close: unsafe extern "C" fn(*mut std::ffi::c_void) =
                *lib.get(b"pmemlog_close\0").map_err(|e| e.to_string())?;
            let pool = create(cpath.as_ptr(), pool_bytes, 0o600);
            if pool.is_null() {
                return Err(format!(
                    "pmemlog_create {}: {}",
                    path.display(),
                    std::io::Error::last_os_error()
                ));
            }
            let mapping = match mapping_of(path) {
                Ok(m) => m,
                Err(e) => {
                    close(pool);
                    return Err(e);
                }
            };
            Ok(PmemLog {
                mapping,
                pool,
                append,
                rewind,
                close,
            })
        }
    }

    /// One durable append; rewinds (frees everything) when the log is full.
    fn append_or_rewind(&mut self, data: &[u8]) -> Result<(), String> {
        // SAFETY: `pool` is open; `data` is valid for its length.
        unsafe {
            if (self.append)(self.pool, data.as_ptr().cast(), data.len()) == 0 {
                return Ok(());
            }
            (self.rewind)(self.pool);
            if (self.append)(self.pool, data.as_ptr().cast(), data.len()) != 0 {
                return Err(format!(
                    "pmemlog_append: {}",
                    std::io::Error::last_os_error()
                ));
            }
        }
        Ok(())
    }
}

impl Drop for PmemLog {
    fn drop(&mut self) {
        // SAFETY: closed exactly once; the library is never unloaded.
        unsafe { (self.close)(self.pool) }
    }
}

/// CPU time consumed by the calling thread (`CLOCK_THREAD_CPUTIME_ID`), in seconds.
pub fn thread_cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3; // Linux
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: valid out-pointer; this clock always exists on Linux.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

/// The address range of this process's mapping of `path` (libpmem chooses it itself).
fn mapping_of(path: &Path) -> Result<(usize, usize), String> {
    let maps = std::fs::read_to_string("/proc/self/maps").map_err(|e| e.to_string())?;
    let name = path.to_string_lossy();
    let line = maps
        .lines()
        .find(|l| l.ends_with(&*name))
        .ok_or_else(|| format!("{name}: libpmemlog's mapping not found in /proc/self/maps"))?;
    let range = line.split_whitespace().next().unwrap_or("");
    let (a, b) = range.split_once('-').unwrap_or(("", ""));
    let parse = |x| usize::from_str_radix(x, 16).map_err(|e| format!("/proc/self/maps: {e}"));
    let (a, b) = (parse(a)?, parse(b)?);
    Ok((a, b - a))
}

/// Touches every page of `[base, base + len)` (reads a byte and stores the same value back), so
/// the timed loop takes no page faults. Contents are unchanged.
///
/// # Safety
/// The range is mapped writable and nothing else accesses it concurrently.
unsafe fn prefault(base: *mut u8, len: usize) {
    for off in (0..len).step_by(4096) {
        let p = base.add(off);
        p.write_volatile(p.read_volatile());
    }
}

/// One contender of the interleaved comparison.
enum Runner {
    Ours(PmLog<MmapRegion>),
    Theirs(PmemLog),
    Raw { region: MmapRegion, next: u64 },
}

const CONTENDERS: [&str; 3] = ["ours", "libpmemlog", "raw"];

impl Runner {
    /// Formats a fresh log of contender `kind` (an index into `CONTENDERS`) on the existing file
    /// `path` (its pages are kept) and pre-faults the whole mapping.
    fn open(kind: usize, path: &Path, tuning: Tuning) -> Result<Runner, String> {
        let persistence = Persistence::auto();
        let region = |p: &Path| MmapRegion::open(p, persistence).map_err(|e| e.to_string());
        let mut r = match kind {
            0 => Runner::Ours(
                PmLog::create_with(
                    region(path)?,
                    rand::random(),
                    crate::Protocol::Correct,
                    tuning,
                )
                .map_err(|e| e.to_string())?,
            ),
            1 => {
                // libpmemlog only formats an existing file whose header area is zero.
                use std::os::unix::fs::FileExt;
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| e.to_string())?;
                f.write_all_at(&[0u8; 65536], 0)
                    .map_err(|e| e.to_string())?;
                Runner::Theirs(PmemLog::create(path, 0)?)
            }
            _ => Runner::Raw {
                region: region(path)?,
                next: 0,
            },
        };
        // SAFETY: each mapping is writable, owned by this runner and not used concurrently.
        unsafe {
            match &mut r {
                Runner::Ours(log) => {
                    let b = log.region().bytes();
                    prefault(b.as_ptr() as *mut u8, b.len())
                }
                Runner::Theirs(p) => prefault(p.mapping.0 as *mut u8, p.mapping.1),
                Runner::Raw { region, .. } => {
                    let b = region.bytes();
                    prefault(b.as_ptr() as *mut u8, b.len())
                }
            }
        }
        Ok(r)
    }

    fn append(&mut self, data: &[u8]) -> Result<(), String> {
        match self {
            Runner::Ours(log) => append_committed(log, data),
            Runner::Theirs(p) => p.append_or_rewind(data),
            Runner::Raw { region, next } => {
                let slots = ((region.len() - DATA_OFFSET) / data.len()) as u64;
                region.write_nodrain(DATA_OFFSET + (*next % slots) as usize * data.len(), data);
                region.fence();
                *next += 1;
                Ok(())
            }
        }
    }
}

/// Interleaved comparison for one append size: ours, libpmemlog and the raw limit each append
/// `batch` bytes per round, one after another in a rotating order, `rounds` times (after one
/// untimed warm-up round). Wall-clock and thread CPU time are both recorded.
///
/// Fairness: on this VM the *same* copy loop runs up to ~1.3x faster on one tmpfs file than on
/// another (the host backs the files' pages differently), so contenders with files of their own
/// win or lose by placement. Here all three use ONE file: each formats a fresh log on it (the
/// pages stay the same) and pre-faults the whole mapping before its timed batch, so the timed
/// loops take no page faults and write the same physical memory.
pub fn compare(
    dir: &Path,
    log_bytes: usize,
    size: usize,
    batch: u64,
    rounds: usize,
    tuning: Tuning,
) -> Result<Vec<Measurement>, String> {
    let persistence = Persistence::auto();
    let path = dir.join(format!("vf-pmlog-bench-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let result = (|| {
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        f.set_len(log_bytes as u64).map_err(|e| e.to_string())?;
        let buf = AlignedPattern::new(size);
        let data = buf.bytes();
        let appends = (batch / size as u64).max(1);
        let mut out = Vec::new();
        for round in 0..=rounds {
            for j in 0..CONTENDERS.len() {
                let k = (round + j) % 3;
                let mut runner = Runner::open(k, &path, tuning)?;
                let (t, c0) = (Instant::now(), thread_cpu_seconds());
                for _ in 0..appends {
                    runner.append(data)?;
                }
                let cpu_seconds = thread_cpu_seconds() - c0;
                let seconds = t.elapsed().as_secs_f64();
                drop(runner);
                if round == 0 {
                    continue; // warm-up round: first use of the file's pages
                }
                let bytes = appends * size as u64;
                out.push(Measurement {
                    variant: CONTENDERS[k],
                    size,
                    appends,
                    bytes,
                    seconds,
                    mib_per_s: bytes as f64 / seconds / (1024.0 * 1024.0),
                    cpu_seconds,
                    cpu_mib_per_s: bytes as f64 / cpu_seconds / (1024.0 * 1024.0),
                    persistence: if k == 1 {
                        "libpmem"
                    } else {
                        persistence.name()
                    },
                    round: round - 1,
                    logs: 1,
                });
            }
        }
        Ok(out)
    })();
    let _ = std::fs::remove_file(&path);
    result
}

/// The multilog row: `Ours` = one entry of `size` bytes tentatively appended to each of the `n`
/// logs, then one `commit` (two fences); `Raw` = the same `n` copies (same offsets, same
/// non-temporal / clwb write-back) and one fence, no metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiVariant {
    Ours,
    Raw,
}

/// Multilog throughput on a fresh file at `path` (removed afterwards): `total_log_bytes` split
/// into `n` logs; commits until `total` bytes (all logs together) were appended; a full log's head
/// advances to its tail. One untimed lap first (so page faults are not measured); CPU and wall
/// time of the timed loop.
pub fn measure_multi(
    path: &Path,
    total_log_bytes: u64,
    n: usize,
    size: usize,
    total: u64,
    variant: MultiVariant,
) -> Result<Measurement, String> {
    let cap = total_log_bytes / n as u64;
    let caps = vec![cap; n];
    let len = MultiLog::<MmapRegion>::region_len_for(&caps).ok_or("bad multilog capacities")?;
    let _ = std::fs::remove_file(path);
    let persistence = Persistence::auto();
    let region = MmapRegion::create(path, len, persistence).map_err(|e| {
        let _ = std::fs::remove_file(path);
        format!("{}: {e}", path.display())
    })?;
    let result = (|| {
        let mut m = MultiLog::create(region, &caps).map_err(|e| e.to_string())?;
        let buf = AlignedPattern::new(size);
        let data = buf.bytes();
        let commits = (total / (n * size) as u64).max(1);
        let warm = cap / size as u64 + 1;
        let (mut t, mut c0) = (Instant::now(), 0.0);
        // Each arm stops the clocks in its tail expression, i.e. before its locals are dropped:
        // dropping the raw arm's `MmapRegion` unmaps the whole file (~65,000 pages), which the
        // first version of this row counted as raw's time (and not ours, whose log outlived the
        // clocks), so "raw" came out at a third of ours at 4 KiB.
        let (seconds, cpu_seconds) = match variant {
            MultiVariant::Ours => {
                let step = |m: &mut MultiLog<MmapRegion>| -> Result<(), String> {
                    for l in 0..n {
                        if m.tentatively_append(l, data).is_err() {
                            m.advance_head(l, m.tail(l)).map_err(|e| e.to_string())?;
                            m.tentatively_append(l, data).map_err(|e| e.to_string())?;
                        }
                    }
                    m.commit().map_err(|e| e.to_string())
                };
                for k in 0..warm + commits {
                    if k == warm {
                        (t, c0) = (Instant::now(), thread_cpu_seconds());
                    }
                    step(&mut m)?;
                }
                (t.elapsed().as_secs_f64(), thread_cpu_seconds() - c0)
            }
            MultiVariant::Raw => {
                let offs = m.layout().data_offs.clone();
                let slots = cap / size as u64;
                let mut region = m.into_region();
                for k in 0..warm + commits {
                    if k == warm {
                        (t, c0) = (Instant::now(), thread_cpu_seconds());
                    }
                    for &off in &offs {
                        region.write_nodrain(off + (k % slots) as usize * size, data);
                    }
                    region.fence();
                }
                (t.elapsed().as_secs_f64(), thread_cpu_seconds() - c0)
            }
        };
        let bytes = commits * (n * size) as u64;
        Ok(Measurement {
            variant: match variant {
                MultiVariant::Ours => "multilog-ours",
                MultiVariant::Raw => "multilog-raw",
            },
            size,
            appends: commits,
            bytes,
            seconds,
            mib_per_s: bytes as f64 / seconds / (1024.0 * 1024.0),
            cpu_seconds,
            cpu_mib_per_s: bytes as f64 / cpu_seconds / (1024.0 * 1024.0),
            persistence: persistence.name(),
            round: 0,
            logs: n,
        })
    })();
    let _ = std::fs::remove_file(path);
    result
}

#[cfg(test)]
mod tests {
    use super::AlignedPattern;

    #[test]
    fn bench_source_is_line_aligned_pattern() {
        // Several allocations of each size, so one that malloc happens to align proves nothing.
        for size in [1usize, 63, 128, 4096, 8192, 131072, 262144] {
            let keep: Vec<AlignedPattern> = (0..4).map(|_| AlignedPattern::new(size)).collect();
            for p in &keep {
                let b = p.bytes();
                assert_eq!(b.len(), size);
                assert_eq!(b.as_ptr() as usize % 64, 0, "size {size}");
                assert!(b.iter().enumerate().all(|(i, &x)| x == (i * 131 + 7) as u8));
            }
        }
    }
}
