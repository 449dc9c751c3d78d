//! The checker's value algebra: hash-consed atoms and polynomials with rational coefficients.
//!
//! Every machine value is an integer. We represent it as a polynomial (sum of coefficient ×
//! product of atoms) over atoms that are either input variables, `Mod(P, 2^k)` of a canonical
//! polynomial `P`, a `Select(c, a, b)` (c == 0 ? a : b) or an opaque bitwise operation with
//! sorted arguments. Division is eliminated with the exact identity
//! `floor(P / 2^k) = (P - Mod(P, 2^k)) / 2^k`, which is why coefficients are rational.
//!
//! Rewrite rules (each is an identity on integers, so applying them is always sound):
//! 1. `Mod(P, 2^k) = P` when interval analysis proves `0 <= P < 2^k` (bound-gated);
//! 2. inside `Mod(·, 2^k)`, an atom `Mod(Q, 2^j)` in a term with coefficient `c` is replaced
//!    by `Q` when `c·2^j` is a multiple of `2^k` (the difference is a multiple of `2^k`);
//! 3. inside `Mod(·, 2^k)`, integer coefficients are reduced into `[0, 2^k)`;
//! 4. polynomial arithmetic (collecting terms, sorting monomials) is commutative-argument sorting;
//! 5. `Mod` of `s·b + c` for a proven bit `b` is affine in `b` (`mod_of_affine_bit`);
//! 6. intervals: a sum's interval may be recorded from its summands (`note_sum_interval`), sums of
//!    proven bits are bounded by their count (`bit_sum_interval`), and proven facts
//!    `Mod(P, 2^k) = R` are reused by value (`note_mod`).
//!
//! Two values are proven equal when their canonical polynomials are identical. The converse does
//! not hold (the rules are incomplete); then the checker says "not proven".

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::collections::{BTreeMap, HashMap};

pub type AtomId = u32;

/// Largest flattened sum built by rule 2 (the Fiat functions of CryptOpt's corpus need at most
/// 113 terms, p521 carry_mul; our 12 functions at most 32).
pub const FLATTEN_CAP: usize = 128;

/// A product of atoms (sorted, with repetition).
pub type Mono = Vec<AtomId>;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Poly {
    pub terms: BTreeMap<Mono, BigRational>,
}

/// Hashes each coefficient by its numerator and denominator. Every coefficient is in lowest
/// terms with a positive denominator (num-rational's operations and [`radd`]/[`rmul`] keep
/// them so), so equal polynomials hash equally. num-rational's own `Hash` expands the fraction
/// as a continued fraction (big-number divisions) to hash unnormalised values alike: ~20 % of
/// the checker's time on p434 mul went there.
impl std::hash::Hash for Poly {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.terms.len().hash(state);
        for (m, c) in &self.terms {
            m.hash(state);
            c.numer().hash(state);
            c.denom().hash(state);
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    Var(String),
    Mod(Poly, u32),
    /// c == 0 ? a : b
    Select(Poly, Poly, Poly),
    /// Bitwise and/or/xor of 64-bit values, arguments sorted.
    Bitwise(&'static str, Vec<Poly>),
}

/// Closed integer interval.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lo: BigInt,
    pub hi: BigInt,
}

#[derive(Default)]
pub struct Ctx {
    atoms: Vec<Atom>,
    bounds: Vec<Interval>,
    /// For `Mod(Q, 2^k)` atoms: the interval of `Q` (else a copy of `bounds`).
    inner: Vec<Interval>,
    index: HashMap<Atom, AtomId>,
    /// Polynomials proven to be 0 or 1 (carry/borrow outputs of word additions).
    bits: std::collections::HashSet<Poly>,
    /// The same bits in insertion order (the indexes below point into it; only bits with a
    /// non-constant term are listed).
    bit_list: Vec<Poly>,
    /// Indexes of `bit_list` by each bit's last monomial: `bit_sum_interval` looks up only the
    /// bits whose monomials all occur in the polynomial at hand, instead of scanning every bit
    /// that shares a first monomial (in a long carry chain that is every bit: quadratic time).
    bits_by_last: HashMap<Mono, Vec<usize>>,
    /// The first bit (index into `bit_list`) of each shape (`shape`: the non-constant part divided
    /// by its first coefficient), for `affine_bit` in one lookup.
    bits_by_shape: HashMap<Poly, usize>,
    /// Intervals proven for whole polynomials by their construction (see `note_sum_interval`).
    known: HashMap<Poly, Interval>,
    /// Proven facts `Mod(P, 2^k) = R` (see `note_mod`).
    mod_facts: HashMap<(Poly, u32), Poly>,
    /// Rules switched off (bit n = rule n), for tests and measurements of the SMT fallback.
    disabled_rules: u32,
    /// `rinterval` results by (polynomial, depth).
    rinterval_memo: std::cell::RefCell<HashMap<(Poly, u32), (BigRational, BigRational)>>,
    /// Terms visited by the loops whose cost grows with polynomial sizes (flattening, interval
    /// refinement, bit lookups): a deterministic measure of work for scaling tests.
    work: std::cell::Cell<u64>,
    /// Nesting depth of rule 9 (`mod_of_floor`), bounded.
    floor_depth: u32,
    /// Nesting depth of rule 10 (`discover_word_bit`): not re-entered.
    discover_depth: u32,
    /// Shapes rule 10 has been tried on.
    discover_tried: std::collections::HashSet<Poly>,
}

/// Rewrite rules that can be switched off (numbers as in the module comment) to measure what
/// the SMT fallback recovers. Switching a rule off only makes the algebra less complete: the
/// remaining rules are identities either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Rule 1: `Mod(P, 2^k) = P` when the interval of `P` lies in `[0, 2^k)`.
    BoundedMod = 1,
    /// Rule 5 (docs/crypto.md: rule 7): `Mod` of `s·b + c` for a proven bit `b` is affine in `b`.
    AffineBit = 7,
    /// Rule 9: `Mod(floor(S/2^a), 2^k) = (Mod(S, 2^(a+k)) - Mod(S, 2^a)) / 2^a`.
    FloorBits = 9,
}

/// The non-constant part of `p` divided by its first coefficient (`None` for a constant): two
/// polynomials differ by a constant factor plus a constant iff their shapes are equal.
fn shape(p: &Poly) -> Option<Poly> {
    let (_, c0) = p.terms.iter().find(|(m, _)| !m.is_empty())?;
    let mut r = Poly::default();
    for (m, c) in p.terms.iter().filter(|(m, _)| !m.is_empty()) {
        r.terms.insert(m.clone(), c / c0);
    }
    Some(r)
}

/// Whether `c·2^j` is a multiple of `2^k` (an integer multiple: `c·2^j / 2^k` is an integer),
/// from the power-of-two factors of `c`'s numerator and denominator (no big-number division).
fn multiple_of_pow2(c: &BigRational, j: u32, k: u32) -> bool {
    if c.is_zero() {
        return true;
    }
    let (n, d) = (c.numer(), c.denom());
    let dz = d.trailing_zeros().unwrap_or(0);
    // the denominator must be a power of two (odd part 1), else c·2^(j-k) is never an integer
    if (d >> dz) != BigInt::one() && (d >> dz) != -BigInt::one() {
        return false;
    }
    let nz = n.trailing_zeros().unwrap_or(0);
    // c·2^j / 2^k = n·2^j / (2^dz·2^k): integer iff nz + j >= dz + k
    nz + j as u64 >= dz + k as u64
}

/// `a + b` for the coefficients of the algebra, without num-rational's gcd normalisation in the
/// common cases: both integers, or one power-of-two denominator (Mod/floor terms have
/// coefficients ±1/2^k). The result is normalised like `Ratio::new` (lowest terms, positive
/// denominator). Profiling the checker on p434 mul: ~50 % of the time was the binary gcd (its
/// shifts) of `Ratio` additions and multiplications.
pub(crate) fn radd(a: &BigRational, b: &BigRational) -> BigRational {
    let (ad, bd) = (a.denom(), b.denom());
    if ad == bd {
        let n = a.numer() + b.numer();
        return over_pow2_or_general(n, ad).unwrap_or_else(|| a + b);
    }
    if is_pow2(ad) && is_pow2(bd) {
        // common denominator = the larger power of two
        let (za, zb) = (ad.trailing_zeros().unwrap_or(0), bd.trailing_zeros().unwrap_or(0));
        let (n, d) = if za >= zb { (a.numer() + (b.numer() << (za - zb)), ad) } else { ((a.numer() << (zb - za)) + b.numer(), bd) };
        return over_pow2_or_general(n, d).unwrap_or_else(|| a + b);
    }
    a + b
}

/// `a · b`, with the same fast paths as [`radd`].
pub(crate) fn rmul(a: &BigRational, b: &BigRational) -> BigRational {
    if a.is_integer() && b.is_integer() {
        return BigRational::from_integer(a.numer() * b.numer());
    }
    let (ad, bd) = (a.denom(), b.denom());
    if is_pow2(ad) && is_pow2(bd) {
        return over_pow2_or_general(a.numer() * b.numer(), &(ad * bd)).unwrap_or_else(|| a * b);
    }
    a * b
}

fn is_pow2(d: &BigInt) -> bool {
    d.sign() == num_bigint::Sign::Plus && d.magnitude().count_ones() == 1
}

/// `n / d` in lowest terms when `d` is a positive power of two (None otherwise).
fn over_pow2_or_general(n: BigInt, d: &BigInt) -> Option<BigRational> {
    if n.is_zero() {
        return Some(BigRational::zero());
    }
    if d.is_one() {
        return Some(BigRational::from_integer(n));
    }
    if !is_pow2(d) {
        return None;
    }
    let tz = n.trailing_zeros().unwrap_or(0).min(d.trailing_zeros().unwrap_or(0));
    Some(BigRational::new_raw(n >> tz, d >> tz))
}

fn pow2(k: u32) -> BigInt {
    BigInt::one() << k
}

fn rat(n: BigInt) -> BigRational {
    BigRational::from_integer(n)
}

impl Poly {
    pub fn constant(c: BigInt) -> Poly {
        let mut p = Poly::default();
        if !c.is_zero() {
            p.terms.insert(vec![], rat(c));
        }
        p
    }
    pub fn from_u128(c: u128) -> Poly {
        Poly::constant(BigInt::from(c))
    }
    pub fn atom(a: AtomId) -> Poly {
        let mut p = Poly::default();
        p.terms.insert(vec![a], BigRational::one());
        p
    }
    /// The value when the polynomial has no atoms.
    pub fn as_const(&self) -> Option<BigRational> {
        match self.terms.len() {
            0 => Some(BigRational::zero()),
            1 => self.terms.get(&vec![]).cloned(),
            _ => None,
        }
    }
    pub fn as_const_int(&self) -> Option<BigInt> {
        self.as_const().filter(|c| c.is_integer()).map(|c| c.to_integer())
    }
    fn add_term(&mut self, m: Mono, c: BigRational) {
        if c.is_zero() {
            return;
        }
        let e = self.terms.entry(m.clone()).or_insert_with(BigRational::zero);
        *e = radd(e, &c);
        if e.is_zero() {
            self.terms.remove(&m);
        }
    }
    pub fn add(&self, o: &Poly) -> Poly {
        let mut r = self.clone();
        for (m, c) in &o.terms {
            r.add_term(m.clone(), c.clone());
        }
        r
    }
    pub fn scale(&self, k: &BigRational) -> Poly {
        let mut r = Poly::default();
        if k.is_zero() {
            return r;
        }
        for (m, c) in &self.terms {
            r.terms.insert(m.clone(), rmul(c, k));
        }
        r
    }
    pub fn sub(&self, o: &Poly) -> Poly {
        self.add(&o.scale(&rat(BigInt::from(-1))))
    }
    pub fn mul(&self, o: &Poly) -> Poly {
        let mut r = Poly::default();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &o.terms {
                let mut m = m1.clone();
                m.extend_from_slice(m2);
                m.sort_unstable();
                r.add_term(m, rmul(c1, c2));
            }
        }
        r
    }
}

impl Ctx {
    pub fn new() -> Ctx {
        Ctx::default()
    }

    pub fn atom(&self, id: AtomId) -> &Atom {
        &self.atoms[id as usize]
    }

    pub fn num_atoms(&self) -> usize {
        self.atoms.len()
    }

    /// Terms visited so far by the size-dependent loops (see the field).
    pub fn work(&self) -> u64 {
        self.work.get()
    }

    fn tick(&self, n: usize) {
        self.work.set(self.work.get() + n as u64);
    }

    /// Facts recorded so far (bits, sum intervals, `Mod` facts): a measure of progress for
    /// re-runs on the same context.
    pub fn num_facts(&self) -> usize {
        self.bits.len() + self.known.len() + self.mod_facts.len()
    }

    /// Number of terms of the largest `Mod` atom's contents.
    pub fn largest_mod(&self) -> usize {
        self.atoms.iter().map(|a| if let Atom::Mod(q, _) = a { q.terms.len() } else { 0 }).max().unwrap_or(0)
    }

    /// The interval an atom was created with: for a `Var`, its declared input bounds.
    pub fn declared_bounds(&self, id: AtomId) -> &Interval {
        &self.bounds[id as usize]
    }

    /// Switches a rewrite rule off for the rest of this context's life.
    pub fn disable_rule(&mut self, r: Rule) {
        self.disabled_rules |= 1 << (r as u32);
    }

    fn enabled(&self, r: Rule) -> bool {
        self.disabled_rules & (1 << (r as u32)) == 0
    }

    fn intern(&mut self, a: Atom, b: Interval) -> AtomId {
        if let Some(&id) = self.index.get(&a) {
            return id;
        }
        let id = self.atoms.len() as AtomId;
        let inner = match &a {
            Atom::Mod(q, _) => self.interval(q),
            _ => b.clone(),
        };
        self.atoms.push(a.clone());
        self.bounds.push(b);
        self.inner.push(inner);
        self.index.insert(a, id);
        id
    }

    /// An input variable with the given inclusive bounds.
    pub fn var(&mut self, name: &str, lo: u128, hi: u128) -> Poly {
        Poly::atom(self.intern(Atom::Var(name.to_string()), Interval { lo: lo.into(), hi: hi.into() }))
    }

    /// Records that `carry` (= floor(sum / 2^w) or a borrow) is 0 or 1, after checking that the
    /// word operands are below 2^w and the carry-in is itself a bit: then the sum is below 2^(w+1).
    pub fn note_carry(&mut self, carry: &Poly, words: &[&Poly], carry_in: &Poly, w: u32) {
        let m = pow2(w);
        let words_ok = words.iter().all(|p| {
            let i = self.interval(p);
            !i.lo.is_negative() && i.hi < m
        });
        let cin = self.interval(carry_in);
        let cin_ok = self.bits.contains(carry_in) || (!cin.lo.is_negative() && cin.hi <= BigInt::one());
        if words_ok && cin_ok {
            self.insert_bit(carry);
        }
    }

    /// Records a value known to be 0 or 1 by construction (a hardware flag computed from
    /// in-range register values: the machine model keeps every register in [0, 2^64)).
    pub fn mark_bit(&mut self, p: &Poly) {
        self.insert_bit(p);
    }

    fn insert_bit(&mut self, p: &Poly) {
        if self.bits.insert(p.clone()) {
            if let Some(last) = p.terms.keys().next_back().filter(|m| !m.is_empty()) {
                let i = self.bit_list.len();
                self.bit_list.push(p.clone());
                self.bits_by_last.entry(last.clone()).or_default().push(i);
                if let Some(key) = shape(p) {
                    self.bits_by_shape.entry(key).or_insert(i);
                }
            }
        }
    }

    pub fn is_bit(&self, p: &Poly) -> bool {
        self.bits.contains(p)
    }

    /// Interval of a polynomial (integer-valued by construction).
    pub fn interval(&self, p: &Poly) -> Interval {
        // a constant is exact (a carry proven 0 is also in `bits`, whose interval is [0, 1]:
        // `add r9b, 0x7F` of such a byte then had an unknown OF, p434 square)
        if let Some(c) = p.as_const_int() {
            return Interval { lo: c.clone(), hi: c };
        }
        if self.bits.contains(p) {
            return Interval { lo: BigInt::zero(), hi: BigInt::one() };
        }
        let (mut lo, mut hi) = self.rinterval(p, 16);
        if let Some(k) = self.known.get(p) {
            let (klo, khi) = (rat(k.lo.clone()), rat(k.hi.clone()));
            if klo > lo {
                lo = klo;
            }
            if khi < hi {
                hi = khi;
            }
        }
        if let Some((blo, bhi)) = self.bit_sum_interval(p) {
            if blo > lo {
                lo = blo;
            }
            if bhi < hi {
                hi = bhi;
            }
        }
        Interval { lo: lo.ceil().to_integer(), hi: hi.floor().to_integer() }
    }

    /// Rule 1c: records the interval of `Σ s_i·p_i` (signs ±1) as the sum of the summands'
    /// intervals. Interval arithmetic is sound for every split of a sum into summands, but after
    /// the summands are added as polynomials their terms merge (two carries
    /// `(t - Mod(t))/2^64` share monomials) and the plain interval of the merged polynomial can be
    /// far wider; so the machine (`adc dl, 0` after `seto dl`: OF + CF ∈ [0, 2]) records the sharp
    /// one at the point where it still knows the summands. Returns the sum.
    pub fn note_sum_interval(&mut self, parts: &[(i64, &Poly)]) -> Poly {
        let mut sum = Poly::default();
        let (mut lo, mut hi) = (BigInt::zero(), BigInt::zero());
        for (sign, q) in parts {
            let i = self.interval(q);
            if *sign >= 0 {
                sum = sum.add(q);
                lo += i.lo;
                hi += i.hi;
            } else {
                sum = sum.sub(q);
                lo -= i.hi;
                hi -= i.lo;
            }
        }
        if sum.as_const().is_none() {
            let cur = self.interval(&sum);
            if lo > cur.lo || hi < cur.hi {
                let new = Interval { lo: lo.max(cur.lo), hi: hi.min(cur.hi) };
                self.known.insert(sum.clone(), new);
            }
        }
        sum
    }

    /// Rule 1b (sharper bounds for sums of flags): if `p = Σ s_i·b_i + r` as polynomials, with
    /// every `b_i` a proven bit (0 or 1) and `s_i = ±1`, then `p ∈ [#neg + lo(r), #pos + hi(r)]`
    /// shifted by the signs: each `+b_i` contributes `[0, 1]`, each `-b_i` contributes `[-1, 0]`.
    /// Interval arithmetic on a sum is sound for any split into summands, so this is sound;
    /// it matters for e.g. `seto dl; adc dl, 0` (OF + CF, whose carries' plain intervals are wide).
    fn bit_sum_interval(&self, p: &Poly) -> Option<(BigRational, BigRational)> {
        if self.bit_list.is_empty() || p.terms.len() < 2 {
            return None;
        }
        // Only a bit whose every monomial occurs in `p` can ever match below (`rest` keeps a
        // subset of `p`'s monomials); find those through their last monomial.
        let mut usable: Vec<usize> = vec![];
        for m in p.terms.keys() {
            let with_last = self.bits_by_last.get(m).map(Vec::as_slice).unwrap_or(&[]);
            self.tick(with_last.len());
            for &i in with_last {
                if self.bit_list[i].terms.keys().all(|bm| p.terms.contains_key(bm)) {
                    usable.push(i);
                }
            }
        }
        if usable.is_empty() {
            return None;
        }
        usable.sort_unstable();
        let mut rest = p.clone();
        let (mut npos, mut nneg) = (0i64, 0i64);
        let keys: Vec<Mono> = p.terms.keys().cloned().collect();
        for m in keys {
            // the usable bits whose first monomial is `m`, in insertion order (`usable` is
            // sorted): what a scan of every bit with first monomial `m` would try, minus bits
            // that cannot match
            self.tick(usable.len());
            for &i in usable.iter().filter(|&&i| self.bit_list[i].terms.keys().find(|bm| !bm.is_empty()) == Some(&m)) {
                let b = &self.bit_list[i];
                for sign in [1i64, -1] {
                    let s = rat(BigInt::from(sign));
                    if b.terms.iter().all(|(bm, bc)| rest.terms.get(bm) == Some(&(bc * &s))) {
                        rest = rest.sub(&b.scale(&s));
                        if sign > 0 {
                            npos += 1;
                        } else {
                            nneg += 1;
                        }
                    }
                }
            }
        }
        if npos + nneg == 0 {
            return None;
        }
        let (rlo, rhi) = self.rinterval(&rest, 16);
        Some((rlo - rat(BigInt::from(nneg)), rhi + rat(BigInt::from(npos))))
    }

    /// Rational interval: plain interval arithmetic, intersected with a sharper bound found by
    /// rewriting one `c·Mod(Q, 2^k)` term as `c·Q - c·2^k·floor(Q/2^k)` when that cancels terms
    /// (carries are `(t - Mod(t))/2^k`, whose plain interval is off by one or more).
    fn rinterval(&self, p: &Poly, depth: u32) -> (BigRational, BigRational) {
        // Past FLATTEN_CAP terms only the plain interval (the search below is quadratic in |p|).
        if depth == 0 || p.terms.len() < 2 || p.terms.len() > FLATTEN_CAP {
            return self.naive_interval(p);
        }
        // A pure function of `p` and `depth` (atoms and their bounds never change): memoised.
        let key = (p.clone(), depth);
        if let Some(r) = self.rinterval_memo.borrow().get(&key) {
            return r.clone();
        }
        let r = self.rinterval_uncached(p, depth);
        self.rinterval_memo.borrow_mut().insert(key, r.clone());
        r
    }

    fn rinterval_uncached(&self, p: &Poly, depth: u32) -> (BigRational, BigRational) {
        let (mut lo, mut hi) = self.naive_interval(p);
        // The term `e·Mod(q)` whose rewriting `e·q - e·2^k·floor(q/2^k)` leaves the fewest terms
        // (fewer than `p` has). The size of each rewrite is counted without building it: that
        // was quadratic in the size of flattened sums (issue 18.5); only the best one is built.
        let mut best: Option<(usize, BigRational, AtomId)> = None;
        for (m, e) in &p.terms {
            if m.len() != 1 {
                continue;
            }
            if let Atom::Mod(q, _) = &self.atoms[m[0] as usize] {
                // |r| = |p| - 1 + |q \ p| - |cancelled|, and |cancelled| <= |p|: a `q` with more
                // than 2|p| terms can never give |r| < |p|
                if q.terms.len() > 2 * p.terms.len() {
                    continue;
                }
                // to win, the rewrite must end below `limit` terms; stop counting once the
                // remaining terms (each cancels at most one) cannot get it there
                let limit = best.as_ref().map(|b| b.0).unwrap_or(p.terms.len()) as isize;
                let mut size = p.terms.len() as isize - 1;
                let mut remaining = q.terms.len() as isize;
                for (qm, qc) in &q.terms {
                    self.tick(1);
                    remaining -= 1;
                    match p.terms.get(qm) {
                        None => size += 1,
                        Some(pc) if radd(pc, &rmul(e, qc)).is_zero() => size -= 1,
                        Some(_) => {}
                    }
                    if size - remaining >= limit {
                        size = limit; // cannot win
                        break;
                    }
                }
                if size < limit {
                    let size = size as usize;
                    best = Some((size, e.clone(), m[0]));
                }
            }
        }
        if let Some((_, e, a)) = best {
            let q = match &self.atoms[a as usize] {
                Atom::Mod(q, _) => q,
                _ => unreachable!(),
            };
            let r = p.sub(&Poly::atom(a).scale(&e)).add(&q.scale(&e));
            let (k, qi) = match &self.atoms[a as usize] {
                Atom::Mod(_, k) => (*k, &self.inner[a as usize]),
                _ => unreachable!(),
            };
            let m = pow2(k);
            let (dlo, dhi) = (rat(qi.lo.div_floor(&m)), rat(qi.hi.div_floor(&m)));
            let f = -rmul(&e, &rat(m));
            let (a1, a2) = (rmul(&f, &dlo), rmul(&f, &dhi));
            let (rlo, rhi) = self.rinterval(&r, depth - 1);
            let (slo, shi) = if a1 <= a2 { (radd(&rlo, &a1), radd(&rhi, &a2)) } else { (radd(&rlo, &a2), radd(&rhi, &a1)) };
            if slo > lo {
                lo = slo;
            }
            if shi < hi {
                hi = shi;
            }
        }
        (lo, hi)
    }

    fn naive_interval(&self, p: &Poly) -> (BigRational, BigRational) {
        self.tick(p.terms.len());
        let (mut lo, mut hi) = (BigRational::zero(), BigRational::zero());
        // `e·Mod(y, 2^a) - e·Mod(z, 2^b)` with a > b and y - z a multiple of 2^b (the bits
        // b..a-1 of one value, as a shifted wide value minus its masked low part leaves them,
        // possibly after more was added above bit b) lies in e·[0, min(2^a - 2^b,
        // hi(Mod(y, 2^a)))]: (y mod 2^a) mod 2^b = y mod 2^b = z mod 2^b. Taken separately the
        // two terms give e·[-2^b, 2^a], and a sign that cannot be decided (bitcoin-core).
        let mut paired: std::collections::HashSet<AtomId> = Default::default();
        if p.terms.len() <= FLATTEN_CAP {
            let mods: Vec<(AtomId, &Poly, u32, &BigRational)> = p
                .terms
                .iter()
                .filter_map(|(m, c)| match m.as_slice() {
                    [a] => match &self.atoms[*a as usize] {
                        Atom::Mod(q, k) => Some((*a, q, *k, c)),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            if mods.len() <= 16 {
                for x in 0..mods.len() {
                    for y in 0..mods.len() {
                        let ((ha, qa, ka, ca), (la, qb, kb, cb)) = (mods[x], mods[y]);
                        if ka <= kb || !radd(ca, cb).is_zero() || paired.contains(&ha) || paired.contains(&la) {
                            continue;
                        }
                        self.tick(qa.terms.len() + qb.terms.len());
                        let d = qa.sub(qb);
                        // every monomial is an integer (products of integer atoms), so integer
                        // multiples of 2^kb as coefficients make the difference one
                        if !d.terms.values().all(|c| multiple_of_pow2(c, 0, kb)) {
                            continue;
                        }
                        let span = (pow2(ka) - pow2(kb)).min(self.bounds[ha as usize].hi.clone());
                        let b = rmul(ca, &rat(span.max(BigInt::zero())));
                        if b >= BigRational::zero() {
                            hi = radd(&hi, &b);
                        } else {
                            lo = radd(&lo, &b);
                        }
                        paired.insert(ha);
                        paired.insert(la);
                    }
                }
            }
        }
        for (m, c) in &p.terms {
            if let [a] = m.as_slice() {
                if paired.contains(a) {
                    continue;
                }
            }
            let (mut mlo, mut mhi) = (BigInt::one(), BigInt::one());
            for &a in m {
                let b = &self.bounds[a as usize];
                let cands = [&mlo * &b.lo, &mlo * &b.hi, &mhi * &b.lo, &mhi * &b.hi];
                mlo = cands.iter().min().unwrap().clone();
                mhi = cands.iter().max().unwrap().clone();
            }
            let (a, b) = (rmul(c, &rat(mlo)), rmul(c, &rat(mhi)));
            if a <= b {
                lo = radd(&lo, &a);
                hi = radd(&hi, &b);
            } else {
                lo = radd(&lo, &b);
                hi = radd(&hi, &a);
            }
        }
        (lo, hi)
    }

    /// Records `Mod(p, 2^k) = r`. The caller must have proven it; the machine uses it for 8-bit
    /// register writes: after `full = old - Mod(old, 2^8) + b` with `b` in [0, 2^8), the low byte
    /// of `full` is `b` (the other terms are a multiple of 2^8). Keyed by value, not register,
    /// so the byte is found again after `xchg`, `mov` or a spill.
    pub fn note_mod(&mut self, p: &Poly, k: u32, r: &Poly) {
        self.mod_facts.insert((p.clone(), k), r.clone());
    }

    /// `P mod 2^k` in canonical form (see the module comment for the rules).
    pub fn modp(&mut self, p: &Poly, k: u32) -> Poly {
        if let Some(r) = self.mod_facts.get(&(p.clone(), k)) {
            return r.clone();
        }
        let m = pow2(k);
        if let Some(c) = p.as_const() {
            if c.is_integer() {
                return Poly::constant(c.to_integer().mod_floor(&m));
            }
        }
        if self.bits.contains(p) && k >= 1 {
            return p.clone();
        }
        // Flattening (rule 2) copies the contents of inner `Mod`s into the new one; along a chain
        // of dependent values the contents grow with the program (issue 18.5: quadratic time
        // and more). Past FLATTEN_CAP terms the inner atoms are kept as they are (sound: rule 2
        // is an identity either way; only canonicity of such huge sums is given up).
        let stripped = match self.strip_mods(p, k) {
            Some(s) if s.terms.len() <= FLATTEN_CAP || s.terms.len() <= p.terms.len() => s,
            _ => p.clone(),
        };
        if k >= 1 && self.bits.contains(&stripped) {
            return stripped;
        }
        // terms whose coefficient is a multiple of 2^k vanish modulo 2^k
        let m = pow2(k);
        let mut dropped = Poly::default();
        for (mono, c) in &stripped.terms {
            if !(c.is_integer() && c.to_integer().mod_floor(&m).is_zero()) {
                dropped.terms.insert(mono.clone(), c.clone());
            }
        }
        if k >= 1 && self.bits.contains(&dropped) {
            return dropped;
        }
        if self.enabled(Rule::AffineBit) {
            if self.affine_bit(p).is_none() && self.discover_depth == 0 {
                self.discover_depth += 1;
                self.discover_word_bit(p);
                self.discover_depth -= 1;
            }
            if let Some(r) = self.mod_of_affine_bit(p, k) {
                return r;
            }
        }
        let q = self.reduce_coefficients(stripped, k);
        if let Some(c) = q.as_const_int() {
            return Poly::constant(c.mod_floor(&m));
        }
        if self.enabled(Rule::BoundedMod) && self.fits(&q, &m) {
            return q;
        }
        if self.enabled(Rule::BoundedMod) && self.fits(p, &m) {
            return p.clone();
        }
        if self.enabled(Rule::FloorBits) && self.floor_depth < 8 {
            self.floor_depth += 1;
            let r = self.mod_of_floor(p, k);
            self.floor_depth -= 1;
            if let Some(r) = r {
                return r;
            }
        }
        let b = Interval { lo: BigInt::zero(), hi: &m - 1 };
        let id = self.intern(Atom::Mod(q, k), b);
        Poly::atom(id)
    }

    /// Rule 9 (bit fields of a quotient): if `p = floor(S / 2^a) = (S - Mod(S, 2^a)) / 2^a`
    /// for some integer-valued `S`, then
    /// `Mod(p, 2^k) = (Mod(S, 2^(a+k)) - Mod(S, 2^a)) / 2^a` (bits `a .. a+k` of `S`): an
    /// identity on integers (`floor(S/2^a) mod 2^k = floor((S mod 2^(a+k)) / 2^a)`). It makes the
    /// normal form independent of how a wide value is cut into words: `shrd lo, hi, a` of a
    /// 128-bit pair and `hi >> (b - 64)` recombine into `floor(S / 2^a)` however the halves
    /// were shifted (p521's 58-bit limbs: carries `floor(S/2^58)` above 2^64 split by `shrd`
    /// and `shr`). `p` is recognised by a term `-1/2^a · Mod(S', 2^a)`: with
    /// `S = 2^a·p + Mod(S', 2^a)` (integer-valued, as `p` and the atom are), the form holds when
    /// `Mod(S, 2^a)` is that very atom.
    fn mod_of_floor(&mut self, p: &Poly, k: u32) -> Option<Poly> {
        let cands: Vec<(AtomId, u32)> = p
            .terms
            .iter()
            .filter(|(mono, _)| mono.len() == 1)
            .filter_map(|(mono, c)| match &self.atoms[mono[0] as usize] {
                Atom::Mod(_, a) if *c == -BigRational::new(BigInt::one(), pow2(*a)) => Some((mono[0], *a)),
                _ => None,
            })
            .collect();
        for (atom, a) in cands {
            let s = p.scale(&rat(pow2(a))).add(&Poly::atom(atom));
            if self.modp(&s, a) != Poly::atom(atom) {
                continue;
            }
            let hi = self.modp(&s, a + k);
            return Some(hi.sub(&Poly::atom(atom)).scale(&BigRational::new(BigInt::one(), pow2(a))));
        }
        None
    }

    /// Rule 5 (functions of a bit are affine): if `p = s·b + c` with `b` a proven bit and
    /// `s`, `c` constants, then `p` only takes the values `v0 = c` (b = 0) and `v1 = s + c`
    /// (b = 1), and any function `g` of it equals `g(v0) + b·(g(v1) - g(v0))` on both points. With
    /// `g = · mod 2^k`: `Mod(p, 2^k) = Mod(v0) + b·(Mod(v1) - Mod(v0))`. Used only when `v0` and
    /// `v1` are integers. This closes CryptOpt's `mov r, -1; adcx byte, r` (CF := byte != 0).
    fn mod_of_affine_bit(&self, p: &Poly, k: u32) -> Option<Poly> {
        let (b, s, c) = self.affine_bit(p)?;
        let (v0, v1) = (c.clone(), &s + &c);
        if !v0.is_integer() || !v1.is_integer() {
            return None;
        }
        let m = pow2(k);
        let (r0, r1) = (v0.to_integer().mod_floor(&m), v1.to_integer().mod_floor(&m));
        Some(Poly::constant(r0.clone()).add(&b.scale(&rat(r1 - r0))))
    }

    /// Rule 10 (bits found on demand): with `u` the shape of `p` (its non-constant part divided by
    /// its first coefficient), if `Mod(u, 2^64)` is the constant 0 (an identity of the algebra)
    /// and `0 <= u < 2^65`, then `u / 2^64` is 0 or 1 and is recorded as a bit. A carry is
    /// otherwise only known to be a bit once its addition has been executed; a value built
    /// earlier from the same sum (p434's `lo + hi` of `t0·(2^64-1)` is `(2^64-1)·u/2^64`
    /// with `u = t0 + Mod(-t0, 2^64)`) would get a different normal form depending on whether
    /// the IR or the assembly had executed that addition first.
    fn discover_word_bit(&mut self, p: &Poly) {
        let Some(u) = shape(p) else { return };
        if u.terms.len() > 16 || u.terms.values().any(|c| !c.is_integer()) {
            return;
        }
        let w = 64;
        // tried once per shape (a failed attempt only costs completeness if facts found later
        // would have made it succeed)
        if !self.discover_tried.insert(u.clone()) {
            return;
        }
        let i = self.interval(&u);
        if i.lo.is_negative() || i.hi >= pow2(w + 1) {
            return;
        }
        if self.modp(&u, w).as_const_int().is_some_and(|c| c.is_zero()) {
            let b = u.scale(&BigRational::new(BigInt::one(), pow2(w)));
            self.insert_bit(&b);
        }
    }

    /// `p = s·b + c` with `b` a proven bit (from the index), `s != 0` and `c` constants.
    pub fn affine_bit(&self, p: &Poly) -> Option<(Poly, BigRational, BigRational)> {
        let (m, pc) = p.terms.iter().find(|(m, _)| !m.is_empty())?;
        // `p - s·b` is constant iff the non-constant parts are proportional, i.e. the shapes are
        // equal (then `b`'s first monomial is `m` too); the first such bit, as a scan would find.
        let b = &self.bit_list[*self.bits_by_shape.get(&shape(p)?)?];
        let s = pc / &b.terms[m];
        let c = p.sub(&b.scale(&s)).as_const()?;
        Some((b.clone(), s, c))
    }

    fn fits(&self, p: &Poly, m: &BigInt) -> bool {
        let i = self.interval(p);
        !i.lo.is_negative() && &i.hi < m
    }

    /// Rule 2: strips inner `Mod`s that do not matter modulo 2^k. `None` when the flattened sum
    /// grows past 2·FLATTEN_CAP terms on the way (then the caller keeps the inner atoms).
    fn strip_mods(&mut self, p: &Poly, k: u32) -> Option<Poly> {
        let mut cur = p.clone();
        // total terms visited: nested chains of capped (unflattened) atoms are unfolded one
        // level per pass, so passes x size is bounded too
        let mut work = 0usize;
        for _ in 0..64 {
            let mut next = Poly::default();
            let mut changed = false;
            work += cur.terms.len();
            self.tick(cur.terms.len());
            if work > 8 * FLATTEN_CAP {
                return None;
            }
            for (mono, c) in &cur.terms {
                let strippable = |a: &AtomId| match &self.atoms[*a as usize] {
                    Atom::Mod(_, j) => multiple_of_pow2(c, *j, k),
                    _ => false,
                };
                if !mono.iter().any(strippable) {
                    next.add_term(mono.clone(), c.clone());
                    continue;
                }
                let mut term = Poly::default();
                term.terms.insert(vec![], c.clone());
                for &a in mono {
                    term = match &self.atoms[a as usize] {
                        Atom::Mod(q, j) if multiple_of_pow2(c, *j, k) => {
                            changed = true;
                            term.mul(q)
                        }
                        _ => term.mul(&Poly::atom(a)),
                    };
                }
                // accumulated in place (`next = next.add(..)` copied `next` per term: quadratic)
                for (tm, tc) in term.terms {
                    next.add_term(tm, tc);
                }
                if next.terms.len() > 2 * FLATTEN_CAP {
                    return None;
                }
            }
            cur = next;
            if !changed {
                break;
            }
        }
        Some(cur)
    }

    /// Rule 3: integer coefficients reduced into [0, 2^k).
    fn reduce_coefficients(&self, cur: Poly, k: u32) -> Poly {
        let m = pow2(k);
        let mut out = Poly::default();
        for (mono, c) in cur.terms {
            if c.is_integer() {
                out.add_term(mono, rat(c.to_integer().mod_floor(&m)));
            } else {
                out.add_term(mono, c);
            }
        }
        out
    }

    /// floor(P / 2^k) = (P - (P mod 2^k)) / 2^k.
    pub fn divp(&mut self, p: &Poly, k: u32) -> Poly {
        let r = self.modp(p, k);
        p.sub(&r).scale(&BigRational::new(BigInt::one(), pow2(k)))
    }

    /// c == 0 ? a : b
    pub fn select(&mut self, c: &Poly, a: &Poly, b: &Poly) -> Poly {
        let ci = self.interval(c);
        if ci.lo.is_zero() && ci.hi.is_zero() {
            return a.clone();
        }
        if ci.lo.is_positive() || ci.hi.is_negative() {
            return b.clone();
        }
        if a == b {
            return a.clone();
        }
        let (ia, ib) = (self.interval(a), self.interval(b));
        let bound = Interval { lo: ia.lo.min(ib.lo), hi: ia.hi.max(ib.hi) };
        let id = self.intern(Atom::Select(c.clone(), a.clone(), b.clone()), bound);
        Poly::atom(id)
    }

    /// Bitwise and/or/xor of two values of `w` bits.
    pub fn bitwise(&mut self, op: &'static str, a: &Poly, b: &Poly, w: u32) -> Poly {
        let m = pow2(w);
        if let (Some(x), Some(y)) = (a.as_const_int(), b.as_const_int()) {
            let r = match op {
                "and" => x & y,
                "or" => x | y,
                _ => x ^ y,
            };
            return Poly::constant(r.mod_floor(&m));
        }
        for (x, y) in [(a, b), (b, a)] {
            if let Some(c) = y.as_const_int() {
                match op {
                    "and" if c.is_zero() => return Poly::default(),
                    "and" => {
                        // x & (2^j - 1) = x mod 2^j
                        let c1: BigInt = &c + 1;
                        if (&c1 & &c).is_zero() {
                            let j = c1.bits() as u32 - 1;
                            return self.modp(x, j.min(w));
                        }
                        // a contiguous mask of bits i..j-1: x & (2^j - 2^i) = x mod 2^j - x mod 2^i
                        // (clang's `d & 0xFFFFFFFFFFFFE` where bit 0 of d is known 0; bitcoin-core)
                        let i = c.trailing_zeros().unwrap_or(0) as u32;
                        let top: BigInt = &c >> i;
                        let t1: BigInt = &top + 1;
                        if i > 0 && (&t1 & &top).is_zero() {
                            let j = i + t1.bits() as u32 - 1;
                            let hi = self.modp(x, j.min(w));
                            let lo = self.modp(x, i.min(w));
                            return hi.sub(&lo);
                        }
                        // only the bits of the constant matter: the same atom at every width
                        let cb = c.bits() as u32;
                        if cb < w {
                            let xm = self.modp(x, cb);
                            return self.bitwise(op, &xm, y, cb);
                        }
                    }
                    "or" | "xor" if c.is_zero() => return self.modp(x, w),
                    _ => {}
                }
            }
        }
        if a == b {
            return match op {
                "xor" => Poly::default(),
                _ => self.modp(a, w),
            };
        }
        let mut args = vec![self.modp(a, w), self.modp(b, w)];
        args.sort();
        let id = self.intern(Atom::Bitwise(op, args), Interval { lo: BigInt::zero(), hi: m - 1 });
        Poly::atom(id)
    }

    /// Evaluates a polynomial given values of the `Var` atoms (for differential testing).
    pub fn eval(&self, p: &Poly, env: &HashMap<String, BigInt>, memo: &mut HashMap<AtomId, BigInt>) -> BigRational {
        let mut sum = BigRational::zero();
        for (m, c) in &p.terms {
            let mut prod = c.clone();
            for &a in m {
                prod *= rat(self.eval_atom(a, env, memo));
            }
            sum += prod;
        }
        sum
    }

    fn eval_atom(&self, a: AtomId, env: &HashMap<String, BigInt>, memo: &mut HashMap<AtomId, BigInt>) -> BigInt {
        if let Some(v) = memo.get(&a) {
            return v.clone();
        }
        let v = match &self.atoms[a as usize] {
            Atom::Var(n) => env.get(n).cloned().unwrap_or_else(|| panic!("no value for {n}")),
            Atom::Mod(p, k) => {
                let x = self.eval(p, env, memo);
                assert!(x.is_integer(), "Mod of a non-integer value");
                x.to_integer().mod_floor(&pow2(*k))
            }
            Atom::Select(c, x, y) => {
                if self.eval(c, env, memo).is_zero() {
                    self.eval(x, env, memo).to_integer()
                } else {
                    self.eval(y, env, memo).to_integer()
                }
            }
            Atom::Bitwise(op, args) => {
                let x = self.eval(&args[0], env, memo).to_integer();
                let y = self.eval(&args[1], env, memo).to_integer();
                match *op {
                    "and" => x & y,
                    "or" => x | y,
                    _ => x ^ y,
                }
            }
        };
        memo.insert(a, v.clone());
        v
    }

    /// A short human-readable rendering (for diagnostics).
    pub fn show(&self, p: &Poly) -> String {
        if p.terms.is_empty() {
            return "0".into();
        }
        let terms: Vec<String> = p
            .terms
            .iter()
            .map(|(m, c)| {
                let atoms: Vec<String> = m.iter().map(|&a| self.show_atom(a)).collect();
                if atoms.is_empty() {
                    format!("{c}")
                } else if c.is_one() {
                    atoms.join("*")
                } else {
                    format!("{c}*{}", atoms.join("*"))
                }
            })
            .collect();
        terms.join(" + ")
    }

    /// Descends into two different polynomials to the first pair of atoms that differ.
    pub fn explain_diff(&self, a: &Poly, b: &Poly, depth: usize) -> String {
        let only = |p: &Poly| -> Option<AtomId> {
            match p.terms.iter().next() {
                Some((m, c)) if p.terms.len() == 1 && m.len() == 1 && c.is_one() => Some(m[0]),
                _ => None,
            }
        };
        if depth > 0 {
            if let (Some(x), Some(y)) = (only(a), only(b)) {
                let sub = match (&self.atoms[x as usize], &self.atoms[y as usize]) {
                    (Atom::Mod(p, k), Atom::Mod(q, j)) if k == j => Some((p, q)),
                    (Atom::Select(c, p1, p2), Atom::Select(d, q1, q2)) => {
                        if c != d {
                            Some((c, d))
                        } else if p1 != q1 {
                            Some((p1, q1))
                        } else {
                            Some((p2, q2))
                        }
                    }
                    _ => None,
                };
                if let Some((p, q)) = sub {
                    return self.explain_diff(p, q, depth - 1);
                }
            }
            // Same shape except one term: descend into the differing terms.
            let da: Vec<_> = a.terms.iter().filter(|(m, c)| b.terms.get(*m) != Some(c)).collect();
            let db: Vec<_> = b.terms.iter().filter(|(m, c)| a.terms.get(*m) != Some(c)).collect();
            if da.len() == 1 && db.len() == 1 && da[0].0.len() == 1 && db[0].0.len() == 1 && da[0].1 == db[0].1 {
                return self.explain_diff(&Poly::atom(da[0].0[0]), &Poly::atom(db[0].0[0]), depth - 1);
            }
        }
        format!("[{}] vs [{}]", self.show_deep(a, 2), self.show_deep(b, 2))
    }

    /// Development aid: the terms in which two polynomials differ, descending into single
    /// `Mod`/`Select` atoms of the same shape.
    pub fn diff_terms(&self, a: &Poly, b: &Poly, depth: usize) -> String {
        let only = |p: &Poly| -> Option<AtomId> {
            match p.terms.iter().next() {
                Some((m, c)) if p.terms.len() == 1 && m.len() == 1 && c.is_one() => Some(m[0]),
                _ => None,
            }
        };
        if depth > 0 {
            if let (Some(x), Some(y)) = (only(a), only(b)) {
                match (&self.atoms[x as usize], &self.atoms[y as usize]) {
                    (Atom::Mod(p, k), Atom::Mod(q, j)) if k == j => {
                        return format!("Mod{k}(a{x} vs a{y}) |{}| vs |{}|:\n{}", p.terms.len(), q.terms.len(), self.diff_terms(p, q, depth - 1));
                    }
                    (Atom::Select(c, p1, p2), Atom::Select(d, q1, q2)) => {
                        let mut s = String::new();
                        for (n, (u, v)) in [("cond", (c, d)), ("then", (p1, q1)), ("else", (p2, q2))] {
                            if u != v {
                                s.push_str(&format!("{n}: {}\n", self.diff_terms(u, v, depth - 1)));
                            }
                        }
                        return s;
                    }
                    _ => {}
                }
            }
        }
        let d = a.sub(b);
        let mut s = format!("diff has {} terms:\n", d.terms.len());
        for (m, c) in d.terms.iter().take(12) {
            let mut t = Poly::default();
            t.terms.insert(m.clone(), c.clone());
            let ins = |p: &Poly, m: &Mono| p.terms.get(m).map(|c| format!("{c}")).unwrap_or("-".into());
            s.push_str(&format!("  [{} | a:{} b:{}] {}\n", self.show(&t).chars().take(100).collect::<String>(), ins(a, m), ins(b, m), self.show_deep(&Poly { terms: [(m.clone(), BigRational::one())].into() }, 1).chars().take(600).collect::<String>()));
        }
        s
    }

    fn show_deep(&self, p: &Poly, depth: usize) -> String {
        let mut s = self.show(p);
        if depth > 0 {
            let mut seen = std::collections::BTreeSet::new();
            for m in p.terms.keys() {
                for &a in m {
                    if seen.insert(a) {
                        match &self.atoms[a as usize] {
                            Atom::Mod(q, _) => s.push_str(&format!(" {{m{a}=({})}}", self.show_deep(q, depth - 1))),
                            Atom::Select(c, x, y) => s.push_str(&format!(" {{sel{a}=({} ? {} : {})}}", self.show(c), self.show(x), self.show(y))),
                            _ => {}
                        }
                    }
                }
            }
        }
        s
    }

    fn show_atom(&self, a: AtomId) -> String {
        match &self.atoms[a as usize] {
            Atom::Var(n) => n.clone(),
            Atom::Mod(_, k) => format!("m{a}%2^{k}"),
            Atom::Select(..) => format!("sel{a}"),
            Atom::Bitwise(op, _) => format!("{op}{a}"),
        }
    }
}

/// Diagnostics: `show` cut to 200 characters.
pub fn short_show(cx: &Ctx, p: &Poly) -> String {
    cx.show(p).chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The coefficient fast paths equal num-rational's normalised results exactly.
    #[test]
    fn coefficient_fast_paths_match_ratio_arithmetic() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        let mut pick = |rng: &mut rand_chacha::ChaCha8Rng| {
            let n = BigInt::from(rng.gen_range(-1_000_000i64..1_000_000)) << rng.gen_range(0..80u32);
            let d = match rng.gen_range(0..4) {
                0 => BigInt::one(),
                1 | 2 => pow2(rng.gen_range(0..130)),
                _ => BigInt::from(rng.gen_range(1..1000i64)) * pow2(rng.gen_range(0..10)),
            };
            BigRational::new(n, d)
        };
        for _ in 0..20000 {
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            for (got, want) in [(radd(&a, &b), &a + &b), (rmul(&a, &b), &a * &b), (radd(&a, &(-&a)), BigRational::zero())] {
                assert_eq!((got.numer(), got.denom()), (want.numer(), want.denom()), "{a} {b}");
            }
        }
    }

    fn rnd_env(rng: &mut impl Rng, names: &[&str]) -> HashMap<String, BigInt> {
        names.iter().map(|n| (n.to_string(), BigInt::from(rng.gen::<u64>()))).collect()
    }

    #[test]
    fn multiple_of_pow2_agrees_with_rational_division() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5000 {
            let n = BigInt::from(rng.gen_range(-3000i64..3000)) << rng.gen_range(0..70);
            let d = BigInt::from([1i64, 2, 3, 6, 1 << 20][rng.gen_range(0..5)]) << rng.gen_range(0..70);
            let c = BigRational::new(n, d);
            let (j, k) = (rng.gen_range(0..130u32), rng.gen_range(0..130u32));
            let want = (&c * rat(pow2(j)) / rat(pow2(k))).is_integer();
            assert_eq!(multiple_of_pow2(&c, j, k), want, "{c} {j} {k}");
        }
    }

    /// `and` with a constant: contiguous masks (bits i..j-1) become differences of `Mod`s, other
    /// constants an atom on the constant's width; both exact, and the same form whether the
    /// operand is taken at 128 or at 64 bits (the IR masks a 128-bit value, the machine its low word).
    #[test]
    fn and_with_constant_masks_is_exact_and_width_independent() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for t in 0..400 {
            let mut cx = Ctx::new();
            let (x0, x1) = (cx.var("x0", 0, u64::MAX as u128), cx.var("x1", 0, u64::MAX as u128));
            let x = x0.add(&x1.mul(&Poly::constant(pow2(64))));
            let c: u128 = match t % 4 {
                0 => {
                    let (i, j) = (rng.gen_range(1..63u32), rng.gen_range(1..64u32));
                    let (i, j) = (i.min(j), i.max(j) + 1);
                    ((1u128 << j) - 1) & !((1u128 << i) - 1)
                }
                1 => rng.gen::<u64>() as u128,
                2 => 0xFFFFFFFFFFFFE,
                _ => 0xFFFFFFFFFFFFF0,
            };
            let k = Poly::from_u128(c);
            let wide = cx.bitwise("and", &x, &k, 128);
            let low = cx.modp(&x, 64);
            let narrow = cx.bitwise("and", &low, &k, 64);
            assert_eq!(wide, narrow, "mask {c:x}: {} vs {}", cx.show(&wide), cx.show(&narrow));
            for _ in 0..20 {
                let (v0, v1) = (rng.gen::<u64>(), rng.gen::<u64>());
                let env: HashMap<String, BigInt> = [("x0".to_string(), BigInt::from(v0)), ("x1".to_string(), BigInt::from(v1))].into_iter().collect();
                let got = cx.eval(&wide, &env, &mut HashMap::new());
                let want = ((v0 as u128) | ((v1 as u128) << 64)) & c;
                assert_eq!(got, rat(BigInt::from(want)), "mask {c:x}");
            }
        }
    }

    /// `Mod(y + 2^b·w, 2^a) - Mod(y, 2^b)` (a > b) is a non-negative multiple of 2^b below 2^a:
    /// its interval must not straddle 0 (bitcoin-core's shifted 128-bit sums). Random
    /// evaluation checks the interval contains every value; a difference that is not a multiple
    /// of 2^b gets no such bound.
    #[test]
    fn difference_of_mods_of_values_equal_below_the_smaller_width_is_non_negative() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut cx = Ctx::new();
        let m = u64::MAX as u128;
        let (y0, y1, w0) = (cx.var("y0", 0, m), cx.var("y1", 0, m), cx.var("w0", 0, m));
        let y = y0.mul(&y1);
        let hi = cx.modp(&y.add(&w0.mul(&Poly::constant(pow2(100)))), 140);
        let lo = cx.modp(&y, 100);
        let d = hi.sub(&lo);
        let iv = cx.interval(&d);
        assert!(iv.lo >= BigInt::zero(), "[{}, {}]", iv.lo, iv.hi);
        assert!(iv.hi < pow2(140), "[{}, {}]", iv.lo, iv.hi);
        for _ in 0..2000 {
            let env = rnd_env(&mut rng, &["y0", "y1", "w0"]);
            let v = cx.eval(&d, &env, &mut HashMap::new());
            assert!(v >= rat(iv.lo.clone()) && v <= rat(iv.hi.clone()), "{v}");
        }
        // y + 1 differs from y below bit 100: no pairing, the interval keeps its negative part
        let lo1 = cx.modp(&y.add(&Poly::constant(BigInt::one())), 100);
        let d1 = hi.sub(&lo1);
        assert!(cx.interval(&d1).lo < BigInt::zero());
    }

    #[test]
    fn split_add_with_carry_recombines_to_the_wide_sum() {
        // lo/hi of a+b computed word-wise equals the 128-bit sum of two 128-bit values.
        let mut cx = Ctx::new();
        let m = u64::MAX as u128;
        let (a0, a1, b0, b1) = (cx.var("a0", 0, m), cx.var("a1", 0, m >> 2), cx.var("b0", 0, m), cx.var("b1", 0, m >> 2));
        let s0 = a0.add(&b0);
        let lo = cx.modp(&s0, 64);
        let carry = cx.divp(&s0, 64);
        let hi = cx.modp(&a1.add(&b1).add(&carry), 64);
        let two64 = Poly::constant(pow2(64));
        let wide = lo.add(&hi.mul(&two64));
        let expect = a0.add(&b0).add(&a1.mul(&two64)).add(&b1.mul(&two64));
        assert_eq!(wide, expect, "{}", cx.show(&wide));
    }

    /// Rule 9: a quotient `floor(S/2^58)` above 2^64 cut into words as `shrd lo, hi, 58`
    /// (= Mod(floor(S/2^58), 2^64)) and `shr hi, 58` recombines into `floor(S/2^58)` (p521);
    /// without the rule the two forms differ. The rewritten form evaluates like the integers.
    #[test]
    fn quotient_cut_into_words_recombines_and_evaluates_exactly() {
        let run = |rule9: bool| -> (bool, Vec<(Poly, Poly)>, Ctx) {
            let mut cx = Ctx::new();
            if !rule9 {
                cx.disable_rule(Rule::FloorBits);
            }
            let m = u64::MAX as u128;
            let (x, y, z) = (cx.var("x", 0, m), cx.var("y", 0, m), cx.var("z", 0, m));
            let s = x.mul(&y).add(&z.mul(&Poly::constant(pow2(60)))); // up to ~2^128
            let lo = cx.modp(&s, 64);
            let hi = cx.divp(&s, 64);
            let wide = hi.mul(&Poly::constant(pow2(64))).add(&lo); // = S
            let q = cx.divp(&wide, 58);
            let shrd = cx.modp(&q, 64);
            let shr = cx.divp(&hi, 58);
            let recombined = shrd.add(&shr.mul(&Poly::constant(pow2(64))));
            let direct = cx.divp(&s, 58);
            (recombined == direct, vec![(recombined, direct), (shrd, q)], cx)
        };
        let (equal, forms, cx) = run(true);
        assert!(equal, "{}", cx.show(&forms[0].0));
        assert!(!run(false).0, "the forms already agree without rule 9: the test shows nothing");
        // every form evaluates to the integers it denotes, on random and extreme inputs
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        for t in 0..200 {
            let v: Vec<BigInt> = (0..3).map(|i| BigInt::from(if (t + i) % 4 == 0 { u64::MAX } else { rng.gen::<u64>() })).collect();
            let env: HashMap<String, BigInt> = ["x", "y", "z"].iter().zip(&v).map(|(n, x)| (n.to_string(), x.clone())).collect();
            let sv: BigInt = &v[0] * &v[1] + (&v[2] << 60);
            let q: BigInt = &sv >> 58usize;
            let shrd = &q & ((BigInt::one() << 64) - 1);
            let mut memo = HashMap::new();
            assert_eq!(cx.eval(&forms[0].0, &env, &mut memo), rat(q.clone()));
            assert_eq!(cx.eval(&forms[1].0, &env, &mut memo), rat(shrd));
        }
    }

    /// Rule 10: `lo + hi` of `t0·(2^64-1)` (t0 a word) is `2^64 - 1` or 0, i.e. `(2^64-1)·u/2^64`
    /// with `u = t0 + Mod(-t0, 2^64)` a multiple of 2^64 below 2^65. Its `Mod(·, 2^64)` must be the
    /// same whether or not the carry of `t0 + lo` (the bit `u/2^64`) was computed before
    /// (p434: the IR computes that carry after the sum, CryptOpt's code before).
    #[test]
    fn a_carry_bit_found_on_demand_makes_forms_independent_of_order() {
        let form = |carry_first: bool| -> (Poly, Poly, Ctx) {
            let mut cx = Ctx::new();
            let m = u64::MAX as u128;
            let (x, y) = (cx.var("x", 0, m), cx.var("y", 0, m));
            let t0 = cx.modp(&x.mul(&y), 64);
            let p = t0.mul(&Poly::from_u128(m));
            let (lo, hi) = (cx.modp(&p, 64), cx.divp(&p, 64));
            if carry_first {
                let c = cx.divp(&t0.add(&lo), 64);
                cx.mark_bit(&c);
            }
            let sum = lo.add(&hi);
            (cx.modp(&sum, 64), sum, cx)
        };
        let (a, sum, cx) = form(false);
        let (b, _, _) = form(true);
        assert_eq!(a, b);
        assert_eq!(a, sum, "Mod(lo + hi) is lo + hi itself (< 2^64): {}", cx.show(&a));
        let mut rng = rand::rngs::StdRng::seed_from_u64(10);
        for t in 0..200u64 {
            let (xv, yv) = if t < 2 { (t, 1) } else { (rng.gen::<u64>(), rng.gen::<u64>()) };
            let env: HashMap<String, BigInt> = [("x".to_string(), BigInt::from(xv)), ("y".to_string(), BigInt::from(yv))].into();
            let t0 = (xv as u128 * yv as u128) as u64 as u128;
            let p = t0 * (u64::MAX as u128);
            let want = ((p as u64) as u128 + (p >> 64)) % (1u128 << 64);
            assert_eq!(cx.eval(&a, &env, &mut HashMap::new()), rat(BigInt::from(want)));
        }
    }

    #[test]
    fn mod_of_sum_of_mods_strips_inner_mods() {
        let mut cx = Ctx::new();
        let m = u64::MAX as u128;
        let (a, b, c, d) = (cx.var("a", 0, m), cx.var("b", 0, m), cx.var("c", 0, m), cx.var("d", 0, m));
        let ab = a.mul(&b);
        let cd = c.mul(&d);
        let lo1 = cx.modp(&ab, 64);
        let lo2 = cx.modp(&cd, 64);
        let x = cx.modp(&lo1.add(&lo2), 64);
        let y = cx.modp(&ab.add(&cd), 64);
        assert_eq!(x, y);
        // but not modulo a larger power: Mod(lo1+lo2, 2^65) != Mod(ab+cd, 2^65)
        let x65 = cx.modp(&lo1.add(&lo2), 65);
        let y65 = cx.modp(&ab.add(&cd), 65);
        assert_ne!(x65, y65);
    }

    #[test]
    fn bound_gated_rule_needs_the_bound() {
        let mut cx = Ctx::new();
        let a = cx.var("a", 0, 1 << 40);
        let b = cx.var("b", 0, 1 << 40);
        let small = a.mul(&b);
        assert_eq!(cx.modp(&small, 81), small);
        assert_ne!(cx.modp(&small, 80), small);
    }

    #[test]
    fn flags_summed_in_a_byte_need_no_mod() {
        // seto dl; adc dl, 0: OF + CF is in [0, 2], so Mod(OF + CF, 2^8) = OF + CF.
        let mut cx = Ctx::new();
        let m = u64::MAX as u128;
        let (a, b, c, d) = (cx.var("a", 0, m), cx.var("b", 0, m), cx.var("c", 0, m), cx.var("d", 0, m));
        let ab = cx.note_sum_interval(&[(1, &a), (1, &b)]);
        let c1 = cx.divp(&ab, 64);
        cx.mark_bit(&c1);
        let prod = a.mul(&b);
        let lo = cx.modp(&prod, 64);
        let t2 = cx.note_sum_interval(&[(1, &lo), (1, &c), (1, &d)]);
        let c2 = cx.divp(&t2, 64);
        let sum = cx.note_sum_interval(&[(1, &c1), (1, &c2)]);
        // c2 is not a bit (three words), so the sum is in [0, 3]: still below 2^8
        assert_eq!(cx.modp(&sum, 8), sum);
        // but not below 2^1
        assert_ne!(cx.modp(&sum, 1), sum);
    }

    #[test]
    fn mod_of_bit_plus_constant_is_affine_in_the_bit() {
        // mov r, -1; adcx b, r: CF = floor((b + 2^64 - 1) / 2^64) = b for a bit b.
        let mut cx = Ctx::new();
        let m = u64::MAX as u128;
        let (a, c) = (cx.var("a", 0, m), cx.var("c", 0, m));
        let t = cx.note_sum_interval(&[(1, &a), (1, &c)]);
        let b = cx.divp(&t, 64);
        cx.mark_bit(&b);
        let t2 = b.add(&Poly::constant(pow2(64) - 1));
        assert_eq!(cx.divp(&t2, 64), b);
        // a non-bit is not rewritten: floor((a + 2^64 - 1)/2^64) stays a division
        let t3 = a.add(&Poly::constant(pow2(64) - 1));
        assert_ne!(cx.divp(&t3, 64), a);
    }

    #[test]
    fn canonical_forms_evaluate_like_the_integers_they_denote() {
        // Differential test of every rule: random expression DAGs evaluated symbolically and concretely.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for round in 0..400 {
            let mut cx = Ctx::new();
            let names = ["a", "b", "c", "d"];
            let vars: Vec<Poly> = names.iter().map(|n| cx.var(n, 0, u64::MAX as u128)).collect();
            let env = rnd_env(&mut rng, &names);
            let mut pool: Vec<(Poly, BigInt)> = vars.iter().zip(names).map(|(p, n)| (p.clone(), env[n].clone())).collect();
            for _ in 0..12 {
                let (x, xv) = pool[rng.gen_range(0..pool.len())].clone();
                let (y, yv) = pool[rng.gen_range(0..pool.len())].clone();
                let k = [1u32, 43, 44, 51, 64, 128][rng.gen_range(0..6)];
                let (p, v) = match rng.gen_range(0..11) {
                    10 => {
                        // an 8-bit register write (setc dl on a full register), then its low byte
                        let low = cx.modp(&x, 8);
                        let b = cx.modp(&y, 8);
                        let full = x.sub(&low).add(&b);
                        cx.note_mod(&full, 8, &b);
                        let fv = &xv - xv.mod_floor(&pow2(8)) + yv.mod_floor(&pow2(8));
                        let k8 = [8u32, 64][rng.gen_range(0..2)];
                        (cx.modp(&full, k8), fv.mod_floor(&pow2(k8)))
                    }
                    7 => {
                        // a hardware carry of two words, then rule 5 on carry·s + c
                        let (xm, ym) = (cx.modp(&x, 64), cx.modp(&y, 64));
                        let t = cx.note_sum_interval(&[(1, &xm), (1, &ym)]);
                        let carry = cx.divp(&t, 64);
                        cx.mark_bit(&carry);
                        let cv = (xv.mod_floor(&pow2(64)) + yv.mod_floor(&pow2(64))).div_floor(&pow2(64));
                        let sc = BigInt::from(rng.gen_range(-3i64..4));
                        let c: BigInt = BigInt::from(rng.gen_range(-2i64..2)) * pow2(64) - 1;
                        let e = carry.scale(&rat(sc.clone())).add(&Poly::constant(c.clone()));
                        (cx.modp(&e, k), (cv * sc + c).mod_floor(&pow2(k)))
                    }
                    8 => {
                        // rule 1c: sum recorded through its summands, then reduced
                        let t = cx.note_sum_interval(&[(1, &x), (-1, &y)]);
                        (cx.modp(&t, k), (&xv - &yv).mod_floor(&pow2(k)))
                    }
                    9 => {
                        // two flags added in a byte (seto dl; adc dl, 0)
                        let (xm, ym) = (cx.modp(&x, 64), cx.modp(&y, 64));
                        let s1 = cx.note_sum_interval(&[(1, &xm), (1, &ym)]);
                        let c1 = cx.divp(&s1, 64);
                        cx.mark_bit(&c1);
                        let s2 = cx.note_sum_interval(&[(1, &xm), (-1, &ym)]);
                        let c2 = Poly::default().sub(&cx.divp(&s2, 64));
                        cx.mark_bit(&c2);
                        let (a, b) = (xv.mod_floor(&pow2(64)), yv.mod_floor(&pow2(64)));
                        let cv = (&a + &b).div_floor(&pow2(64)) - (&a - &b).div_floor(&pow2(64));
                        let t = cx.note_sum_interval(&[(1, &c1), (1, &c2)]);
                        (cx.modp(&t, 8), cv.mod_floor(&BigInt::from(256)))
                    }
                    0 => (x.add(&y), &xv + &yv),
                    1 => (x.mul(&y), &xv * &yv),
                    2 => (cx.modp(&x, k), xv.mod_floor(&pow2(k))),
                    3 => (cx.divp(&x, k), xv.div_floor(&pow2(k))),
                    4 => (cx.modp(&x.sub(&y), 64), (&xv - &yv).mod_floor(&pow2(64))),
                    5 => {
                        let c = cx.modp(&x, 1);
                        let cv = xv.mod_floor(&BigInt::from(2));
                        (cx.select(&c, &x, &y), if cv.is_zero() { xv.clone() } else { yv.clone() })
                    }
                    _ => {
                        let (xm, ym) = (cx.modp(&x, 64), cx.modp(&y, 64));
                        let (a, b) = (xv.mod_floor(&pow2(64)), yv.mod_floor(&pow2(64)));
                        (cx.bitwise("and", &xm, &ym, 64), a & b)
                    }
                };
                let got = cx.eval(&p, &env, &mut HashMap::new());
                assert_eq!(got, rat(v.clone()), "round {round}: {}", cx.show(&p));
                if v.bits() < 300 {
                    pool.push((p, v));
                }
            }
        }
    }
}
