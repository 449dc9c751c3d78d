//! Abstract scalars: tristate numbers (known bits) plus unsigned and signed 64-bit ranges,
//! as the kernel verifier tracks them. Every operation over-approximates the concrete result.

/// Known bits: bit i is known to equal `value` bit i where `mask` bit i is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tnum {
    pub value: u64,
    pub mask: u64,
}

impl Tnum {
    pub const UNKNOWN: Tnum = Tnum { value: 0, mask: u64::MAX };
    pub const fn konst(v: u64) -> Tnum {
        Tnum { value: v, mask: 0 }
    }
    pub fn is_const(&self) -> bool {
        self.mask == 0
    }
    /// Smallest tnum containing every value in [lo, hi].
    pub fn range(lo: u64, hi: u64) -> Tnum {
        let chi = lo ^ hi;
        let bits = 64 - chi.leading_zeros();
        if bits > 63 {
            return Tnum::UNKNOWN;
        }
        let delta = (1u64 << bits) - 1;
        Tnum { value: lo & !delta, mask: delta }
    }
    pub fn add(self, o: Tnum) -> Tnum {
        let sm = self.mask.wrapping_add(o.mask);
        let sv = self.value.wrapping_add(o.value);
        let sigma = sm.wrapping_add(sv);
        let chi = sigma ^ sv;
        let mu = chi | self.mask | o.mask;
        Tnum { value: sv & !mu, mask: mu }
    }
    pub fn sub(self, o: Tnum) -> Tnum {
        let dv = self.value.wrapping_sub(o.value);
        let alpha = dv.wrapping_add(self.mask);
        let beta = dv.wrapping_sub(o.mask);
        let chi = alpha ^ beta;
        let mu = chi | self.mask | o.mask;
        Tnum { value: dv & !mu, mask: mu }
    }
    pub fn and(self, o: Tnum) -> Tnum {
        let alpha = self.value | self.mask;
        let beta = o.value | o.mask;
        let v = self.value & o.value;
        Tnum { value: v, mask: alpha & beta & !v }
    }
    pub fn or(self, o: Tnum) -> Tnum {
        let v = self.value | o.value;
        let mu = self.mask | o.mask;
        Tnum { value: v, mask: mu & !v }
    }
    pub fn xor(self, o: Tnum) -> Tnum {
        let v = self.value ^ o.value;
        let mu = self.mask | o.mask;
        Tnum { value: v & !mu, mask: mu }
    }
    pub fn lsh(self, s: u32) -> Tnum {
        Tnum { value: self.value << s, mask: self.mask << s }
    }
    pub fn rsh(self, s: u32) -> Tnum {
        Tnum { value: self.value >> s, mask: self.mask >> s }
    }
    pub fn contains(&self, v: u64) -> bool {
        v & !self.mask == self.value
    }
    pub fn min(&self) -> u64 {
        self.value
    }
    pub fn max(&self) -> u64 {
        self.value | self.mask
    }
    /// Lower 32 bits, zero-extended.
    pub fn subreg(self) -> Tnum {
        Tnum { value: self.value & 0xffff_ffff, mask: self.mask & 0xffff_ffff }
    }
    pub fn intersect(self, o: Tnum) -> Tnum {
        let v = self.value | o.value;
        let mu = self.mask & o.mask;
        Tnum { value: v & !mu, mask: mu }
    }
}

/// An abstract 64-bit scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scalar {
    pub t: Tnum,
    pub umin: u64,
    pub umax: u64,
    pub smin: i64,
    pub smax: i64,
}

impl Scalar {
    pub const UNKNOWN: Scalar = Scalar { t: Tnum::UNKNOWN, umin: 0, umax: u64::MAX, smin: i64::MIN, smax: i64::MAX };

    pub fn konst(v: u64) -> Scalar {
        Scalar { t: Tnum::konst(v), umin: v, umax: v, smin: v as i64, smax: v as i64 }
    }
    /// Unsigned range [lo, hi].
    pub fn urange(lo: u64, hi: u64) -> Scalar {
        Scalar { t: Tnum::range(lo, hi), umin: lo, umax: hi, smin: i64::MIN, smax: i64::MAX }.normalize()
    }
    pub fn is_const(&self) -> bool {
        self.t.is_const()
    }
    pub fn value(&self) -> Option<u64> {
        self.is_const().then_some(self.t.value)
    }

    /// Tightens the five views against each other. Returns `None` when no value is possible.
    pub fn try_normalize(mut self) -> Option<Scalar> {
        // tnum -> unsigned bounds
        self.umin = self.umin.max(self.t.min());
        self.umax = self.umax.min(self.t.max());
        // signed <-> unsigned when the range does not cross the sign boundary
        if (self.umin as i64) <= (self.umax as i64) && (self.umin >> 63) == (self.umax >> 63) {
            self.smin = self.smin.max(self.umin as i64);
            self.smax = self.smax.min(self.umax as i64);
        }
        if (self.smin >= 0) || (self.smax < 0) {
            self.umin = self.umin.max(self.smin as u64);
            self.umax = self.umax.min(self.smax as u64);
        }
        if self.umin > self.umax || self.smin > self.smax {
            return None;
        }
        self.t = self.t.intersect(Tnum::range(self.umin, self.umax));
        if self.t.value & self.t.mask != 0 {
            return None;
        }
        if self.umin == self.umax {
            if !self.t.contains(self.umin) {
                return None;
            }
            return Some(Scalar::konst(self.umin));
        }
        Some(self)
    }
    pub fn normalize(self) -> Scalar {
        self.try_normalize().unwrap_or(Scalar::UNKNOWN)
    }

    /// From a tnum only.
    pub fn from_tnum(t: Tnum) -> Scalar {
        Scalar { t, umin: 0, umax: u64::MAX, smin: i64::MIN, smax: i64::MAX }.normalize()
    }

    /// Value zero-extended from the low 32 bits.
    pub fn zext32(&self) -> Scalar {
        if self.umax <= u32::MAX as u64 {
            return *self;
        }
        Scalar::from_tnum(self.t.subreg()).normalize()
    }

    pub fn add(&self, o: &Scalar) -> Scalar {
        let mut r = Scalar::from_tnum(self.t.add(o.t));
        if let (Some(lo), Some(hi)) = (self.umin.checked_add(o.umin), self.umax.checked_add(o.umax)) {
            r.umin = r.umin.max(lo);
            r.umax = r.umax.min(hi);
        }
        if let (Some(lo), Some(hi)) = (self.smin.checked_add(o.smin), self.smax.checked_add(o.smax)) {
            r.smin = r.smin.max(lo);
            r.smax = r.smax.min(hi);
        }
        r.normalize()
    }
    pub fn sub(&self, o: &Scalar) -> Scalar {
        let mut r = Scalar::from_tnum(self.t.sub(o.t));
        if self.umin >= o.umax {
            r.umin = r.umin.max(self.umin - o.umax);
            r.umax = r.umax.min(self.umax - o.umin);
        }
        if let (Some(lo), Some(hi)) = (self.smin.checked_sub(o.smax), self.smax.checked_sub(o.smin)) {
            r.smin = r.smin.max(lo);
            r.smax = r.smax.min(hi);
        }
        r.normalize()
    }
    pub fn mul(&self, o: &Scalar) -> Scalar {
        if let (Some(a), Some(b)) = (self.value(), o.value()) {
            return Scalar::konst(a.wrapping_mul(b));
        }
        match self.umax.checked_mul(o.umax) {
            Some(hi) => Scalar::urange(self.umin * o.umin, hi),
            None => Scalar::UNKNOWN,
        }
    }
    pub fn and(&self, o: &Scalar) -> Scalar {
        let mut r = Scalar::from_tnum(self.t.and(o.t));
        r.umax = r.umax.min(self.umax).min(o.umax);
        r.normalize()
    }
    pub fn or(&self, o: &Scalar) -> Scalar {
        let mut r = Scalar::from_tnum(self.t.or(o.t));
        r.umin = r.umin.max(self.umin).max(o.umin);
        r.normalize()
    }
    pub fn xor(&self, o: &Scalar) -> Scalar {
        Scalar::from_tnum(self.t.xor(o.t))
    }
    /// Shift by a known amount (already masked to the width).
    pub fn lsh(&self, s: u32) -> Scalar {
        let mut r = Scalar::from_tnum(self.t.lsh(s));
        if s < 64 && self.umax.leading_zeros() >= s {
            r.umin = r.umin.max(self.umin << s);
            r.umax = r.umax.min(self.umax << s);
        }
        r.normalize()
    }
    pub fn rsh(&self, s: u32) -> Scalar {
        let mut r = Scalar::from_tnum(self.t.rsh(s));
        r.umin = r.umin.max(self.umin >> s);
        r.umax = r.umax.min(self.umax >> s);
        r.normalize()
    }
    pub fn arsh(&self, s: u32) -> Scalar {
        let mut r = Scalar::UNKNOWN;
        r.smin = self.smin >> s;
        r.smax = self.smax >> s;
        r.normalize()
    }

    /// Whether every possible value satisfies / violates `op` against `o` (64-bit):
    /// `Some(true)` always taken, `Some(false)` never taken, `None` unknown.
    pub fn branch_taken(&self, op: u8, o: &Scalar) -> Option<bool> {
        use crate::isa::*;
        let (a, b) = (self, o);
        match op {
            BPF_JEQ => {
                if let (Some(x), Some(y)) = (a.value(), b.value()) {
                    return Some(x == y);
                }
                if a.umin > b.umax || a.umax < b.umin || a.smin > b.smax || a.smax < b.smin {
                    return Some(false);
                }
                if (a.t.value ^ b.t.value) & !(a.t.mask | b.t.mask) != 0 {
                    return Some(false);
                }
                None
            }
            BPF_JNE => a.branch_taken(BPF_JEQ, b).map(|x| !x),
            BPF_JGT => {
                if a.umin > b.umax {
                    Some(true)
                } else if a.umax <= b.umin {
                    Some(false)
                } else {
                    None
                }
            }
            BPF_JGE => {
                if a.umin >= b.umax {
                    Some(true)
                } else if a.umax < b.umin {
                    Some(false)
                } else {
                    None
                }
            }
            BPF_JLT => b.branch_taken(BPF_JGT, a),
            BPF_JLE => b.branch_taken(BPF_JGE, a),
            BPF_JSGT => {
                if a.smin > b.smax {
                    Some(true)
                } else if a.smax <= b.smin {
                    Some(false)
                } else {
                    None
                }
            }
            BPF_JSGE => {
                if a.smin >= b.smax {
                    Some(true)
                } else if a.smax < b.smin {
                    Some(false)
                } else {
                    None
                }
            }
            BPF_JSLT => b.branch_taken(BPF_JSGT, a),
            BPF_JSLE => b.branch_taken(BPF_JSGE, a),
            BPF_JSET => {
                if a.t.value & b.t.value != 0 {
                    Some(true)
                } else if (a.t.value | a.t.mask) & (b.t.value | b.t.mask) == 0 {
                    Some(false)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Refines `self` assuming `self op k` holds for a constant `k` (64-bit compare).
    /// `None` when that is impossible.
    pub fn assume(&self, op: u8, k: u64) -> Option<Scalar> {
        use crate::isa::*;
        let mut r = *self;
        let ks = k as i64;
        match op {
            BPF_JEQ => {
                if !self.t.contains(k) || k < self.umin || k > self.umax || ks < self.smin || ks > self.smax {
                    return None;
                }
                return Some(Scalar::konst(k));
            }
            BPF_JNE => {
                if self.value() == Some(k) {
                    return None;
                }
                if r.umin == k {
                    r.umin += 1;
                }
                if r.umax == k {
                    r.umax -= 1;
                }
                if r.smin == ks {
                    r.smin += 1;
                }
                if r.smax == ks {
                    r.smax -= 1;
                }
            }
            BPF_JGT => r.umin = r.umin.max(k.checked_add(1)?),
            BPF_JGE => r.umin = r.umin.max(k),
            BPF_JLT => r.umax = r.umax.min(k.checked_sub(1)?),
            BPF_JLE => r.umax = r.umax.min(k),
            BPF_JSGT => r.smin = r.smin.max(ks.checked_add(1)?),
            BPF_JSGE => r.smin = r.smin.max(ks),
            BPF_JSLT => r.smax = r.smax.min(ks.checked_sub(1)?),
            BPF_JSLE => r.smax = r.smax.min(ks),
            BPF_JSET => {
                if self.t.max() & k == 0 {
                    return None;
                }
            }
            _ => {}
        }
        r.try_normalize()
    }
}

/// Refines two scalars assuming `a op b` holds (64-bit compare). `None` when impossible.
pub fn assume_rel(a: &Scalar, op: u8, b: &Scalar) -> Option<(Scalar, Scalar)> {
    use crate::isa::*;
    let (mut x, mut y) = (*a, *b);
    match op {
        BPF_JEQ => {
            let mut m = x;
            m.t = x.t.intersect(y.t);
            // Bits known in both but different: no common value.
            if (x.t.value ^ y.t.value) & !(x.t.mask | y.t.mask) != 0 {
                return None;
            }
            m.umin = x.umin.max(y.umin);
            m.umax = x.umax.min(y.umax);
            m.smin = x.smin.max(y.smin);
            m.smax = x.smax.min(y.smax);
            let m = m.try_normalize()?;
            return Some((m, m));
        }
        BPF_JGT => {
            x.umin = x.umin.max(y.umin.checked_add(1)?);
            y.umax = y.umax.min(x.umax.checked_sub(1)?);
        }
        BPF_JGE => {
            x.umin = x.umin.max(y.umin);
            y.umax = y.umax.min(x.umax);
        }
        BPF_JLT => return assume_rel(b, BPF_JGT, a).map(|(q, p)| (p, q)),
        BPF_JLE => return assume_rel(b, BPF_JGE, a).map(|(q, p)| (p, q)),
        BPF_JSGT => {
            x.smin = x.smin.max(y.smin.checked_add(1)?);
            y.smax = y.smax.min(x.smax.checked_sub(1)?);
        }
        BPF_JSGE => {
            x.smin = x.smin.max(y.smin);
            y.smax = y.smax.min(x.smax);
        }
        BPF_JSLT => return assume_rel(b, BPF_JSGT, a).map(|(q, p)| (p, q)),
        BPF_JSLE => return assume_rel(b, BPF_JSGE, a).map(|(q, p)| (p, q)),
        _ => return Some((x, y)),
    }
    Some((x.try_normalize()?, y.try_normalize()?))
}

/// The negation of a jump condition (for the fall-through branch).
pub fn negate(op: u8) -> Option<u8> {
    use crate::isa::*;
    Some(match op {
        BPF_JEQ => BPF_JNE,
        BPF_JNE => BPF_JEQ,
        BPF_JGT => BPF_JLE,
        BPF_JLE => BPF_JGT,
        BPF_JGE => BPF_JLT,
        BPF_JLT => BPF_JGE,
        BPF_JSGT => BPF_JSLE,
        BPF_JSLE => BPF_JSGT,
        BPF_JSGE => BPF_JSLT,
        BPF_JSLT => BPF_JSGE,
        _ => return None, // JSET has no negation expressible as a range
    })
}

/// `k op x` rewritten as `x op' k`.
pub fn swap(op: u8) -> u8 {
    use crate::isa::*;
    match op {
        BPF_JGT => BPF_JLT,
        BPF_JLT => BPF_JGT,
        BPF_JGE => BPF_JLE,
        BPF_JLE => BPF_JGE,
        BPF_JSGT => BPF_JSLT,
        BPF_JSLT => BPF_JSGT,
        BPF_JSGE => BPF_JSLE,
        BPF_JSLE => BPF_JSGE,
        o => o,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::*;
    use proptest::prelude::*;

    fn arb_scalar() -> impl Strategy<Value = (Scalar, u64)> {
        (any::<u64>(), any::<u64>(), 0u8..4).prop_map(|(v, m, k)| {
            let mask = match k { 0 => 0, 1 => m & 0xff, 2 => m & 0xffff_ffff, _ => m };
            let t = Tnum { value: v & !mask, mask };
            let s = Scalar::from_tnum(t);
            // a concrete member: value with some unknown bits set
            (s, (v & !mask) | (m.rotate_left(7) & mask))
        })
    }

    proptest! {
        #[test]
        fn ops_contain_concrete_results((a, x) in arb_scalar(), (b, y) in arb_scalar()) {
            let check = |s: Scalar, v: u64| s.t.contains(v) && s.umin <= v && v <= s.umax && s.smin <= v as i64 && v as i64 <= s.smax;
            prop_assert!(check(a, x));
            prop_assert!(check(a.add(&b), x.wrapping_add(y)));
            prop_assert!(check(a.sub(&b), x.wrapping_sub(y)));
            prop_assert!(check(a.and(&b), x & y));
            prop_assert!(check(a.or(&b), x | y));
            prop_assert!(check(a.xor(&b), x ^ y));
            prop_assert!(check(a.mul(&b), x.wrapping_mul(y)));
            prop_assert!(check(a.lsh(5), x << 5));
            prop_assert!(check(a.rsh(7), x >> 7));
            prop_assert!(check(a.arsh(3), ((x as i64) >> 3) as u64));
            prop_assert!(check(a.zext32(), x & 0xffff_ffff));
            for op in [BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE, BPF_JLT, BPF_JLE, BPF_JSGT, BPF_JSGE, BPF_JSLT, BPF_JSLE, BPF_JSET] {
                let truth = crate::interp::cond64(op, x, y).unwrap();
                if let Some(t) = a.branch_taken(op, &b) { prop_assert_eq!(t, truth); }
                if truth {
                    let r = assume_rel(&a, op, &b);
                    prop_assert!(r.map(|(ra, rb)| check(ra, x) && check(rb, y)).unwrap_or(false), "assume_rel {op:#x} lost ({x}, {y})");
                }
                if crate::interp::cond64(op, x, y.min(u64::MAX)).unwrap() && b.is_const() {
                    let r = a.assume(op, y);
                    prop_assert!(r.map(|r| check(r, x)).unwrap_or(false), "assume {op:#x} lost {x}");
                }
            }
        }
    }
}
