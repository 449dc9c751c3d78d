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
}

/// Runs one measurement on a fresh file at `path` (removed afterwards).
pub fn measure(path: &Path, log_bytes: usize, size: usize, total: u64, variant: Variant, tuning: Tuning) -> Result<Measurement, String> {
    let _ = std::fs::remove_file(path);
    let persistence = Persistence::auto();
    let region = MmapRegion::create(path, log_bytes, persistence).map_err(|e| format!("{}: {e}", path.display()))?;
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
    let mut log = PmLog::create_with(region, rand::random(), crate::Protocol::Correct, tuning).map_err(|e| e.to_string())?;
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

