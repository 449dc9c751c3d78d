//! The data checksum carried by one-fence commit records.
//!
//! A plain CRC-32C over the committed bytes is one dependency chain (the `crc32` instruction has
//! latency 3, throughput 1), so it runs at a third of what the CPU can do and cannot keep up with
//! the copy. Instead the bytes are split by *logical cache line* into three lanes (line `p / 64`
//! goes to lane `(p / 64) % 3`); each lane is an ordinary CRC-32C over its bytes in order, and the
//! checksum is the CRC-32C of the three lane values. Three independent chains run in parallel,
//! and the copy loop computes them while its non-temporal stores drain (`region.rs`).
//!
//! Any change to the bytes changes the lane CRC that covers them (CRC-32C detects every burst up
//! to 32 bits and other errors with probability 1 - 2^-32), and then the final CRC with the same
//! probability. The lane of a byte depends only on its logical position, so the checksum can be
//! built across appends of any size and recomputed by recovery.

pub const LANES: usize = 3;
pub const LINE: u64 = 64;

/// Running lane CRCs (in `crc32c` crate form: 0 = empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DataSum {
    pub lanes: [u32; LANES],
}

impl DataSum {
    pub fn lane_of(pos: u64) -> usize {
        ((pos / LINE) % LANES as u64) as usize
    }

    /// Adds `data`, which sits at logical positions `[pos, pos + data.len())`.
    pub fn update(&mut self, pos: u64, data: &[u8]) {
        let (mut p, mut rest) = (pos, data);
        while !rest.is_empty() {
            let n = ((LINE - p % LINE) as usize).min(rest.len());
            let lane = Self::lane_of(p);
            self.lanes[lane] = crc32c::crc32c_append(self.lanes[lane], &rest[..n]);
            p += n as u64;
            rest = &rest[n..];
        }
    }

    pub fn finish(&self) -> u32 {
        let mut b = [0u8; 4 * LANES];
        for (i, l) in self.lanes.iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&l.to_le_bytes());
        }
        crc32c::crc32c(&b)
    }
}

/// Non-temporal copy of whole lines that also adds them to `sum` (the fast path of
/// `MmapRegion::write_nodrain_sum`). `pos` is the logical position of the first byte, a multiple
/// of 64, as is `len`; `dst` is 64-byte aligned.
///
/// # Safety
/// Both ranges valid for `len` bytes and disjoint; the CPU has SSE4.2 and AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,sse4.2")]
pub unsafe fn copy_nt_sum(dst: *mut u8, src: *const u8, len: usize, pos: u64, sum: &mut DataSum) {
    use core::arch::x86_64::*;
    debug_assert!(len % 64 == 0 && pos % LINE == 0 && (dst as usize) % 64 == 0);
    let lines = len / 64;
    let first = DataSum::lane_of(pos);
    // Chains a, b, c take lines 0, 1, 2 of every group of three (lanes first, first+1, first+2).
    let lane = |k: usize| (first + k) % LANES;
    let (mut a, mut b, mut c) = (
        !sum.lanes[lane(0)] as u64,
        !sum.lanes[lane(1)] as u64,
        !sum.lanes[lane(2)] as u64,
    );
    // Nested fns do not inherit target features: without this attribute every intrinsic
    // below would be an out-of-line call.
    #[target_feature(enable = "avx,sse4.2")]
    #[inline]
    unsafe fn line(dst: *mut u8, src: *const u8, i: usize, mut st: u64) -> u64 {
        let s = src.add(64 * i);
        let d = dst.add(64 * i) as *mut __m256i;
        let v0 = _mm256_loadu_si256(s as *const __m256i);
        let v1 = _mm256_loadu_si256(s.add(32) as *const __m256i);
        _mm256_stream_si256(d, v0);
        _mm256_stream_si256(d.add(1), v1);
        for w in 0..8 {
            st = _mm_crc32_u64(st, (s.add(8 * w) as *const u64).read_unaligned());
        }
        st
    }
    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn copy_line(dst: *mut u8, src: *const u8, i: usize) {
        let s = src.add(64 * i);
        let d = dst.add(64 * i) as *mut __m256i;
        let v0 = _mm256_loadu_si256(s as *const __m256i);
        let v1 = _mm256_loadu_si256(s.add(32) as *const __m256i);
        _mm256_stream_si256(d, v0);
        _mm256_stream_si256(d.add(1), v1);
    }
    let groups = lines / 3;
    // Copy three lines, then advance the three CRC chains word by word in lockstep so they
    // overlap each other (and the draining stores) instead of running one after another.
    for g in 0..groups {
        let i = 3 * g;
        copy_line(dst, src, i);
        copy_line(dst, src, i + 1);
        copy_line(dst, src, i + 2);
        let (s0, s1, s2) = (
            src.add(64 * i) as *const u64,
            src.add(64 * i + 64) as *const u64,
            src.add(64 * i + 128) as *const u64,
        );
        for w in 0..8 {
            a = _mm_crc32_u64(a, s0.add(w).read_unaligned());
            b = _mm_crc32_u64(b, s1.add(w).read_unaligned());
            c = _mm_crc32_u64(c, s2.add(w).read_unaligned());
        }
    }
    let done = 3 * groups;
    if lines - done >= 1 {
        a = line(dst, src, done, a);
    }
    if lines - done >= 2 {
        b = line(dst, src, done + 1, b);
    }
    sum.lanes[lane(0)] = !(a as u32);
    sum.lanes[lane(1)] = !(b as u32);
    sum.lanes[lane(2)] = !(c as u32);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_is_split_invariant() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 + 3) as u8).collect();
        let mut whole = DataSum::default();
        whole.update(37, &data);
        for cut in [0, 1, 27, 64, 300, 999, 1000] {
            let mut parts = DataSum::default();
            parts.update(37, &data[..cut]);
            parts.update(37 + cut as u64, &data[cut..]);
            assert_eq!(parts, whole, "cut {cut}");
        }
        let mut other = DataSum::default();
        other.update(38, &data);
        assert_ne!(
            other.finish(),
            whole.finish(),
            "lanes depend on logical position"
        );
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn fused_copy_matches_generic_sum() {
        if !(std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("sse4.2")) {
            return;
        }
        let src: Vec<u8> = (0..64 * 40u32).map(|i| (i * 131 + 17) as u8).collect();
        for lines in 0..40usize {
            for start_line in 0..3u64 {
                let pos = 64 * (start_line + 5);
                let mut dst = vec![0u8; 64 * 41];
                let base = dst.as_mut_ptr().align_offset(64);
                let mut fused = DataSum { lanes: [1, 2, 3] };
                let mut generic = fused;
                unsafe {
                    copy_nt_sum(
                        dst.as_mut_ptr().add(base),
                        src.as_ptr(),
                        64 * lines,
                        pos,
                        &mut fused,
                    )
                };
                generic.update(pos, &src[..64 * lines]);
                assert_eq!(fused, generic, "lines {lines} start {start_line}");
                assert_eq!(&dst[base..base + 64 * lines], &src[..64 * lines]);
            }
        }
    }
}
