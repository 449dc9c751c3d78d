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

    /// CRC-32C of the three lane values (12 little-endian bytes).
    pub fn finish(&self) -> u32 {
        let [a, b, c] = self.lanes;
        crc32c_short(&[a as u64 | (b as u64) << 32], Some(c))
    }
}

/// CRC-32C (the `crc32c` crate's values: `crc32c(bytes)` of the little-endian bytes of `words`,
/// then of `last` if given) of a few words, with the SSE4.2 `crc32` instruction inline when the
/// CPU has it. For the 12-48 bytes of a commit's record and data-sum finish the crate's general
/// entry point (a call, length dispatch, alignment handling) cost about a fifth of a 128-byte
/// commit (measured: `docs/pmlog.md`, issue 17 round 6); this is ~9 dependent instructions.
#[inline]
pub fn crc32c_short(words: &[u64], last: Option<u32>) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("sse4.2") {
            // SAFETY: the CPU has SSE4.2 (checked above).
            return unsafe { crc32c_short_hw(words, last) };
        }
    }
    let mut crc = 0;
    for w in words {
        crc = crc32c::crc32c_append(crc, &w.to_le_bytes());
    }
    if let Some(l) = last {
        crc = crc32c::crc32c_append(crc, &l.to_le_bytes());
    }
    crc
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse4.2")]
unsafe fn crc32c_short_hw(words: &[u64], last: Option<u32>) -> u32 {
    use core::arch::x86_64::{_mm_crc32_u32, _mm_crc32_u64};
    let mut st = !0u32 as u64;
    for &w in words {
        st = _mm_crc32_u64(st, w);
    }
    let mut st = st as u32;
    if let Some(l) = last {
        st = _mm_crc32_u32(st, l);
    }
    !st
}

/// The lanes `first, first + 1, first + 2` (mod 3) of `lanes`, chosen by selects on copies of
/// the three values, never by a variable index: an indexed read or write forces the array into
/// memory, and in the kernels below that put stack stores (and a 64-bit reload of two 32-bit
/// stores, which cannot be store-forwarded) between the data's and the record's line stores
/// (issue 17, round 11: 82% of the 128-byte kernel's samples sat on that reload).
#[inline(always)]
pub(crate) fn lanes_from(lanes: &[u32; LANES], first: usize) -> (u32, u32, u32) {
    let [x, y, z] = *lanes;
    (
        pick(first, x, y, z),
        pick(first, y, z, x),
        pick(first, z, x, y),
    )
}

/// `v0`, `v1` or `v2` for `first` = 0, 1 or 2 (a select, no memory).
#[inline(always)]
fn pick(first: usize, v0: u32, v1: u32, v2: u32) -> u32 {
    if first == 1 {
        v1
    } else if first == 2 {
        v2
    } else {
        v0
    }
}

/// Inverse of `lanes_from`: the array whose lanes `first, first + 1, first + 2` (mod 3) are
/// `a, b, c`, built by selects (see `lanes_from`).
#[inline(always)]
pub(crate) fn lanes_to(first: usize, a: u32, b: u32, c: u32) -> [u32; LANES] {
    [
        pick(first, a, c, b),
        pick(first, b, a, c),
        pick(first, c, b, a),
    ]
}

/// The body of `copy_nt_sum`, shared with `copy_nt_sum_record_crc` (a macro because a
/// `#[target_feature]` function cannot be `#[inline(always)]`, and LLVM did not inline the
/// function into the record kernel: the call spilled the lanes to the stack).
#[cfg(target_arch = "x86_64")]
macro_rules! copy_nt_sum_body {
    ($dst:expr, $src:expr, $len:expr, $pos:expr, $sum:expr) => {{
        let (dst, src, len, pos, sum): (*mut u8, *const u8, usize, u64, &mut DataSum) =
            ($dst, $src, $len, $pos, $sum);
        use core::arch::x86_64::*;
        debug_assert!(len % 64 == 0 && pos % LINE == 0 && (dst as usize) % 64 == 0);
        let lines = len / 64;
        let first = DataSum::lane_of(pos);
        // Chains a, b, c take lines 0, 1, 2 of every group of three (lanes first, first+1, first+2).
        let (la, lb, lc) = lanes_from(&sum.lanes, first);
        let (mut a, mut b, mut c) = (!la as u64, !lb as u64, !lc as u64);
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
        sum.lanes = lanes_to(first, !(a as u32), !(b as u32), !(c as u32));
    }};
}

/// Non-temporal copy of whole lines that also adds them to `sum` (the fast path of
/// `MmapRegion::write_nodrain_sum`). `pos` is the logical position of the first byte, a multiple
/// of 64, as is `len`; `dst` is 64-byte aligned.
///
/// # Safety
/// Both ranges valid for `len` bytes and disjoint; the CPU has SSE4.2 and AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,sse4.2")]
#[inline]
pub unsafe fn copy_nt_sum(dst: *mut u8, src: *const u8, len: usize, pos: u64, sum: &mut DataSum) {
    copy_nt_sum_body!(dst, src, len, pos, sum)
}

/// `x^n mod P` for CRC-32C's polynomial `P` (normal bit order: bit `d` is the coefficient of
/// `x^d`), a polynomial of degree < 32.
pub const fn xpow_mod_p(n: u32) -> u64 {
    const P: u64 = 0x1_1EDC_6F41;
    let mut r: u64 = 1;
    let mut i = 0;
    while i < n {
        r <<= 1;
        if r & (1 << 32) != 0 {
            r ^= P;
        }
        i += 1;
    }
    r
}

/// Folding constants for one 64-byte block of a lane (issue 17, round 8): a 128-bit chunk
/// `C = C_lo x^64 + C_hi` (reflected: the low quadword holds the high-degree half) times
/// `x^512` is `C_lo x^576 + C_hi x^512`; a carry-less product of two reflected 64-bit operands
/// carries an extra factor `x`, hence `x^575` and `x^511`, bit-reversed into the 64-bit
/// reflected form.
pub const FOLD_512: (u64, u64) = (
    xpow_mod_p(575).reverse_bits(),
    xpow_mod_p(511).reverse_bits(),
);

/// Constants that move 128-bit chunk `j` (0-2) of a 512-bit accumulator onto chunk 3, i.e.
/// multiply it by `x^(128 (3 - j))`: `(x^(s + 63), x^(s - 1))` reflected, `s = 128 (3 - j)`.
pub const FOLD_TAIL: [(u64, u64); 3] = [
    (
        xpow_mod_p(447).reverse_bits(),
        xpow_mod_p(383).reverse_bits(),
    ),
    (
        xpow_mod_p(319).reverse_bits(),
        xpow_mod_p(255).reverse_bits(),
    ),
    (
        xpow_mod_p(191).reverse_bits(),
        xpow_mod_p(127).reverse_bits(),
    ),
];

/// Fewest whole lines for which `copy_nt_sum` uses the folding kernel (`copy_nt_sum_fold`)
/// instead of the `crc32` loop; the fold's fixed cost is 8 dependent `crc32` per lane at the
/// end. `usize::MAX` turns it off (commit_cost's A/B). Measured: docs/pmlog.md, round 8.
pub static FOLD_MIN_LINES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(16);

/// Whether this CPU can run `copy_nt_sum_fold` (AVX-512F + VPCLMULQDQ + SSE4.2).
pub fn fold_ok() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::{AtomicU8, Ordering};
        static OK: AtomicU8 = AtomicU8::new(0);
        match OK.load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => {
                let ok = std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("vpclmulqdq")
                    && std::is_x86_feature_detected!("sse4.2")
                    && std::is_x86_feature_detected!("avx2");
                OK.store(if ok { 1 } else { 2 }, Ordering::Relaxed);
                ok
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// `copy_nt_sum` with the kernel chosen by length: the folding kernel for
/// `FOLD_MIN_LINES` lines or more when the CPU has it, else the `crc32` loop.
///
/// # Safety
/// As `copy_nt_sum`.
#[cfg(target_arch = "x86_64")]
pub unsafe fn copy_nt_sum_auto(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    pos: u64,
    sum: &mut DataSum,
) {
    if len / 64 >= FOLD_MIN_LINES.load(std::sync::atomic::Ordering::Relaxed) && fold_ok() {
        copy_nt_sum_fold(dst, src, len, pos, sum)
    } else {
        copy_nt_sum(dst, src, len, pos, sum)
    }
}

/// The same as `copy_nt_sum` (same lanes, same CRC-32C values) computed by *folding*: each lane
/// keeps a 512-bit accumulator `A` congruent (mod `P`) to the lane's bytes so far, and a new
/// line `D` of the lane makes it `A x^512 + D`, i.e. per 128-bit chunk two carry-less products
/// with `FOLD_512` and a three-way xor with the chunk of `D`: two `vpclmulqdq` (zmm) and one
/// `vpternlogq` per line, on the same zmm register the line was loaded into for its
/// non-temporal store (no reload, no `crc32`). The lane's running CRC state is xored into the
/// first 4 bytes of its first line (what the `crc32` instruction does with its state), and at the
/// end the `crc32` instruction over the accumulator's 8 words from state 0 gives the lane's new
/// state (`A x^32 mod P`, the same remainder as the lane's whole message). Unit-tested
/// against `DataSum::update` and the `crc32c` crate.
///
/// # Safety
/// As `copy_nt_sum`; the CPU has AVX-512F, VPCLMULQDQ and SSE4.2 (`fold_ok`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,vpclmulqdq,sse4.2,avx,avx2")]
#[inline]
pub unsafe fn copy_nt_sum_fold(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    pos: u64,
    sum: &mut DataSum,
) {
    copy_nt_sum_fold_with::<true>(dst, src, len, pos, sum)
}

/// `copy_nt_sum_fold` with the line stored by one 64-byte non-temporal store (`ZMM_STORE`, the
/// default) or by two 32-byte ones (measured no faster, round 10 in docs/pmlog.md; kept for
/// `examples/commit_cost`). Same bytes, same lanes.
///
/// # Safety
/// As `copy_nt_sum_fold`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,vpclmulqdq,sse4.2,avx,avx2")]
#[inline]
pub unsafe fn copy_nt_sum_fold_with<const ZMM_STORE: bool>(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    pos: u64,
    sum: &mut DataSum,
) {
    let l01 = sum.lanes[0] as u64 | (sum.lanes[1] as u64) << 32;
    let (l01, l2) = fold_lanes::<ZMM_STORE>(dst, src, len, pos, l01, sum.lanes[2]);
    sum.lanes = [l01 as u32, (l01 >> 32) as u32, l2];
}

/// The body of `copy_nt_sum_fold_with`, lanes in and out by value (lanes 0 and 1 packed in one
/// `u64`, lane 2: a scalar pair, returned in two registers; a `[u32; 3]` goes through memory): the record kernel
/// (`copy_nt_sum_record_fold`) gets them in registers. Through a `&mut DataSum` (this function
/// is not inlined into it) they went out as three 32-bit stores and came back as one 64-bit load
/// that cannot be store-forwarded, so the record waited for those stores to leave the store
/// queue behind the data's (issue 17, round 11).
///
/// # Safety
/// As `copy_nt_sum_fold`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,vpclmulqdq,sse4.2,avx,avx2")]
#[inline]
unsafe fn fold_lanes<const ZMM_STORE: bool>(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    pos: u64,
    l01: u64,
    l2: u32,
) -> (u64, u32) {
    use core::arch::x86_64::*;
    let lanes = [l01 as u32, (l01 >> 32) as u32, l2];
    debug_assert!(len % 64 == 0 && pos % LINE == 0 && (dst as usize) % 64 == 0);
    let lines = len / 64;
    let first = DataSum::lane_of(pos);
    let k = _mm512_set_epi64(
        FOLD_512.1 as i64,
        FOLD_512.0 as i64,
        FOLD_512.1 as i64,
        FOLD_512.0 as i64,
        FOLD_512.1 as i64,
        FOLD_512.0 as i64,
        FOLD_512.1 as i64,
        FOLD_512.0 as i64,
    );
    #[target_feature(enable = "avx512f,avx2")]
    #[inline]
    unsafe fn copy_line<const Z: bool>(dst: *mut u8, src: *const u8, i: usize) -> __m512i {
        // One 64-byte load per line (round 9: two 32-byte loads and a reload for the fold
        // measured 4-8% slower at 4-8 KiB).
        let v = _mm512_loadu_si512(src.add(64 * i) as *const __m512i);
        if Z {
            _mm512_stream_si512(dst.add(64 * i) as *mut __m512i, v);
        } else {
            let d = dst.add(64 * i) as *mut __m256i;
            _mm256_stream_si256(d, _mm512_castsi512_si256(v));
            _mm256_stream_si256(d.add(1), _mm512_extracti64x4_epi64::<1>(v));
        }
        v
    }
    #[target_feature(enable = "avx512f,vpclmulqdq")]
    #[inline]
    unsafe fn fold(acc: __m512i, k: __m512i, v: __m512i) -> __m512i {
        let lo = _mm512_clmulepi64_epi128::<0x00>(acc, k);
        let hi = _mm512_clmulepi64_epi128::<0x11>(acc, k);
        _mm512_ternarylogic_epi64::<0x96>(lo, hi, v)
    }
    if lines < 3 {
        // Every lane's reduction would cost more than its line.
        let mut sum = DataSum { lanes };
        copy_nt_sum(dst, src, len, pos, &mut sum);
        return (
            sum.lanes[0] as u64 | (sum.lanes[1] as u64) << 32,
            sum.lanes[2],
        );
    }
    // The accumulators are plain locals (not an array) so they stay in zmm registers: a spill
    // of them next to the streaming stores measured 15% slower at 1 KiB per commit.
    let (l0, l1, l2) = lanes_from(&lanes, first);
    let inj = |l: u32| _mm512_zextsi128_si512(_mm_cvtsi32_si128(!l as i32));
    let mut a0 = _mm512_xor_si512(copy_line::<ZMM_STORE>(dst, src, 0), inj(l0));
    let mut a1 = _mm512_xor_si512(copy_line::<ZMM_STORE>(dst, src, 1), inj(l1));
    let mut a2 = _mm512_xor_si512(copy_line::<ZMM_STORE>(dst, src, 2), inj(l2));
    let mut i = 3;
    while i + 3 <= lines {
        let v0 = copy_line::<ZMM_STORE>(dst, src, i);
        let v1 = copy_line::<ZMM_STORE>(dst, src, i + 1);
        let v2 = copy_line::<ZMM_STORE>(dst, src, i + 2);
        a0 = fold(a0, k, v0);
        a1 = fold(a1, k, v1);
        a2 = fold(a2, k, v2);
        i += 3;
    }
    if lines - i >= 1 {
        a0 = fold(a0, k, copy_line::<ZMM_STORE>(dst, src, i));
    }
    if lines - i >= 2 {
        a1 = fold(a1, k, copy_line::<ZMM_STORE>(dst, src, i + 1));
    }
    // Reduce each accumulator to a CRC state: fold its chunks 0-2 onto chunk 3 (one zmm
    // carry-less pair with per-chunk constants, `FOLD_TAIL`), xor the four chunks, then two
    // `crc32` over the remaining 128 bits. No store/reload of the accumulator.
    let kr = _mm512_set_epi64(
        0,
        0,
        FOLD_TAIL[2].1 as i64,
        FOLD_TAIL[2].0 as i64,
        FOLD_TAIL[1].1 as i64,
        FOLD_TAIL[1].0 as i64,
        FOLD_TAIL[0].1 as i64,
        FOLD_TAIL[0].0 as i64,
    );
    #[target_feature(enable = "avx512f,vpclmulqdq,sse4.2")]
    #[inline]
    unsafe fn reduce(a: __m512i, kr: __m512i) -> u32 {
        let lo = _mm512_clmulepi64_epi128::<0x00>(a, kr);
        let hi = _mm512_clmulepi64_epi128::<0x11>(a, kr);
        let last = _mm512_maskz_mov_epi64(0xC0, a);
        let r = _mm512_ternarylogic_epi64::<0x96>(lo, hi, last);
        let r = _mm256_xor_si256(_mm512_castsi512_si256(r), _mm512_extracti64x4_epi64::<1>(r));
        let r = _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
        let st = _mm_crc32_u64(0, _mm_cvtsi128_si64(r) as u64);
        _mm_crc32_u64(st, _mm_extract_epi64::<1>(r) as u64) as u32
    }
    let (r0, r1, r2) = (reduce(a0, kr), reduce(a1, kr), reduce(a2, kr));
    let [o0, o1, o2] = lanes_to(first, !r0, !r1, !r2);
    (o0 as u64 | (o1 as u64) << 32, o2)
}

/// Streams the slot line of a one-fence `KIND_DATA_CRC` record to `dst` and returns its
/// `data_crc` (= `DataSum { lanes }.finish()`); the line is byte-identical to
/// `Record::line_words` with that `data_crc` (unit-tested). `fixed` is `[seq, head, tail,
/// prev_tail]`.
///
/// Why a separate kernel (issue 17, round 7): between the last data store and the record store
/// the portable path made three out-of-line calls (`DataSum::finish`, `Record::line_words`,
/// `crc32c_short`, each dispatching on CPU features and passing its words through the stack), so
/// the record's store waited for the data chain *plus* the calls, spills and the whole six-word
/// record CRC. Here everything is in registers: the record CRC over the data-independent prefix
/// (`log_id`, `fixed`) runs in parallel with the data chains, and after the last lane is ready the
/// store waits for exactly three dependent `crc32` (data finish: 2, record: 1, by appending the
/// last word to the prefix state).
///
/// # Safety
/// `dst` is 64-byte aligned and valid for 64 bytes; the CPU has AVX and SSE4.2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,sse4.2")]
#[inline]
pub unsafe fn stream_crc3_record(
    dst: *mut u8,
    log_id: u64,
    fixed: [u64; 4],
    kind: u32,
    lanes: [u32; LANES],
) -> u32 {
    use core::arch::x86_64::*;
    let mut p = _mm_crc32_u64(!0u32 as u64, log_id);
    for w in fixed {
        p = _mm_crc32_u64(p, w);
    }
    let d = _mm_crc32_u64(!0u32 as u64, lanes[0] as u64 | (lanes[1] as u64) << 32);
    let data_crc = !_mm_crc32_u32(d as u32, lanes[2]);
    let w4 = data_crc as u64 | (kind as u64) << 32;
    let rc = !(_mm_crc32_u64(p, w4) as u32);
    let lo = _mm256_set_epi64x(
        fixed[3] as i64,
        fixed[2] as i64,
        fixed[1] as i64,
        fixed[0] as i64,
    );
    let hi = _mm256_set_epi64x(0, 0, rc as i64, w4 as i64);
    _mm256_stream_si256(dst as *mut __m256i, lo);
    _mm256_stream_si256(dst.add(32) as *mut __m256i, hi);
    data_crc
}

/// `stream_crc3_record` of `Record::next_data_crc(prev, tail)` with the lanes of `sum`, reading
/// both through their references (five register arguments: no record or lane array stored by
/// the caller between the data's line stores and this line's; the lanes are read as three
/// 32-bit loads, so they forward from however the append stored them). Same line, same return.
///
/// # Safety
/// `dst` 64-byte aligned and valid for 64 bytes; the CPU has AVX and SSE4.2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,sse4.2")]
pub unsafe fn stream_crc3_next_record(
    dst: *mut u8,
    log_id: u64,
    prev: &crate::layout::Record,
    tail: u64,
    sum: &DataSum,
) -> u32 {
    let fixed = [prev.seq + 1, prev.head, tail, prev.tail];
    let l = sum.lanes.as_ptr();
    // Volatile: LLVM would otherwise merge lanes 0 and 1 into one 64-bit load, which cannot be
    // forwarded from two 32-bit stores (see `lanes_from`).
    let lanes = [
        l.read_volatile(),
        l.add(1).read_volatile(),
        l.add(2).read_volatile(),
    ];
    stream_crc3_record(dst, log_id, fixed, crate::layout::KIND_DATA_CRC, lanes)
}

/// One whole-line, one-fence append *and* its commit record in one kernel (the fast path of
/// `PmLog::append`, through `PmRegion::write_sum_record_nodrain`): the non-temporal copy of the
/// data with its lanes (`copy_nt_sum`, or `copy_nt_sum_fold` from `FOLD_MIN_LINES` lines where the
/// CPU has it) from a fresh `DataSum`, then the record line (`stream_crc3_record`), with the
/// lanes in registers and no ordinary store in between. Returns the record's `data_crc`. Same
/// bytes as `copy_nt_sum_auto` + `stream_crc3_record` (unit-tested).
///
/// Why (issue 17, round 9): stores leave the store queue in program order, and after a commit's
/// `sfence` the next commit's stores wait for it; every ordinary store (a spill, a push, a
/// bookkeeping field) issued between the data's line stores and the record's line store is drained
/// before the record line can leave, and the next fence waits for that line. Measured with
/// `commit_cost`: 60 stack stores between the data and the record cost 12% at 128 B, 60 after
/// the record (before the fence) 2%.
///
/// The record is the successor of `prev` (the durable record) covering exactly the new bytes:
/// `seq + 1`, same head, `prev_tail = prev.tail` (the logical position of `src`'s first byte),
/// `tail = prev.tail + len`, kind `KIND_DATA_CRC`. (Six arguments: all in registers; passing the
/// record's words would put them on the stack, i.e. more stores before the data's.)
///
/// # Safety
/// As `copy_nt_sum` for `dst`, `src`, `len` with `pos = prev.tail` (`len` > 0); `rec_dst`
/// 64-byte aligned, valid for 64 bytes and disjoint from `dst..dst+len`; the CPU has AVX and
/// SSE4.2.
#[cfg(target_arch = "x86_64")]
#[inline]
pub unsafe fn copy_nt_sum_record(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    rec_dst: *mut u8,
    log_id: u64,
    prev: &crate::layout::Record,
) -> u32 {
    if len / 64 >= FOLD_MIN_LINES.load(std::sync::atomic::Ordering::Relaxed) && fold_ok() {
        copy_nt_sum_record_fold(dst, src, len, rec_dst, log_id, prev)
    } else {
        copy_nt_sum_record_crc(dst, src, len, rec_dst, log_id, prev)
    }
}

/// `[seq, head, tail, prev_tail]` of the record that appends `len` bytes after `prev`.
#[inline(always)]
fn successor_words(prev: &crate::layout::Record, len: usize) -> [u64; 4] {
    [prev.seq + 1, prev.head, prev.tail + len as u64, prev.tail]
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,sse4.2")]
unsafe fn copy_nt_sum_record_crc(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    rec_dst: *mut u8,
    log_id: u64,
    prev: &crate::layout::Record,
) -> u32 {
    let fixed = successor_words(prev, len);
    let mut sum = DataSum::default();
    copy_nt_sum_body!(dst, src, len, prev.tail, &mut sum);
    stream_crc3_record(
        rec_dst,
        log_id,
        fixed,
        crate::layout::KIND_DATA_CRC,
        sum.lanes,
    )
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,vpclmulqdq,sse4.2,avx,avx2")]
unsafe fn copy_nt_sum_record_fold(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    rec_dst: *mut u8,
    log_id: u64,
    prev: &crate::layout::Record,
) -> u32 {
    let fixed = successor_words(prev, len);
    let (l01, l2) = fold_lanes::<true>(dst, src, len, prev.tail, 0, 0);
    let lanes = [l01 as u32, (l01 >> 32) as u32, l2];
    stream_crc3_record(rec_dst, log_id, fixed, crate::layout::KIND_DATA_CRC, lanes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_selects_rotate_like_the_index() {
        let lanes = [0x11u32, 0x22, 0x33];
        for first in 0..LANES {
            let (a, b, c) = lanes_from(&lanes, first);
            assert_eq!(
                [a, b, c],
                [0, 1, 2].map(|k| lanes[(first + k) % LANES]),
                "first {first}"
            );
            let back = lanes_to(first, a, b, c);
            assert_eq!(back, lanes, "first {first}");
            let mut want = [0u32; LANES];
            for (k, v) in [7u32, 8, 9].into_iter().enumerate() {
                want[(first + k) % LANES] = v;
            }
            assert_eq!(lanes_to(first, 7, 8, 9), want, "first {first}");
        }
    }

    #[test]
    fn short_crc_equals_the_crate() {
        let words = [
            0x0123_4567_89ab_cdefu64,
            0,
            u64::MAX,
            0x8000_0000_0000_0001,
            42,
            7,
        ];
        for n in 0..=words.len() {
            for last in [None, Some(0u32), Some(0xdead_beef)] {
                let mut bytes: Vec<u8> = words[..n].iter().flat_map(|w| w.to_le_bytes()).collect();
                if let Some(l) = last {
                    bytes.extend_from_slice(&l.to_le_bytes());
                }
                assert_eq!(
                    crc32c_short(&words[..n], last),
                    crc32c::crc32c(&bytes),
                    "{n} {last:?}"
                );
            }
        }
        let d = DataSum {
            lanes: [1, 0xffff_ffff, 0x1234_5678],
        };
        let mut b = Vec::new();
        for l in d.lanes {
            b.extend_from_slice(&l.to_le_bytes());
        }
        assert_eq!(d.finish(), crc32c::crc32c(&b));
    }

    #[test]
    fn lanes_are_crate_crcs_of_their_lines() {
        // Reference: gather each lane's bytes (line p/64 -> lane (p/64) % 3) in order and hash
        // them with the crate; random positions and lengths, including 0 and 1 byte and
        // lengths that end exactly on / just past line and group boundaries.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut lens: Vec<usize> = vec![0, 1, 2, 63, 64, 65, 127, 128, 191, 192, 193, 1000];
        lens.extend((0..200).map(|_| rng.gen_range(0..2000)));
        for (k, &len) in lens.iter().enumerate() {
            let pos: u64 = match k % 3 {
                0 => rng.gen_range(0..256),
                1 => 64 * rng.gen_range(0..10) + rng.gen_range(0..2),
                _ => rng.gen_range(0..1u64 << 40),
            };
            let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            let mut lane_bytes: [Vec<u8>; LANES] = Default::default();
            for (i, &b) in data.iter().enumerate() {
                lane_bytes[DataSum::lane_of(pos + i as u64)].push(b);
            }
            let mut sum = DataSum::default();
            sum.update(pos, &data);
            for l in 0..LANES {
                assert_eq!(
                    sum.lanes[l],
                    crc32c::crc32c(&lane_bytes[l]),
                    "len {len} pos {pos} lane {l}"
                );
            }
        }
    }

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
    fn record_kernels_equal_portable_copy_and_record() {
        // `copy_nt_sum_record` (both kernels where the CPU has them) against the portable path:
        // the copied bytes, the lanes by `DataSum::update` (the crate's CRC-32C), the record line
        // by `Record::line_words`; 1-40 lines, unaligned sources, random and edge predecessors.
        use crate::layout::Record;
        use rand::{Rng, SeedableRng};
        type Kernel = unsafe fn(*mut u8, *const u8, usize, *mut u8, u64, &Record) -> u32;
        let mut kernels: Vec<(&str, Kernel)> = Vec::new();
        if std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("sse4.2") {
            kernels.push(("crc32 loop", copy_nt_sum_record_crc));
        }
        if fold_ok() {
            kernels.push(("folding", copy_nt_sum_record_fold));
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let src: Vec<u8> = (0..64 * 41 + 64).map(|_| rng.gen()).collect();
        for (name, kernel) in kernels {
            for lines in 1..=40usize {
                for shift in [0usize, 1, 31, 63] {
                    let prev = Record {
                        seq: rng.gen_range(0..u64::MAX / 2),
                        head: 0,
                        tail: 64 * rng.gen_range(0..1u64 << 40),
                        prev_tail: 0,
                        data_crc: rng.gen(),
                        kind: crate::layout::KIND_DATA_FENCED,
                    };
                    let prev = Record {
                        head: prev.tail - prev.tail % 7,
                        prev_tail: prev.tail,
                        ..prev
                    };
                    let log_id: u64 = rng.gen();
                    let len = 64 * lines;
                    let mut buf = vec![0xEEu8; len + 4 * 64];
                    let at = buf.as_ptr().align_offset(64);
                    let (d, r) = (at, at + len + 64);
                    let data = &src[shift..shift + len];
                    let got = unsafe {
                        kernel(
                            buf.as_mut_ptr().add(d),
                            data.as_ptr(),
                            len,
                            buf.as_mut_ptr().add(r),
                            log_id,
                            &prev,
                        )
                    };
                    unsafe { core::arch::x86_64::_mm_sfence() };
                    let mut sum = DataSum::default();
                    sum.update(prev.tail, data);
                    let want = Record {
                        data_crc: sum.finish(),
                        ..Record::append_after(&prev, len as u64)
                    };
                    assert_eq!(got, want.data_crc, "{name} {lines} lines, shift {shift}");
                    assert_eq!(&buf[d..d + len], data, "{name} {lines} lines: data");
                    assert!(buf[d + len..r].iter().all(|&b| b == 0xEE), "{name}: gap");
                    let line: Vec<u8> = want
                        .line_words(log_id)
                        .iter()
                        .flat_map(|w| w.to_le_bytes())
                        .collect();
                    assert_eq!(&buf[r..r + 64], &line[..], "{name} {lines} lines: record");
                    assert_eq!(
                        Record::decode(&buf[r..r + 64], log_id),
                        Some(want),
                        "{name}: the record decodes"
                    );
                }
            }
        }
    }

    #[test]
    fn streamed_record_equals_portable_record() {
        use crate::layout::{Record, KIND_DATA_CRC};
        use rand::{Rng, SeedableRng};
        if !(std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("sse4.2")) {
            return;
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let edge = [0u64, 1, u64::MAX, 1 << 63, 0xffff_ffff];
        for i in 0..2000 {
            let pick = |rng: &mut rand_chacha::ChaCha8Rng| {
                if rng.gen_bool(0.2) {
                    edge[rng.gen_range(0..edge.len())]
                } else {
                    rng.gen()
                }
            };
            let lanes = [
                pick(&mut rng) as u32,
                pick(&mut rng) as u32,
                pick(&mut rng) as u32,
            ];
            let log_id = pick(&mut rng);
            let rec = Record {
                seq: pick(&mut rng),
                head: pick(&mut rng),
                tail: pick(&mut rng),
                prev_tail: pick(&mut rng),
                data_crc: 0,
                kind: if i % 2 == 0 { KIND_DATA_CRC } else { rng.gen() },
            };
            let mut buf = [0xAAu8; 128];
            let at = buf.as_ptr().align_offset(64);
            let got = unsafe {
                stream_crc3_record(
                    buf.as_mut_ptr().add(at),
                    log_id,
                    [rec.seq, rec.head, rec.tail, rec.prev_tail],
                    rec.kind,
                    lanes,
                )
            };
            // data_crc: the crate's CRC-32C of the three lanes' little-endian bytes.
            let lane_bytes: Vec<u8> = lanes.iter().flat_map(|l| l.to_le_bytes()).collect();
            assert_eq!(got, crc32c::crc32c(&lane_bytes), "case {i}");
            let want = Record {
                data_crc: got,
                ..rec
            };
            let line = &buf[at..at + 64];
            let words: Vec<u8> = want
                .line_words(log_id)
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            assert_eq!(line, &words[..], "case {i}");
            if rec.kind == KIND_DATA_CRC {
                assert_eq!(Record::decode(line, log_id), Some(want), "case {i}");
            }
            // The successor kernel (`PmLog::commit`'s path) streams the line of
            // `Record::next_data_crc(prev, tail)` from `prev` and the lanes in place.
            let prev = Record {
                seq: rec.seq.wrapping_sub(1),
                head: rec.head,
                tail: rec.prev_tail,
                prev_tail: pick(&mut rng),
                data_crc: rng.gen(),
                kind: rng.gen(),
            };
            let mut buf2 = [0x55u8; 128];
            let at2 = buf2.as_ptr().align_offset(64);
            let got2 = unsafe {
                stream_crc3_next_record(
                    buf2.as_mut_ptr().add(at2),
                    log_id,
                    &prev,
                    rec.tail,
                    &DataSum { lanes },
                )
            };
            assert_eq!(got2, got, "case {i}");
            let next = Record {
                data_crc: got,
                ..Record::next_data_crc(&prev, rec.tail)
            };
            let words2: Vec<u8> = next
                .line_words(log_id)
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            assert_eq!(&buf2[at2..at2 + 64], &words2[..], "case {i}");
            assert_eq!(
                (next.seq, next.head, next.tail, next.prev_tail, next.kind),
                (rec.seq, rec.head, rec.tail, rec.prev_tail, KIND_DATA_CRC),
                "case {i}"
            );
        }
    }

    #[test]
    fn fold_constants_are_x_powers() {
        // x^32 mod P is P's low part; x^(n+1) = x * x^n reduced.
        assert_eq!(xpow_mod_p(0), 1);
        assert_eq!(xpow_mod_p(31), 1 << 31);
        assert_eq!(xpow_mod_p(32), 0x1EDC_6F41);
        assert_eq!(xpow_mod_p(33), 0x3DB8_DE82);
        // x^36: the shift overflows past x^32 once (bit 28 of P's low part), reduced by P.
        assert_eq!(xpow_mod_p(36), (0x1EDC_6F41u64 << 4) ^ 0x1_1EDC_6F41);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn folding_copy_matches_crate_lanes() {
        // The folding kernel against the portable lanes (themselves checked against the crate
        // above) for 0-80 lines (every remainder mod 3, every starting lane), random lane
        // states, unaligned sources and large positions; and the dispatching wrapper at the
        // threshold's edges.
        // On a CPU without AVX-512F/VPCLMULQDQ the folding kernel cannot run; the dispatching
        // wrapper (which then takes the crc32 loop) is still checked at every case.
        use rand::{Rng, SeedableRng};
        let fold_runs = fold_ok();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let src: Vec<u8> = (0..64 * 81 + 64).map(|_| rng.gen()).collect();
        for lines in 0..=80usize {
            for start_line in [0u64, 1, 2, 5, 1 << 40] {
                let shift = rng.gen_range(0..64);
                let pos = 64 * start_line;
                let mut dst = vec![0u8; 64 * 82];
                let base = dst.as_mut_ptr().align_offset(64);
                let init = DataSum {
                    lanes: [
                        rng.gen(),
                        rng.gen(),
                        if lines % 2 == 0 { 0 } else { rng.gen() },
                    ],
                };
                let mut generic = init;
                let body = &src[shift..shift + 64 * lines];
                generic.update(pos, body);
                if fold_runs {
                    let mut fold = init;
                    unsafe {
                        copy_nt_sum_fold(
                            dst.as_mut_ptr().add(base),
                            body.as_ptr(),
                            body.len(),
                            pos,
                            &mut fold,
                        )
                    };
                    crate::region::sfence();
                    assert_eq!(
                        fold, generic,
                        "lines {lines} start {start_line} shift {shift}"
                    );
                    assert_eq!(&dst[base..base + body.len()], body);
                    dst[base..base + body.len()].fill(0);
                    // The same kernel with two 32-byte stores per line (`commit_cost`'s A/B).
                    let mut fold_ymm = init;
                    unsafe {
                        copy_nt_sum_fold_with::<false>(
                            dst.as_mut_ptr().add(base),
                            body.as_ptr(),
                            body.len(),
                            pos,
                            &mut fold_ymm,
                        )
                    };
                    crate::region::sfence();
                    assert_eq!(fold_ymm, generic, "ymm stores: lines {lines} shift {shift}");
                    assert_eq!(&dst[base..base + body.len()], body);
                    dst[base..base + body.len()].fill(0);
                }
                let mut auto = init;
                unsafe {
                    copy_nt_sum_auto(
                        dst.as_mut_ptr().add(base),
                        body.as_ptr(),
                        body.len(),
                        pos,
                        &mut auto,
                    )
                };
                crate::region::sfence();
                assert_eq!(auto, generic);
                assert_eq!(&dst[base..base + body.len()], body);
            }
        }
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

// ---- The keyed carry-less sum (record kind `KIND_DATA_CLMUL`) ----
//
// A cheaper data proof for one-fence commits of a few KiB and more (issue 17, part 1): per
// 64-byte logical line `L` two 64-bit keys `(k_lo(L), k_hi(L))` (splitmix64 of the line index,
// lowest bit forced to 1); every 16-byte chunk `j` of the line (`v = lo | hi << 64`) adds
//     clmul(lo, k_lo(L)) xor clmul(hi, k_hi(L))          (carry-less products, 127 bits)
// into lane `j` (four 128-bit lanes); the record stores crc32c of the four lanes.
//
// Properties the log relies on:
// * linear over GF(2) in the bytes and keyed by *logical position* only: bytes added in any
//   split (partial chunks at append edges, appends of any size) give the same lanes, so the
//   sum is built across the appends of a commit and recomputed by recovery;
// * one torn 8-byte word (the crash model's unit) is always detected in its lane: a nonzero
//   difference `d` in one half of a chunk adds `clmul(d, k)` with `k != 0`, and GF(2)[x] has
//   no zero divisors; differences in several words cancel only by a keyed coincidence (keys
//   independent of the data; assumed not to happen, like a CRC collision);
// * the final crc32c of the 64 lane bytes is trusted like the record CRC.
// Cost: per line 2 carry-less multiplies per 16 bytes (8 `pclmulqdq`, throughput >= 1/cycle,
// independent chains) and two key computations, instead of 8 dependent-in-3-chains `crc32`
// plus 8 scalar reloads of the line: the fused copy loop below keeps the data in the registers
// it loaded for the non-temporal stores.

/// splitmix64 finaliser (a bijection on u64).
#[inline(always)]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The two keys of logical line `line` (odd, so never zero).
#[inline(always)]
pub fn line_keys(line: u64) -> (u64, u64) {
    (
        mix64(line.wrapping_mul(2)) | 1,
        mix64(line.wrapping_mul(2) | 1) | 1,
    )
}

/// Carry-less 64 x 64 -> 128-bit product (portable).
pub fn clmul64(a: u64, b: u64) -> u128 {
    let mut r = 0u128;
    let (a, mut b) = (a as u128, b);
    let mut i = 0;
    while b != 0 {
        if b & 1 != 0 {
            r ^= a << i;
        }
        b >>= 1;
        i += 1;
    }
    r
}

/// Running lanes of the keyed carry-less sum (0 = empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClmulSum {
    pub lanes: [u128; 4],
}

impl ClmulSum {
    /// Adds `data`, which sits at logical positions `[pos, pos + data.len())`.
    pub fn update(&mut self, pos: u64, data: &[u8]) {
        let (mut p, mut rest) = (pos, data);
        while !rest.is_empty() {
            let at = (p % 16) as usize;
            let n = (16 - at).min(rest.len());
            let mut chunk = [0u8; 16];
            chunk[at..at + n].copy_from_slice(&rest[..n]);
            let v = u128::from_le_bytes(chunk);
            let (klo, khi) = line_keys(p / 64);
            let lane = ((p / 16) % 4) as usize;
            self.lanes[lane] ^= clmul64(v as u64, klo) ^ clmul64((v >> 64) as u64, khi);
            p += n as u64;
            rest = &rest[n..];
        }
    }

    pub fn finish(&self) -> u32 {
        let mut b = [0u8; 64];
        for (i, l) in self.lanes.iter().enumerate() {
            b[16 * i..16 * i + 16].copy_from_slice(&l.to_le_bytes());
        }
        crc32c::crc32c(&b)
    }
}

/// Non-temporal copy of whole lines that also adds them to the keyed carry-less sum: each
/// 16-byte chunk is loaded once, streamed to `dst` and multiplied in the same registers.
/// `pos` (logical position of the first byte) and `len` are multiples of 64; `dst` is 64-byte
/// aligned.
///
/// # Safety
/// Both ranges valid for `len` bytes and disjoint; the CPU has SSE2 and PCLMULQDQ.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2,pclmulqdq")]
pub unsafe fn copy_nt_clmul(
    dst: *mut u8,
    src: *const u8,
    len: usize,
    pos: u64,
    sum: &mut ClmulSum,
) {
    use core::arch::x86_64::*;
    debug_assert!(len % 64 == 0 && pos % 64 == 0 && (dst as usize) % 64 == 0);
    let ld = |x: u128| _mm_loadu_si128((&x as *const u128).cast());
    let (mut a0, mut a1, mut a2, mut a3) = (
        ld(sum.lanes[0]),
        ld(sum.lanes[1]),
        ld(sum.lanes[2]),
        ld(sum.lanes[3]),
    );
    let first = pos / 64;
    for i in 0..len / 64 {
        let (klo, khi) = line_keys(first + i as u64);
        let k = _mm_set_epi64x(khi as i64, klo as i64);
        let s = src.add(64 * i) as *const __m128i;
        let d = dst.add(64 * i) as *mut __m128i;
        let (v0, v1, v2, v3) = (
            _mm_loadu_si128(s),
            _mm_loadu_si128(s.add(1)),
            _mm_loadu_si128(s.add(2)),
            _mm_loadu_si128(s.add(3)),
        );
        _mm_stream_si128(d, v0);
        _mm_stream_si128(d.add(1), v1);
        _mm_stream_si128(d.add(2), v2);
        _mm_stream_si128(d.add(3), v3);
        let f = |v: __m128i| {
            _mm_xor_si128(
                _mm_clmulepi64_si128::<0x00>(v, k),
                _mm_clmulepi64_si128::<0x11>(v, k),
            )
        };
        a0 = _mm_xor_si128(a0, f(v0));
        a1 = _mm_xor_si128(a1, f(v1));
        a2 = _mm_xor_si128(a2, f(v2));
        a3 = _mm_xor_si128(a3, f(v3));
    }
    let st = |v: __m128i| {
        let mut x = 0u128;
        _mm_storeu_si128((&mut x as *mut u128).cast(), v);
        x
    };
    sum.lanes = [st(a0), st(a1), st(a2), st(a3)];
}

#[cfg(test)]
mod clmul_tests {
    use super::*;

    #[test]
    fn clmul64_matches_definition() {
        assert_eq!(clmul64(0, 12345), 0);
        assert_eq!(clmul64(1, 0xdead), 0xdead);
        assert_eq!(clmul64(0b11, 0b11), 0b101); // (x+1)^2 = x^2+1
        assert_eq!(clmul64(u64::MAX, 2), (u64::MAX as u128) << 1);
        assert_eq!(clmul64(1 << 63, 1 << 63), 1u128 << 126);
        // distributive over xor
        let (a, b, c) = (
            0x1234_5678_9abc_def0u64,
            0x0fed_cba9_8765_4321u64,
            0x5555_aaaa_3333_cccc,
        );
        assert_eq!(clmul64(a ^ b, c), clmul64(a, c) ^ clmul64(b, c));
    }

    #[test]
    fn clmul_sum_is_split_invariant_and_position_keyed() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 + 3) as u8).collect();
        let mut whole = ClmulSum::default();
        whole.update(37, &data);
        for cut in [0, 1, 5, 16, 27, 64, 300, 999, 1000] {
            let mut parts = ClmulSum::default();
            parts.update(37, &data[..cut]);
            parts.update(37 + cut as u64, &data[cut..]);
            assert_eq!(parts, whole, "cut {cut}");
        }
        let mut other = ClmulSum::default();
        other.update(37 + 64, &data);
        assert_ne!(other.lanes, whole.lanes, "keys depend on the logical line");
    }

    #[test]
    fn every_single_word_difference_changes_its_lane() {
        // Old and new contents differing in bytes of one aligned 8-byte word only: the lanes
        // differ (no zero divisors in GF(2)[x]), whatever the bytes.
        let mut rng = 0x1234_5678u64;
        let mut next = || {
            rng = mix64(rng);
            rng
        };
        for _ in 0..2000 {
            let pos = next() % 100_000;
            let mut old = vec![0u8; 256];
            old.iter_mut().for_each(|b| *b = next() as u8);
            let mut new = old.clone();
            let chunk_start = ((pos + 8 * (next() % 30)) & !7).max(pos) - pos;
            let chunk_end = ((pos + chunk_start) / 8 * 8 + 8 - pos).min(256);
            for b in &mut new[chunk_start as usize..chunk_end as usize] {
                *b = next() as u8;
            }
            if new == old {
                continue;
            }
            let (mut so, mut sn) = (ClmulSum::default(), ClmulSum::default());
            so.update(pos, &old);
            sn.update(pos, &new);
            assert_ne!(so.lanes, sn.lanes);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn fused_clmul_copy_matches_portable_sum() {
        if !std::is_x86_feature_detected!("pclmulqdq") {
            return;
        }
        let src: Vec<u8> = (0..64 * 40u32 + 7).map(|i| (i * 131 + 17) as u8).collect();
        for lines in 0..40usize {
            for (start_line, shift) in [(0u64, 0usize), (5, 1), (1 << 40, 7)] {
                let pos = 64 * start_line;
                let mut dst = vec![0u8; 64 * 41];
                let base = dst.as_mut_ptr().align_offset(64);
                let mut fused = ClmulSum {
                    lanes: [1, 2, 3, u128::MAX],
                };
                let mut portable = fused;
                let body = &src[shift..shift + 64 * lines];
                unsafe {
                    copy_nt_clmul(
                        dst.as_mut_ptr().add(base),
                        body.as_ptr(),
                        body.len(),
                        pos,
                        &mut fused,
                    )
                };
                crate::region::sfence();
                portable.update(pos, body);
                assert_eq!(fused, portable, "lines {lines} start {start_line}");
                assert_eq!(&dst[base..base + body.len()], body);
            }
        }
    }
}
