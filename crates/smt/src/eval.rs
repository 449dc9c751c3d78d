//! Concrete values, models and the reference evaluator of the term language.
//!
//! The evaluator is independent of every solver: tests use it to check that a
//! solver's model really satisfies a formula (and really distinguishes the two
//! sides of a refuted identity), and the tracks use it for differential testing.

use crate::bv::BitVec;
use crate::term::{Op, Sort, Term};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// An array value: a default element plus finitely many explicit entries.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayValue {
    pub index_width: u32,
    pub default: BitVec,
    pub entries: BTreeMap<BitVec, BitVec>,
}

impl ArrayValue {
    pub fn constant(index_width: u32, default: BitVec) -> ArrayValue {
        ArrayValue { index_width, default, entries: BTreeMap::new() }
    }

    pub fn get(&self, index: &BitVec) -> BitVec {
        self.entries.get(index).unwrap_or(&self.default).clone()
    }

    pub fn store(&self, index: &BitVec, value: &BitVec) -> ArrayValue {
        let mut out = self.clone();
        if *value == out.default {
            out.entries.remove(index);
        } else {
            out.entries.insert(index.clone(), value.clone());
        }
        out
    }

    pub fn sort(&self) -> Sort {
        Sort::Array { index: self.index_width, elem: self.default.width() }
    }
}

/// A concrete value of some sort. Array equality is extensional (entries equal
/// to the default are never stored, so derived `==` is extensional).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Bool(bool),
    Bv(BitVec),
    Array(ArrayValue),
}

impl Value {
    pub fn sort(&self) -> Sort {
        match self {
            Value::Bool(_) => Sort::Bool,
            Value::Bv(b) => Sort::Bv(b.width()),
            Value::Array(a) => a.sort(),
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_bv(&self) -> Option<&BitVec> {
        match self {
            Value::Bv(b) => Some(b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&ArrayValue> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The all-zero (or false) value of a sort.
    pub fn zero(sort: Sort) -> Value {
        match sort {
            Sort::Bool => Value::Bool(false),
            Sort::Bv(w) => Value::Bv(BitVec::zero(w)),
            Sort::Array { index, elem } => Value::Array(ArrayValue::constant(index, BitVec::zero(elem))),
        }
    }

    /// SMT-LIB2 text of the value.
    pub fn to_smtlib(&self) -> String {
        match self {
            Value::Bool(b) => b.to_string(),
            Value::Bv(b) => b.to_smtlib(),
            Value::Array(a) => {
                let mut s = format!("((as const {}) {})", a.sort().to_smtlib(), a.default.to_smtlib());
                for (i, v) in &a.entries {
                    s = format!("(store {s} {} {})", i.to_smtlib(), v.to_smtlib());
                }
                s
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_smtlib())
    }
}

/// Interpretation of one uninterpreted function: explicit points plus an
/// optional default for all other argument tuples.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuncTable {
    pub entries: HashMap<Vec<Value>, Value>,
    pub default: Option<Value>,
}

/// Why a term could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A free constant has no value in the model.
    Unassigned(String),
    /// A value has the wrong sort for its variable.
    SortMismatch(String),
    /// An uninterpreted function has no value at these arguments and no default.
    MissingFuncPoint(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Unassigned(v) => write!(f, "no value for `{v}` in the model"),
            EvalError::SortMismatch(m) => write!(f, "sort mismatch: {m}"),
            EvalError::MissingFuncPoint(m) => write!(f, "uninterpreted function has no value at {m}"),
        }
    }
}

impl std::error::Error for EvalError {}

/// Values for free constants and uninterpreted functions: either returned by a
/// solver for a `sat` answer, or built by hand (`set`, `set_func_point`) for
/// differential testing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    vars: BTreeMap<String, Value>,
    funcs: BTreeMap<String, FuncTable>,
}

impl Model {
    pub fn new() -> Model {
        Model::default()
    }

    pub fn set(&mut self, name: &str, value: Value) {
        self.vars.insert(name.to_string(), value);
    }

    pub fn set_bv(&mut self, name: &str, value: BitVec) {
        self.set(name, Value::Bv(value));
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars.get(name)
    }

    /// Value of a bit-vector variable (convenience for counterexamples).
    pub fn get_bv(&self, name: &str) -> Option<&BitVec> {
        self.get(name).and_then(Value::as_bv)
    }

    pub fn vars(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.vars.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn set_func_point(&mut self, name: &str, args: Vec<Value>, result: Value) {
        self.funcs.entry(name.to_string()).or_default().entries.insert(args, result);
    }

    pub fn set_func_default(&mut self, name: &str, result: Value) {
        self.funcs.entry(name.to_string()).or_default().default = Some(result);
    }

    pub fn func(&self, name: &str) -> Option<&FuncTable> {
        self.funcs.get(name)
    }

    /// Evaluates `term` under this model with the crate's own evaluator.
    pub fn eval(&self, term: &Term) -> Result<Value, EvalError> {
        eval(term, self)
    }

    /// `eval` for a Bool term.
    pub fn eval_bool(&self, term: &Term) -> Result<bool, EvalError> {
        self.eval(term)?.as_bool().ok_or_else(|| EvalError::SortMismatch(format!("{} is not Bool", term.sort())))
    }

    /// `eval` for a bit-vector term.
    pub fn eval_bv(&self, term: &Term) -> Result<BitVec, EvalError> {
        match self.eval(term)? {
            Value::Bv(b) => Ok(b),
            v => Err(EvalError::SortMismatch(format!("{} is not a bit-vector", v.sort()))),
        }
    }

    /// Lines `name = value` sorted by name (what the CLI prints).
    pub fn to_pretty(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.vars {
            s.push_str(&format!("{k} = {v}\n"));
        }
        for (k, t) in &self.funcs {
            let mut points: Vec<_> = t.entries.iter().collect();
            points.sort();
            for (args, r) in points {
                let a: Vec<String> = args.iter().map(|v| v.to_string()).collect();
                s.push_str(&format!("{k}({}) = {r}\n", a.join(", ")));
            }
        }
        s
    }
}

/// Evaluates `term` under `model`: shared sub-terms are evaluated once.
pub fn eval(term: &Term, model: &Model) -> Result<Value, EvalError> {
    let mut memo: HashMap<usize, Value> = HashMap::new();
    let order = Term::postorder(std::slice::from_ref(term));
    for t in &order {
        let args: Vec<&Value> = t.args().iter().map(|a| &memo[&a.id()]).collect();
        let v = eval_node(t, &args, model)?;
        memo.insert(t.id(), v);
    }
    Ok(memo.remove(&term.id()).expect("root evaluated"))
}

fn bv(v: &Value) -> &BitVec {
    v.as_bv().expect("sort-checked term: bit-vector argument")
}

fn boolean(v: &Value) -> bool {
    v.as_bool().expect("sort-checked term: Bool argument")
}

fn fold_bv(args: &[&Value], f: impl Fn(&BitVec, &BitVec) -> BitVec) -> Value {
    let mut acc = bv(args[0]).clone();
    for a in &args[1..] {
        acc = f(&acc, bv(a));
    }
    Value::Bv(acc)
}

fn eval_node(t: &Term, a: &[&Value], model: &Model) -> Result<Value, EvalError> {
    use Op::*;
    let cmp = |f: fn(&BitVec, &BitVec) -> bool| Value::Bool(f(bv(a[0]), bv(a[1])));
    Ok(match t.op() {
        Var(name, sort) => {
            let v = model.vars.get(&**name).ok_or_else(|| EvalError::Unassigned(name.to_string()))?;
            if v.sort() != *sort {
                return Err(EvalError::SortMismatch(format!("`{name}` is {sort} but the model has {}", v.sort())));
            }
            v.clone()
        }
        BoolConst(b) => Value::Bool(*b),
        BvConst(b) => Value::Bv(b.clone()),
        ConstArray { index } => Value::Array(ArrayValue::constant(*index, bv(a[0]).clone())),
        Not => Value::Bool(!boolean(a[0])),
        And => Value::Bool(a.iter().all(|v| boolean(v))),
        Or => Value::Bool(a.iter().any(|v| boolean(v))),
        Xor => Value::Bool(a.iter().fold(false, |acc, v| acc ^ boolean(v))),
        Implies => Value::Bool(!boolean(a[0]) || boolean(a[1])),
        Eq => Value::Bool(a.windows(2).all(|w| w[0] == w[1])),
        Distinct => {
            let mut all: Vec<&Value> = a.to_vec();
            all.sort();
            Value::Bool(all.windows(2).all(|w| w[0] != w[1]))
        }
        Ite => {
            if boolean(a[0]) {
                a[1].clone()
            } else {
                a[2].clone()
            }
        }
        BvNot => Value::Bv(bv(a[0]).not()),
        BvNeg => Value::Bv(bv(a[0]).neg()),
        BvAnd => fold_bv(a, BitVec::and),
        BvOr => fold_bv(a, BitVec::or),
        BvXor => fold_bv(a, BitVec::xor),
        BvAdd => fold_bv(a, BitVec::add),
        BvMul => fold_bv(a, BitVec::mul),
        BvSub => fold_bv(a, BitVec::sub),
        BvUdiv => fold_bv(a, BitVec::udiv),
        BvUrem => fold_bv(a, BitVec::urem),
        BvSdiv => fold_bv(a, BitVec::sdiv),
        BvSrem => fold_bv(a, BitVec::srem),
        BvSmod => fold_bv(a, BitVec::smod),
        BvShl => fold_bv(a, BitVec::shl),
        BvLshr => fold_bv(a, BitVec::lshr),
        BvAshr => fold_bv(a, BitVec::ashr),
        Concat => fold_bv(a, BitVec::concat),
        Extract { hi, lo } => Value::Bv(bv(a[0]).extract(*hi, *lo)),
        ZeroExt(n) => Value::Bv(bv(a[0]).zero_extend(*n)),
        SignExt(n) => Value::Bv(bv(a[0]).sign_extend(*n)),
        Ult => cmp(BitVec::ult),
        Ule => cmp(BitVec::ule),
        Ugt => cmp(|x, y| y.ult(x)),
        Uge => cmp(|x, y| y.ule(x)),
        Slt => cmp(BitVec::slt),
        Sle => cmp(BitVec::sle),
        Sgt => cmp(|x, y| y.slt(x)),
        Sge => cmp(|x, y| y.sle(x)),
        Select => {
            let arr = a[0].as_array().expect("sort-checked term: array");
            Value::Bv(arr.get(bv(a[1])))
        }
        Store => {
            let arr = a[0].as_array().expect("sort-checked term: array");
            Value::Array(arr.store(bv(a[1]), bv(a[2])))
        }
        Apply(f) => {
            let key: Vec<Value> = a.iter().map(|v| (*v).clone()).collect();
            let table = model.funcs.get(&f.name);
            let hit = table.and_then(|tb| tb.entries.get(&key).or(tb.default.as_ref()));
            match hit {
                Some(v) if v.sort() == f.range => v.clone(),
                Some(v) => return Err(EvalError::SortMismatch(format!("{} returns {}, model has {}", f.name, f.range, v.sort()))),
                None => {
                    let shown: Vec<String> = key.iter().map(|v| v.to_string()).collect();
                    return Err(EvalError::MissingFuncPoint(format!("{}({})", f.name, shown.join(", "))));
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::FuncDecl;

    #[test]
    fn evaluates_bv_array_and_uf_terms() {
        let x = Term::bv_var("x", 8);
        let m = Term::array_var("m", 8, 8);
        let f = FuncDecl::new("f", vec![Sort::Bv(8)], Sort::Bv(8));
        let mut model = Model::new();
        model.set_bv("x", BitVec::from_u64(8, 5));
        model.set("m", Value::Array(ArrayValue::constant(8, BitVec::from_u64(8, 9))));
        model.set_func_point("f", vec![Value::Bv(BitVec::from_u64(8, 10))], Value::Bv(BitVec::from_u64(8, 77)));
        let t = x.bvadd(&x);
        assert_eq!(model.eval_bv(&t).unwrap(), BitVec::from_u64(8, 10));
        assert_eq!(model.eval_bv(&Term::apply(&f, &[t.clone()])).unwrap(), BitVec::from_u64(8, 77));
        let stored = m.store(&x, &Term::bv_const(8, 1));
        assert_eq!(model.eval_bv(&stored.select(&x)).unwrap(), BitVec::from_u64(8, 1));
        assert_eq!(model.eval_bv(&stored.select(&t)).unwrap(), BitVec::from_u64(8, 9));
        assert!(model.eval_bool(&stored.eq(&m)).map(|b| !b).unwrap());
        assert!(matches!(model.eval(&Term::bv_var("y", 8)), Err(EvalError::Unassigned(_))));
        assert!(matches!(model.eval(&Term::apply(&f, &[x])), Err(EvalError::MissingFuncPoint(_))));
    }

    #[test]
    fn array_equality_is_extensional() {
        let a = ArrayValue::constant(4, BitVec::from_u64(8, 0));
        let one = BitVec::from_u64(4, 1);
        let b = a.store(&one, &BitVec::from_u64(8, 3)).store(&one, &BitVec::from_u64(8, 0));
        assert_eq!(a, b);
    }
}
