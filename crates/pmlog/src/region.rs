//! Persistent-memory regions: the stores, flushes and fences the log is written with.
//!
//! The log only ever talks to a [`PmRegion`]. Two implementations exist:
//! * [`MmapRegion`]: a memory-mapped file. On DAX PM (or `/dev/shm` with `PMEM_IS_PMEM_FORCE=1`,
//!   which pays the same flush costs) stores are made durable with cache-line write-back
//!   (`clwb`, else `clflushopt`, else `clflush`) and `sfence`, chosen at run time from CPUID.
//!   On an ordinary file the fallback is `msync`, so the log is durable on a normal disk too.
//! * [`crate::sim::SimRegion`]: an in-memory region that records every store, flush and fence for
//!   the crash-consistency checker.

use crate::checksum::{ClmulSum, DataSum};
use crate::layout::Record;
use std::fs::{File, OpenOptions};
use std::path::Path;

/// Cache-line size assumed by flushes and by the crash model.
pub const CACHE_LINE: usize = 64;

/// A byte-addressable region with x86-style persistence.
///
/// Semantics (the crash model of `crate::sim`): a store is visible at once but durable only after
/// its cache line has been flushed *after* the store and a fence has followed the flush. Until then
/// it may or may not survive a crash.
pub trait PmRegion {
    /// The region's current contents (what a load would see).
    fn bytes(&self) -> &[u8];
    /// Ordinary (cached) stores.
    fn write(&mut self, off: usize, data: &[u8]);
    /// Starts write-back of every cache line overlapping `[off, off + len)`.
    fn flush(&mut self, off: usize, len: usize);
    /// Orders: every flush issued before it is durable when it returns.
    fn fence(&mut self);
    /// Stores `data` and starts its write-back (like `pmem_memcpy_nodrain`); durable after the
    /// next fence. Implementations may use non-temporal stores for large copies.
    fn write_nodrain(&mut self, off: usize, data: &[u8]) {
        self.write(off, data);
        self.flush(off, data.len());
    }
    /// `write_nodrain` that also adds the bytes (at logical log position `pos`) to the data
    /// checksum; real PM fuses the checksum into the non-temporal copy loop.
    fn write_nodrain_sum(&mut self, off: usize, data: &[u8], pos: u64, sum: &mut DataSum) {
        self.write_nodrain(off, data);
        sum.update(pos, data);
    }
    /// `write_nodrain_sum` for the keyed carry-less sum (`SumKind::Clmul`).
    fn write_nodrain_clmul(&mut self, off: usize, data: &[u8], pos: u64, sum: &mut ClmulSum) {
        self.write_nodrain(off, data);
        sum.update(pos, data);
    }
    /// Stores one whole, 64-byte-aligned cache line and starts its write-back (the commit
    /// record). Real PM uses one non-temporal line store: no read-for-ownership, no flush.
    fn write_line_nodrain(&mut self, off: usize, line: &[u8; CACHE_LINE]) {
        self.write_nodrain(off, line);
    }
    /// `write_line_nodrain` of the line whose little-endian 8-byte words are `words`. Real PM
    /// streams the words from registers: a line built in memory by scalar stores and read back by
    /// the vector copy stalls on store forwarding behind the data's non-temporal stores.
    fn write_line_words_nodrain(&mut self, off: usize, words: &[u64; 8]) {
        self.write_line_nodrain(off, &line_of_words(words));
    }
    /// Stores the one-fence commit record `rec` with `data_crc = sum.finish()` as the line at
    /// `off` (like `write_line_words_nodrain(off, &rec.line_words(log_id))`) and returns that
    /// `data_crc`. Real PM computes both CRCs in registers right before the store
    /// (`checksum::stream_crc3_record`).
    fn write_crc3_record_nodrain(
        &mut self,
        off: usize,
        log_id: u64,
        rec: &Record,
        sum: &DataSum,
    ) -> u32 {
        let r = Record {
            data_crc: sum.finish(),
            ..*rec
        };
        self.write_line_words_nodrain(off, &r.line_words(log_id));
        r.data_crc
    }
    /// The one-fence `KIND_DATA_CRC` record that commits the pending bytes `[prev.tail, tail)`
    /// after the durable record `prev` (`seq + 1`, same head), with `data_crc = sum.finish()`:
    /// `write_crc3_record_nodrain` of that record (the same line), built by the region so that
    /// real PM reads `prev` and the lanes where they already are instead of the caller storing a
    /// record between the data's and the record's line stores (`PmLog::commit`, round 11).
    fn write_next_crc3_record_nodrain(
        &mut self,
        off: usize,
        log_id: u64,
        prev: &Record,
        tail: u64,
        sum: &DataSum,
    ) -> u32 {
        let rec = Record::next_data_crc(prev, tail);
        self.write_crc3_record_nodrain(off, log_id, &rec, sum)
    }
    /// A one-fence append and its commit record at once (`PmLog::append`'s fast path): like
    /// `write_nodrain_sum(off, data, prev.tail, &mut sum)` with a fresh `sum`, then
    /// `write_crc3_record_nodrain(rec_off, log_id, rec, &sum)`; returns the record's `data_crc`.
    /// Real PM streams the data lines and the record line from one kernel with no ordinary store
    /// between them (`checksum::copy_nt_sum_record`).
    ///
    /// `rec` is the record that appends `data` after `prev` (`Record::append_after`), the data's
    /// logical position is `prev.tail`.
    fn write_sum_record_nodrain(
        &mut self,
        off: usize,
        data: &[u8],
        rec_off: usize,
        log_id: u64,
        prev: &Record,
    ) -> u32 {
        let rec = Record::append_after(prev, data.len() as u64);
        let mut sum = DataSum::default();
        self.write_nodrain_sum(off, data, prev.tail, &mut sum);
        self.write_crc3_record_nodrain(rec_off, log_id, &rec, &sum)
    }
    fn len(&self) -> usize {
        self.bytes().len()
    }
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How an [`MmapRegion`] makes stores durable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    /// `clwb` + `sfence` (keeps the line cached).
    Clwb,
    /// `clflushopt` + `sfence`.
    Clflushopt,
    /// `clflush` (serialising) + `sfence`.
    Clflush,
    /// `msync(MS_SYNC)` of the dirty pages at each fence: ordinary files on a disk.
    Msync,
}

impl Persistence {
    /// The best cache-flush instruction this CPU offers (CPUID leaf 7 / leaf 1).
    pub fn best_cache_flush() -> Option<Persistence> {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{__cpuid, __cpuid_count};
            let max_leaf = __cpuid(0).eax;
            if max_leaf >= 7 {
                let ebx = __cpuid_count(7, 0).ebx;
                if ebx & (1 << 24) != 0 {
                    return Some(Persistence::Clwb);
                }
                if ebx & (1 << 23) != 0 {
                    return Some(Persistence::Clflushopt);
                }
            }
            let edx = __cpuid(1).edx;
            if edx & (1 << 19) != 0 {
                return Some(Persistence::Clflush);
            }
        }
        None
    }

    /// Cache flushes when the file is persistent memory; `msync` otherwise. Like PMDK, a file is
    /// treated as PM when `PMEM_IS_PMEM_FORCE=1` (there is no portable DAX probe through `mmap`).
    pub fn auto() -> Persistence {
        let forced = std::env::var("PMEM_IS_PMEM_FORCE")
            .map(|v| v == "1")
            .unwrap_or(false);
        match (forced, Persistence::best_cache_flush()) {
            (true, Some(p)) => p,
            _ => Persistence::Msync,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Persistence::Clwb => "clwb+sfence",
            Persistence::Clflushopt => "clflushopt+sfence",
            Persistence::Clflush => "clflush+sfence",
            Persistence::Msync => "msync",
        }
    }
}

/// Copies at least this long use non-temporal stores for their whole cache lines (no
/// read-for-ownership, no flush; only the fence). Measured here: NT beats store+clwb already for
/// one line, because `clwb` on this CPU evicts the line and the next lap pays a miss.
pub const NT_THRESHOLD: usize = 64;

/// A memory-mapped file used as persistent memory.
pub struct MmapRegion {
    map: memmap2::MmapMut,
    persistence: Persistence,
    /// Byte range written since the last fence (used by `msync` only).
    dirty: Option<(usize, usize)>,
    /// Cache-flush persistence and a CPU with the fused kernels (`fused_ok`): decided once, so
    /// the append path tests a field instead of calling the feature detection.
    kernels: bool,
}

impl MmapRegion {
    /// Creates a new file of `len` bytes; fails if it exists (nothing is ever overwritten).
    pub fn create(
        path: &Path,
        len: usize,
        persistence: Persistence,
    ) -> std::io::Result<MmapRegion> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)?;
        file.set_len(len as u64)?;
        // Reserve the blocks now: a sparse file on a full file system (tmpfs, /dev/shm) would
        // make a later store into the mapping die with SIGBUS instead of reporting ENOSPC here.
        // `len` fits in off_t: `set_len` above accepted it.
        use std::os::fd::AsRawFd;
        // SAFETY: plain system call on an open file descriptor we own.
        let rc = unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, len as libc::off_t) };
        if rc != 0 && rc != libc::EOPNOTSUPP && rc != libc::EINVAL {
            return Err(std::io::Error::from_raw_os_error(rc));
        }
        Self::map(file, persistence)
    }

    /// Maps an existing file read-write.
    pub fn open(path: &Path, persistence: Persistence) -> std::io::Result<MmapRegion> {
        let file = OpenOptions::new().read(true).write(true).open(path)?;
        Self::map(file, persistence)
    }

    fn map(file: File, persistence: Persistence) -> std::io::Result<MmapRegion> {
        if file.metadata()?.len() == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "file is empty",
            ));
        }
        // SAFETY: the log owns the file while mapped; concurrent external modification is outside
        // the contract (same as libpmemlog).
        let map = unsafe { memmap2::MmapMut::map_mut(&file)? };
        Ok(MmapRegion {
            map,
            persistence,
            dirty: None,
            kernels: persistence != Persistence::Msync && fused_ok(),
        })
    }

    pub fn persistence(&self) -> Persistence {
        self.persistence
    }

    /// Whether the fused copy/checksum/record kernels run on this region (cache-flush
    /// persistence and a CPU with AVX and SSE4.2).
    pub fn uses_kernels(&self) -> bool {
        self.kernels
    }

    fn note_dirty(&mut self, off: usize, len: usize) {
        let (lo, hi) = self.dirty.unwrap_or((off, off + len));
        self.dirty = Some((lo.min(off), hi.max(off + len)));
    }

    fn flush_lines(&mut self, off: usize, len: usize) {
        if len == 0 {
            return;
        }
        let base = self.map.as_ptr();
        let first = off & !(CACHE_LINE - 1);
        let end = off + len;
        let mut line = first;
        while line < end {
            // SAFETY: `line` lies inside the mapping (off + len <= map len, checked by callers'
            // slice indexing) and flush instructions do not modify memory.
            unsafe { flush_line(self.persistence, base.add(line)) };
            line += CACHE_LINE;
        }
    }
}

impl MmapRegion {
    /// Writes `data` at `off` (logical position `pos`) without the final drain, folding it into
    /// `sum`: the cache-line-aligned body through `copy_nt` (a non-temporal copy that computes
    /// the sum on the way), the unaligned head and tail by ordinary writes, flushes and `update`.
    /// Falls back to a plain write and a separate sum when the CPU lacks the kernel's
    /// instructions (`kernel_ok`), the data is short, lines and logical positions disagree, or
    /// persistence is by msync.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn write_nodrain_fused<S>(
        &mut self,
        off: usize,
        data: &[u8],
        pos: u64,
        sum: &mut S,
        kernel_ok: bool,
        update: fn(&mut S, u64, &[u8]),
        copy_nt: unsafe fn(*mut u8, *const u8, usize, u64, &mut S),
    ) {
        let end = off + data.len();
        assert!(end <= self.map.len(), "write past the end of the region");
        let lines_agree = (off as u64).wrapping_sub(pos) % 64 == 0;
        if self.persistence == Persistence::Msync
            || data.len() < NT_THRESHOLD
            || !lines_agree
            || !kernel_ok
        {
            self.write_nodrain(off, data);
            update(sum, pos, data);
            return;
        }
        let body_start = (off + CACHE_LINE - 1) & !(CACHE_LINE - 1);
        let body_end = end & !(CACHE_LINE - 1);
        let (head, tail) = (body_start - off, body_end - off);
        if head > 0 {
            self.write(off, &data[..head]);
            self.flush_lines(off, head);
            update(sum, pos, &data[..head]);
        }
        // SAFETY: [body_start, body_end) is inside the mapping and line aligned, and so is the
        // logical position of its first byte (`lines_agree`); the caller checked that the CPU
        // has the kernel's instructions (`kernel_ok`).
        unsafe {
            copy_nt(
                self.map.as_mut_ptr().add(body_start),
                data.as_ptr().add(head),
                body_end - body_start,
                pos + head as u64,
                sum,
            );
        }
        if tail < data.len() {
            self.write(body_end, &data[tail..]);
            self.flush_lines(body_end, end - body_end);
            update(sum, pos + tail as u64, &data[tail..]);
        }
    }
}

impl MmapRegion {
    /// `write_sum_record_nodrain` as two steps (msync, no kernels, or partial lines); out of
    /// line so that the kernel path keeps few live registers (no spills before its stores).
    #[cold]
    #[inline(never)]
    fn write_sum_record_nodrain_split(
        &mut self,
        off: usize,
        data: &[u8],
        rec_off: usize,
        log_id: u64,
        prev: &Record,
    ) -> u32 {
        let rec = Record::append_after(prev, data.len() as u64);
        let mut sum = DataSum::default();
        self.write_nodrain_sum(off, data, prev.tail, &mut sum);
        self.write_crc3_record_nodrain(rec_off, log_id, &rec, &sum)
    }
}

impl PmRegion for MmapRegion {
    #[inline(always)]
    fn write_nodrain_sum(&mut self, off: usize, data: &[u8], pos: u64, sum: &mut DataSum) {
        // fused_ok() checks AVX and SSE4.2, which copy_nt_sum needs; copy_nt_sum_auto takes the
        // folding kernel only where fold_ok() (AVX-512F + VPCLMULQDQ) holds.
        self.write_nodrain_fused(
            off,
            data,
            pos,
            sum,
            self.kernels,
            DataSum::update,
            crate::checksum::copy_nt_sum_auto,
        );
    }

    fn write_nodrain_clmul(&mut self, off: usize, data: &[u8], pos: u64, sum: &mut ClmulSum) {
        // clmul_ok() checks PCLMULQDQ, which copy_nt_clmul needs.
        self.write_nodrain_fused(
            off,
            data,
            pos,
            sum,
            clmul_ok(),
            ClmulSum::update,
            crate::checksum::copy_nt_clmul,
        );
    }

    fn write_line_nodrain(&mut self, off: usize, line: &[u8; CACHE_LINE]) {
        assert!(
            off % CACHE_LINE == 0 && off + CACHE_LINE <= self.map.len(),
            "unaligned line store"
        );
        if self.persistence == Persistence::Msync {
            self.write(off, line);
            self.flush(off, CACHE_LINE);
            return;
        }
        // SAFETY: aligned whole line inside the mapping.
        unsafe { copy_nt(self.map.as_mut_ptr().add(off), line.as_ptr(), CACHE_LINE) }
    }

    fn write_line_words_nodrain(&mut self, off: usize, words: &[u64; 8]) {
        assert!(
            off % CACHE_LINE == 0 && off + CACHE_LINE <= self.map.len(),
            "unaligned line store"
        );
        #[cfg(target_arch = "x86_64")]
        if self.persistence != Persistence::Msync && avx_ok() {
            // SAFETY: aligned whole line inside the mapping; the CPU has AVX.
            unsafe { stream_words_avx(self.map.as_mut_ptr().add(off), words) };
            return;
        }
        self.write_line_nodrain(off, &line_of_words(words));
    }

    #[inline(always)]
    fn write_crc3_record_nodrain(
        &mut self,
        off: usize,
        log_id: u64,
        rec: &Record,
        sum: &DataSum,
    ) -> u32 {
        assert!(
            off % CACHE_LINE == 0 && off + CACHE_LINE <= self.map.len(),
            "unaligned line store"
        );
        #[cfg(target_arch = "x86_64")]
        if self.kernels {
            // SAFETY: aligned whole line inside the mapping; the CPU has AVX and SSE4.2.
            return unsafe {
                crate::checksum::stream_crc3_record(
                    self.map.as_mut_ptr().add(off),
                    log_id,
                    [rec.seq, rec.head, rec.tail, rec.prev_tail],
                    rec.kind,
                    sum.lanes,
                )
            };
        }
        let r = Record {
            data_crc: sum.finish(),
            ..*rec
        };
        self.write_line_words_nodrain(off, &r.line_words(log_id));
        r.data_crc
    }

    #[inline(always)]
    fn write_next_crc3_record_nodrain(
        &mut self,
        off: usize,
        log_id: u64,
        prev: &Record,
        tail: u64,
        sum: &DataSum,
    ) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if self.kernels {
            assert!(
                off.is_multiple_of(CACHE_LINE) && off + CACHE_LINE <= self.map.len(),
                "unaligned line store"
            );
            // SAFETY: aligned whole line inside the mapping (asserted); `prev` and `sum` are
            // valid references; the CPU has AVX and SSE4.2.
            return unsafe {
                crate::checksum::stream_crc3_next_record(
                    self.map.as_mut_ptr().add(off),
                    log_id,
                    prev,
                    tail,
                    sum,
                )
            };
        }
        let rec = Record::next_data_crc(prev, tail);
        self.write_crc3_record_nodrain(off, log_id, &rec, sum)
    }

    #[inline(always)]
    fn write_sum_record_nodrain(
        &mut self,
        off: usize,
        data: &[u8],
        rec_off: usize,
        log_id: u64,
        prev: &Record,
    ) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if self.kernels
            && (off | data.len() | prev.tail as usize).is_multiple_of(CACHE_LINE)
            && !data.is_empty()
        {
            let end = off + data.len();
            assert!(
                end <= self.map.len()
                    && rec_off.is_multiple_of(CACHE_LINE)
                    && rec_off + CACHE_LINE <= self.map.len()
                    && (rec_off + CACHE_LINE <= off || rec_off >= end),
                "bad append/record placement"
            );
            // SAFETY: whole, aligned lines inside the mapping (asserted), the record line
            // disjoint from the data, the logical position line aligned; AVX and SSE4.2 present.
            return unsafe {
                crate::checksum::copy_nt_sum_record(
                    self.map.as_mut_ptr().add(off),
                    data.as_ptr(),
                    data.len(),
                    self.map.as_mut_ptr().add(rec_off),
                    log_id,
                    prev,
                )
            };
        }
        self.write_sum_record_nodrain_split(off, data, rec_off, log_id, prev)
    }

    fn bytes(&self) -> &[u8] {
        &self.map
    }

    fn write(&mut self, off: usize, data: &[u8]) {
        self.map[off..off + data.len()].copy_from_slice(data);
    }

    fn flush(&mut self, off: usize, len: usize) {
        assert!(
            off + len <= self.map.len(),
            "flush past the end of the region"
        );
        match self.persistence {
            Persistence::Msync => self.note_dirty(off, len),
            _ => self.flush_lines(off, len),
        }
    }

    fn fence(&mut self) {
        match self.persistence {
            Persistence::Msync => {
                if let Some((lo, hi)) = self.dirty.take() {
                    let page = 4096;
                    let start = lo & !(page - 1);
                    // msync failing means the data may not be durable: nothing sane can continue.
                    self.map
                        .flush_range(start, hi - start)
                        .expect("msync failed");
                }
            }
            _ => sfence(),
        }
    }

    fn write_nodrain(&mut self, off: usize, data: &[u8]) {
        let end = off + data.len();
        assert!(end <= self.map.len(), "write past the end of the region");
        if self.persistence == Persistence::Msync || data.len() < NT_THRESHOLD {
            self.write(off, data);
            self.flush(off, data.len());
            return;
        }
        // Non-temporal body; the unaligned edges go through the cache and are flushed.
        let body_start = (off + CACHE_LINE - 1) & !(CACHE_LINE - 1);
        let body_end = end & !(CACHE_LINE - 1);
        let head = body_start - off;
        if head > 0 {
            self.write(off, &data[..head]);
            self.flush_lines(off, head);
        }
        // SAFETY: [body_start, body_end) is inside the mapping and 64-byte aligned; the source
        // slice has exactly that many bytes at `head`.
        unsafe {
            copy_nt(
                self.map.as_mut_ptr().add(body_start),
                data.as_ptr().add(head),
                body_end - body_start,
            );
        }
        let tail = body_end - off;
        if tail == data.len() {
            return;
        }
        self.write(body_end, &data[tail..]);
        self.flush_lines(body_end, end - body_end);
    }
}

fn avx_ok() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Streams one line made of `words` (little-endian, x86) from registers.
///
/// # Safety
/// `dst` is 64-byte aligned and valid for 64 bytes; the CPU has AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn stream_words_avx(dst: *mut u8, w: &[u64; 8]) {
    use core::arch::x86_64::*;
    let lo = _mm256_set_epi64x(w[3] as i64, w[2] as i64, w[1] as i64, w[0] as i64);
    let hi = _mm256_set_epi64x(w[7] as i64, w[6] as i64, w[5] as i64, w[4] as i64);
    _mm256_stream_si256(dst as *mut __m256i, lo);
    _mm256_stream_si256(dst.add(32) as *mut __m256i, hi);
}

fn fused_ok() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("sse4.2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

fn clmul_ok() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("pclmulqdq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Writes one cache line back with the chosen instruction.
///
/// # Safety
/// `p` must point into mapped memory.
#[inline(always)]
unsafe fn flush_line(how: Persistence, p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    match how {
        Persistence::Clwb => {
            core::arch::asm!("clwb [{0}]", in(reg) p, options(nostack, preserves_flags))
        }
        Persistence::Clflushopt => {
            core::arch::asm!("clflushopt [{0}]", in(reg) p, options(nostack, preserves_flags))
        }
        Persistence::Clflush => core::arch::x86_64::_mm_clflush(p),
        Persistence::Msync => {}
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (how, p);
}

/// Store fence: earlier flushes and non-temporal stores are complete when it retires.
#[inline(always)]
pub fn sfence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: sfence has no memory-safety preconditions.
    unsafe {
        core::arch::x86_64::_mm_sfence()
    };
    #[cfg(not(target_arch = "x86_64"))]
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}

/// Non-temporal copy of whole cache lines (bypasses the cache, so no flush is needed; durable
/// after the next `sfence`). Uses AVX when the CPU has it, SSE2 otherwise.
///
/// # Safety
/// `dst` is 64-byte aligned, `len` a multiple of 64, both ranges valid and disjoint.
pub unsafe fn copy_nt(dst: *mut u8, src: *const u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx") {
            copy_nt_avx(dst, src, len)
        } else {
            copy_nt_sse2(dst, src, len)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::ptr::copy_nonoverlapping(src, dst, len);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn copy_nt_avx(dst: *mut u8, src: *const u8, len: usize) {
    use core::arch::x86_64::*;
    let mut i = 0;
    // Two lines per iteration: all loads first, then the four streaming stores.
    while i + 2 * CACHE_LINE <= len {
        let s = src.add(i) as *const __m256i;
        let d = dst.add(i) as *mut __m256i;
        let (a, b, c, e) = (
            _mm256_loadu_si256(s),
            _mm256_loadu_si256(s.add(1)),
            _mm256_loadu_si256(s.add(2)),
            _mm256_loadu_si256(s.add(3)),
        );
        _mm256_stream_si256(d, a);
        _mm256_stream_si256(d.add(1), b);
        _mm256_stream_si256(d.add(2), c);
        _mm256_stream_si256(d.add(3), e);
        i += 2 * CACHE_LINE;
    }
    if i < len {
        let s = src.add(i) as *const __m256i;
        let d = dst.add(i) as *mut __m256i;
        let (a, b) = (_mm256_loadu_si256(s), _mm256_loadu_si256(s.add(1)));
        _mm256_stream_si256(d, a);
        _mm256_stream_si256(d.add(1), b);
    }
}

#[cfg(target_arch = "x86_64")]
unsafe fn copy_nt_sse2(dst: *mut u8, src: *const u8, len: usize) {
    use core::arch::x86_64::*;
    let mut i = 0;
    while i < len {
        let s = src.add(i) as *const __m128i;
        let d = dst.add(i) as *mut __m128i;
        for k in 0..4 {
            _mm_stream_si128(d.add(k), _mm_loadu_si128(s.add(k)));
        }
        i += CACHE_LINE;
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    fn check(copy: unsafe fn(*mut u8, *const u8, usize)) {
        // Every length from 0 to 40 lines (below, at and above the block sizes), sources at
        // several misalignments; the line after the copied range must stay untouched.
        let src: Vec<u8> = (0..64 * 41 + 64).map(|i| (i * 7 + 3) as u8).collect();
        for lines in 0..=40 {
            for shift in [0, 1, 13, 32, 63] {
                let mut buf = vec![0xEEu8; (lines + 2) * 64];
                let pad = buf.as_ptr().align_offset(64);
                let d = buf[pad..].as_mut_ptr();
                unsafe { copy(d, src.as_ptr().add(shift), lines * 64) };
                sfence();
                let got = unsafe { std::slice::from_raw_parts(d, (lines + 1) * 64) };
                assert_eq!(&got[..lines * 64], &src[shift..shift + lines * 64]);
                assert!(got[lines * 64..].iter().all(|&b| b == 0xEE));
            }
        }
    }

    #[test]
    fn nt_copies_copy_exactly() {
        check(copy_nt);
        check(copy_nt_sse2);
        if std::is_x86_feature_detected!("avx") {
            check(|d, s, n| unsafe { copy_nt_avx(d, s, n) });
        }
    }
}

/// The cache line whose little-endian 8-byte words are `words`.
fn line_of_words(words: &[u64; 8]) -> [u8; CACHE_LINE] {
    let mut line = [0u8; CACHE_LINE];
    for (i, w) in words.iter().enumerate() {
        line[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    line
}
