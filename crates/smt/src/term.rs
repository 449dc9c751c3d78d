//! The typed term language: quantifier-free bit-vectors, Booleans, arrays
//! (bit-vector index -> bit-vector element) and uninterpreted functions.
//!
//! Terms are immutable DAGs behind `Arc` (cheap to clone, `Send + Sync`), with
//! a structural hash cached in every node so that `==`/`Hash` are structural
//! yet fast, and the SMT-LIB printer can share repeated sub-terms.
//!
//! Sort checking happens at construction. [`Term::app`] returns
//! `Result<Term, SortError>`; the convenience builders (`x.bvadd(&y)`, ...)
//! call it and **panic** with the sort error: an ill-sorted term is a bug in
//! the caller, not a runtime condition. Use `Term::app` where sorts come from
//! untrusted input.

use crate::bv::BitVec;
use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The sort of a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sort {
    Bool,
    /// Bit-vector of the given width (>= 1).
    Bv(u32),
    /// Array from `Bv(index)` to `Bv(elem)`.
    Array { index: u32, elem: u32 },
}

impl Sort {
    pub fn bv_width(self) -> Option<u32> {
        match self {
            Sort::Bv(w) => Some(w),
            _ => None,
        }
    }

    pub fn to_smtlib(self) -> String {
        match self {
            Sort::Bool => "Bool".into(),
            Sort::Bv(w) => format!("(_ BitVec {w})"),
            Sort::Array { index, elem } => format!("(Array (_ BitVec {index}) (_ BitVec {elem}))"),
        }
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_smtlib())
    }
}

/// An uninterpreted function symbol (e.g. an eBPF helper or map lookup).
/// Domain and range sorts are Bool or bit-vectors.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncDecl {
    pub name: String,
    pub domain: Vec<Sort>,
    pub range: Sort,
}

impl FuncDecl {
    pub fn new(name: impl Into<String>, domain: Vec<Sort>, range: Sort) -> Arc<FuncDecl> {
        Arc::new(FuncDecl { name: name.into(), domain, range })
    }
}

/// Operators. Leaves carry their payload; everything else takes `args`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A free constant (SMT-LIB `declare-const`) with the given sort.
    Var(Arc<str>, Sort),
    BoolConst(bool),
    BvConst(BitVec),
    /// `((as const (Array (_ BitVec index) E)) value)`: one arg, the element.
    ConstArray { index: u32 },
    // Boolean
    Not,
    And,
    Or,
    Xor,
    Implies,
    /// Equality on any sort (on Bool it is "iff").
    Eq,
    Distinct,
    Ite,
    // Bit-vector arithmetic and logic
    BvNot,
    BvNeg,
    BvAnd,
    BvOr,
    BvXor,
    BvAdd,
    BvSub,
    BvMul,
    BvUdiv,
    BvUrem,
    BvSdiv,
    BvSrem,
    BvSmod,
    BvShl,
    BvLshr,
    BvAshr,
    /// First arg is the high part.
    Concat,
    Extract { hi: u32, lo: u32 },
    ZeroExt(u32),
    SignExt(u32),
    // Comparisons
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
    // Arrays
    Select,
    Store,
    /// Application of an uninterpreted function.
    Apply(Arc<FuncDecl>),
}

impl Op {
    /// SMT-LIB2 operator text (for leaves see the printer).
    pub fn smtlib_name(&self) -> String {
        use Op::*;
        match self {
            Var(..) | BoolConst(_) | BvConst(_) => String::new(),
            ConstArray { .. } => String::new(),
            Not => "not".into(),
            And => "and".into(),
            Or => "or".into(),
            Xor => "xor".into(),
            Implies => "=>".into(),
            Eq => "=".into(),
            Distinct => "distinct".into(),
            Ite => "ite".into(),
            BvNot => "bvnot".into(),
            BvNeg => "bvneg".into(),
            BvAnd => "bvand".into(),
            BvOr => "bvor".into(),
            BvXor => "bvxor".into(),
            BvAdd => "bvadd".into(),
            BvSub => "bvsub".into(),
            BvMul => "bvmul".into(),
            BvUdiv => "bvudiv".into(),
            BvUrem => "bvurem".into(),
            BvSdiv => "bvsdiv".into(),
            BvSrem => "bvsrem".into(),
            BvSmod => "bvsmod".into(),
            BvShl => "bvshl".into(),
            BvLshr => "bvlshr".into(),
            BvAshr => "bvashr".into(),
            Concat => "concat".into(),
            Extract { hi, lo } => format!("(_ extract {hi} {lo})"),
            ZeroExt(n) => format!("(_ zero_extend {n})"),
            SignExt(n) => format!("(_ sign_extend {n})"),
            Ult => "bvult".into(),
            Ule => "bvule".into(),
            Ugt => "bvugt".into(),
            Uge => "bvuge".into(),
            Slt => "bvslt".into(),
            Sle => "bvsle".into(),
            Sgt => "bvsgt".into(),
            Sge => "bvsge".into(),
            Select => "select".into(),
            Store => "store".into(),
            Apply(f) => crate::smtlib::quote_symbol(&f.name),
        }
    }
}

/// Why a term could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortError(pub String);

impl fmt::Display for SortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sort error: {}", self.0)
    }
}

impl std::error::Error for SortError {}

pub(crate) struct Node {
    pub(crate) op: Op,
    pub(crate) args: Vec<Term>,
    pub(crate) sort: Sort,
    hash: u64,
}

/// A shared, immutable, sort-checked term.
#[derive(Clone)]
pub struct Term(pub(crate) Arc<Node>);

impl PartialEq for Term {
    /// Structural equality, iterative (deep store chains must not overflow the stack) and
    /// memoized on node pairs: two equal DAGs built separately (no shared nodes) are compared
    /// in time linear in their size, not in the number of their paths (exponential for a
    /// chain of terms that each use the previous one twice).
    fn eq(&self, other: &Term) -> bool {
        if Arc::ptr_eq(&self.0, &other.0) {
            return true;
        }
        let mut seen: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
        let mut pending = vec![(self, other)];
        while let Some((a, b)) = pending.pop() {
            if Arc::ptr_eq(&a.0, &b.0) {
                continue;
            }
            if a.0.hash != b.0.hash || a.0.op != b.0.op || a.0.args.len() != b.0.args.len() {
                return false;
            }
            if !seen.insert((a.id(), b.id())) {
                continue;
            }
            pending.extend(a.0.args.iter().zip(&b.0.args));
        }
        true
    }
}

impl Drop for Node {
    /// Frees deep DAGs without recursion: children we own alone are unwrapped
    /// onto an explicit stack.
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.args);
        while let Some(t) = stack.pop() {
            if let Ok(mut node) = Arc::try_unwrap(t.0) {
                stack.append(&mut node.args);
            }
        }
    }
}

impl Eq for Term {}

impl Hash for Term {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash)
    }
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::smtlib::term_to_string(self))
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::smtlib::term_to_string(self))
    }
}

fn err<T>(msg: String) -> Result<T, SortError> {
    Err(SortError(msg))
}

fn expect_args(op: &Op, args: &[Term], n: usize) -> Result<(), SortError> {
    if args.len() != n {
        return err(format!("{op:?} takes {n} argument(s), got {}", args.len()));
    }
    Ok(())
}

fn all_bool(op: &Op, args: &[Term]) -> Result<(), SortError> {
    match args.iter().find(|a| a.sort() != Sort::Bool) {
        Some(a) => err(format!("{op:?} needs Bool arguments, got {}", a.sort())),
        None => Ok(()),
    }
}

/// Width shared by all args, which must all be bit-vectors of that width.
fn same_bv(op: &Op, args: &[Term]) -> Result<u32, SortError> {
    let w = match args.first().map(|a| a.sort()) {
        Some(Sort::Bv(w)) => w,
        Some(s) => return err(format!("{op:?} needs bit-vector arguments, got {s}")),
        None => return err(format!("{op:?} needs arguments")),
    };
    match args.iter().find(|a| a.sort() != Sort::Bv(w)) {
        Some(a) => err(format!("{op:?} needs equal widths, got (_ BitVec {w}) and {}", a.sort())),
        None => Ok(w),
    }
}

/// The result sort of `op` applied to `args`, or why it is ill-sorted.
fn result_sort(op: &Op, args: &[Term]) -> Result<Sort, SortError> {
    use Op::*;
    match op {
        Var(name, sort) => {
            expect_args(op, args, 0)?;
            if name.is_empty() {
                return err("empty variable name".into());
            }
            check_sort(*sort)?;
            Ok(*sort)
        }
        BoolConst(_) => expect_args(op, args, 0).map(|_| Sort::Bool),
        BvConst(v) => expect_args(op, args, 0).map(|_| Sort::Bv(v.width())),
        ConstArray { index } => {
            expect_args(op, args, 1)?;
            match args[0].sort() {
                Sort::Bv(elem) if *index > 0 => Ok(Sort::Array { index: *index, elem }),
                s => err(format!("const array needs a bit-vector element and index width > 0, got {s}")),
            }
        }
        Not => expect_args(op, args, 1).and_then(|_| all_bool(op, args)).map(|_| Sort::Bool),
        And | Or | Xor => all_bool(op, args).map(|_| Sort::Bool),
        Implies => expect_args(op, args, 2).and_then(|_| all_bool(op, args)).map(|_| Sort::Bool),
        Eq | Distinct => {
            if args.len() < 2 {
                return err(format!("{op:?} needs at least 2 arguments"));
            }
            match args.iter().find(|a| a.sort() != args[0].sort()) {
                Some(a) => err(format!("{op:?} on different sorts {} and {}", args[0].sort(), a.sort())),
                None => Ok(Sort::Bool),
            }
        }
        Ite => {
            expect_args(op, args, 3)?;
            if args[0].sort() != Sort::Bool {
                return err(format!("ite condition must be Bool, got {}", args[0].sort()));
            }
            if args[1].sort() != args[2].sort() {
                return err(format!("ite branches differ: {} vs {}", args[1].sort(), args[2].sort()));
            }
            Ok(args[1].sort())
        }
        BvNot | BvNeg => expect_args(op, args, 1).and_then(|_| same_bv(op, args)).map(Sort::Bv),
        BvAnd | BvOr | BvXor | BvAdd | BvMul => {
            if args.len() < 2 {
                return err(format!("{op:?} needs at least 2 arguments"));
            }
            same_bv(op, args).map(Sort::Bv)
        }
        BvSub | BvUdiv | BvUrem | BvSdiv | BvSrem | BvSmod | BvShl | BvLshr | BvAshr => {
            expect_args(op, args, 2).and_then(|_| same_bv(op, args)).map(Sort::Bv)
        }
        Ult | Ule | Ugt | Uge | Slt | Sle | Sgt | Sge => {
            expect_args(op, args, 2).and_then(|_| same_bv(op, args)).map(|_| Sort::Bool)
        }
        Concat => {
            if args.len() < 2 {
                return err("concat needs at least 2 arguments".into());
            }
            let mut total: u64 = 0;
            for a in args {
                match a.sort() {
                    Sort::Bv(w) => total += w as u64,
                    s => return err(format!("concat needs bit-vectors, got {s}")),
                }
            }
            u32::try_from(total).map(Sort::Bv).map_err(|_| SortError("concat too wide".into()))
        }
        Extract { hi, lo } => {
            expect_args(op, args, 1)?;
            let w = same_bv(op, args)?;
            if lo > hi || *hi >= w {
                return err(format!("extract [{hi}:{lo}] out of range for width {w}"));
            }
            Ok(Sort::Bv(hi - lo + 1))
        }
        ZeroExt(n) | SignExt(n) => {
            expect_args(op, args, 1)?;
            let w = same_bv(op, args)?;
            w.checked_add(*n).map(Sort::Bv).ok_or_else(|| SortError("extension too wide".into()))
        }
        Select => {
            expect_args(op, args, 2)?;
            match (args[0].sort(), args[1].sort()) {
                (Sort::Array { index, elem }, Sort::Bv(i)) if i == index => Ok(Sort::Bv(elem)),
                (a, i) => err(format!("select from {a} at {i}")),
            }
        }
        Store => {
            expect_args(op, args, 3)?;
            match (args[0].sort(), args[1].sort(), args[2].sort()) {
                (s @ Sort::Array { index, elem }, Sort::Bv(i), Sort::Bv(e)) if i == index && e == elem => Ok(s),
                (a, i, e) => err(format!("store into {a} at {i} of {e}")),
            }
        }
        Apply(f) => {
            if args.len() != f.domain.len() {
                return err(format!("{} takes {} argument(s), got {}", f.name, f.domain.len(), args.len()));
            }
            for (i, (a, s)) in args.iter().zip(&f.domain).enumerate() {
                if a.sort() != *s {
                    return err(format!("{} argument {i} must be {s}, got {}", f.name, a.sort()));
                }
            }
            for s in f.domain.iter().chain([&f.range]) {
                if matches!(s, Sort::Array { .. }) {
                    return err(format!("{}: uninterpreted functions over arrays are not supported", f.name));
                }
                check_sort(*s)?;
            }
            Ok(f.range)
        }
    }
}

fn check_sort(s: Sort) -> Result<(), SortError> {
    match s {
        Sort::Bv(0) | Sort::Array { index: 0, .. } | Sort::Array { elem: 0, .. } => {
            err("bit-vector width must be at least 1".into())
        }
        _ => Ok(()),
    }
}

fn node_hash(op: &Op, args: &[Term]) -> u64 {
    let mut h = DefaultHasher::new();
    op.hash(&mut h);
    for a in args {
        h.write_u64(a.0.hash);
    }
    h.finish()
}

macro_rules! binary_builders {
    ($($name:ident => $op:ident),* $(,)?) => {
        $(
            #[doc = concat!("`", stringify!($op), "` of `self` and `other`; panics on a sort mismatch.")]
            pub fn $name(&self, other: &Term) -> Term {
                Term::build(Op::$op, vec![self.clone(), other.clone()])
            }
        )*
    };
}

impl Term {
    /// Applies `op` to `args`, checking sorts.
    pub fn app(op: Op, args: Vec<Term>) -> Result<Term, SortError> {
        let sort = result_sort(&op, &args)?;
        let hash = node_hash(&op, &args);
        Ok(Term(Arc::new(Node { op, args, sort, hash })))
    }

    /// `Term::app` that panics on a sort error (a caller bug).
    fn build(op: Op, args: Vec<Term>) -> Term {
        match Term::app(op, args) {
            Ok(t) => t,
            Err(e) => panic!("vf-smt: {e}"),
        }
    }

    pub fn sort(&self) -> Sort {
        self.0.sort
    }

    pub fn op(&self) -> &Op {
        &self.0.op
    }

    pub fn args(&self) -> &[Term] {
        &self.0.args
    }

    /// Bit-vector width, panicking if this is not a bit-vector.
    pub fn width(&self) -> u32 {
        self.sort().bv_width().unwrap_or_else(|| panic!("vf-smt: {} is not a bit-vector", self.sort()))
    }

    /// Identity of the shared node (equal for clones of the same `Term`).
    pub fn id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    // ---- leaves ----

    /// A free constant of any sort. Names starting with `vf!` are reserved.
    pub fn var(name: &str, sort: Sort) -> Term {
        Term::build(Op::Var(Arc::from(name), sort), vec![])
    }

    pub fn bv_var(name: &str, width: u32) -> Term {
        Term::var(name, Sort::Bv(width))
    }

    pub fn bool_var(name: &str) -> Term {
        Term::var(name, Sort::Bool)
    }

    pub fn array_var(name: &str, index: u32, elem: u32) -> Term {
        Term::var(name, Sort::Array { index, elem })
    }

    pub fn bool_const(b: bool) -> Term {
        Term::build(Op::BoolConst(b), vec![])
    }

    pub fn tru() -> Term {
        Term::bool_const(true)
    }

    pub fn fls() -> Term {
        Term::bool_const(false)
    }

    /// `value mod 2^width`.
    pub fn bv_const(width: u32, value: u64) -> Term {
        Term::bv(BitVec::from_u64(width, value))
    }

    pub fn bv(value: BitVec) -> Term {
        Term::build(Op::BvConst(value), vec![])
    }

    /// The array mapping every index of width `index` to `elem`.
    pub fn const_array(index: u32, elem: &Term) -> Term {
        Term::build(Op::ConstArray { index }, vec![elem.clone()])
    }

    /// Applies an uninterpreted function.
    pub fn apply(f: &Arc<FuncDecl>, args: &[Term]) -> Term {
        Term::build(Op::Apply(f.clone()), args.to_vec())
    }

    // ---- Boolean ----

    pub fn not(&self) -> Term {
        Term::build(Op::Not, vec![self.clone()])
    }

    /// Conjunction; `and(&[])` is `true`.
    pub fn and(terms: &[Term]) -> Term {
        match terms.len() {
            0 => Term::tru(),
            1 => {
                all_bool(&Op::And, terms).unwrap_or_else(|e| panic!("vf-smt: {e}"));
                terms[0].clone()
            }
            _ => Term::build(Op::And, terms.to_vec()),
        }
    }

    /// Disjunction; `or(&[])` is `false`.
    pub fn or(terms: &[Term]) -> Term {
        match terms.len() {
            0 => Term::fls(),
            1 => {
                all_bool(&Op::Or, terms).unwrap_or_else(|e| panic!("vf-smt: {e}"));
                terms[0].clone()
            }
            _ => Term::build(Op::Or, terms.to_vec()),
        }
    }

    pub fn and2(&self, other: &Term) -> Term {
        Term::build(Op::And, vec![self.clone(), other.clone()])
    }

    pub fn or2(&self, other: &Term) -> Term {
        Term::build(Op::Or, vec![self.clone(), other.clone()])
    }

    pub fn xor(&self, other: &Term) -> Term {
        Term::build(Op::Xor, vec![self.clone(), other.clone()])
    }

    pub fn implies(&self, other: &Term) -> Term {
        Term::build(Op::Implies, vec![self.clone(), other.clone()])
    }

    /// Equality on any sort.
    pub fn eq(&self, other: &Term) -> Term {
        Term::build(Op::Eq, vec![self.clone(), other.clone()])
    }

    pub fn ne(&self, other: &Term) -> Term {
        Term::build(Op::Distinct, vec![self.clone(), other.clone()])
    }

    pub fn distinct(terms: &[Term]) -> Term {
        Term::build(Op::Distinct, terms.to_vec())
    }

    /// `if self then a else b`.
    pub fn ite(&self, a: &Term, b: &Term) -> Term {
        Term::build(Op::Ite, vec![self.clone(), a.clone(), b.clone()])
    }

    // ---- bit-vectors ----

    pub fn bvnot(&self) -> Term {
        Term::build(Op::BvNot, vec![self.clone()])
    }

    pub fn bvneg(&self) -> Term {
        Term::build(Op::BvNeg, vec![self.clone()])
    }

    binary_builders! {
        bvand => BvAnd, bvor => BvOr, bvxor => BvXor,
        bvadd => BvAdd, bvsub => BvSub, bvmul => BvMul,
        bvudiv => BvUdiv, bvurem => BvUrem, bvsdiv => BvSdiv, bvsrem => BvSrem, bvsmod => BvSmod,
        bvshl => BvShl, bvlshr => BvLshr, bvashr => BvAshr,
        concat => Concat,
        ult => Ult, ule => Ule, ugt => Ugt, uge => Uge,
        slt => Slt, sle => Sle, sgt => Sgt, sge => Sge,
        select => Select,
    }

    /// Bits `hi..=lo` (`hi - lo + 1` bits wide).
    pub fn extract(&self, hi: u32, lo: u32) -> Term {
        Term::build(Op::Extract { hi, lo }, vec![self.clone()])
    }

    /// Adds `extra` zero bits on top.
    pub fn zero_extend(&self, extra: u32) -> Term {
        Term::build(Op::ZeroExt(extra), vec![self.clone()])
    }

    /// Adds `extra` copies of the sign bit on top.
    pub fn sign_extend(&self, extra: u32) -> Term {
        Term::build(Op::SignExt(extra), vec![self.clone()])
    }

    /// Array update: `self` with `index` mapped to `value`.
    pub fn store(&self, index: &Term, value: &Term) -> Term {
        Term::build(Op::Store, vec![self.clone(), index.clone(), value.clone()])
    }

    /// Every node of the DAG reachable from `roots`, children before parents, each once.
    pub fn postorder(roots: &[Term]) -> Vec<Term> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        let mut stack: Vec<(Term, bool)> = roots.iter().rev().map(|t| (t.clone(), false)).collect();
        while let Some((t, expanded)) = stack.pop() {
            if expanded {
                out.push(t);
                continue;
            }
            if !seen.insert(t.id()) {
                continue;
            }
            stack.push((t.clone(), true));
            for a in t.args().iter().rev() {
                if !seen.contains(&a.id()) {
                    stack.push((a.clone(), false));
                }
            }
        }
        out
    }

    /// Free constants (name, sort) occurring in `roots`, in first-occurrence order, deduplicated.
    pub fn free_vars(roots: &[Term]) -> Vec<(Arc<str>, Sort)> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for t in Term::postorder(roots) {
            if let Op::Var(name, sort) = t.op() {
                if seen.insert((name.clone(), *sort)) {
                    out.push((name.clone(), *sort));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `t_{k+1} = t_k + t_k`, built from fresh nodes: 2^n paths, n + 1 distinct nodes.
    fn doubling_chain(n: usize, leaf: &str) -> Term {
        let mut t = Term::bv_var(leaf, 64);
        for _ in 0..n {
            t = t.bvadd(&t);
        }
        t
    }

    #[test]
    fn equality_of_separately_built_dags_is_linear() {
        // without memoizing node pairs this visits 2^200 pairs and never finishes
        let (a, b) = (doubling_chain(200, "x"), doubling_chain(200, "x"));
        assert!(!Arc::ptr_eq(&a.0, &b.0));
        assert!(a == b);
        // a difference at the one shared leaf is still found
        let c = doubling_chain(200, "y");
        assert!(a != c);
        let mut m = std::collections::HashMap::new();
        m.insert(a, 1);
        assert_eq!(m.get(&b), Some(&1));
        assert_eq!(m.get(&c), None);
    }

    #[test]
    fn sorts_are_checked() {
        let x = Term::bv_var("x", 8);
        let y = Term::bv_var("y", 16);
        assert!(Term::app(Op::BvAdd, vec![x.clone(), y.clone()]).is_err());
        assert!(Term::app(Op::Extract { hi: 8, lo: 0 }, vec![x.clone()]).is_err());
        assert!(Term::app(Op::Ite, vec![x.clone(), x.clone(), x.clone()]).is_err());
        assert_eq!(x.concat(&y).sort(), Sort::Bv(24));
        assert_eq!(x.extract(7, 4).sort(), Sort::Bv(4));
        assert_eq!(y.sign_extend(48).sort(), Sort::Bv(64));
        let a = Term::array_var("m", 64, 8);
        assert!(Term::app(Op::Select, vec![a.clone(), x.clone()]).is_err());
        assert_eq!(a.select(&Term::bv_const(64, 3)).sort(), Sort::Bv(8));
        let f = FuncDecl::new("f", vec![Sort::Bv(8)], Sort::Bool);
        assert!(Term::app(Op::Apply(f.clone()), vec![y]).is_err());
        assert_eq!(Term::apply(&f, &[x]).sort(), Sort::Bool);
    }

    #[test]
    #[should_panic(expected = "equal widths")]
    fn builders_panic_on_sort_errors() {
        Term::bv_var("x", 8).bvadd(&Term::bv_var("y", 9));
    }

    #[test]
    fn structural_equality_and_sharing() {
        let x = Term::bv_var("x", 32);
        let a = x.bvadd(&Term::bv_const(32, 1));
        let b = Term::bv_var("x", 32).bvadd(&Term::bv_const(32, 1));
        assert_eq!(a, b);
        assert_ne!(a.id(), b.id());
        let c = a.bvmul(&a);
        assert_eq!(Term::postorder(&[c.clone()]).len(), 4);
        assert_eq!(Term::free_vars(&[c]).len(), 1);
    }
}
