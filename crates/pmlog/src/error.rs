//! Typed errors. Every message names a byte offset or the positions involved.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LogError {
    #[error("log full: append of {needed} bytes, {available} bytes free (advance the head)")]
    Full { needed: u64, available: u64 },
    #[error("read of [{pos}, {end}) outside the committed log [{head}, {tail})")]
    OutOfRange {
        pos: u64,
        end: u64,
        head: u64,
        tail: u64,
    },
    #[error("advance_head to {to} outside [{head}, {tail}]")]
    BadHead { to: u64, head: u64, tail: u64 },
    #[error("byte {offset}: not a veriforge pmlog file ({why})")]
    NotALog { offset: u64, why: String },
    #[error("byte {len}: truncated file ({len} bytes, the log needs {expected})")]
    Truncated { len: u64, expected: u64 },
    #[error("byte 8: unsupported log version {found} (this build reads version {supported})")]
    UnsupportedVersion { found: u32, supported: u32 },
    #[error("byte {offset}: corrupted log: {what}")]
    Corrupted { offset: u64, what: String },
    #[error("region too small: {len} bytes, need more than {min}")]
    TooSmall { len: u64, min: u64 },
    #[error("no log {log}: the multilog has {n} logs (0..{n})")]
    NoSuchLog { log: usize, n: usize },
    #[error("logical position would exceed 2^64")]
    PositionOverflow,
}
