//! The SIGKILL test's writer and verifier.
//!
//! The writer appends self-describing records (`len u32 | seq u64 | payload`), commits 1-3 per
//! commit, and after each `commit` returns prints the last committed seq on stdout (a pipe the
//! parent reads after killing it). Every restart recovers, finds the last seq and continues.
//! The verifier reopens the log and checks every record in `[head, tail)` is intact and that the
//! seqs are consecutive and end where the writer's reports say they must.

use crate::log::PmLog;
use crate::region::{MmapRegion, Persistence, PmRegion};
use std::io::Write;
use std::path::Path;

const RECORD_HEADER: usize = 12;

/// Payload length of record `seq` (1..=400 bytes).
pub fn payload_len(seq: u64) -> usize {
    1 + (seq.wrapping_mul(7919) % 400) as usize
}

pub fn payload_byte(seq: u64, i: usize) -> u8 {
    (seq.wrapping_mul(131).wrapping_add(i as u64 * 7) >> 1) as u8
}

pub fn encode_record(seq: u64) -> Vec<u8> {
    let n = payload_len(seq);
    let mut v = Vec::with_capacity(RECORD_HEADER + n);
    v.extend_from_slice(&(n as u32).to_le_bytes());
    v.extend_from_slice(&seq.to_le_bytes());
    v.extend((0..n).map(|i| payload_byte(seq, i)));
    v
}

/// A record found in the log: its position and seq.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub pos: u64,
    pub seq: u64,
}

/// Parses and checks every record in the committed log.
pub fn parse_records<R: PmRegion>(log: &PmLog<R>) -> Result<Vec<Found>, String> {
    let mut out: Vec<Found> = Vec::new();
    let mut pos = log.head();
    while pos < log.tail() {
        let mut hdr = [0u8; RECORD_HEADER];
        log.read_into(pos, &mut hdr)
            .map_err(|e| format!("record header at {pos}: {e}"))?;
        let n = u32::from_le_bytes(hdr[0..4].try_into().unwrap()) as usize;
        let seq = u64::from_le_bytes(hdr[4..12].try_into().unwrap());
        if n != payload_len(seq) {
            return Err(format!(
                "record at {pos}: length {n} does not match seq {seq}"
            ));
        }
        if let Some(prev) = out.last() {
            if seq != prev.seq + 1 {
                return Err(format!("record at {pos}: seq {seq} follows {}", prev.seq));
            }
        }
        let payload = log
            .read(pos + RECORD_HEADER as u64, n as u64)
            .map_err(|e| format!("record {seq} payload: {e}"))?;
        if let Some(i) = (0..n).find(|&i| payload[i] != payload_byte(seq, i)) {
            return Err(format!("record {seq} at {pos}: payload byte {i} corrupted"));
        }
        out.push(Found { pos, seq });
        pos += (RECORD_HEADER + n) as u64;
    }
    if pos != log.tail() {
        return Err(format!("last record overruns the tail {}", log.tail()));
    }
    Ok(out)
}

/// Creates a log file holding one committed record (seq 0).
pub fn create_log(path: &Path, capacity: usize) -> Result<(), String> {
    let region = MmapRegion::create(
        path,
        crate::layout::DATA_OFFSET + capacity,
        Persistence::auto(),
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut log = PmLog::create(region).map_err(|e| e.to_string())?;
    log.tentatively_append(&encode_record(0))
        .map_err(|e| e.to_string())?;
    log.commit().map_err(|e| e.to_string())
}

/// The writer loop (runs until killed, or for `max_commits` commits).
pub fn writer_loop(
    path: &Path,
    out: &mut impl Write,
    max_commits: Option<u64>,
) -> Result<(), String> {
    let region = MmapRegion::open(path, Persistence::auto())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut log = PmLog::open(region).map_err(|e| e.to_string())?;
    let mut records = parse_records(&log)?;
    let mut next = records.last().ok_or("log holds no record")?.seq + 1;
    let mut commits = 0;
    while max_commits.map_or(true, |m| commits < m) {
        let batch = 1 + next % 3;
        let mut appended = Vec::new();
        for _ in 0..batch {
            let rec = encode_record(next);
            let pos = match log.tentatively_append(&rec) {
                Ok(p) => p,
                Err(crate::LogError::Full { .. }) => {
                    // Keep the last committed record so a restart can find the next seq.
                    let keep = records.last().unwrap().pos;
                    log.advance_head(keep).map_err(|e| e.to_string())?;
                    records.retain(|r| r.pos >= keep);
                    log.tentatively_append(&rec).map_err(|e| e.to_string())?
                }
                Err(e) => return Err(e.to_string()),
            };
            appended.push(Found { pos, seq: next });
            next += 1;
        }
        log.commit().map_err(|e| e.to_string())?;
        records.extend(appended);
        writeln!(out, "{}", next - 1).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        commits += 1;
    }
    Ok(())
}

/// Reopens the log after a kill and returns the last committed seq, checking that it lies in
/// `[at_least, at_most]` and every record is intact.
pub fn verify(path: &Path, at_least: u64, at_most: u64) -> Result<u64, String> {
    let region = MmapRegion::open(path, Persistence::auto())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let log = PmLog::open(region).map_err(|e| format!("reopen: {e}"))?;
    let records = parse_records(&log)?;
    let last = records.last().ok_or("no record survived")?.seq;
    if last < at_least {
        return Err(format!(
            "lost committed records: log ends at seq {last}, writer had committed {at_least}"
        ));
    }
    if last > at_most {
        return Err(format!(
            "uncommitted records visible: log ends at seq {last}, at most {at_most} was in flight"
        ));
    }
    Ok(last)
}
