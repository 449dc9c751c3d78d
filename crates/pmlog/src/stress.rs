//! The SIGKILL test's writers and verifiers (single log, and multilog further down).
//!
//! The writer appends self-describing records (`len u32 | seq u64 | payload`), commits 1-3 per
//! commit, and after each `commit` returns prints the last committed seq on stdout (a pipe the
//! parent reads after killing it). Every restart recovers, finds the last seq and continues.
//! The verifier reopens the log and checks every record in `[head, tail)` is intact and that the
//! seqs are consecutive and end where the writer's reports say they must.

use crate::log::PmLog;
use crate::multilog::MultiLog;
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

// ---- The multilog variant: records spread over several logs, several logs per commit. ----

/// Multilog record header: `len u32 | seq u64 | batch_end u64` (the last seq of the commit that
/// wrote it), then the same payload as the single-log records.
const MULTI_HEADER: usize = 20;

/// The log record `seq` goes to: seq i < n to log i (so every log starts with a record), then a
/// fixed pseudo-random spread.
pub fn log_of(seq: u64, n: usize) -> usize {
    if seq < n as u64 {
        seq as usize
    } else {
        (seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % n
    }
}

pub fn encode_multi_record(seq: u64, batch_end: u64) -> Vec<u8> {
    let n = payload_len(seq);
    let mut v = Vec::with_capacity(MULTI_HEADER + n);
    v.extend_from_slice(&(n as u32).to_le_bytes());
    v.extend_from_slice(&seq.to_le_bytes());
    v.extend_from_slice(&batch_end.to_le_bytes());
    v.extend((0..n).map(|i| payload_byte(seq, i)));
    v
}

/// A record found in a multilog: its log, position, seq and the last seq of its commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiFound {
    pub pos: u64,
    pub seq: u64,
    pub batch_end: u64,
}

/// Parses and checks every record of log `log`: intact, in that log by `log_of`, and with no
/// seq of that log missing between two consecutive records.
pub fn parse_multi_records<R: PmRegion>(
    m: &MultiLog<R>,
    log: usize,
) -> Result<Vec<MultiFound>, String> {
    let n_logs = m.n_logs();
    let mut out: Vec<MultiFound> = Vec::new();
    let mut pos = m.head(log);
    while pos < m.tail(log) {
        let mut hdr = [0u8; MULTI_HEADER];
        m.read_into(log, pos, &mut hdr)
            .map_err(|e| format!("log {log}: record header at {pos}: {e}"))?;
        let n = u32::from_le_bytes(hdr[0..4].try_into().unwrap()) as usize;
        let seq = u64::from_le_bytes(hdr[4..12].try_into().unwrap());
        let batch_end = u64::from_le_bytes(hdr[12..20].try_into().unwrap());
        if n != payload_len(seq) || log_of(seq, n_logs) != log || batch_end < seq {
            return Err(format!(
                "log {log}: record at {pos}: header (len {n}, seq {seq}, batch end {batch_end}) is not one the writer makes"
            ));
        }
        if let Some(prev) = out.last() {
            if let Some(gap) = (prev.seq + 1..seq).find(|&s| log_of(s, n_logs) == log) {
                return Err(format!(
                    "log {log}: record {gap} missing between {} and {seq}",
                    prev.seq
                ));
            }
            if seq <= prev.seq {
                return Err(format!("log {log}: seq {seq} follows {}", prev.seq));
            }
        }
        let payload = m
            .read(log, pos + MULTI_HEADER as u64, n as u64)
            .map_err(|e| format!("log {log}: record {seq} payload: {e}"))?;
        if let Some(i) = (0..n).find(|&i| payload[i] != payload_byte(seq, i)) {
            return Err(format!(
                "log {log}: record {seq} at {pos}: payload byte {i} corrupted"
            ));
        }
        out.push(MultiFound {
            pos,
            seq,
            batch_end,
        });
        pos += (MULTI_HEADER + n) as u64;
    }
    if pos != m.tail(log) {
        return Err(format!(
            "log {log}: last record overruns the tail {}",
            m.tail(log)
        ));
    }
    Ok(out)
}

/// Creates a multilog file of `n` logs holding records 0..n (record i in log i), committed.
pub fn create_multi_log(path: &Path, n: usize, capacity: u64) -> Result<(), String> {
    let caps = vec![capacity; n];
    let len = MultiLog::<MmapRegion>::region_len_for(&caps).ok_or("bad capacities")?;
    let region = MmapRegion::create(path, len, Persistence::auto())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut m = MultiLog::create(region, &caps).map_err(|e| e.to_string())?;
    for s in 0..n as u64 {
        m.tentatively_append(s as usize, &encode_multi_record(s, n as u64 - 1))
            .map_err(|e| e.to_string())?;
    }
    m.commit().map_err(|e| e.to_string())
}

/// The multilog writer: commits of 1-3 records spread over the logs by `log_of` (one commit per
/// batch, however many logs it touches); when a log is full its head advances to its last
/// committed record (durably, while the batch's other appends stay pending). Prints the last
/// committed seq after every commit.
pub fn multi_writer_loop(
    path: &Path,
    out: &mut impl Write,
    max_commits: Option<u64>,
) -> Result<(), String> {
    let region = MmapRegion::open(path, Persistence::auto())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut m = MultiLog::open(region).map_err(|e| e.to_string())?;
    let n = m.n_logs();
    let mut last_pos = Vec::with_capacity(n); // position of each log's last committed record
    let mut next = 0;
    for l in 0..n {
        let recs = parse_multi_records(&m, l)?;
        let last = recs.last().ok_or("a log holds no record")?;
        last_pos.push(last.pos);
        next = next.max(last.batch_end + 1);
    }
    let mut commits = 0;
    while max_commits.map_or(true, |mc| commits < mc) {
        let batch_end = next + next % 3;
        let mut appended = Vec::new();
        for seq in next..=batch_end {
            let l = log_of(seq, n);
            let rec = encode_multi_record(seq, batch_end);
            let pos = match m.tentatively_append(l, &rec) {
                Ok(p) => p,
                Err(crate::LogError::Full { .. }) => {
                    m.advance_head(l, last_pos[l]).map_err(|e| e.to_string())?;
                    m.tentatively_append(l, &rec).map_err(|e| e.to_string())?
                }
                Err(e) => return Err(e.to_string()),
            };
            appended.push((l, pos));
        }
        m.commit().map_err(|e| e.to_string())?;
        for (l, pos) in appended {
            last_pos[l] = pos;
        }
        next = batch_end + 1;
        writeln!(out, "{batch_end}").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        commits += 1;
    }
    Ok(())
}

/// Reopens a multilog after a kill: every record intact, and the logs hold exactly a prefix of
/// the committed transactions: with `L` the last seq of the newest commit found anywhere, every
/// log ends with its last record `<= L` (nothing of a later commit, nothing of commit `L` missing
/// on any log). Returns `L`, which must lie in `[at_least, at_most]`.
pub fn verify_multi(path: &Path, at_least: u64, at_most: u64) -> Result<u64, String> {
    let region = MmapRegion::open(path, Persistence::auto())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let m = MultiLog::open(region).map_err(|e| format!("reopen: {e}"))?;
    let n = m.n_logs();
    let logs: Vec<Vec<MultiFound>> = (0..n)
        .map(|l| parse_multi_records(&m, l))
        .collect::<Result<_, _>>()?;
    let newest = logs
        .iter()
        .flatten()
        .map(|r| r.batch_end)
        .max()
        .ok_or("no record survived")?;
    for (l, recs) in logs.iter().enumerate() {
        let want = (0..=newest)
            .rev()
            .find(|&s| log_of(s, n) == l)
            .expect("seq l maps to log l");
        let got = recs.last().map(|r| r.seq);
        if got != Some(want) {
            return Err(format!(
                "log {l} ends with record {got:?} but the newest commit found (ending at seq {newest}) puts record {want} there: a commit is torn across logs"
            ));
        }
    }
    if newest < at_least {
        return Err(format!(
            "lost committed records: logs end at seq {newest}, writer had committed {at_least}"
        ));
    }
    if newest > at_most {
        return Err(format!(
            "uncommitted records visible: logs end at seq {newest}, at most {at_most} was in flight"
        ));
    }
    Ok(newest)
}
