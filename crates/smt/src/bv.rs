//! Concrete bit-vector values of any width (the evaluator's and the models' number type).
//!
//! Widths up to 64 bits are kept in a `u64` (fast path for the bpf track's
//! differential testing); wider values in a `BigUint`. Every operation follows
//! the SMT-LIB2 `FixedSizeBitVectors` semantics, including division by zero
//! (`bvudiv x 0 = ~0`, `bvurem x 0 = x`) and over-wide shift amounts.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// A bit-vector value: `width` bits, unsigned value `< 2^width`. Width is at least 1.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitVec {
    width: u32,
    repr: Repr,
}

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Repr {
    /// width <= 64, value masked to width.
    Small(u64),
    /// width > 64, value < 2^width.
    Big(BigUint),
}

fn mask64(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

fn big_mask(width: u32) -> BigUint {
    (BigUint::one() << width) - BigUint::one()
}

impl BitVec {
    /// `value mod 2^width`. Panics if `width == 0` (no such SMT sort).
    pub fn from_u64(width: u32, value: u64) -> BitVec {
        assert!(width > 0, "bit-vector width must be at least 1");
        if width <= 64 {
            BitVec { width, repr: Repr::Small(value & mask64(width)) }
        } else {
            BitVec { width, repr: Repr::Big(BigUint::from(value)) }
        }
    }

    /// `value mod 2^width` (two's complement for negative values).
    pub fn from_i64(width: u32, value: i64) -> BitVec {
        if value >= 0 {
            BitVec::from_u64(width, value as u64)
        } else {
            BitVec::from_u64(width, value.unsigned_abs()).neg()
        }
    }

    /// `value mod 2^width`. Panics if `width == 0`.
    pub fn from_biguint(width: u32, value: &BigUint) -> BitVec {
        assert!(width > 0, "bit-vector width must be at least 1");
        if width <= 64 {
            let low = value.iter_u64_digits().next().unwrap_or(0);
            BitVec::from_u64(width, low)
        } else {
            BitVec { width, repr: Repr::Big(value & big_mask(width)) }
        }
    }

    /// Little-endian 64-bit limbs (limb 0 = bits 0..64), truncated to `width`.
    pub fn from_limbs(width: u32, limbs: &[u64]) -> BitVec {
        let mut v = BigUint::zero();
        for (i, l) in limbs.iter().enumerate() {
            v |= BigUint::from(*l) << (64 * i);
        }
        BitVec::from_biguint(width, &v)
    }

    pub fn zero(width: u32) -> BitVec {
        BitVec::from_u64(width, 0)
    }

    pub fn ones(width: u32) -> BitVec {
        BitVec::zero(width).not()
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    /// The value if it fits in a u64.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.repr {
            Repr::Small(v) => Some(*v),
            Repr::Big(b) => b.to_u64(),
        }
    }

    pub fn to_biguint(&self) -> BigUint {
        match &self.repr {
            Repr::Small(v) => BigUint::from(*v),
            Repr::Big(b) => b.clone(),
        }
    }

    /// Little-endian 64-bit limbs, exactly `ceil(width/64)` of them.
    pub fn to_limbs(&self) -> Vec<u64> {
        let n = self.width.div_ceil(64) as usize;
        let mut limbs: Vec<u64> = self.to_biguint().iter_u64_digits().collect();
        limbs.resize(n, 0);
        limbs
    }

    pub fn is_zero(&self) -> bool {
        match &self.repr {
            Repr::Small(v) => *v == 0,
            Repr::Big(b) => b.is_zero(),
        }
    }

    /// Bit `i` (0 = least significant).
    pub fn bit(&self, i: u32) -> bool {
        assert!(i < self.width);
        match &self.repr {
            Repr::Small(v) => (v >> i) & 1 == 1,
            Repr::Big(b) => b.bit(i as u64),
        }
    }

    /// The sign bit in two's complement.
    pub fn msb(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// Two's complement value if it fits in an i64 (widths <= 64 always do).
    pub fn to_i64(&self) -> Option<i64> {
        if self.width <= 64 {
            let v = self.to_u64()?;
            let shift = 64 - self.width;
            Some(((v << shift) as i64) >> shift)
        } else if self.msb() {
            let magnitude = self.neg().to_u64()?;
            0i64.checked_sub_unsigned(magnitude)
        } else {
            self.to_u64().and_then(|v| i64::try_from(v).ok())
        }
    }

    fn same_width(&self, other: &BitVec, op: &str) {
        assert_eq!(self.width, other.width, "{op}: width mismatch {} vs {}", self.width, other.width);
    }

    fn map2(
        &self,
        other: &BitVec,
        op: &str,
        small: impl Fn(u64, u64) -> u64,
        big: impl Fn(&BigUint, &BigUint) -> BigUint,
    ) -> BitVec {
        self.same_width(other, op);
        match (&self.repr, &other.repr) {
            (Repr::Small(a), Repr::Small(b)) => BitVec::from_u64(self.width, small(*a, *b)),
            _ => BitVec::from_biguint(self.width, &big(&self.to_biguint(), &other.to_biguint())),
        }
    }

    pub fn add(&self, o: &BitVec) -> BitVec {
        self.map2(o, "bvadd", |a, b| a.wrapping_add(b), |a, b| a + b)
    }

    pub fn sub(&self, o: &BitVec) -> BitVec {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &BitVec) -> BitVec {
        self.map2(o, "bvmul", |a, b| a.wrapping_mul(b), |a, b| a * b)
    }

    pub fn and(&self, o: &BitVec) -> BitVec {
        self.map2(o, "bvand", |a, b| a & b, |a, b| a & b)
    }

    pub fn or(&self, o: &BitVec) -> BitVec {
        self.map2(o, "bvor", |a, b| a | b, |a, b| a | b)
    }

    pub fn xor(&self, o: &BitVec) -> BitVec {
        self.map2(o, "bvxor", |a, b| a ^ b, |a, b| a ^ b)
    }

    pub fn not(&self) -> BitVec {
        match &self.repr {
            Repr::Small(v) => BitVec::from_u64(self.width, !v),
            Repr::Big(b) => BitVec { width: self.width, repr: Repr::Big(b ^ big_mask(self.width)) },
        }
    }

    pub fn neg(&self) -> BitVec {
        match &self.repr {
            Repr::Small(v) => BitVec::from_u64(self.width, v.wrapping_neg()),
            Repr::Big(_) => self.not().add(&BitVec::from_u64(self.width, 1)),
        }
    }

    /// Unsigned division; `x / 0 = all ones` (SMT-LIB).
    pub fn udiv(&self, o: &BitVec) -> BitVec {
        self.same_width(o, "bvudiv");
        if o.is_zero() {
            return BitVec::ones(self.width);
        }
        self.map2(o, "bvudiv", |a, b| a / b, |a, b| a / b)
    }

    /// Unsigned remainder; `x % 0 = x` (SMT-LIB).
    pub fn urem(&self, o: &BitVec) -> BitVec {
        self.same_width(o, "bvurem");
        if o.is_zero() {
            return self.clone();
        }
        self.map2(o, "bvurem", |a, b| a % b, |a, b| a % b)
    }

    fn abs(&self) -> BitVec {
        if self.msb() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// Signed division truncating toward zero, defined via `bvudiv` as in SMT-LIB.
    pub fn sdiv(&self, o: &BitVec) -> BitVec {
        let q = self.abs().udiv(&o.abs());
        if self.msb() != o.msb() {
            q.neg()
        } else {
            q
        }
    }

    /// Signed remainder (sign follows the dividend), as in SMT-LIB.
    pub fn srem(&self, o: &BitVec) -> BitVec {
        let r = self.abs().urem(&o.abs());
        if self.msb() {
            r.neg()
        } else {
            r
        }
    }

    /// Signed modulo (sign follows the divisor), as in SMT-LIB.
    pub fn smod(&self, o: &BitVec) -> BitVec {
        let u = self.abs().urem(&o.abs());
        if u.is_zero() {
            return u;
        }
        match (self.msb(), o.msb()) {
            (false, false) => u,
            (true, false) => u.neg().add(o),
            (false, true) => u.add(o),
            (true, true) => u.neg(),
        }
    }

    /// Shift amount as a u32, or None when it is >= width.
    fn shift_amount(&self, amount: &BitVec) -> Option<u32> {
        self.same_width(amount, "shift");
        amount.to_u64().filter(|a| *a < self.width as u64).map(|a| a as u32)
    }

    pub fn shl(&self, amount: &BitVec) -> BitVec {
        match self.shift_amount(amount) {
            None => BitVec::zero(self.width),
            Some(s) => match &self.repr {
                Repr::Small(v) => BitVec::from_u64(self.width, v << s),
                Repr::Big(b) => BitVec::from_biguint(self.width, &(b << s)),
            },
        }
    }

    pub fn lshr(&self, amount: &BitVec) -> BitVec {
        match self.shift_amount(amount) {
            None => BitVec::zero(self.width),
            Some(s) => match &self.repr {
                Repr::Small(v) => BitVec::from_u64(self.width, v >> s),
                Repr::Big(b) => BitVec::from_biguint(self.width, &(b >> s)),
            },
        }
    }

    pub fn ashr(&self, amount: &BitVec) -> BitVec {
        let fill = if self.msb() { BitVec::ones(self.width) } else { BitVec::zero(self.width) };
        match self.shift_amount(amount) {
            None => fill,
            Some(0) => self.clone(),
            Some(s) => {
                let shifted = self.lshr(amount);
                let high = fill.shl(&BitVec::from_u64(self.width, (self.width - s) as u64));
                shifted.or(&high)
            }
        }
    }

    /// `self` in the high bits, `low` in the low bits.
    pub fn concat(&self, low: &BitVec) -> BitVec {
        let width = self.width + low.width;
        let v = (self.to_biguint() << low.width) | low.to_biguint();
        BitVec::from_biguint(width, &v)
    }

    /// Bits `hi..=lo`. Panics unless `lo <= hi < width`.
    pub fn extract(&self, hi: u32, lo: u32) -> BitVec {
        assert!(lo <= hi && hi < self.width, "extract [{hi}:{lo}] of width {}", self.width);
        match &self.repr {
            Repr::Small(v) => BitVec::from_u64(hi - lo + 1, v >> lo),
            Repr::Big(b) => BitVec::from_biguint(hi - lo + 1, &(b >> lo)),
        }
    }

    pub fn zero_extend(&self, extra: u32) -> BitVec {
        BitVec::from_biguint(self.width + extra, &self.to_biguint())
    }

    pub fn sign_extend(&self, extra: u32) -> BitVec {
        if extra == 0 {
            return self.clone();
        }
        if self.msb() {
            BitVec::ones(extra).concat(self)
        } else {
            self.zero_extend(extra)
        }
    }

    pub fn ult(&self, o: &BitVec) -> bool {
        self.same_width(o, "bvult");
        self.ucmp(o) == Ordering::Less
    }

    pub fn ule(&self, o: &BitVec) -> bool {
        self.same_width(o, "bvule");
        self.ucmp(o) != Ordering::Greater
    }

    pub fn slt(&self, o: &BitVec) -> bool {
        self.same_width(o, "bvslt");
        self.scmp(o) == Ordering::Less
    }

    pub fn sle(&self, o: &BitVec) -> bool {
        self.same_width(o, "bvsle");
        self.scmp(o) != Ordering::Greater
    }

    fn ucmp(&self, o: &BitVec) -> Ordering {
        match (&self.repr, &o.repr) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            _ => self.to_biguint().cmp(&o.to_biguint()),
        }
    }

    fn scmp(&self, o: &BitVec) -> Ordering {
        match (self.msb(), o.msb()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.ucmp(o),
        }
    }

    /// SMT-LIB2 literal: `#b...` for widths not divisible by 4, else `#x...`.
    pub fn to_smtlib(&self) -> String {
        if self.width % 4 == 0 {
            let hex = self.to_biguint().to_str_radix(16);
            format!("#x{:0>w$}", hex, w = (self.width / 4) as usize)
        } else {
            let bin = self.to_biguint().to_str_radix(2);
            format!("#b{:0>w$}", bin, w = self.width as usize)
        }
    }

    /// Parses `#b...`, `#x...` or `(_ bvN W)` (the forms solvers print).
    pub fn parse_smtlib(text: &str) -> Option<BitVec> {
        let t = text.trim();
        if let Some(bits) = t.strip_prefix("#b") {
            let v = BigUint::parse_bytes(bits.as_bytes(), 2)?;
            return Some(BitVec::from_biguint(bits.len() as u32, &v));
        }
        if let Some(hex) = t.strip_prefix("#x") {
            let v = BigUint::parse_bytes(hex.as_bytes(), 16)?;
            return Some(BitVec::from_biguint(4 * hex.len() as u32, &v));
        }
        let inner = t.strip_prefix("(_")?.strip_suffix(')')?;
        let mut parts = inner.split_whitespace();
        let digits = parts.next()?.strip_prefix("bv")?;
        let width: u32 = parts.next()?.parse().ok()?;
        if parts.next().is_some() || width == 0 {
            return None;
        }
        Some(BitVec::from_biguint(width, &BigUint::parse_bytes(digits.as_bytes(), 10)?))
    }
}

impl fmt::Debug for BitVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_smtlib())
    }
}

impl fmt::Display for BitVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_smtlib())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bv(w: u32, v: u64) -> BitVec {
        BitVec::from_u64(w, v)
    }

    #[test]
    fn wraps_and_masks() {
        assert_eq!(bv(8, 200).add(&bv(8, 100)), bv(8, 44));
        assert_eq!(bv(8, 3).sub(&bv(8, 5)), bv(8, 254));
        assert_eq!(bv(4, 0xff).to_u64(), Some(0xf));
    }

    #[test]
    fn division_by_zero_follows_smtlib() {
        assert_eq!(bv(8, 7).udiv(&bv(8, 0)), bv(8, 255));
        assert_eq!(bv(8, 7).urem(&bv(8, 0)), bv(8, 7));
        assert_eq!(bv(8, 7).sdiv(&bv(8, 0)), bv(8, 255));
        assert_eq!(BitVec::from_i64(8, -7).sdiv(&bv(8, 0)), bv(8, 1));
        assert_eq!(BitVec::from_i64(8, -7).srem(&bv(8, 0)), BitVec::from_i64(8, -7));
    }

    #[test]
    fn signed_ops_match_i8() {
        for a in -128i64..128 {
            for b in [-128i64, -7, -1, 1, 3, 127] {
                let (x, y) = (BitVec::from_i64(8, a), BitVec::from_i64(8, b));
                let (a8, b8) = (a as i8, b as i8);
                assert_eq!(x.sdiv(&y).to_i64(), Some(a8.wrapping_div(b8) as i64), "{a} sdiv {b}");
                assert_eq!(x.srem(&y).to_i64(), Some(a8.wrapping_rem(b8) as i64), "{a} srem {b}");
                let m = (a8 as i64).rem_euclid(b8.unsigned_abs() as i64);
                let want = if m != 0 && b < 0 { m + b } else { m };
                assert_eq!(x.smod(&y).to_i64(), Some(want), "{a} smod {b}");
                assert_eq!(x.slt(&y), a < b);
            }
        }
    }

    #[test]
    fn shifts_saturate() {
        assert_eq!(bv(8, 0x81).shl(&bv(8, 1)), bv(8, 0x02));
        assert_eq!(bv(8, 0x81).shl(&bv(8, 8)), bv(8, 0));
        assert_eq!(bv(8, 0x81).ashr(&bv(8, 1)), bv(8, 0xc0));
        assert_eq!(bv(8, 0x81).ashr(&bv(8, 200)), bv(8, 0xff));
        assert_eq!(bv(8, 0x81).lshr(&bv(8, 7)), bv(8, 1));
    }

    #[test]
    fn wide_values_agree_with_small_path() {
        let a = BitVec::from_limbs(256, &[u64::MAX, 1, 0, 1 << 63]);
        let b = BitVec::from_limbs(256, &[5, 0, 0, 0]);
        assert_eq!(a.add(&a.neg()), BitVec::zero(256));
        assert_eq!(a.mul(&b).udiv(&b).mul(&b).add(&a.mul(&b).urem(&b)), a.mul(&b));
        assert!(a.msb());
        assert!(a.slt(&b));
        assert_eq!(a.extract(127, 64), bv(64, 1));
        assert_eq!(a.ashr(&BitVec::from_u64(256, 255)), BitVec::ones(256));
        assert_eq!(a.to_limbs(), vec![u64::MAX, 1, 0, 1 << 63]);
        let x = bv(64, 0x8000_0000_0000_0001);
        assert_eq!(x.sign_extend(64).extract(127, 64), bv(64, u64::MAX));
        assert_eq!(x.zero_extend(64).extract(127, 64), bv(64, 0));
    }

    #[test]
    fn smtlib_literals_roundtrip() {
        for v in [bv(1, 1), bv(7, 100), bv(64, u64::MAX), BitVec::from_limbs(130, &[3, 9, 2])] {
            assert_eq!(BitVec::parse_smtlib(&v.to_smtlib()), Some(v.clone()));
        }
        assert_eq!(BitVec::parse_smtlib("(_ bv300 16)"), Some(bv(16, 300)));
    }
}
