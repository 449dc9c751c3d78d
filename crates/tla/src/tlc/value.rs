//! TLC's values. Every function-like value has one canonical form so that structural equality is
//! TLC's equality: a function whose domain is `1..n` (or empty) is a `Tuple`, one whose domain is
//! a non-empty set of strings is a `Record`, any other is a `Func`. Enumerated sets are sorted,
//! duplicate-free vectors. Sets TLC keeps symbolic (`1..n`, `SUBSET S`, `[S -> T]`, `[a : S]`,
//! `S \X T`, `Seq(S)`, `Nat`, `Int`, `STRING`) stay lazy until enumerated; `normalize` turns a
//! value into its enumerated form before it is stored in a state or hashed.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock, RwLock};

/// Model values are interned: `Model(i)` is the i-th name registered (TLC orders them the same way).
static MODEL_NAMES: OnceLock<RwLock<Vec<Arc<str>>>> = OnceLock::new();

fn model_table() -> &'static RwLock<Vec<Arc<str>>> {
    MODEL_NAMES.get_or_init(|| RwLock::new(Vec::new()))
}

pub fn model_value(name: &str) -> Value {
    let t = model_table();
    if let Some(i) = t.read().unwrap().iter().position(|n| &**n == name) {
        return Value::Model(i as u32);
    }
    let mut w = t.write().unwrap();
    if let Some(i) = w.iter().position(|n| &**n == name) {
        return Value::Model(i as u32);
    }
    w.push(Arc::from(name));
    Value::Model((w.len() - 1) as u32)
}

pub fn model_name(i: u32) -> Arc<str> {
    model_table().read().unwrap()[i as usize].clone()
}

/// An operator passed as a value (LAMBDA, operator argument). Opaque here; the evaluator owns it.
pub trait OpValue: Send + Sync + std::fmt::Debug {
    fn arity(&self) -> usize;
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A function that is neither a tuple nor a record: its domain sorted (shared: `[f EXCEPT ![k] =
/// v]` and the functions built from one another keep one domain allocation) and the range in
/// the same order.
#[derive(Clone, Debug)]
pub struct Func {
    pub dom: Arc<Vec<Value>>,
    pub rng: Vec<Value>,
}

impl Func {
    /// The position of `key` in the domain. A domain of integers whose first and last elements
    /// are `a` and `a + len - 1` is exactly `a..a+len-1` (sorted and distinct, and integers sort
    /// together), so an integer key is found by subtraction, without comparisons.
    #[inline]
    pub fn index_of(&self, key: &Value) -> Option<usize> {
        if let (Value::Int(k), Some(Value::Int(a)), Some(Value::Int(b))) = (key, self.dom.first(), self.dom.last()) {
            if b.wrapping_sub(*a) == self.dom.len() as i64 - 1 {
                return if k >= a && k <= b { Some((k - a) as usize) } else { None };
            }
        }
        self.dom.binary_search_by(|k| cmp(k, key)).ok()
    }
}

#[derive(Clone, Debug)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Str(Arc<str>),
    Model(u32),
    /// Sorted, duplicate-free.
    Set(Arc<Vec<Value>>),
    Tuple(Arc<Vec<Value>>),
    /// Sorted by field name; at least one field.
    Record(Arc<Vec<(Arc<str>, Value)>>),
    Func(Arc<Func>),
    // ---- lazy sets
    Interval(i64, i64),
    Subset(Arc<Value>),
    FuncSet(Arc<(Value, Value)>),
    RecordSet(Arc<Vec<(Arc<str>, Value)>>),
    Product(Arc<Vec<Value>>),
    SeqSet(Arc<Value>),
    Nat,
    IntSet,
    StringSet,
    /// `Real` and other sets TLC cannot enumerate or test (membership only of integers).
    RealSet,
    /// `S \ T` for an infinite S.
    Diff(Arc<(Value, Value)>),
    Op(Arc<dyn OpValue>),
}

pub type VResult<T> = Result<T, String>;

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(Arc::from(s))
    }
    pub fn empty_set() -> Value {
        Value::Set(Arc::new(Vec::new()))
    }
    /// A set from arbitrary elements (sorted and deduplicated here).
    pub fn set(mut v: Vec<Value>) -> Value {
        if v.len() > 1 {
            v.sort_by(cmp);
            v.dedup_by(|a, b| cmp(a, b) == Ordering::Equal);
        }
        Value::Set(Arc::new(v))
    }
    /// A set from elements already sorted and distinct.
    pub fn set_sorted(v: Vec<Value>) -> Value {
        Value::Set(Arc::new(v))
    }
    pub fn tuple(v: Vec<Value>) -> Value {
        Value::Tuple(Arc::new(v))
    }
    pub fn record(mut fields: Vec<(Arc<str>, Value)>) -> Value {
        fields.sort_by(|a, b| a.0.cmp(&b.0));
        fields.dedup_by(|a, b| a.0 == b.0);
        if fields.is_empty() {
            return Value::tuple(Vec::new());
        }
        Value::Record(Arc::new(fields))
    }
    /// The canonical function value for a domain and range of the same length (any order).
    pub fn func(dom: Vec<Value>, rng: Vec<Value>) -> Value {
        let mut pairs: Vec<(Value, Value)> = dom.into_iter().zip(rng).collect();
        pairs.sort_by(|a, b| cmp(&a.0, &b.0));
        pairs.dedup_by(|a, b| cmp(&a.0, &b.0) == Ordering::Equal);
        Value::func_sorted(pairs)
    }
    /// Canonical function from pairs sorted by key (distinct keys).
    pub fn func_sorted(pairs: Vec<(Value, Value)>) -> Value {
        if pairs.is_empty() {
            return Value::tuple(Vec::new());
        }
        if pairs.iter().enumerate().all(|(i, (k, _))| matches!(k, Value::Int(n) if *n == i as i64 + 1)) {
            return Value::tuple(pairs.into_iter().map(|p| p.1).collect());
        }
        if pairs.iter().all(|(k, _)| matches!(k, Value::Str(_))) {
            return Value::Record(Arc::new(
                pairs.into_iter().map(|(k, v)| (if let Value::Str(s) = k { s } else { unreachable!() }, v)).collect(),
            ));
        }
        let (dom, rng) = pairs.into_iter().unzip();
        Value::Func(Arc::new(Func { dom: Arc::new(dom), rng }))
    }

    pub fn as_bool(&self) -> VResult<bool> {
        match self {
            Value::Bool(b) => Ok(*b),
            v => Err(format!("a Boolean was expected, but got {}", v)),
        }
    }
    pub fn as_int(&self) -> VResult<i64> {
        match self {
            Value::Int(i) => Ok(*i),
            v => Err(format!("an integer was expected, but got {}", v)),
        }
    }

    pub fn is_set(&self) -> bool {
        matches!(
            self,
            Value::Set(_)
                | Value::Interval(..)
                | Value::Subset(_)
                | Value::FuncSet(_)
                | Value::RecordSet(_)
                | Value::Product(_)
                | Value::SeqSet(_)
                | Value::Nat
                | Value::IntSet
                | Value::StringSet
                | Value::RealSet
                | Value::Diff(_)
        )
    }
    pub fn is_fn(&self) -> bool {
        matches!(self, Value::Tuple(_) | Value::Record(_) | Value::Func(_))
    }

    /// Number of elements of a finite set without enumerating when possible.
    pub fn cardinality(&self) -> VResult<i64> {
        Ok(match self {
            Value::Set(s) => s.len() as i64,
            Value::Interval(a, b) => (b - a + 1).max(0),
            Value::Subset(s) => {
                let n = s.cardinality()?;
                if n >= 62 {
                    return Err("SUBSET of a set too large to count".into());
                }
                1i64 << n
            }
            Value::FuncSet(p) => {
                let d = p.0.cardinality()?;
                let r = p.1.cardinality()?;
                r.checked_pow(d as u32).ok_or("function set too large")?
            }
            Value::RecordSet(fs) => {
                let mut n: i64 = 1;
                for (_, s) in fs.iter() {
                    n = n.checked_mul(s.cardinality()?).ok_or("record set too large")?;
                }
                n
            }
            Value::Product(ss) => {
                let mut n: i64 = 1;
                for s in ss.iter() {
                    n = n.checked_mul(s.cardinality()?).ok_or("product too large")?;
                }
                n
            }
            v if v.is_set() => return Err(format!("the cardinality of the infinite set {} is not defined", v)),
            v => return Err(format!("Cardinality of the non-set {}", v)),
        })
    }

    /// Elements of a finite set in TLC's order (sorted).
    pub fn elements(&self) -> VResult<Arc<Vec<Value>>> {
        Ok(match self {
            Value::Set(s) => s.clone(),
            Value::Interval(a, b) => Arc::new((*a..=*b).map(Value::Int).collect()),
            Value::Subset(s) => {
                let base = s.elements()?;
                if base.len() > 24 {
                    return Err(format!("SUBSET of a set with {} elements is too large to enumerate", base.len()));
                }
                let mut out = Vec::with_capacity(1 << base.len());
                for mask in 0u64..(1u64 << base.len()) {
                    let v: Vec<Value> = base.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, x)| x.clone()).collect();
                    out.push(Value::Set(Arc::new(v)));
                }
                out.sort_by(cmp);
                Arc::new(out)
            }
            Value::FuncSet(p) => {
                let dom = p.0.elements()?;
                let rng = p.1.elements()?;
                let mut out = Vec::new();
                let n = dom.len();
                if rng.is_empty() {
                    if n == 0 {
                        out.push(Value::tuple(Vec::new()));
                    }
                    return Ok(Arc::new(out));
                }
                let total = (rng.len() as u128).checked_pow(n as u32).unwrap_or(u128::MAX);
                if total > 50_000_000 {
                    return Err("function set too large to enumerate".into());
                }
                let mut idx = vec![0usize; n];
                loop {
                    let pairs: Vec<(Value, Value)> = dom.iter().cloned().zip(idx.iter().map(|&i| rng[i].clone())).collect();
                    out.push(Value::func_sorted(pairs));
                    // odometer, last position fastest
                    let mut k = n;
                    loop {
                        if k == 0 {
                            out.sort_by(cmp);
                            return Ok(Arc::new(out));
                        }
                        k -= 1;
                        idx[k] += 1;
                        if idx[k] < rng.len() {
                            break;
                        }
                        idx[k] = 0;
                    }
                }
            }
            Value::RecordSet(fs) => {
                let sets: Vec<Arc<Vec<Value>>> = fs.iter().map(|(_, s)| s.elements()).collect::<VResult<_>>()?;
                let mut out = Vec::new();
                for combo in product(&sets) {
                    out.push(Value::Record(Arc::new(fs.iter().map(|(n, _)| n.clone()).zip(combo).collect())));
                }
                out.sort_by(cmp);
                Arc::new(out)
            }
            Value::Product(ss) => {
                let sets: Vec<Arc<Vec<Value>>> = ss.iter().map(|s| s.elements()).collect::<VResult<_>>()?;
                let mut out: Vec<Value> = product(&sets).into_iter().map(Value::tuple).collect();
                out.sort_by(cmp);
                Arc::new(out)
            }
            Value::Nat | Value::IntSet | Value::StringSet | Value::RealSet | Value::SeqSet(_) => {
                return Err(format!("TLC cannot enumerate the infinite set {}", self))
            }
            v => return Err(format!("a set was expected, but got {}", v)),
        })
    }

    /// Membership without enumerating lazy sets.
    pub fn contains(&self, x: &Value) -> VResult<bool> {
        Ok(match self {
            Value::Set(s) => s.binary_search_by(|e| cmp(e, x)).is_ok() || (needs_deep_eq(x) && s.iter().any(|e| eq(e, x))),
            Value::Interval(a, b) => match x {
                Value::Int(i) => a <= i && i <= b,
                _ => false,
            },
            Value::Nat => matches!(x, Value::Int(i) if *i >= 0),
            Value::IntSet | Value::RealSet => matches!(x, Value::Int(_)),
            Value::StringSet => matches!(x, Value::Str(_)),
            Value::Subset(s) => {
                if !x.is_set() {
                    return Ok(false);
                }
                for e in x.elements()?.iter() {
                    if !s.contains(e)? {
                        return Ok(false);
                    }
                }
                true
            }
            Value::FuncSet(p) => {
                if !x.is_fn() {
                    return Ok(false);
                }
                // the common shapes without building the domain: f \in [1..n -> S], [D -> S]
                if let Some(same) = domain_is(x, &p.0) {
                    if !same {
                        return Ok(false);
                    }
                    let range: Box<dyn Iterator<Item = &Value>> = match x {
                        Value::Tuple(t) => Box::new(t.iter()),
                        Value::Record(r) => Box::new(r.iter().map(|(_, v)| v)),
                        Value::Func(f) => Box::new(f.rng.iter()),
                        _ => Box::new(std::iter::empty()),
                    };
                    for v in range {
                        if !p.1.contains(v)? {
                            return Ok(false);
                        }
                    }
                    return Ok(true);
                }
                let (d, r) = fn_pairs(x);
                if !eq(&Value::set(d.clone()), &p.0.normalize()?) {
                    return Ok(false);
                }
                for v in &r {
                    if !p.1.contains(v)? {
                        return Ok(false);
                    }
                }
                true
            }
            Value::RecordSet(fs) => match x {
                Value::Record(r) => {
                    r.len() == fs.len()
                        && r.iter().zip(fs.iter()).all(|((n1, v), (n2, s))| n1 == n2 && s.contains(v).unwrap_or(false))
                }
                _ => false,
            },
            Value::Product(ss) => match x {
                Value::Tuple(t) => {
                    if t.len() != ss.len() {
                        return Ok(false);
                    }
                    for (v, s) in t.iter().zip(ss.iter()) {
                        if !s.contains(v)? {
                            return Ok(false);
                        }
                    }
                    true
                }
                _ => false,
            },
            Value::Diff(p) => p.0.contains(x)? && !p.1.contains(x)?,
            Value::SeqSet(s) => match x {
                Value::Tuple(t) => {
                    for v in t.iter() {
                        if !s.contains(v)? {
                            return Ok(false);
                        }
                    }
                    true
                }
                _ => false,
            },
            v => return Err(format!("Attempted to check if the value {} is an element of the non-set {}", x, v)),
        })
    }

    /// The enumerated (canonical) form: lazy sets become `Set`, recursively.
    pub fn normalize(&self) -> VResult<Value> {
        Ok(match self {
            Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::Model(_) | Value::Op(_) => self.clone(),
            Value::Set(s) => {
                if s.iter().all(is_normal) {
                    self.clone()
                } else {
                    Value::set(s.iter().map(|v| v.normalize()).collect::<VResult<_>>()?)
                }
            }
            Value::Tuple(t) => {
                if t.iter().all(is_normal) {
                    self.clone()
                } else {
                    Value::tuple(t.iter().map(|v| v.normalize()).collect::<VResult<_>>()?)
                }
            }
            Value::Record(r) => {
                if r.iter().all(|(_, v)| is_normal(v)) {
                    self.clone()
                } else {
                    Value::Record(Arc::new(r.iter().map(|(n, v)| Ok((n.clone(), v.normalize()?))).collect::<VResult<_>>()?))
                }
            }
            Value::Func(f) => {
                if f.dom.iter().chain(f.rng.iter()).all(is_normal) {
                    self.clone()
                } else {
                    let dom = f.dom.iter().map(|v| v.normalize()).collect::<VResult<_>>()?;
                    let rng = f.rng.iter().map(|v| v.normalize()).collect::<VResult<_>>()?;
                    Value::func(dom, rng)
                }
            }
            v => {
                let els = v.elements()?;
                Value::set(els.iter().map(|e| e.normalize()).collect::<VResult<_>>()?)
            }
        })
    }
}

fn is_normal(v: &Value) -> bool {
    match v {
        Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::Model(_) => true,
        Value::Set(s) | Value::Tuple(s) => s.iter().all(is_normal),
        Value::Record(r) => r.iter().all(|(_, v)| is_normal(v)),
        Value::Func(f) => f.dom.iter().chain(f.rng.iter()).all(is_normal),
        _ => false,
    }
}

fn needs_deep_eq(v: &Value) -> bool {
    !is_normal(v)
}

/// Cartesian product of element lists, first position slowest.
fn product(sets: &[Arc<Vec<Value>>]) -> Vec<Vec<Value>> {
    let mut out = vec![Vec::new()];
    for s in sets {
        let mut next = Vec::with_capacity(out.len() * s.len());
        for prefix in &out {
            for e in s.iter() {
                let mut p = prefix.clone();
                p.push(e.clone());
                next.push(p);
            }
        }
        out = next;
    }
    out
}

/// Domain and range of a function-like value, domain sorted.
/// Whether the domain of the function `f` is the set `d`, decided without building it when
/// that is certain (`None`: use the general comparison).
fn domain_is(f: &Value, d: &Value) -> Option<bool> {
    use Value::*;
    let ints_from = |dom: &mut dyn Iterator<Item = &Value>, a: i64| dom.enumerate().all(|(i, v)| matches!(v, Int(k) if *k == a + i as i64));
    match (f, d) {
        (Tuple(t), Interval(a, b)) => Some(if t.is_empty() { a > b } else { *a == 1 && *b == t.len() as i64 }),
        (Tuple(t), Set(s)) => Some(s.len() == t.len() && ints_from(&mut s.iter(), 1)),
        (Record(r), Set(s)) => Some(s.len() == r.len() && r.iter().zip(s.iter()).all(|((n, _), v)| matches!(v, Str(k) if **k == **n))),
        (Func(fv), Interval(a, b)) if fv.dom.len() as i64 == (b - a + 1).max(0) && ints_from(&mut fv.dom.iter(), *a) => Some(true),
        (Func(fv), Set(s)) if fv.dom.len() == s.len() && fv.dom.iter().zip(s.iter()).all(|(x, y)| eq(x, y)) => Some(true),
        _ => None,
    }
}

pub fn fn_pairs(f: &Value) -> (Vec<Value>, Vec<Value>) {
    match f {
        Value::Tuple(t) => ((1..=t.len() as i64).map(Value::Int).collect(), t.to_vec()),
        Value::Record(r) => (r.iter().map(|(n, _)| Value::Str(n.clone())).collect(), r.iter().map(|(_, v)| v.clone()).collect()),
        Value::Func(f) => (f.dom.to_vec(), f.rng.clone()),
        _ => (Vec::new(), Vec::new()),
    }
}

fn kind_rank(v: &Value) -> u8 {
    match v {
        Value::Bool(_) => 0,
        Value::Int(_) => 1,
        Value::Str(_) => 2,
        Value::Model(_) => 3,
        Value::Tuple(_) | Value::Record(_) | Value::Func(_) => 4,
        Value::Op(_) => 6,
        _ => 5,
    }
}

/// TLC-compatible total order on normalized values (sets compare by size, then elements;
/// tuples by length then elements; functions by domain then range).
pub fn cmp(a: &Value, b: &Value) -> Ordering {
    use Value::*;
    match (a, b) {
        (Bool(x), Bool(y)) => x.cmp(y),
        (Int(x), Int(y)) => x.cmp(y),
        // shared values (a state's string from the literal it was assigned, an unchanged
        // function) are equal without looking inside
        (Str(x), Str(y)) => if Arc::ptr_eq(x, y) { Ordering::Equal } else { x.cmp(y) },
        (Model(x), Model(y)) => x.cmp(y),
        (Set(x), Set(y)) | (Tuple(x), Tuple(y)) if Arc::ptr_eq(x, y) => Ordering::Equal,
        (Record(x), Record(y)) if Arc::ptr_eq(x, y) => Ordering::Equal,
        (Func(x), Func(y)) if Arc::ptr_eq(x, y) => Ordering::Equal,
        (Set(x), Set(y)) => x.len().cmp(&y.len()).then_with(|| cmp_slices(x, y)),
        (Tuple(x), Tuple(y)) => x.len().cmp(&y.len()).then_with(|| cmp_slices(x, y)),
        (Record(x), Record(y)) => x.len().cmp(&y.len()).then_with(|| {
            for ((n1, v1), (n2, v2)) in x.iter().zip(y.iter()) {
                let o = n1.cmp(n2).then_with(|| cmp(v1, v2));
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        }),
        (Func(x), Func(y)) => x.dom.len().cmp(&y.dom.len()).then_with(|| if Arc::ptr_eq(&x.dom, &y.dom) { Ordering::Equal } else { cmp_slices(&x.dom, &y.dom) }).then_with(|| cmp_slices(&x.rng, &y.rng)),
        _ => {
            let (ra, rb) = (kind_rank(a), kind_rank(b));
            if ra != rb {
                return ra.cmp(&rb);
            }
            if ra == 4 {
                // different function shapes: tuple < record < func
                let shape = |v: &Value| match v {
                    Tuple(_) => 0,
                    Record(_) => 1,
                    _ => 2,
                };
                return shape(a).cmp(&shape(b));
            }
            if ra == 5 {
                // lazy sets: compare their enumerations when possible
                match (a.normalize(), b.normalize()) {
                    (Ok(x @ Set(_)), Ok(y @ Set(_))) => return cmp(&x, &y),
                    _ => return format!("{a}").cmp(&format!("{b}")),
                }
            }
            Ordering::Equal
        }
    }
}

fn cmp_slices(x: &[Value], y: &[Value]) -> Ordering {
    for (a, b) in x.iter().zip(y.iter()) {
        let o = cmp(a, b);
        if o != Ordering::Equal {
            return o;
        }
    }
    x.len().cmp(&y.len())
}

/// TLA+ equality (lazy sets compared by their elements).
pub fn eq(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Interval(a1, b1), Interval(a2, b2)) => (a1 > b1 && a2 > b2) || (a1 == a2 && b1 == b2),
        (Nat, Nat) | (IntSet, IntSet) | (StringSet, StringSet) => true,
        _ => cmp(a, b) == Ordering::Equal,
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        eq(self, other)
    }
}
impl Eq for Value {}
impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(cmp(self, other))
    }
}
impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        cmp(self, other)
    }
}

impl Hash for Value {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match self {
            Value::Bool(b) => {
                h.write_u8(0);
                h.write_u8(*b as u8)
            }
            Value::Int(i) => {
                h.write_u8(1);
                h.write_i64(*i)
            }
            Value::Str(s) => {
                h.write_u8(2);
                h.write(s.as_bytes());
                h.write_u8(0xff)
            }
            Value::Model(i) => {
                h.write_u8(3);
                h.write_u32(*i)
            }
            Value::Set(s) => {
                h.write_u8(5);
                h.write_usize(s.len());
                for v in s.iter() {
                    v.hash(h)
                }
            }
            Value::Tuple(t) => {
                h.write_u8(4);
                h.write_usize(t.len());
                for v in t.iter() {
                    v.hash(h)
                }
            }
            Value::Record(r) => {
                h.write_u8(7);
                h.write_usize(r.len());
                for (n, v) in r.iter() {
                    h.write(n.as_bytes());
                    h.write_u8(0xff);
                    v.hash(h)
                }
            }
            Value::Func(f) => {
                h.write_u8(8);
                h.write_usize(f.dom.len());
                for (k, v) in f.dom.iter().zip(f.rng.iter()) {
                    k.hash(h);
                    v.hash(h)
                }
            }
            Value::Op(_) => h.write_u8(9),
            other => match other.normalize() {
                Ok(n) => n.hash(h),
                Err(_) => {
                    h.write_u8(10);
                    h.write(format!("{other}").as_bytes())
                }
            },
        }
    }
}

/// FxHash-style 64-bit hasher: fast, deterministic; fingerprints of states use it.
#[derive(Default, Clone, Copy)]
pub struct FpHasher {
    h: u64,
}

const K: u64 = 0x517c_c1b7_2722_0a95;

impl Hasher for FpHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // final avalanche (splitmix64) so that the low bits are well mixed
        let mut z = self.h.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..c.len()].copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64)
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64)
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64)
    }
    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64)
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.h = (self.h.rotate_left(5) ^ i).wrapping_mul(K);
    }
}

/// Streaming hash of a value (its elements in order).
#[inline]
fn stream_hash(v: &Value) -> u64 {
    let mut h = FpHasher::default();
    v.hash(&mut h);
    h.finish()
}

/// Position `i`'s contribution to a function-like value's hash: a bijection of the element's
/// hash for each position, so that summing the contributions (wrapping) keeps the order.
#[inline]
fn at(i: usize, h: u64) -> u64 {
    let mut z = h ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 29)
}

/// The hash of element `i` of a function-like value (a tuple's element, a record's field and
/// value, a function's key and value).
#[inline]
fn elem_hash(v: &Value, i: usize) -> u64 {
    match v {
        Value::Tuple(t) => stream_hash(&t[i]),
        Value::Record(r) => {
            let mut h = FpHasher::default();
            h.write(r[i].0.as_bytes());
            h.write_u8(0xff);
            r[i].1.hash(&mut h);
            h.finish()
        }
        Value::Func(f) => {
            let mut h = FpHasher::default();
            f.dom[i].hash(&mut h);
            f.rng[i].hash(&mut h);
            h.finish()
        }
        _ => unreachable!("elem_hash of a non-function"),
    }
}

/// Number of elements of a function-like value, or `None`.
#[inline]
fn fn_len(v: &Value) -> Option<usize> {
    match v {
        Value::Tuple(t) => Some(t.len()),
        Value::Record(r) => Some(r.len()),
        Value::Func(f) => Some(f.dom.len()),
        _ => None,
    }
}

/// Whether element `i` of two function-like values of the same shape and length is the same
/// by identity (`same` on key and value; record field names by pointer or content).
#[inline]
fn same_elem(a: &Value, b: &Value, i: usize) -> bool {
    match (a, b) {
        (Value::Tuple(x), Value::Tuple(y)) => same(&x[i], &y[i]),
        (Value::Record(x), Value::Record(y)) => (Arc::ptr_eq(&x[i].0, &y[i].0) || x[i].0 == y[i].0) && same(&x[i].1, &y[i].1),
        (Value::Func(x), Value::Func(y)) => (Arc::ptr_eq(&x.dom, &y.dom) || same(&x.dom[i], &y.dom[i])) && same(&x.rng[i], &y.rng[i]),
        _ => false,
    }
}

/// The hash of a function-like value from the sum of its elements' contributions.
#[inline]
fn fn_final(v: &Value, sum: u64) -> u64 {
    let tag = match v {
        Value::Tuple(_) => 4u64,
        Value::Record(_) => 7,
        _ => 8,
    };
    let mut h = FpHasher::default();
    h.write_u64(tag);
    h.write_usize(fn_len(v).unwrap_or(0));
    h.write_u64(sum);
    h.finish()
}

/// A variable's hash and, for a tuple, record or function, the sum of its elements'
/// contributions (from which the hash of a value differing in a few elements is computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarHash {
    pub hash: u64,
    sum: u64,
}

/// An element's contribution to a set's hash: a bijection of its hash, the same at every
/// position (a set's elements are summed without their order, so a set that gains or loses an
/// element is hashed from the other's sum, `var_hash_from`).
#[inline]
fn set_elem(h: u64) -> u64 {
    at(usize::MAX, h)
}

/// The hash of a set from the sum of its elements' contributions.
#[inline]
fn set_final(len: usize, sum: u64) -> u64 {
    let mut h = FpHasher::default();
    h.write_u64(5);
    h.write_usize(len);
    h.write_u64(sum);
    h.finish()
}

/// The hash of one normalized value with its element sum (`value_hash`).
pub fn var_hash(v: &Value) -> VarHash {
    match fn_len(v) {
        Some(n) => {
            let sum = (0..n).fold(0u64, |acc, i| acc.wrapping_add(at(i, elem_hash(v, i))));
            VarHash { hash: fn_final(v, sum), sum }
        }
        None => match v {
            Value::Set(x) => {
                let sum = x.iter().fold(0u64, |acc, e| acc.wrapping_add(set_elem(stream_hash(e))));
                VarHash { hash: set_final(x.len(), sum), sum }
            }
            _ => VarHash { hash: stream_hash(v), sum: 0 },
        },
    }
}

/// 64-bit hash of one normalized value (one state variable's); a state's fingerprint combines
/// these, so a successor can reuse the hash of every variable it shares with its parent. A
/// tuple, record or function hashes as the sum of its elements' position-keyed hashes, so a
/// value that differs from another (`[f EXCEPT ![k] = v]`) in a few elements is hashed from the
/// other's sum and those elements (`fingerprint_lazy`).
pub fn value_hash(v: &Value) -> u64 {
    var_hash(v).hash
}

/// The hash of `t` given the hash of `s` (both normalized): when both are function-like of the
/// same kind and length and differ (by identity) in at most half of the elements, only those
/// are hashed, in both; otherwise `t` is hashed in full. Always `var_hash(t)`.
fn var_hash_from(t: &Value, s: &Value, sh: VarHash) -> VarHash {
    if let (Value::Set(y), Value::Set(x)) = (t, s) {
        return set_hash_from(y, x, sh).unwrap_or_else(|| var_hash(t));
    }
    if let (Value::Tuple(y), Value::Tuple(x)) = (t, s) {
        if y.len() != x.len() {
            return tuple_hash_from(t, y, x, sh).unwrap_or_else(|| var_hash(t));
        }
    }
    let n = match (fn_len(t), fn_len(s)) {
        (Some(a), Some(b)) if a == b && std::mem::discriminant(t) == std::mem::discriminant(s) => a,
        _ => return var_hash(t),
    };
    let mut sum = sh.sum;
    let mut changed = 0usize;
    for i in 0..n {
        if !same_elem(t, s, i) {
            changed += 1;
            if changed * 2 > n {
                return var_hash(t);
            }
            sum = sum.wrapping_sub(at(i, elem_hash(s, i))).wrapping_add(at(i, elem_hash(t, i)));
        }
    }
    VarHash { hash: fn_final(t, sum), sum }
}

/// The hash of set `y` from the hash of set `x` (both sorted): the two are walked together,
/// elements shared by identity are skipped, the others are hashed (removed from or added to the
/// sum). None when more than half of the larger set differs (hashing `y` in full is cheaper).
fn set_hash_from(y: &[Value], x: &[Value], sh: VarHash) -> Option<VarHash> {
    let limit = x.len().max(y.len()) / 2;
    let (mut i, mut j, mut changed) = (0usize, 0usize, 0usize);
    let mut sum = sh.sum;
    while i < x.len() || j < y.len() {
        if i < x.len() && j < y.len() && same(&x[i], &y[j]) {
            i += 1;
            j += 1;
            continue;
        }
        changed += 1;
        if changed > limit {
            return None;
        }
        let o = if i == x.len() {
            Ordering::Greater
        } else if j == y.len() {
            Ordering::Less
        } else {
            cmp(&x[i], &y[j])
        };
        match o {
            Ordering::Less => {
                sum = sum.wrapping_sub(set_elem(stream_hash(&x[i])));
                i += 1;
            }
            Ordering::Greater => {
                sum = sum.wrapping_add(set_elem(stream_hash(&y[j])));
                j += 1;
            }
            Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    Some(VarHash { hash: set_final(y.len(), sum), sum })
}

/// The hash of tuple `t` (elements `y`) from the hash of a tuple `x` of another length (`Append`,
/// `SubSeq` from 1): the common prefix is compared by identity, the positions past it hashed.
/// None when more than half of the longer tuple differs.
fn tuple_hash_from(t: &Value, y: &[Value], x: &[Value], sh: VarHash) -> Option<VarHash> {
    let limit = x.len().max(y.len()) / 2;
    let n = x.len().min(y.len());
    let mut changed = x.len().max(y.len()) - n;
    if changed > limit {
        return None;
    }
    let mut sum = sh.sum;
    for i in 0..n {
        if !same(&x[i], &y[i]) {
            changed += 1;
            if changed > limit {
                return None;
            }
            sum = sum.wrapping_sub(at(i, stream_hash(&x[i]))).wrapping_add(at(i, stream_hash(&y[i])));
        }
    }
    for (i, v) in x.iter().enumerate().skip(n) {
        sum = sum.wrapping_sub(at(i, stream_hash(v)));
    }
    for (i, v) in y.iter().enumerate().skip(n) {
        sum = sum.wrapping_add(at(i, stream_hash(v)));
    }
    Some(VarHash { hash: fn_final(t, sum), sum })
}

/// The fingerprint of a state from the hashes of its variables (`value_hash`, in order).
pub fn combine_hashes(hs: impl Iterator<Item = u64>) -> u64 {
    let mut h = FpHasher::default();
    for x in hs {
        h.write_u64(x);
    }
    h.finish()
}

/// 64-bit fingerprint of a sequence of normalized values (a state).
pub fn fingerprint(vals: &[Value]) -> u64 {
    combine_hashes(vals.iter().map(value_hash))
}

/// The fingerprint of `t` given a state `s` with the same number of variables and their hashes
/// `sh` (`value_hash` of each): a variable of `t` that is the very same value as `s`'s (shared,
/// as UNCHANGED leaves it) is not hashed again. Equal to `fingerprint(t)`.
pub fn fingerprint_from(t: &[Value], s: &[Value], sh: &[u64]) -> u64 {
    debug_assert!(t.len() == s.len() && s.len() == sh.len());
    combine_hashes(t.iter().zip(s.iter()).zip(sh.iter()).map(|((a, b), h)| if same(a, b) { *h } else { value_hash(a) }))
}

/// `fingerprint_from` with the parent's variable hashes computed on first use: `sh[i]` is
/// `var_hash(&s[i])` once known (start with all `None` for each new parent `s`). A variable
/// shared with the parent reuses its hash; a function-like variable that differs from the
/// parent's in a few elements (`[pc EXCEPT ![self] = "b"]`) is hashed from the parent's
/// element sum and those elements. Equal to `fingerprint(t)`.
pub fn fingerprint_lazy(t: &[Value], s: &[Value], sh: &mut [Option<VarHash>]) -> u64 {
    debug_assert!(t.len() == s.len() && s.len() == sh.len());
    let mut h = FpHasher::default();
    for ((a, b), c) in t.iter().zip(s.iter()).zip(sh.iter_mut()) {
        let x = if same(a, b) {
            c.get_or_insert_with(|| var_hash(b)).hash
        } else if incremental(a, b) {
            var_hash_from(a, b, *c.get_or_insert_with(|| var_hash(b))).hash
        } else {
            value_hash(a)
        };
        h.write_u64(x);
    }
    h.finish()
}

/// Whether `a`'s hash is worth computing from `b`'s (`var_hash_from`): function-like values of
/// the same length, tuples of different lengths, or sets, with at least 4 elements.
#[inline]
fn incremental(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Set(x), Value::Set(y)) => x.len() >= 4 || y.len() >= 4,
        (Value::Tuple(x), Value::Tuple(y)) => x.len() >= 4 || y.len() >= 4,
        _ => fn_len(a).is_some_and(|n| n >= 4) && fn_len(b) == fn_len(a),
    }
}

/// Whether two values are the same by identity (equal scalars, or the same shared allocation):
/// a cheap sufficient test for equality that never looks inside a compound value.
#[inline]
pub fn same(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Bool(x), Bool(y)) => x == y,
        (Int(x), Int(y)) => x == y,
        (Model(x), Model(y)) => x == y,
        (Str(x), Str(y)) => Arc::ptr_eq(x, y),
        (Set(x), Set(y)) | (Tuple(x), Tuple(y)) => Arc::ptr_eq(x, y),
        (Record(x), Record(y)) => Arc::ptr_eq(x, y),
        (Func(x), Func(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// `a \union b` of two sets; when one already contains the other's elements the result is that
/// set itself (shared, not copied), as `msgs \union {m}` with m already sent.
pub fn set_union(a: &Value, b: &Value) -> VResult<Value> {
    if let (Value::Set(x), Value::Set(y)) = (a, b) {
        if Arc::ptr_eq(x, y) || y.is_empty() {
            return Ok(a.clone());
        }
        if x.is_empty() {
            return Ok(b.clone());
        }
        let within = |small: &[Value], big: &[Value]| small.len() <= big.len() && small.len() <= 8 && small.iter().all(|v| is_normal(v) && big.binary_search_by(|e| cmp(e, v)).is_ok());
        if within(y, x) {
            return Ok(a.clone());
        }
        if within(x, y) {
            return Ok(b.clone());
        }
    }
    let x = a.elements()?;
    let y = b.elements()?;
    Ok(merge_sorted(&x, &y))
}

/// Union of two sorted, duplicate-free element lists.
fn merge_sorted(x: &[Value], y: &[Value]) -> Value {
    let mut out = Vec::with_capacity(x.len() + y.len());
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        match cmp(&x[i], &y[j]) {
            Ordering::Less => {
                out.push(x[i].clone());
                i += 1;
            }
            Ordering::Greater => {
                out.push(y[j].clone());
                j += 1;
            }
            Ordering::Equal => {
                out.push(x[i].clone());
                i += 1;
                j += 1;
            }
        }
    }
    out.extend(x[i..].iter().cloned());
    out.extend(y[j..].iter().cloned());
    Value::Set(Arc::new(out))
}

fn write_str_lit(f: &mut std::fmt::Formatter<'_>, s: &str) -> std::fmt::Result {
    write!(f, "\"")?;
    for c in s.chars() {
        match c {
            '"' => write!(f, "\\\"")?,
            '\\' => write!(f, "\\\\")?,
            '\n' => write!(f, "\\n")?,
            c => write!(f, "{c}")?,
        }
    }
    write!(f, "\"")
}

/// TLC's printed form of values (as in error traces).
impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |f: &mut std::fmt::Formatter<'_>, items: &[Value]| -> std::fmt::Result {
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{v}")?;
            }
            Ok(())
        };
        match self {
            Value::Bool(b) => write!(f, "{}", if *b { "TRUE" } else { "FALSE" }),
            Value::Int(i) => write!(f, "{i}"),
            Value::Str(s) => write_str_lit(f, s),
            Value::Model(i) => write!(f, "{}", model_name(*i)),
            Value::Set(s) => {
                write!(f, "{{")?;
                list(f, s)?;
                write!(f, "}}")
            }
            Value::Tuple(t) => {
                write!(f, "<<")?;
                list(f, t)?;
                write!(f, ">>")
            }
            Value::Record(r) => {
                write!(f, "[")?;
                for (i, (n, v)) in r.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{n} |-> {v}")?;
                }
                write!(f, "]")
            }
            Value::Func(fv) => {
                write!(f, "(")?;
                for (i, (k, v)) in fv.dom.iter().zip(fv.rng.iter()).enumerate() {
                    if i > 0 {
                        write!(f, " @@ ")?;
                    }
                    write!(f, "{k} :> {v}")?;
                }
                write!(f, ")")
            }
            Value::Interval(a, b) => write!(f, "{a}..{b}"),
            Value::Subset(s) => write!(f, "SUBSET {s}"),
            Value::FuncSet(p) => write!(f, "[{} -> {}]", p.0, p.1),
            Value::RecordSet(fs) => {
                write!(f, "[")?;
                for (i, (n, v)) in fs.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{n} : {v}")?;
                }
                write!(f, "]")
            }
            Value::Product(ss) => {
                for (i, s) in ss.iter().enumerate() {
                    if i > 0 {
                        write!(f, " \\X ")?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
            Value::SeqSet(s) => write!(f, "Seq({s})"),
            Value::Nat => write!(f, "Nat"),
            Value::IntSet => write!(f, "Int"),
            Value::StringSet => write!(f, "STRING"),
            Value::RealSet => write!(f, "Real"),
            Value::Diff(p) => write!(f, "{} \\ {}", p.0, p.1),
            Value::Op(_) => write!(f, "<operator>"),
        }
    }
}
