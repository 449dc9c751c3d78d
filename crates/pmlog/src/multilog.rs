//! The multilog: several circular logs in one region, with one `commit` that makes the pending
//! appends of *all* logs durable atomically (the design of verified-storage's multilog: per-log
//! metadata in two copies plus one switch).
//!
//! ```text
//! offset          size        content
//!      0          H           header: "VFPMMLG1" | version u32 | n u32 | region_len u64 | log_id u64 |
//!                             capacity u64 x n | ... | crc32c(bytes 0..H-4) at H-4   (H = ceil64(36 + 8n))
//!      H          64          selector line: word 0 = value u32 | crc32c(log_id ‖ value) u32
//!      H+64       M           metadata copy 0: seq u64 | (head u64, tail u64) x n | crc u32  (M = ceil64(12 + 16n))
//!      H+64+M     M           metadata copy 1
//!      ceil256    cap_0       data of log 0 (logical position p at its offset + p % cap_0)
//!      ceil64     cap_1       data of log 1, ...
//! ```
//! The selector value is `copy << 31 | (seq & 0x7fff_ffff)`: which copy is active and the low 31
//! bits of that copy's `seq`. Copy CRC = `crc32c(log_id ‖ copy bytes 0..8+16n)`.
//!
//! Protocol (see docs/pmlog.md "Multilog" for the argument):
//! * `tentatively_append(i, bytes)` writes the bytes after log `i`'s tentative tail with write-back
//!   started (non-temporal stores / `clwb`), no fence.
//! * `commit` and `advance_head` write the new state of every log into the **inactive** copy,
//!   fence (data and copy durable), then write the selector word naming that copy (one aligned
//!   8-byte store, which never tears) and fence. The selector store is the commit point.
//! * Recovery reads the selector, checks its CRC, reads the copy it names, checks that copy's CRC,
//!   that its seq matches the selector and that every log's `head <= tail <= head + capacity`.
//!   It writes nothing. The inactive copy is never read, so a torn or stale inactive copy is
//!   harmless.

use crate::error::LogError;
use crate::layout::{u32_at, u64_at};
use crate::region::{PmRegion, CACHE_LINE};

pub const MULTI_MAGIC: [u8; 8] = *b"VFPMMLG1";
pub const MULTI_VERSION: u32 = 1;
/// Most logs one region holds (keeps the header at most 576 bytes).
pub const MAX_LOGS: usize = 64;

/// Protocol variants. Everything except `Correct` is deliberately broken and exists only so the
/// multilog crash checker's tests can show it catches each mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiProtocol {
    Correct,
    /// The selector is switched (and fenced) before the new metadata copy is written.
    SelectorBeforeMetadata,
    /// No fence between the data + metadata copy and the selector.
    NoMetadataFence,
    /// `commit`/`advance_head` return without fencing the selector.
    NoSelectorFence,
    /// Recovery trusts the selector and the copy without checking their CRCs.
    NoCrcCheck,
    /// The new metadata is written over the *active* copy (no second copy).
    InPlaceMetadata,
    /// Appends are stored without starting their write-back (no flush / non-temporal store).
    UnflushedData,
}

fn ceil_to(x: usize, a: usize) -> Option<usize> {
    Some(x.checked_add(a - 1)? / a * a)
}

/// Where everything lives, computed from the capacities alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiLayout {
    pub header_len: usize,
    pub selector_off: usize,
    pub copy_offs: [usize; 2],
    pub copy_len: usize,
    pub data_offs: Vec<usize>,
    pub capacities: Vec<u64>,
    pub region_len: usize,
}

impl MultiLayout {
    /// `None` when there are no logs, more than [`MAX_LOGS`], a zero capacity, or the region would
    /// not fit in an address space.
    pub fn new(capacities: &[u64]) -> Option<MultiLayout> {
        let n = capacities.len();
        if n == 0 || n > MAX_LOGS || capacities.contains(&0) {
            return None;
        }
        let header_len = ceil_to(36 + 8 * n, CACHE_LINE)?;
        let selector_off = header_len;
        let copy_len = ceil_to(12 + 16 * n, CACHE_LINE)?;
        let copy_offs = [
            selector_off + CACHE_LINE,
            selector_off + CACHE_LINE + copy_len,
        ];
        let mut at = ceil_to(copy_offs[1] + copy_len, 256)?;
        let mut data_offs = Vec::with_capacity(n);
        for (i, &c) in capacities.iter().enumerate() {
            if i > 0 {
                at = ceil_to(at, CACHE_LINE)?;
            }
            data_offs.push(at);
            at = at.checked_add(usize::try_from(c).ok()?)?;
        }
        if i64::try_from(at).is_err() {
            return None;
        }
        Some(MultiLayout {
            header_len,
            selector_off,
            copy_offs,
            copy_len,
            data_offs,
            capacities: capacities.to_vec(),
            region_len: at,
        })
    }

    pub fn n_logs(&self) -> usize {
        self.capacities.len()
    }

    /// The (region offset, length) pieces holding log `i`'s logical bytes `[pos, pos + len)`.
    fn pieces(&self, i: usize, pos: u64, len: u64) -> impl Iterator<Item = (usize, usize)> {
        let cap = self.capacities[i];
        let phys = pos % cap;
        let first = len.min(cap - phys);
        let base = self.data_offs[i];
        let a = (base + phys as usize, first as usize);
        let b = (base, (len - first) as usize);
        std::iter::once(a)
            .chain(std::iter::once(b))
            .filter(|p| p.1 > 0)
    }
}

/// The static header (written once by `create`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiHeader {
    pub version: u32,
    pub region_len: u64,
    pub log_id: u64,
    pub capacities: Vec<u64>,
}

impl MultiHeader {
    pub fn encode(&self, layout: &MultiLayout) -> Vec<u8> {
        let mut b = vec![0u8; layout.header_len];
        b[0..8].copy_from_slice(&MULTI_MAGIC);
        b[8..12].copy_from_slice(&self.version.to_le_bytes());
        b[12..16].copy_from_slice(&(self.capacities.len() as u32).to_le_bytes());
        b[16..24].copy_from_slice(&self.region_len.to_le_bytes());
        b[24..32].copy_from_slice(&self.log_id.to_le_bytes());
        for (i, c) in self.capacities.iter().enumerate() {
            b[32 + 8 * i..40 + 8 * i].copy_from_slice(&c.to_le_bytes());
        }
        let h = layout.header_len;
        let crc = crc32c::crc32c(&b[..h - 4]);
        b[h - 4..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// Decodes and validates the header of a region image.
    pub fn decode(bytes: &[u8]) -> Result<(MultiHeader, MultiLayout), LogError> {
        if bytes.len() < 8 || bytes[0..8] != MULTI_MAGIC {
            return Err(LogError::NotALog {
                offset: 0,
                why: "no VFPMMLG1 magic at the start".into(),
            });
        }
        if bytes.len() < 32 {
            return Err(LogError::Truncated {
                len: bytes.len() as u64,
                expected: 32,
            });
        }
        let n = u32_at(bytes, 12) as usize;
        if n == 0 || n > MAX_LOGS {
            return Err(LogError::Corrupted {
                offset: 12,
                what: format!("number of logs {n} outside 1..={MAX_LOGS}"),
            });
        }
        let h = ceil_to(36 + 8 * n, CACHE_LINE).unwrap();
        if bytes.len() < h {
            return Err(LogError::Truncated {
                len: bytes.len() as u64,
                expected: h as u64,
            });
        }
        let stored = u32_at(bytes, h - 4);
        let computed = crc32c::crc32c(&bytes[..h - 4]);
        if stored != computed {
            return Err(LogError::Corrupted {
                offset: (h - 4) as u64,
                what: format!(
                    "header checksum mismatch (stored {stored:#010x}, computed {computed:#010x})"
                ),
            });
        }
        let header = MultiHeader {
            version: u32_at(bytes, 8),
            region_len: u64_at(bytes, 16),
            log_id: u64_at(bytes, 24),
            capacities: (0..n).map(|i| u64_at(bytes, 32 + 8 * i)).collect(),
        };
        if header.version != MULTI_VERSION {
            return Err(LogError::UnsupportedVersion {
                found: header.version,
                supported: MULTI_VERSION,
            });
        }
        let layout = MultiLayout::new(&header.capacities)
            .filter(|l| l.region_len as u64 == header.region_len)
            .ok_or_else(|| LogError::Corrupted {
                offset: 16,
                what: "inconsistent region_len/capacities".into(),
            })?;
        if (bytes.len() as u64) < header.region_len {
            return Err(LogError::Truncated {
                len: bytes.len() as u64,
                expected: header.region_len,
            });
        }
        Ok((header, layout))
    }
}

/// One log's durable positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LogState {
    pub head: u64,
    pub tail: u64,
}

/// The contents of a metadata copy: a sequence number and every log's positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetaCopy {
    pub seq: u64,
    pub logs: Vec<LogState>,
}

impl MetaCopy {
    pub fn encode(&self, log_id: u64, copy_len: usize) -> Vec<u8> {
        let n = self.logs.len();
        let mut b = vec![0u8; copy_len];
        b[0..8].copy_from_slice(&self.seq.to_le_bytes());
        for (i, l) in self.logs.iter().enumerate() {
            b[8 + 16 * i..16 + 16 * i].copy_from_slice(&l.head.to_le_bytes());
            b[16 + 16 * i..24 + 16 * i].copy_from_slice(&l.tail.to_le_bytes());
        }
        let body = 8 + 16 * n;
        let crc = keyed_crc(log_id, &b[..body]);
        b[body..body + 4].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// `None` when the CRC does not match (only checked when `check_crc`).
    pub fn decode(b: &[u8], n: usize, log_id: u64, check_crc: bool) -> Option<MetaCopy> {
        let body = 8 + 16 * n;
        if check_crc && u32_at(b, body) != keyed_crc(log_id, &b[..body]) {
            return None;
        }
        Some(MetaCopy {
            seq: u64_at(b, 0),
            logs: (0..n)
                .map(|i| LogState {
                    head: u64_at(b, 8 + 16 * i),
                    tail: u64_at(b, 16 + 16 * i),
                })
                .collect(),
        })
    }
}

fn keyed_crc(log_id: u64, body: &[u8]) -> u32 {
    crc32c::crc32c_append(crc32c::crc32c(&log_id.to_le_bytes()), body)
}

/// The selector word: which copy is active and the low 31 bits of its seq, plus a CRC.
pub fn selector_word(log_id: u64, copy: usize, seq: u64) -> u64 {
    let value = ((copy as u32) << 31) | (seq as u32 & 0x7fff_ffff);
    let crc = keyed_crc(log_id, &value.to_le_bytes());
    value as u64 | (crc as u64) << 32
}

/// What recovery found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiRecovered {
    pub header: MultiHeader,
    pub layout: MultiLayout,
    pub active: usize,
    pub state: MetaCopy,
    /// Both copies as decoded (CRC-checked); the inactive one is informational only.
    pub copies: [Option<MetaCopy>; 2],
}

/// Recovers a multilog image without writing anything. `check_crc = false` is the broken
/// `NoCrcCheck` variant (tests only).
pub fn recover_multi(bytes: &[u8], check_crc: bool) -> Result<MultiRecovered, LogError> {
    let (header, layout) = MultiHeader::decode(bytes)?;
    let n = layout.n_logs();
    let word = u64_at(bytes, layout.selector_off);
    let value = word as u32;
    let (active, seq31) = ((value >> 31) as usize, value & 0x7fff_ffff);
    if check_crc && selector_word(header.log_id, active, seq31 as u64) != word {
        return Err(LogError::Corrupted {
            offset: layout.selector_off as u64,
            what: format!("selector checksum mismatch (word {word:#018x})"),
        });
    }
    let copy_bytes = |c: usize| &bytes[layout.copy_offs[c]..layout.copy_offs[c] + layout.copy_len];
    let copies = [0, 1].map(|c| MetaCopy::decode(copy_bytes(c), n, header.log_id, true));
    let off = layout.copy_offs[active] as u64;
    let state =
        MetaCopy::decode(copy_bytes(active), n, header.log_id, check_crc).ok_or_else(|| {
            LogError::Corrupted {
                offset: off,
                what: format!("metadata copy {active} (named by the selector) has a bad checksum"),
            }
        })?;
    if state.seq as u32 & 0x7fff_ffff != seq31 {
        return Err(LogError::Corrupted {
            offset: off,
            what: format!(
                "metadata copy {active} has seq {} but the selector names seq {seq31} (mod 2^31)",
                state.seq
            ),
        });
    }
    for (i, l) in state.logs.iter().enumerate() {
        if l.head > l.tail || l.tail - l.head > layout.capacities[i] {
            return Err(LogError::Corrupted {
                offset: off + 8 + 16 * i as u64,
                what: format!(
                    "log {i}: impossible positions head {} tail {} (capacity {})",
                    l.head, l.tail, layout.capacities[i]
                ),
            });
        }
    }
    Ok(MultiRecovered {
        header,
        layout,
        active,
        state,
        copies,
    })
}

/// Several logs over region `R`, committed together.
pub struct MultiLog<R: PmRegion> {
    region: R,
    header: MultiHeader,
    layout: MultiLayout,
    durable: MetaCopy,
    active: usize,
    tentative: Vec<u64>,
    protocol: MultiProtocol,
}

impl<R: PmRegion> MultiLog<R> {
    /// The region length `create` needs for these capacities (`None`: impossible capacities).
    pub fn region_len_for(capacities: &[u64]) -> Option<usize> {
        MultiLayout::new(capacities).map(|l| l.region_len)
    }

    /// Formats `region` (exactly `region_len_for(capacities)` bytes or more) with a random id.
    pub fn create(region: R, capacities: &[u64]) -> Result<Self, LogError> {
        Self::create_with(region, capacities, rand::random(), MultiProtocol::Correct)
    }

    /// Formats: copy 0 (every log empty, seq 0), copy 1 zeroed and the selector naming copy 0,
    /// one fence; then the header with its magic, one fence. A crash mid-format leaves no magic.
    pub fn create_with(
        mut region: R,
        capacities: &[u64],
        log_id: u64,
        protocol: MultiProtocol,
    ) -> Result<Self, LogError> {
        let layout = MultiLayout::new(capacities).ok_or(LogError::TooSmall {
            len: region.len() as u64,
            min: 1,
        })?;
        // The header records the exact length the layout needs; a longer region keeps a tail of
        // unused bytes (as the single log's data area would).
        if region.len() < layout.region_len {
            return Err(LogError::TooSmall {
                len: region.len() as u64,
                min: layout.region_len as u64,
            });
        }
        let header = MultiHeader {
            version: MULTI_VERSION,
            region_len: layout.region_len as u64,
            log_id,
            capacities: capacities.to_vec(),
        };
        let empty = MetaCopy {
            seq: 0,
            logs: vec![LogState::default(); capacities.len()],
        };
        region.write(layout.copy_offs[0], &empty.encode(log_id, layout.copy_len));
        region.write(layout.copy_offs[1], &vec![0u8; layout.copy_len]);
        let mut sel = [0u8; CACHE_LINE];
        sel[..8].copy_from_slice(&selector_word(log_id, 0, 0).to_le_bytes());
        region.write(layout.selector_off, &sel);
        region.flush(layout.selector_off, CACHE_LINE + 2 * layout.copy_len);
        region.fence();
        region.write(0, &header.encode(&layout));
        region.flush(0, layout.header_len);
        region.fence();
        Ok(Self::from_parts(region, header, layout, empty, 0, protocol))
    }

    /// Opens an existing multilog (recovery writes nothing).
    pub fn open(region: R) -> Result<Self, LogError> {
        Self::open_with(region, MultiProtocol::Correct)
    }

    pub fn open_with(region: R, protocol: MultiProtocol) -> Result<Self, LogError> {
        let rec = recover_multi(region.bytes(), protocol != MultiProtocol::NoCrcCheck)?;
        Ok(Self::from_parts(
            region, rec.header, rec.layout, rec.state, rec.active, protocol,
        ))
    }

    fn from_parts(
        region: R,
        header: MultiHeader,
        layout: MultiLayout,
        durable: MetaCopy,
        active: usize,
        protocol: MultiProtocol,
    ) -> Self {
        MultiLog {
            tentative: durable.logs.iter().map(|l| l.tail).collect(),
            region,
            header,
            layout,
            durable,
            active,
            protocol,
        }
    }

    fn check_log(&self, log: usize) -> Result<(), LogError> {
        if log >= self.n_logs() {
            return Err(LogError::NoSuchLog {
                log,
                n: self.n_logs(),
            });
        }
        Ok(())
    }

    /// Appends `data` after log `log`'s tentative tail; durable (together with every other
    /// pending append) at the next `commit`. Returns its logical position in that log.
    pub fn tentatively_append(&mut self, log: usize, data: &[u8]) -> Result<u64, LogError> {
        self.check_log(log)?;
        let len = data.len() as u64;
        let pos = self.tentative[log];
        let available = self.layout.capacities[log] - (pos - self.durable.logs[log].head);
        if len > available {
            return Err(LogError::Full {
                needed: len,
                available,
            });
        }
        let new_tail = pos.checked_add(len).ok_or(LogError::PositionOverflow)?;
        let mut done = 0;
        let pieces: Vec<_> = self.layout.pieces(log, pos, len).collect();
        for (off, n) in pieces {
            let chunk = &data[done..done + n];
            if self.protocol == MultiProtocol::UnflushedData {
                self.region.write(off, chunk);
            } else {
                self.region.write_nodrain(off, chunk);
            }
            done += n;
        }
        self.tentative[log] = new_tail;
        Ok(pos)
    }

    /// Makes every pending append of every log durable, atomically: after a crash either all of
    /// them are in their logs or none is. Durable when it returns. Two fences.
    pub fn commit(&mut self) -> Result<(), LogError> {
        if self
            .tentative
            .iter()
            .zip(&self.durable.logs)
            .all(|(&t, l)| t == l.tail)
        {
            return Ok(());
        }
        let mut next = self.durable.clone();
        next.seq += 1;
        for (l, &t) in next.logs.iter_mut().zip(&self.tentative) {
            l.tail = t;
        }
        self.publish(next);
        Ok(())
    }

    /// Frees log `log`'s bytes before `to` (durably; pending appends stay pending). `to` must lie
    /// in that log's committed `[head, tail]`.
    pub fn advance_head(&mut self, log: usize, to: u64) -> Result<(), LogError> {
        self.check_log(log)?;
        let d = self.durable.logs[log];
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
        let mut next = self.durable.clone();
        next.seq += 1;
        next.logs[log].head = to;
        self.publish(next);
        Ok(())
    }

    /// Makes `next` the durable state: inactive copy, fence, selector, fence.
    fn publish(&mut self, next: MetaCopy) {
        let p = self.protocol;
        let target = if p == MultiProtocol::InPlaceMetadata {
            self.active
        } else {
            1 - self.active
        };
        let copy = next.encode(self.header.log_id, self.layout.copy_len);
        let mut sel = [0u8; CACHE_LINE];
        sel[..8]
            .copy_from_slice(&selector_word(self.header.log_id, target, next.seq).to_le_bytes());
        let sel_off = self.layout.selector_off;
        let copy_off = self.layout.copy_offs[target];
        if p == MultiProtocol::SelectorBeforeMetadata {
            self.region.write_line_nodrain(sel_off, &sel);
            self.region.fence();
            self.write_copy(copy_off, &copy);
            self.region.fence();
        } else {
            self.write_copy(copy_off, &copy);
            if p != MultiProtocol::NoMetadataFence {
                self.region.fence();
            }
            self.region.write_line_nodrain(sel_off, &sel);
            if p != MultiProtocol::NoSelectorFence {
                self.region.fence();
            }
        }
        self.active = target;
        self.durable = next;
    }

    fn write_copy(&mut self, off: usize, copy: &[u8]) {
        for (k, line) in copy.chunks_exact(CACHE_LINE).enumerate() {
            self.region
                .write_line_nodrain(off + k * CACHE_LINE, line.try_into().unwrap());
        }
    }

    /// Checks that `[pos, pos + len)` lies inside log `log`'s committed range.
    pub fn check_range(&self, log: usize, pos: u64, len: u64) -> Result<(), LogError> {
        self.check_log(log)?;
        let end = pos.checked_add(len).ok_or(LogError::PositionOverflow)?;
        let d = self.durable.logs[log];
        if pos < d.head || end > d.tail {
            return Err(LogError::OutOfRange {
                pos,
                end,
                head: d.head,
                tail: d.tail,
            });
        }
        Ok(())
    }

    /// Copies log `log`'s committed bytes `[pos, pos + buf.len())` into `buf`.
    pub fn read_into(&self, log: usize, pos: u64, buf: &mut [u8]) -> Result<(), LogError> {
        self.check_range(log, pos, buf.len() as u64)?;
        let bytes = self.region.bytes();
        let mut done = 0;
        for (off, n) in self.layout.pieces(log, pos, buf.len() as u64) {
            buf[done..done + n].copy_from_slice(&bytes[off..off + n]);
            done += n;
        }
        Ok(())
    }

    /// Log `log`'s committed bytes `[pos, pos + len)` (validated before allocating).
    pub fn read(&self, log: usize, pos: u64, len: u64) -> Result<Vec<u8>, LogError> {
        self.check_range(log, pos, len)?;
        let mut buf = vec![0u8; usize::try_from(len).map_err(|_| LogError::PositionOverflow)?];
        self.read_into(log, pos, &mut buf)?;
        Ok(buf)
    }

    pub fn n_logs(&self) -> usize {
        self.layout.n_logs()
    }
    /// First committed position of log `log` (panics on a bad index; see `check_log`).
    pub fn head(&self, log: usize) -> u64 {
        self.durable.logs[log].head
    }
    pub fn tail(&self, log: usize) -> u64 {
        self.durable.logs[log].tail
    }
    pub fn tentative_tail(&self, log: usize) -> u64 {
        self.tentative[log]
    }
    pub fn capacity(&self, log: usize) -> u64 {
        self.layout.capacities[log]
    }
    /// Sequence number of the durable state (one per commit / head advance).
    pub fn seq(&self) -> u64 {
        self.durable.seq
    }
    pub fn header(&self) -> &MultiHeader {
        &self.header
    }
    pub fn layout(&self) -> &MultiLayout {
        &self.layout
    }
    pub fn region(&self) -> &R {
        &self.region
    }
    pub fn into_region(self) -> R {
        self.region
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::SimRegion;

    fn fresh(caps: &[u64]) -> MultiLog<SimRegion> {
        let len = MultiLog::<SimRegion>::region_len_for(caps).unwrap();
        MultiLog::create_with(SimRegion::new(len), caps, 7, MultiProtocol::Correct).unwrap()
    }

    #[test]
    fn layout_is_aligned_and_disjoint() {
        for caps in [vec![1u64], vec![100, 7, 64], (1..=64).collect::<Vec<u64>>()] {
            let l = MultiLayout::new(&caps).unwrap();
            assert_eq!(l.header_len % 64, 0);
            assert_eq!(l.copy_offs[0], l.selector_off + 64);
            assert!(l.data_offs[0] >= l.copy_offs[1] + l.copy_len);
            assert_eq!(l.data_offs[0] % 256, 0);
            for i in 1..caps.len() {
                assert_eq!(l.data_offs[i] % 64, 0);
                assert!(l.data_offs[i] >= l.data_offs[i - 1] + caps[i - 1] as usize);
            }
            assert_eq!(
                l.region_len,
                l.data_offs[caps.len() - 1] + *caps.last().unwrap() as usize
            );
        }
        assert!(MultiLayout::new(&[]).is_none());
        assert!(MultiLayout::new(&[5, 0]).is_none());
        assert!(MultiLayout::new(&vec![1; MAX_LOGS + 1]).is_none());
        assert!(MultiLayout::new(&[u64::MAX]).is_none());
    }

    #[test]
    fn commit_is_all_or_nothing_across_logs_and_reopens() {
        let mut m = fresh(&[32, 48, 16]);
        assert_eq!(m.tentatively_append(0, b"abc").unwrap(), 0);
        assert_eq!(m.tentatively_append(2, b"xy").unwrap(), 0);
        assert_eq!(m.tentatively_append(0, b"de").unwrap(), 3);
        // Nothing committed yet: a reopen sees empty logs.
        let img = m.region().bytes().to_vec();
        let r = MultiLog::open(SimRegion::from_image(img)).unwrap();
        assert_eq!((r.tail(0), r.tail(1), r.tail(2)), (0, 0, 0));
        m.commit().unwrap();
        assert_eq!(m.seq(), 1);
        let r = MultiLog::open(SimRegion::from_image(m.region().bytes().to_vec())).unwrap();
        assert_eq!(r.read(0, 0, 5).unwrap(), b"abcde");
        assert_eq!(r.read(2, 0, 2).unwrap(), b"xy");
        assert_eq!(r.tail(1), 0);
        assert!(matches!(r.read(1, 0, 1), Err(LogError::OutOfRange { .. })));
        // Head advance on one log is durable and leaves the others alone.
        m.advance_head(0, 2).unwrap();
        let r = MultiLog::open(SimRegion::from_image(m.region().bytes().to_vec())).unwrap();
        assert_eq!((r.head(0), r.tail(0), r.head(2)), (2, 5, 0));
        assert_eq!(r.read(0, 2, 3).unwrap(), b"cde");
    }

    #[test]
    fn space_bad_heads_and_bad_indices_are_errors() {
        let mut m = fresh(&[8, 8]);
        m.tentatively_append(1, b"12345678").unwrap();
        assert_eq!(
            m.tentatively_append(1, b"9"),
            Err(LogError::Full {
                needed: 1,
                available: 0
            })
        );
        m.commit().unwrap();
        // Space is what the durable head leaves free.
        assert!(m.tentatively_append(1, b"9").is_err());
        m.advance_head(1, 3).unwrap();
        assert_eq!(m.tentatively_append(1, b"9ab").unwrap(), 8);
        m.commit().unwrap();
        assert_eq!(
            m.read(1, 3, 8).unwrap(),
            b"45678".iter().chain(b"9ab").copied().collect::<Vec<_>>()
        );
        assert!(matches!(
            m.advance_head(1, 2),
            Err(LogError::BadHead { .. })
        ));
        assert!(matches!(
            m.advance_head(1, 12),
            Err(LogError::BadHead { .. })
        ));
        assert!(matches!(
            m.tentatively_append(2, b"x"),
            Err(LogError::NoSuchLog { log: 2, n: 2 })
        ));
        assert!(matches!(m.read(5, 0, 0), Err(LogError::NoSuchLog { .. })));
    }

    #[test]
    fn recovery_rejects_flipped_bits_in_header_selector_and_active_copy() {
        let mut m = fresh(&[40, 40]);
        m.tentatively_append(0, b"hello").unwrap();
        m.tentatively_append(1, b"world!").unwrap();
        m.commit().unwrap();
        let img = m.region().bytes().to_vec();
        let rec = recover_multi(&img, true).unwrap();
        let l = rec.layout.clone();
        let ranges = [
            (0, l.header_len),
            (l.selector_off, l.selector_off + 8),
            (
                l.copy_offs[rec.active],
                l.copy_offs[rec.active] + 12 + 16 * 2,
            ),
        ];
        for (lo, hi) in ranges {
            for byte in lo..hi {
                for bit in 0..8 {
                    let mut bad = img.clone();
                    bad[byte] ^= 1 << bit;
                    assert!(
                        recover_multi(&bad, true).is_err(),
                        "flip of byte {byte} bit {bit} not detected"
                    );
                }
            }
        }
        // The inactive copy is never trusted: garbage there changes nothing.
        let mut other = img.clone();
        let inactive = l.copy_offs[1 - rec.active];
        other[inactive..inactive + l.copy_len].fill(0xA5);
        assert_eq!(recover_multi(&other, true).unwrap().state, rec.state);
    }

    #[test]
    fn single_log_files_are_not_multilogs() {
        let img = vec![0u8; 4096];
        assert!(matches!(
            recover_multi(&img, true),
            Err(LogError::NotALog { offset: 0, .. })
        ));
        let m = fresh(&[64]);
        let mut img = m.into_region().into_image();
        assert!(recover_multi(&img[..100], true).is_err());
        img.truncate(img.len() - 1);
        assert!(matches!(
            recover_multi(&img, true),
            Err(LogError::Truncated { .. })
        ));
    }
}
