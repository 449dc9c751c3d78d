//! The append-throughput workload of `bench/pmlog` (also `veriforge pmlog bench`).
//!
//! Same workload as the libpmemlog driver (bench/pmlog/pmemlog_driver.c): fill the log once
//! untimed (so page faults are not measured), then append `size`-byte entries, each committed
//! (durable) before the next, until `total` bytes were appended; whenever the log is full the head
//! is advanced to the tail (libpmemlog: `pmemlog_rewind`).

use crate::layout::DATA_OFFSET;
use crate::log::{PmLog, Tuning};
use crate::region::{MmapRegion, Persistence, PmRegion};
use std::path::Path;
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Our log: tentatively_append + commit per entry.
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
    pub persistence: &'static str,
    /// Round of an interleaved comparison (0 for single measurements).
    pub round: usize,
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
    let region = MmapRegion::create(path, log_bytes, persistence)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let data: Vec<u8> = (0..size).map(|i| (i * 131 + 7) as u8).collect();
    let appends = (total / size as u64).max(1);
    let seconds = match variant {
        Variant::Ours => time_ours(region, &data, appends, tuning)?,
        Variant::Raw => time_raw(region, &data, appends),
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
        persistence: persistence.name(),
        round: 0,
    })
}

fn append_committed(log: &mut PmLog<MmapRegion>, data: &[u8]) -> Result<(), String> {
    if log.tentatively_append(data).is_err() {
        log.advance_head(log.tail()).map_err(|e| e.to_string())?;
        log.tentatively_append(data).map_err(|e| e.to_string())?;
    }
    log.commit().map_err(|e| e.to_string())
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

/// Debian's libpmemlog, loaded at run time (so building and testing never need it).
pub struct PmemLog {
    _lib: libloading::Library,
    pool: *mut std::ffi::c_void,
    append: unsafe extern "C" fn(*mut std::ffi::c_void, *const std::ffi::c_void, usize) -> i32,
    rewind: unsafe extern "C" fn(*mut std::ffi::c_void),
    close: unsafe extern "C" fn(*mut std::ffi::c_void),
    nbyte: usize,
}

impl PmemLog {
    /// `pmemlog_create(path, pool_bytes, 0600)`. Set `PMEM_IS_PMEM_FORCE` before calling: libpmem
    /// reads it when the library is loaded.
    pub fn create(path: &Path, pool_bytes: usize) -> Result<PmemLog, String> {
        type Create =
            unsafe extern "C" fn(*const std::ffi::c_char, usize, u32) -> *mut std::ffi::c_void;
        type Nbyte = unsafe extern "C" fn(*mut std::ffi::c_void) -> usize;
        // SAFETY: loading a system library whose constructors only initialise libpmem.
        let lib = unsafe { libloading::Library::new("libpmemlog.so.1") }.map_err(|e| {
            format!("libpmemlog.so.1 not loadable ({e}); install libpmemlog1 (make setup)")
        })?;
        let _ = std::fs::remove_file(path);
        let cpath = std::ffi::CString::new(path.as_os_str().as_encoded_bytes())
            .map_err(|e| e.to_string())?;
        // SAFETY: the symbols have the C signatures declared in libpmemlog.h (PMDK 1.12).
        unsafe {
            let create: libloading::Symbol<Create> =
                lib.get(b"pmemlog_create\0").map_err(|e| e.to_string())?;
            let append = *lib.get(b"pmemlog_append\0").map_err(|e| e.to_string())?;
            let rewind = *lib.get(b"pmemlog_rewind\0").map_err(|e| e.to_string())?;
            let close = *lib.get(b"pmemlog_close\0").map_err(|e| e.to_string())?;
            let nbyte: libloading::Symbol<Nbyte> =
                lib.get(b"pmemlog_nbyte\0").map_err(|e| e.to_string())?;
            let pool = create(cpath.as_ptr(), pool_bytes, 0o600);
            if pool.is_null() {
                return Err(format!(
                    "pmemlog_create {}: {}",
                    path.display(),
                    std::io::Error::last_os_error()
                ));
            }
            let nbyte = nbyte(pool);
            Ok(PmemLog {
                _lib: lib,
                pool,
                append,
                rewind,
                close,
                nbyte,
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
        // SAFETY: closed exactly once, before the library is unloaded (field order).
        unsafe { (self.close)(self.pool) }
    }
}

/// One contender of the interleaved comparison, with its state kept across rounds.
enum Runner {
    Ours(PmLog<MmapRegion>),
    Theirs(PmemLog),
    Raw { region: MmapRegion, next: u64 },
}

impl Runner {
    fn name(&self) -> &'static str {
        match self {
            Runner::Ours(_) => "ours",
            Runner::Theirs(_) => "libpmemlog",
            Runner::Raw { .. } => "raw",
        }
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

    fn capacity(&self) -> u64 {
        match self {
            Runner::Ours(log) => log.capacity(),
            Runner::Theirs(p) => p.nbyte as u64,
            Runner::Raw { region, .. } => (region.len() - DATA_OFFSET) as u64,
        }
    }
}

/// Interleaved comparison for one append size: ours, libpmemlog and the raw limit each append
/// `batch` bytes per round, in a rotating order, `rounds` times; every contender keeps its log
/// across rounds and is warmed by one full pass first. Adjacent batches see the same machine
/// state, so noise from other processes hits all three alike. Returns one measurement per
/// contender per round.
pub fn compare(
    dir: &Path,
    log_bytes: usize,
    size: usize,
    batch: u64,
    rounds: usize,
    tuning: Tuning,
) -> Result<Vec<Measurement>, String> {
    let persistence = Persistence::auto();
    let ours_path = dir.join(format!("vf-pmlog-ours-{}", std::process::id()));
    let theirs_path = dir.join(format!("vf-pmlog-pmemlog-{}", std::process::id()));
    let raw_path = dir.join(format!("vf-pmlog-raw-{}", std::process::id()));
    for p in [&ours_path, &theirs_path, &raw_path] {
        let _ = std::fs::remove_file(p);
    }
    let result = (|| {
        let ours = PmLog::create_with(
            MmapRegion::create(&ours_path, log_bytes, persistence).map_err(|e| e.to_string())?,
            rand::random(),
            crate::Protocol::Correct,
            tuning,
        )
        .map_err(|e| e.to_string())?;
        let raw =
            MmapRegion::create(&raw_path, log_bytes, persistence).map_err(|e| e.to_string())?;
        let mut runners = vec![
            Runner::Ours(ours),
            Runner::Theirs(PmemLog::create(&theirs_path, log_bytes)?),
            Runner::Raw {
                region: raw,
                next: 0,
            },
        ];
        let data: Vec<u8> = (0..size).map(|i| (i * 131 + 7) as u8).collect();
        for r in &mut runners {
            for _ in 0..r.capacity() / size as u64 + 1 {
                r.append(&data)?;
            }
        }
        let appends = (batch / size as u64).max(1);
        let mut out = Vec::new();
        for round in 0..rounds {
            for k in 0..runners.len() {
                let r = &mut runners[(round + k) % 3];
                let t = Instant::now();
                for _ in 0..appends {
                    r.append(&data)?;
                }
                let seconds = t.elapsed().as_secs_f64();
                let bytes = appends * size as u64;
                out.push(Measurement {
                    variant: r.name(),
                    size,
                    appends,
                    bytes,
                    seconds,
                    mib_per_s: bytes as f64 / seconds / (1024.0 * 1024.0),
                    persistence: if r.name() == "libpmemlog" {
                        "libpmem"
                    } else {
                        persistence.name()
                    },
                    round,
                });
            }
        }
        Ok(out)
    })();
    for p in [&ours_path, &theirs_path, &raw_path] {
        let _ = std::fs::remove_file(p);
    }
    result
}
