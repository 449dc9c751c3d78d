//! The log: tentative appends, atomic durable commits, head advancement, recovery.
//!
//! Commit protocol (see docs/pmlog.md for the argument):
//! * Small commits (pending bytes <= `Tuning::one_fence_max`): the data is copied with
//!   write-back started (`write_nodrain`), then a commit record carrying a CRC-32C over exactly
//!   the new bytes is written into the slot *not* holding the durable record, flushed, and **one**
//!   fence persists data and record together. Recovery accepts that record only if its own CRC
//!   and the data CRC both check; otherwise the other slot (made durable by an earlier fence) wins.
//! * Large commits: fence after the data, then the record (no data CRC), then a fence: two fences,
//!   but no CRC pass over the data.
//!
//! Logical positions are `u64` byte offsets that only grow: at 10 GB/s it takes 58 years to reach
//! 2^64, and reaching it is a checked error rather than a wrap.

use crate::checksum::{ClmulSum, DataSum};
use crate::error::LogError;
use crate::layout::*;
use crate::region::PmRegion;

/// Protocol variants. Everything except `Correct` is deliberately broken and exists only so the
/// crash checker's tests can show it catches each mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Correct,
    /// `commit`/`advance_head` return without the final fence.
    NoCommitFence,
    /// Two-fence path: the record is written without fencing the data first.
    NoDataFence,
    /// Appends are staged in DRAM; commit makes the record durable first, then writes the data.
    MetadataBeforeData,
    /// Recovery trusts a CRC-valid record without checking the CRC over its data.
    NoDataCrcCheck,
    /// `open` leaves a newer-but-rejected record in place (it can later validate against
    /// re-appended identical bytes that were never committed).
    NoStaleSlotInvalidation,
    /// The pending erase of a rejected record still runs after a new record replaced it
    /// (erasing the durable record of an `advance_head` done right after open).
    LateStaleErase,
    /// The erase of a rejected record is not fenced before the new data is written.
    UnfencedErase,
}

/// Performance knobs that never affect correctness (the checker runs both paths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Commits of at most this many bytes use the one-fence CRC protocol.
    pub one_fence_max: u64,
    /// The data proof of one-fence records.
    pub sum: SumKind,
}

/// Which data checksum one-fence commit records carry (both are checked by the crash checker;
/// recovery reads the kind from the record, so logs written with either open the same way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumKind {
    /// Three interleaved CRC-32C lanes (`checksum::DataSum`, record kind `KIND_DATA_CRC`).
    Crc3,
    /// The keyed carry-less sum (`checksum::ClmulSum`, record kind `KIND_DATA_CLMUL`): cheaper
    /// in theory; measured slower than `Crc3` on this CPU (docs/pmlog.md, round 6), so off by
    /// default.
    Clmul,
}

impl Default for Tuning {
    /// One fence up to 8 KiB where the folding checksum kernel runs (AVX-512 + VPCLMULQDQ),
    /// else up to 4 KiB (the `crc32` loop): measured crossovers, docs/pmlog.md (round 8).
    fn default() -> Self {
        Tuning {
            one_fence_max: if crate::checksum::fold_ok() {
                8192
            } else {
                4096
            },
            sum: SumKind::Crc3,
        }
    }
}

/// What recovery found: the header, both slots, and the record it chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    pub header: Header,
    pub slots: [Option<Record>; 2],
    pub chosen_slot: usize,
    pub record: Record,
    /// A CRC-valid newer record was rejected because its data CRC did not match (a commit that
    /// crashed before its fence completed).
    pub rejected_newer: bool,
}

/// Recovers the committed state from a region image without writing anything.
///
/// It repairs nothing: it only *chooses* the newest record it can prove valid (record CRC, field
/// invariants, and for one-fence records the data CRC).
pub fn recover(bytes: &[u8], verify_data_crc: bool) -> Result<Recovered, LogError> {
    let header = Header::decode(bytes)?;
    let slots = [0, 1].map(|i| {
        Record::decode(
            &bytes[SLOT_OFFSETS[i]..SLOT_OFFSETS[i] + SLOT_LEN],
            header.log_id,
        )
    });
    for (i, r) in slots.iter().enumerate() {
        if let Some(r) = r {
            if !r.is_consistent(header.capacity) {
                return Err(LogError::Corrupted {
                    offset: SLOT_OFFSETS[i] as u64,
                    what: format!(
                        "commit slot {i} has a valid checksum but impossible positions {r:?}"
                    ),
                });
            }
        }
    }
    let data_ok = |r: &Record| {
        !verify_data_crc
            || match r.kind {
                KIND_DATA_CRC => data_crc(bytes, &header, r) == r.data_crc,
                KIND_DATA_CLMUL => data_clmul(bytes, &header, r) == r.data_crc,
                _ => true,
            }
    };
    let (chosen_slot, rejected_newer) = match (slots[0], slots[1]) {
        (None, None) => {
            return Err(LogError::Corrupted {
                offset: SLOT_OFFSETS[0] as u64,
                what: "no valid commit record in either slot".into(),
            })
        }
        (Some(_), None) => (0, false),
        (None, Some(_)) => (1, false),
        (Some(a), Some(b)) => {
            let (newer, older) = if a.seq > b.seq { (0, 1) } else { (1, 0) };
            let (n, o) = (slots[newer].unwrap(), slots[older].unwrap());
            if n.seq != o.seq + 1 || n.prev_tail != o.tail || n.head < o.head {
                return Err(LogError::Corrupted {
                    offset: SLOT_OFFSETS[newer] as u64,
                    what: format!("commit slots do not chain (seq {} then {})", o.seq, n.seq),
                });
            }
            if data_ok(&n) {
                (newer, false)
            } else {
                (older, true)
            }
        }
    };
    let record = slots[chosen_slot].unwrap();
    if !data_ok(&record) {
        // The only durable record disagrees with its data: nothing provably valid remains.
        return Err(LogError::Corrupted {
            offset: (DATA_OFFSET as u64) + record.prev_tail % header.capacity,
            what: format!(
                "data checksum mismatch for committed bytes [{}, {})",
                record.prev_tail, record.tail
            ),
        });
    }
    Ok(Recovered {
        header,
        slots,
        chosen_slot,
        record,
        rejected_newer,
    })
}

/// The data checksum (`checksum.rs`) over the logical byte range `[r.prev_tail, r.tail)`.
fn data_crc(bytes: &[u8], h: &Header, r: &Record) -> u32 {
    let mut sum = DataSum::default();
    let mut pos = r.prev_tail;
    for (off, len) in physical_pieces(h.capacity, r.prev_tail, r.tail - r.prev_tail) {
        sum.update(pos, &bytes[off..off + len]);
        pos += len as u64;
    }
    sum.finish()
}

/// The keyed carry-less sum (`checksum.rs`) over the logical byte range `[r.prev_tail, r.tail)`.
fn data_clmul(bytes: &[u8], h: &Header, r: &Record) -> u32 {
    let mut sum = ClmulSum::default();
    let mut pos = r.prev_tail;
    for (off, len) in physical_pieces(h.capacity, r.prev_tail, r.tail - r.prev_tail) {
        sum.update(pos, &bytes[off..off + len]);
        pos += len as u64;
    }
    sum.finish()
}

/// The (region offset, length) pieces holding logical bytes `[pos, pos + len)` (at most two).
fn physical_pieces(capacity: u64, pos: u64, len: u64) -> impl Iterator<Item = (usize, usize)> {
    pieces_at(capacity, pos % capacity, len)
}

/// `physical_pieces` for a position whose physical offset `phys = pos % capacity` is known
/// (appends keep it, so the commit path has no 64-bit division).
#[inline(always)]
fn pieces_at(capacity: u64, phys: u64, len: u64) -> impl Iterator<Item = (usize, usize)> {
    let first = len.min(capacity - phys);
    let a = (DATA_OFFSET + phys as usize, first as usize);
    let b = (DATA_OFFSET, (len - first) as usize);
    std::iter::once(a)
        .chain(std::iter::once(b))
        .filter(|p| p.1 > 0)
}

/// A persistent-memory log over region `R`.
pub struct PmLog<R: PmRegion> {
    region: R,
    header: Header,
    durable: Record,
    slot: usize,
    tentative_tail: u64,
    /// `tentative_tail % capacity`, kept by `tentatively_append`.
    tentative_phys: u64,
    pending_sum: DataSum,
    pending_clmul: ClmulSum,
    protocol: Protocol,
    tuning: Tuning,
    staged: Vec<(u64, Vec<u8>)>,
    /// A rejected commit record still in the other slot, erased before the first append.
    stale_slot: Option<usize>,
}

impl<R: PmRegion> PmLog<R> {
    /// Formats `region` as an empty log with a random log id.
    pub fn create(region: R) -> Result<Self, LogError> {
        Self::create_with(region, rand::random(), Protocol::Correct, Tuning::default())
    }

    /// Formats `region`: both slots first (slot 0 = empty log, slot 1 invalid), then the header
    /// with its magic, each persisted by a fence. A crash mid-format leaves no magic.
    pub fn create_with(
        mut region: R,
        log_id: u64,
        protocol: Protocol,
        tuning: Tuning,
    ) -> Result<Self, LogError> {
        let len = region.len() as u64;
        if len <= DATA_OFFSET as u64 {
            return Err(LogError::TooSmall {
                len,
                min: DATA_OFFSET as u64,
            });
        }
        let header = Header {
            version: VERSION,
            region_len: len,
            data_offset: DATA_OFFSET as u64,
            capacity: len - DATA_OFFSET as u64,
            log_id,
        };
        let empty = Record {
            seq: 0,
            head: 0,
            tail: 0,
            prev_tail: 0,
            data_crc: 0,
            kind: KIND_DATA_FENCED,
        };
        region.write(SLOT_OFFSETS[0], &empty.encode(log_id));
        region.write(SLOT_OFFSETS[1], &[0u8; SLOT_LEN]);
        region.flush(SLOT_OFFSETS[0], 2 * SLOT_LEN);
        region.fence();
        region.write(0, &header.encode());
        region.flush(0, HEADER_LEN);
        region.fence();
        Ok(Self::from_parts(region, header, empty, 0, protocol, tuning))
    }

    /// Opens an existing log: recovers (writing nothing). If the slot not chosen holds a
    /// CRC-valid record other than the chosen one's predecessor (a commit rejected by recovery),
    /// the first `tentatively_append` durably erases it before writing any data: otherwise
    /// re-appending the same bytes could make that never-committed record valid again.
    pub fn open(region: R) -> Result<Self, LogError> {
        Self::open_with(region, Protocol::Correct, Tuning::default())
    }

    pub fn open_with(region: R, protocol: Protocol, tuning: Tuning) -> Result<Self, LogError> {
        let rec = recover(region.bytes(), protocol != Protocol::NoDataCrcCheck)?;
        let other = 1 - rec.chosen_slot;
        let other_is_previous = matches!(rec.slots[other], Some(o) if o.seq + 1 == rec.record.seq);
        let mut log = Self::from_parts(
            region,
            rec.header,
            rec.record,
            rec.chosen_slot,
            protocol,
            tuning,
        );
        if !other_is_previous
            && rec.slots[other].is_some()
            && protocol != Protocol::NoStaleSlotInvalidation
        {
            log.stale_slot = Some(other);
        }
        Ok(log)
    }

    /// Durably zeroes a rejected commit record (see `open`).
    /// (Only a load on the append path: `Option::take` would store on every append, and every
    /// ordinary store before the record's line delays the commit, docs/pmlog.md round 9.)
    #[inline(always)]
    fn erase_stale_slot(&mut self) {
        if self.stale_slot.is_some() {
            self.erase_stale_slot_now();
        }
    }

    #[cold]
    #[inline(never)]
    fn erase_stale_slot_now(&mut self) {
        if let Some(slot) = self.stale_slot.take() {
            self.region
                .write_line_nodrain(SLOT_OFFSETS[slot], &[0u8; SLOT_LEN]);
            if self.protocol != Protocol::UnfencedErase {
                self.region.fence();
            }
        }
    }

    fn from_parts(
        region: R,
        header: Header,
        durable: Record,
        slot: usize,
        protocol: Protocol,
        tuning: Tuning,
    ) -> Self {
        PmLog {
            region,
            header,
            durable,
            slot,
            tentative_tail: durable.tail,
            tentative_phys: durable.tail % header.capacity,
            pending_sum: DataSum::default(),
            pending_clmul: ClmulSum::default(),
            protocol,
            tuning,
            staged: Vec::new(),
            stale_slot: None,
        }
    }

    /// Appends `data` after the tentative tail; not durable until `commit`. Returns its logical
    /// position. Space is what the *durable* head leaves free.
    pub fn tentatively_append(&mut self, data: &[u8]) -> Result<u64, LogError> {
        let len = data.len() as u64;
        let pos = self.tentative_tail;
        let available = self.header.capacity - (pos - self.durable.head);
        if len > available {
            return Err(LogError::Full {
                needed: len,
                available,
            });
        }
        let new_tail = pos.checked_add(len).ok_or(LogError::PositionOverflow)?;
        self.erase_stale_slot();
        let summed = new_tail - self.durable.tail <= self.tuning.one_fence_max;
        if self.protocol == Protocol::MetadataBeforeData {
            self.staged.push((pos, data.to_vec()));
        } else if summed {
            self.write_data_sum(pos, data);
        } else {
            self.write_data(self.tentative_phys, data);
        }
        self.tentative_tail = new_tail;
        // len <= capacity (checked above), so one subtraction wraps it.
        let phys = self.tentative_phys + len;
        self.tentative_phys = if phys >= self.header.capacity {
            phys - self.header.capacity
        } else {
            phys
        };
        debug_assert_eq!(self.tentative_phys, new_tail % self.header.capacity);
        Ok(pos)
    }

    /// Appends `data` and makes it durable: `tentatively_append(data)` then `commit()` in one
    /// call (what `pmemlog_append` does). Returns the entry's logical position; errors as those
    /// two (nothing is appended on error).
    ///
    /// Fast path (nothing pending, a one-fence `Crc3` commit, no wrap, no rejected record to
    /// erase): the same stores, flushes and fence as the two calls, but the data and the record
    /// go through one region call (`PmRegion::write_sum_record_nodrain`, one kernel on real PM)
    /// and the in-memory bookkeeping is done *before* the fence, so no ordinary store sits
    /// between the data's line stores and the record's (docs/pmlog.md, round 9). The crash
    /// checker runs this path (`Op::AppendCommit`).
    pub fn append(&mut self, data: &[u8]) -> Result<u64, LogError> {
        let len = data.len() as u64;
        let pos = self.tentative_tail;
        let phys = self.tentative_phys;
        let cap = self.header.capacity;
        if pos == self.durable.tail
            && len != 0
            && len <= self.tuning.one_fence_max
            && self.tuning.sum == SumKind::Crc3
            && self.stale_slot.is_none()
            && matches!(
                self.protocol,
                Protocol::Correct | Protocol::NoCommitFence | Protocol::NoDataCrcCheck
            )
            && len <= cap - (pos - self.durable.head)
            && len <= cap - phys
            && pos.checked_add(len).is_some()
        {
            debug_assert_eq!(self.pending_sum, DataSum::default());
            let slot = 1 - self.slot;
            let mut rec = Record::append_after(&self.durable, len);
            rec.data_crc = self.region.write_sum_record_nodrain(
                DATA_OFFSET + phys as usize,
                data,
                SLOT_OFFSETS[slot],
                self.header.log_id,
                &self.durable,
            );
            self.tentative_tail = rec.tail;
            self.tentative_phys = if phys + len == cap { 0 } else { phys + len };
            self.slot = slot;
            self.durable = rec;
            if self.protocol != Protocol::NoCommitFence {
                self.region.fence();
            }
            return Ok(pos);
        }
        self.append_split(data)
    }

    /// `append` as its two steps (out of line: see `append`).
    #[inline(never)]
    fn append_split(&mut self, data: &[u8]) -> Result<u64, LogError> {
        let pos = self.tentatively_append(data)?;
        self.commit()?;
        Ok(pos)
    }

    /// Writes `data` (logical position `pos`) at the tentative tail, adding it to the data sum.
    #[inline(always)]
    fn write_data_sum(&mut self, pos: u64, data: &[u8]) {
        debug_assert_eq!(pos % self.header.capacity, self.tentative_phys);
        let mut done = 0;
        for (off, len) in pieces_at(self.header.capacity, self.tentative_phys, data.len() as u64) {
            let at = pos + done as u64;
            let piece = &data[done..done + len];
            match self.tuning.sum {
                SumKind::Crc3 => {
                    self.region
                        .write_nodrain_sum(off, piece, at, &mut self.pending_sum)
                }
                SumKind::Clmul => {
                    self.region
                        .write_nodrain_clmul(off, piece, at, &mut self.pending_clmul)
                }
            }
            done += len;
        }
    }

    /// Writes `data` at physical offset `phys` (= its logical position modulo the capacity).
    fn write_data(&mut self, phys: u64, data: &[u8]) {
        let mut done = 0;
        for (off, len) in pieces_at(self.header.capacity, phys, data.len() as u64) {
            self.region.write_nodrain(off, &data[done..done + len]);
            done += len;
        }
    }

    /// Makes every tentative append durable, atomically: after a crash either all of them are in
    /// the log or none is. When it returns they are durable.
    pub fn commit(&mut self) -> Result<(), LogError> {
        let pending = self.tentative_tail - self.durable.tail;
        if pending == 0 {
            return Ok(());
        }
        let one_fence =
            pending <= self.tuning.one_fence_max && self.protocol != Protocol::MetadataBeforeData;
        if !one_fence
            && !matches!(
                self.protocol,
                Protocol::NoDataFence | Protocol::MetadataBeforeData
            )
        {
            self.region.fence();
        }
        if one_fence && self.tuning.sum == SumKind::Crc3 {
            // The common small commit: record CRC and data-sum finish in registers, right
            // before the record's store (`PmRegion::write_crc3_record_nodrain`).
            // The record is built by the region from `durable` and the lanes in place (no
            // stores of it before its line store: round 11); the log's copy after.
            let off = self.record_slot_offset();
            let data_crc = self.region.write_next_crc3_record_nodrain(
                off,
                self.header.log_id,
                &self.durable,
                self.tentative_tail,
                &self.pending_sum,
            );
            let rec = Record {
                data_crc,
                ..Record::next_data_crc(&self.durable, self.tentative_tail)
            };
            self.finish(rec);
            return Ok(());
        }
        let rec = Record {
            seq: self.durable.seq + 1,
            head: self.durable.head,
            tail: self.tentative_tail,
            prev_tail: self.durable.tail,
            data_crc: match (one_fence, self.tuning.sum) {
                (false, _) => 0,
                (true, SumKind::Crc3) => self.pending_sum.finish(),
                (true, SumKind::Clmul) => self.pending_clmul.finish(),
            },
            kind: match (one_fence, self.tuning.sum) {
                (false, _) => KIND_DATA_FENCED,
                (true, SumKind::Crc3) => KIND_DATA_CRC,
                (true, SumKind::Clmul) => KIND_DATA_CLMUL,
            },
        };
        self.write_record(rec);
        if self.protocol == Protocol::MetadataBeforeData {
            self.region.fence();
            for (pos, data) in std::mem::take(&mut self.staged) {
                self.write_data(pos % self.header.capacity, &data);
            }
        }
        self.finish(rec);
        Ok(())
    }

    /// Frees every byte before `to` (durably, one fence). `to` must lie in `[head, tail]`.
    pub fn advance_head(&mut self, to: u64) -> Result<(), LogError> {
        let d = self.durable;
        if to < d.head || to > d.tail {
            return Err(LogError::BadHead {
                to,
                head: d.head,
                tail: d.tail,
            });
        }
        if to == d.head {
            return Ok(());
        }
        let rec = Record {
            seq: d.seq + 1,
            head: to,
            tail: d.tail,
            prev_tail: d.tail,
            data_crc: 0,
            kind: KIND_DATA_FENCED,
        };
        self.write_record(rec);
        self.finish(rec);
        Ok(())
    }

    /// The offset of the slot the next record goes to (not the durable record's).
    #[inline(always)]
    fn record_slot_offset(&mut self) -> usize {
        let target = 1 - self.slot;
        if self.stale_slot == Some(target) && self.protocol != Protocol::LateStaleErase {
            // The new record replaces the rejected one; erasing later would destroy it.
            self.stale_slot = None;
        }
        SLOT_OFFSETS[target]
    }

    fn write_record(&mut self, rec: Record) {
        let off = self.record_slot_offset();
        self.region
            .write_line_words_nodrain(off, &rec.line_words(self.header.log_id));
    }

    #[inline(always)]
    fn finish(&mut self, rec: Record) {
        if self.protocol != Protocol::NoCommitFence {
            self.region.fence();
        }
        self.slot = 1 - self.slot;
        if rec.tail == self.tentative_tail {
            self.pending_sum = DataSum::default();
            self.pending_clmul = ClmulSum::default();
        }
        self.durable = rec;
    }

    /// Copies committed bytes `[pos, pos + buf.len())` into `buf`.
    /// Checks that [pos, pos+len) lies inside the committed log (checked arithmetic: any u64
    /// pair is a valid question).
    pub fn check_range(&self, pos: u64, len: u64) -> Result<(), LogError> {
        let end = pos.checked_add(len).ok_or(LogError::PositionOverflow)?;
        if pos < self.durable.head || end > self.durable.tail {
            return Err(LogError::OutOfRange {
                pos,
                end,
                head: self.durable.head,
                tail: self.durable.tail,
            });
        }
        Ok(())
    }

    pub fn read_into(&self, pos: u64, buf: &mut [u8]) -> Result<(), LogError> {
        self.check_range(pos, buf.len() as u64)?;
        let bytes = self.region.bytes();
        let mut done = 0;
        for (off, len) in physical_pieces(self.header.capacity, pos, buf.len() as u64) {
            buf[done..done + len].copy_from_slice(&bytes[off..off + len]);
            done += len;
        }
        Ok(())
    }

    /// The committed bytes [pos, pos+len). The range is validated against the log before any
    /// buffer is allocated, so a huge `len` is an `OutOfRange` error, never an allocation.
    pub fn read(&self, pos: u64, len: u64) -> Result<Vec<u8>, LogError> {
        self.check_range(pos, len)?;
        let mut buf = vec![0u8; usize::try_from(len).map_err(|_| LogError::PositionOverflow)?];
        self.read_into(pos, &mut buf)?;
        Ok(buf)
    }

    /// True when recovery rolled back a commit whose record is still in the other slot (it is
    /// erased before the first append).
    pub fn has_pending_erase(&self) -> bool {
        self.stale_slot.is_some()
    }

    /// First committed position.
    pub fn head(&self) -> u64 {
        self.durable.head
    }
    /// One past the last committed position.
    pub fn tail(&self) -> u64 {
        self.durable.tail
    }
    /// One past the last tentatively appended position.
    pub fn tentative_tail(&self) -> u64 {
        self.tentative_tail
    }
    pub fn capacity(&self) -> u64 {
        self.header.capacity
    }
    pub fn header(&self) -> &Header {
        &self.header
    }
    pub fn region(&self) -> &R {
        &self.region
    }
    pub fn into_region(self) -> R {
        self.region
    }
}
