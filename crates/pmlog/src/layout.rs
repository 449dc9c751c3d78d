//! On-media layout: a static header, two commit-record slots, and the circular data area.
//!
//! ```text
//! offset  size  content
//!      0    64  header: magic "VFPMLOG1", version, region_len, data_offset, capacity, log_id, crc32c
//!     64    64  commit slot 0 (one cache line)
//!    128    64  commit slot 1 (one cache line)
//!    192    64  unused (keeps the data area 256-byte aligned)
//!    256   cap  data: logical position p lives at 256 + p % cap
//! ```
//! All integers are little-endian. A commit record (44 bytes used of 64):
//! `seq u64 | head u64 | tail u64 | prev_tail u64 | data_crc u32 | kind u32 | record_crc u32`
//! where `record_crc = crc32c(log_id ‖ bytes 0..40)`.

use crate::error::LogError;

pub const MAGIC: [u8; 8] = *b"VFPMLOG1";
pub const VERSION: u32 = 1;
pub const HEADER_LEN: usize = 64;
pub const SLOT_OFFSETS: [usize; 2] = [64, 128];
pub const SLOT_LEN: usize = 64;
pub const RECORD_LEN: usize = 44;
pub const DATA_OFFSET: usize = 256;

/// The record's data bytes `[prev_tail, tail)` are covered by `data_crc`; they were persisted by
/// the same fence as the record (one fence per commit).
pub const KIND_DATA_CRC: u32 = 0x1DC5_C0DE;
/// Like `KIND_DATA_CRC`, but `data_crc` is the keyed carry-less sum (`checksum::ClmulSum`) of the
/// bytes `[prev_tail, tail)` (`Tuning::sum = SumKind::Clmul`).
pub const KIND_DATA_CLMUL: u32 = 0x3C1A_C0DE;
/// The record was written only after its data was already durable (two fences per commit).
pub const KIND_DATA_FENCED: u32 = 0x2FE7_C0DE;

/// The static header, written once by `create`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    pub region_len: u64,
    pub data_offset: u64,
    pub capacity: u64,
    /// Random per-log nonce mixed into every record CRC: records of another log never validate.
    pub log_id: u64,
}

impl Header {
    pub fn encode(&self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&self.version.to_le_bytes());
        b[16..24].copy_from_slice(&self.region_len.to_le_bytes());
        b[24..32].copy_from_slice(&self.data_offset.to_le_bytes());
        b[32..40].copy_from_slice(&self.capacity.to_le_bytes());
        b[40..48].copy_from_slice(&self.log_id.to_le_bytes());
        let crc = crc32c::crc32c(&b[0..60]);
        b[60..64].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// Decodes and validates the header of a region of `actual_len` bytes.
    pub fn decode(bytes: &[u8]) -> Result<Header, LogError> {
        if bytes.len() < 8 || bytes[0..8] != MAGIC {
            return Err(LogError::NotALog {
                offset: 0,
                why: "no VFPMLOG1 magic at the start".into(),
            });
        }
        if bytes.len() < DATA_OFFSET {
            return Err(LogError::Truncated {
                len: bytes.len() as u64,
                expected: DATA_OFFSET as u64,
            });
        }
        let b = &bytes[0..HEADER_LEN];
        let stored = u32_at(b, 60);
        let computed = crc32c::crc32c(&b[0..60]);
        if stored != computed {
            return Err(LogError::Corrupted {
                offset: 60,
                what: format!(
                    "header checksum mismatch (stored {stored:#010x}, computed {computed:#010x})"
                ),
            });
        }
        let h = Header {
            version: u32_at(b, 8),
            region_len: u64_at(b, 16),
            data_offset: u64_at(b, 24),
            capacity: u64_at(b, 32),
            log_id: u64_at(b, 40),
        };
        if h.version != VERSION {
            return Err(LogError::UnsupportedVersion {
                found: h.version,
                supported: VERSION,
            });
        }
        if h.data_offset != DATA_OFFSET as u64
            || h.region_len != h.data_offset + h.capacity
            || h.capacity == 0
        {
            return Err(LogError::Corrupted {
                offset: 16,
                what: "inconsistent region_len/data_offset/capacity".into(),
            });
        }
        if (bytes.len() as u64) < h.region_len {
            return Err(LogError::Truncated {
                len: bytes.len() as u64,
                expected: h.region_len,
            });
        }
        Ok(h)
    }
}

/// One commit record: the log's durable state `[head, tail)` plus how to validate the data
/// appended by this commit (`[prev_tail, tail)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub seq: u64,
    pub head: u64,
    pub tail: u64,
    pub prev_tail: u64,
    pub data_crc: u32,
    pub kind: u32,
}

impl Record {
    pub fn encode(&self, log_id: u64) -> [u8; RECORD_LEN] {
        let mut b = [0u8; RECORD_LEN];
        b[0..8].copy_from_slice(&self.seq.to_le_bytes());
        b[8..16].copy_from_slice(&self.head.to_le_bytes());
        b[16..24].copy_from_slice(&self.tail.to_le_bytes());
        b[24..32].copy_from_slice(&self.prev_tail.to_le_bytes());
        b[32..36].copy_from_slice(&self.data_crc.to_le_bytes());
        b[36..40].copy_from_slice(&self.kind.to_le_bytes());
        let crc = record_crc(log_id, &b[0..40]);
        b[40..44].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// The record's slot line as eight little-endian words (`encode` plus zero padding), built
    /// in registers for `PmRegion::write_line_words_nodrain`.
    pub fn line_words(&self, log_id: u64) -> [u64; 8] {
        let w4 = self.data_crc as u64 | (self.kind as u64) << 32;
        let crc = crate::checksum::crc32c_short(
            &[log_id, self.seq, self.head, self.tail, self.prev_tail, w4],
            None,
        );
        [
            self.seq,
            self.head,
            self.tail,
            self.prev_tail,
            w4,
            crc as u64,
            0,
            0,
        ]
    }

    /// `None` when the slot does not hold a record whose CRC checks out (torn, never written,
    /// invalidated). A CRC-valid record is returned even if its fields are inconsistent; the caller
    /// reports that as corruption.
    pub fn decode(slot: &[u8], log_id: u64) -> Option<Record> {
        let stored = u32_at(slot, 40);
        if stored != record_crc(log_id, &slot[0..40]) {
            return None;
        }
        let kind = u32_at(slot, 36);
        if kind != KIND_DATA_CRC && kind != KIND_DATA_FENCED && kind != KIND_DATA_CLMUL {
            return None;
        }
        Some(Record {
            seq: u64_at(slot, 0),
            head: u64_at(slot, 8),
            tail: u64_at(slot, 16),
            prev_tail: u64_at(slot, 24),
            data_crc: u32_at(slot, 32),
            kind,
        })
    }

    /// The one-fence record that commits `len` bytes appended right after `prev`'s tail (nothing
    /// else pending): `seq + 1`, same head, `prev_tail = prev.tail`, `tail = prev.tail + len`,
    /// `data_crc` still 0 (the caller fills it).
    pub fn append_after(prev: &Record, len: u64) -> Record {
        Record {
            seq: prev.seq + 1,
            head: prev.head,
            tail: prev.tail + len,
            prev_tail: prev.tail,
            data_crc: 0,
            kind: KIND_DATA_CRC,
        }
    }

    /// The one-fence record that commits the pending bytes `[prev.tail, tail)` after `prev`:
    /// `seq + 1`, same head, `prev_tail = prev.tail`, `data_crc` still 0 (the caller fills it).
    pub fn next_data_crc(prev: &Record, tail: u64) -> Record {
        Record {
            tail,
            ..Record::append_after(prev, 0)
        }
    }

    /// The invariants every record written by the log satisfies.
    pub fn is_consistent(&self, capacity: u64) -> bool {
        self.head <= self.prev_tail
            && self.prev_tail <= self.tail
            && self.tail - self.head <= capacity
    }
}

/// `crc32c(log_id ‖ body)` over the 40-byte record body (inline `crc32` instructions: this is on
/// every commit's path).
fn record_crc(log_id: u64, body: &[u8]) -> u32 {
    let w = |i: usize| u64_at(body, 8 * i);
    crate::checksum::crc32c_short(&[log_id, w(0), w(1), w(2), w(3), w(4)], None)
}

pub fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

pub fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_crc_is_crc32c_of_id_and_body() {
        // The on-media format: record_crc = crc32c(log_id ‖ bytes 0..40), whatever computes it.
        let r = Record {
            seq: 9,
            head: 1 << 40,
            tail: u64::MAX - 3,
            prev_tail: 77,
            data_crc: 0xfeed_f00d,
            kind: KIND_DATA_CRC,
        };
        let id = 0x0bad_cafe_1234_5678u64;
        let b = r.encode(id);
        let mut whole = id.to_le_bytes().to_vec();
        whole.extend_from_slice(&b[0..40]);
        assert_eq!(u32_at(&b, 40), crc32c::crc32c(&whole));
        assert_eq!(Record::decode(&b, id), Some(r));
        let words = r.line_words(id);
        let mut line = [0u8; 64];
        line[..RECORD_LEN].copy_from_slice(&b);
        for (i, w) in words.iter().enumerate() {
            assert_eq!(w.to_le_bytes(), line[8 * i..8 * i + 8], "word {i}");
        }
        let mut torn = b;
        torn[17] ^= 1;
        assert_eq!(Record::decode(&torn, id), None);
    }
}
