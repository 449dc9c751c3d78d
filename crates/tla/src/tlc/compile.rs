//! Compiled expressions: a node that is evaluated a second time (in the scope its memo was made
//! for) is compiled once into a `Code` tree, kept on its memo (`NodeMemo::code`), and from then
//! on run from it. A `Code` tree holds what the tree walk (`Ev::eval`, `eval_bool`, `eval_cow`)
//! looks up per node on every evaluation inline: kept values (literals, constants, constant-level
//! names) as references, state variables as slot numbers, built-in operators as tags, record
//! field names and field keys, user operator calls with their resolved definition; children are
//! compiled into the parent's tree, so running it does no memo load and no dispatch on the
//! syntax for them.
//!
//! Only shapes whose semantics the tree walk decides from the node's memo alone are compiled;
//! anything else (a child never evaluated yet, LET, CHOOSE, set builders, names resolving to
//! instance substitutions or closures, ...) is a `Code::Node` leaf that calls the tree walk for
//! that sub-expression (which may itself run compiled code kept on that node). Each compiled
//! shape evaluates its operands in the tree walk's order and raises the tree walk's errors at the
//! same positions: the functions called for values, errors and the lazy cases (`lazy_member`,
//! `lazy_fn_arg`, `except_path`, `apply_fn`, `var`) are the tree walk's own.
//!
//! `compile_stats()` counts compiled nodes and fallback leaves (per process), so the part of a
//! model that still runs on the tree walk is visible (`VERIFORGE_EVAL_STATS=1` on the CLI).

use super::*;
use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

static COMPILED: AtomicUsize = AtomicUsize::new(0);
static FALLBACK: AtomicUsize = AtomicUsize::new(0);
static ROOT_FAILED: AtomicUsize = AtomicUsize::new(0);

static KINDS: std::sync::Mutex<Vec<(&'static str, usize)>> = std::sync::Mutex::new(Vec::new());

/// (nodes compiled, fallback leaves inside compiled trees, roots that could not be compiled,
/// the syntax kinds of fallback leaves and roots not compiled with their counts).
pub fn compile_stats() -> (usize, usize, usize, Vec<(&'static str, usize)>) {
    let mut k = KINDS.lock().unwrap().clone();
    k.sort_by(|a, b| b.1.cmp(&a.1));
    (COMPILED.load(Relaxed), FALLBACK.load(Relaxed), ROOT_FAILED.load(Relaxed), k)
}

#[cold]
fn count_kind(e: E) {
    use ExprKind::*;
    let k = match &e.kind {
        Name(_) => "name",
        Apply(..) => "operator application",
        Qualified(_) => "qualified name",
        Num { .. } | Str(_) | Decimal(_) => "literal",
        Prefix(op, _) if op == "UNCHANGED" => "UNCHANGED",
        Prefix(..) => "prefix operator",
        Infix(..) => "infix operator",
        Postfix(..) => "postfix operator",
        FnApp(..) => "function application",
        SetEnum(_) => "set enumeration",
        SetFilter(..) => "set filter",
        SetMap(..) => "set map",
        FnCons(..) => "function constructor",
        Except(..) => "EXCEPT",
        Let(..) => "LET",
        Quant(..) => "quantifier",
        Choose { .. } => "CHOOSE",
        Lambda(..) => "LAMBDA",
        _ => "other",
    };
    let mut v = KINDS.lock().unwrap();
    match v.iter_mut().find(|x| x.0 == k) {
        Some(x) => x.1 += 1,
        None => v.push((k, 1)),
    }
}

/// Deeper trees are cut into separately compiled pieces (a `Node` leaf).
const MAX_DEPTH: u32 = 48;

pub enum Code {
    /// The root could not be compiled: the tree walk evaluates it.
    None,
    /// Evaluate the node with the tree walk.
    Node(E),
    /// A value kept on the node's memo (literal, constant, constant-level name).
    Const(&'static Value, E),
    /// A state variable (the node, for the error when it is not assigned).
    Var(usize, E),
    /// A name without memo: bound in the environment (a quantifier variable, a parameter), or
    /// not evaluated yet; the tree walk decides when the environment does not hold a value.
    Name(&'static str, E),
    /// A nullary definition whose value depends on the state.
    Body(&'static OpDef, Sc, E),
    /// A built-in infix operator; `lazy`: `\in`/`\notin` whose set may denote a comprehension.
    Core { op: Op2, a: Box<Code>, b: Box<Code>, be: E, e: E, lazy: bool },
    Not(Box<Code>),
    /// A conjunction (`true`) or disjunction list.
    List(bool, Vec<Code>, E),
    If(Box<Code>, Box<Code>, Box<Code>, E),
    Case(Vec<(Code, Code)>, Option<Box<Code>>, E),
    /// `\A x \in S : P` (`true`) / `\E` with one bound name.
    Quant1 { all: bool, name: &'static str, set: Box<Code>, set_e: E, body: Box<Code>, e: E },
    /// `f[a]` where `f` is not a recursive function definition.
    FnApp1(Box<Code>, Box<Code>, E),
    /// `f[a, b, ...]` (the argument is the tuple).
    FnAppN(Box<Code>, Vec<Code>, E),
    Dot(Box<Code>, &'static Value, E),
    Tuple(Vec<Code>, E),
    Record(&'static [Arc<str>], Vec<Code>, E),
    Except(Box<Code>, &'static [ExceptSpec], E),
    /// `e'`
    Prime(Box<Code>, E),
    /// `{a, b, ...}` whose elements are not all literals.
    SetEnum(Vec<Code>, E),
    /// `{x \in S : P}` with one bound name.
    SetFilter { name: &'static str, set: Box<Code>, pred: Box<Code>, e: E },
    /// `CHOOSE x \in S : P` with one bound name.
    Choose { name: &'static str, set: Box<Code>, body: Box<Code>, e: E },
    /// `LET ... IN body`: the definitions are bound as the tree walk binds them.
    Let(&'static [Unit], Box<Code>, E),
    /// A user operator with parameters, resolved (not bound in the environment): arguments
    /// evaluated (a name argument may be a recursive function passed lazily), bound, body evaluated.
    Call { od: &'static OpDef, osc: Sc, args: Vec<(Code, Option<E>)>, e: E },
    /// A built-in operator applied to evaluated arguments (`Len`, `Append`, `Head`, `SubSeq`,
    /// `Cardinality`, ...): `eval_apply`'s last path, without resolving the name again.
    Builtin(&'static str, Vec<Code>, E),
}

impl Ev {
    /// The compiled form of node `e` kept on its memo `m` (made for scope `sc`), compiled now
    /// if it was not yet; `None` when the node cannot be compiled.
    ///
    /// The code holds the children's resolutions in the scope it was compiled in; a memo valid
    /// in every scope (`sc == 0`: a record key, or a node whose first evaluation did not find
    /// it scope-dependent, e.g. `i + x` with `i` bound, whose `konst` stopped at `i`) may be
    /// evaluated in another scope (a module instantiated twice): there the tree walk runs.
    #[inline]
    pub(super) fn code_of(&self, m: &'static NodeMemo, e: E, sc: Sc) -> Option<&'static Code> {
        let here = sc as *const crate::tlc::scope::Scope as usize;
        let (csc, c) = m.code.get_or_init(|| {
            let c = self.compile_node(e, sc, 0).unwrap_or(Code::None);
            if matches!(c, Code::None) {
                ROOT_FAILED.fetch_add(1, Relaxed);
                count_kind(e);
            }
            (here, c)
        });
        if matches!(c, Code::None) || *csc != here {
            None
        } else {
            Some(c)
        }
    }

    /// A child: what its memo says, compiled inline where possible, else a `Node` leaf.
    fn compile_child(&self, e: E, sc: Sc, depth: u32) -> Code {
        use ExprKind::*;
        let c = match (&e.kind, memo_of(e, sc)) {
            (Bool(b), _) => Some(Code::Const(if *b { &TRUE } else { &FALSE }, e)),
            (_, Some(NodeMemo { fast: Fast::Val(v), .. })) => Some(Code::Const(v, e)),
            (Name(_), Some(NodeMemo { fast: Fast::Var(i), .. })) => Some(Code::Var(*i, e)),
            (Name(_), Some(NodeMemo { fast: Fast::Body(od, osc), .. })) => Some(Code::Body(od, osc, e)),
            (Name(n), None) => Some(Code::Name(intern(n), e)),
            (_, Some(_)) if depth < MAX_DEPTH => self.compile_node(e, sc, depth + 1),
            _ => None,
        };
        c.unwrap_or_else(|| {
            FALLBACK.fetch_add(1, Relaxed);
            count_kind(e);
            Code::Node(e)
        })
    }

    /// Node `e` itself (its memo exists for scope `sc`), or `None` for a shape not compiled.
    fn compile_node(&self, e: E, sc: Sc, depth: u32) -> Option<Code> {
        use ExprKind::*;
        let m = memo_of(e, sc)?;
        let ch = |x: E| Box::new(self.compile_child(x, sc, depth));
        let c = match (&e.kind, &m.fast) {
            (Infix(_, a, b), Fast::Core(op)) => {
                let lazy = matches!(op, Op2::In | Op2::NotIn) && matches!(b.kind, SetFilter(..) | Name(_) | Apply(..));
                Code::Core { op: *op, a: ch(a), b: ch(b), be: b, e, lazy }
            }
            (Prefix(_, a), Fast::Core(Op2::Not)) => Code::Not(ch(a)),
            (JunctionList(j, items), Fast::Slow) => {
                Code::List(*j == Junction::And, items.iter().map(|i| self.compile_child(i, sc, depth)).collect(), e)
            }
            (If(c, a, b), Fast::Slow) => Code::If(ch(c), ch(a), ch(b), e),
            (Case(arms, other), Fast::Slow) => Code::Case(
                arms.iter().map(|(g, v)| (self.compile_child(g, sc, depth), self.compile_child(v, sc, depth))).collect(),
                other.as_ref().map(|o| ch(o)),
                e,
            ),
            (Quant(q, bounds, body), Fast::Slow) => {
                let [b] = &bounds[..] else { return None };
                if b.tuple || b.names.len() != 1 {
                    return None;
                }
                Code::Quant1 {
                    all: *q == crate::ast::Quant::All,
                    name: intern(&b.names[0].name),
                    set: ch(&b.set),
                    set_e: &b.set,
                    body: ch(body),
                    e,
                }
            }
            (FnApp(f, args), Fast::Slow) => {
                // as `eval_node`: only where `f` cannot be a recursive function definition
                let direct = match (&f.kind, memo_of(f, sc)) {
                    (Name(_), Some(NodeMemo { fast: Fast::Var(_), .. })) => true,
                    (Name(_), Some(NodeMemo { fast: Fast::Val(_), resolved, .. })) => !matches!(resolved, Some((Def::Fn(..), _))),
                    (Name(_), _) => false,
                    _ => true,
                };
                if !direct {
                    return None;
                }
                if args.len() == 1 {
                    Code::FnApp1(ch(f), ch(&args[0]), e)
                } else {
                    Code::FnAppN(ch(f), args.iter().map(|a| self.compile_child(a, sc, depth)).collect(), e)
                }
            }
            (Dot(r, _), Fast::Key(k)) => Code::Dot(ch(r), k, e),
            (Tuple(items), Fast::Slow) => Code::Tuple(items.iter().map(|i| self.compile_child(i, sc, depth)).collect(), e),
            (Record(fields), Fast::Names(ns)) => {
                Code::Record(ns, fields.iter().map(|(_, x)| self.compile_child(x, sc, depth)).collect(), e)
            }
            (Except(f, specs), Fast::Slow) => Code::Except(ch(f), specs, e),
            (Postfix(op, a), Fast::Slow) if op == "'" => Code::Prime(ch(a), e),
            (SetEnum(items), Fast::Slow) => Code::SetEnum(items.iter().map(|i| self.compile_child(i, sc, depth)).collect(), e),
            (SetFilter(b, p), Fast::Slow) if !b.tuple && b.names.len() == 1 => {
                Code::SetFilter { name: intern(&b.names[0].name), set: ch(&b.set), pred: ch(p), e }
            }
            (Choose { names, tuple: false, set: Some(set), body }, Fast::Slow) if names.len() == 1 => {
                Code::Choose { name: intern(&names[0].name), set: ch(set), body: ch(body), e }
            }
            (Let(units, body), Fast::Slow) => Code::Let(units, ch(body), e),
            (Apply(n, args), Fast::Slow) if m.unbound && m.resolved.is_none() => {
                // no definition and no override (`resolve` turns an override into a definition):
                // a built-in operator; the ones with lazy or operator arguments stay in the tree walk
                if matches!(
                    n.as_str(),
                    "Assert" | "SelectSeq" | "SortSeq" | "FoldSet" | "FoldSeq" | "FoldFunction" | "FoldFunctionOnSet" | "MapThenFoldSet" | "FoldLeft" | "FoldRight"
                ) {
                    return None;
                }
                Code::Builtin(intern(n), args.iter().map(|a| self.compile_child(a, sc, depth)).collect(), e)
            }
            (Apply(_, args), Fast::Slow) if m.unbound => {
                let Some((Def::Op(od, osc), _)) = &m.resolved else { return None };
                if od.params.len() != args.len() || args.is_empty() || od.params.iter().any(|p| p.arity > 0) {
                    return None;
                }
                let args = args
                    .iter()
                    .map(|a| (self.compile_child(a, sc, depth), matches!(a.kind, Name(_)).then_some(a)))
                    .collect();
                Code::Call { od, osc, args, e }
            }
            _ => return None,
        };
        COMPILED.fetch_add(1, Relaxed);
        Some(c)
    }

    /// Runs compiled code: `eval` of the node it was compiled from.
    pub(super) fn run(&self, c: &'static Code, sc: Sc, env: &Env, st: &St) -> R<Value> {
        match c {
            Code::Const(v, _) => Ok((*v).clone()),
            Code::Var(i, e) => self.var(*i, e, sc, st),
            Code::Name(n, e) => {
                if let Some(v) = env.get(n) {
                    if !matches!(v, Value::Op(_)) {
                        return Ok(v.clone());
                    }
                }
                self.eval(e, sc, env, st)
            }
            Code::Node(e) => self.eval(e, sc, env, st),
            Code::Body(od, osc, _) => self.eval(&od.body, osc, &Env::default(), st),
            Code::Core { op, a, b, be, e, lazy } => {
                if let Some(r) = self.run_core_bool(*op, a, b, be, e, *lazy, sc, env, st) {
                    return r.map(Value::Bool);
                }
                let av = self.run_cow(a, sc, env, st)?;
                let bv = self.run_cow(b, sc, env, st)?;
                let ints = |x: &Value, y: &Value| -> R<(i64, i64)> {
                    match (x, y) {
                        (Value::Int(p), Value::Int(q)) => Ok((*p, *q)),
                        _ => Ok((x.as_int().map_err(|m| err_at(sc, e.span, m))?, y.as_int().map_err(|m| err_at(sc, e.span, m))?)),
                    }
                };
                let ov = |r: Option<i64>| r.map(Value::Int).ok_or_else(|| err_at(sc, e.span, "integer overflow"));
                match op {
                    Op2::Add => ints(&av, &bv).and_then(|(x, y)| ov(x.checked_add(y))),
                    Op2::Sub => ints(&av, &bv).and_then(|(x, y)| ov(x.checked_sub(y))),
                    Op2::Mul => ints(&av, &bv).and_then(|(x, y)| ov(x.checked_mul(y))),
                    Op2::Range => ints(&av, &bv).map(|(x, y)| Value::Interval(x, y)),
                    _ => {
                        let ExprKind::Infix(sym, ..) = &e.kind else { unreachable!() };
                        self.infix_values(sym, &av, &bv).map_err(|m| err_at(sc, e.span, m))
                    }
                }
            }
            Code::Not(a) => Ok(Value::Bool(!self.run_bool(a, sc, env, st)?)),
            Code::List(..) | Code::Quant1 { .. } => self.run_bool(c, sc, env, st).map(Value::Bool),
            Code::If(c, a, b, _) => {
                if self.run_bool(c, sc, env, st)? {
                    self.run(a, sc, env, st)
                } else {
                    self.run(b, sc, env, st)
                }
            }
            Code::Case(arms, other, e) => {
                for (g, v) in arms {
                    if self.run_bool(g, sc, env, st)? {
                        return self.run(v, sc, env, st);
                    }
                }
                match other {
                    Some(o) => self.run(o, sc, env, st),
                    None => Err(err_at(sc, e.span, "Attempted to evaluate a CASE with no conditions true")),
                }
            }
            Code::FnApp1(f, a, e) => {
                let fv = self.run_cow(f, sc, env, st)?;
                let arg = self.run_cow(a, sc, env, st)?;
                self.apply_fn(&fv, &arg).map_err(|m| err_at(sc, e.span, m))
            }
            Code::FnAppN(f, args, e) => {
                let fv = self.run_cow(f, sc, env, st)?;
                let arg = Value::tuple(args.iter().map(|a| self.run(a, sc, env, st)).collect::<R<Vec<_>>>()?);
                self.apply_fn(&fv, &arg).map_err(|m| err_at(sc, e.span, m))
            }
            Code::Dot(r, k, e) => {
                let rv = self.run_cow(r, sc, env, st)?;
                self.apply_fn(&rv, k).map_err(|m| err_at(sc, e.span, m))
            }
            Code::Tuple(items, _) => Ok(Value::tuple(items.iter().map(|i| self.run(i, sc, env, st)).collect::<R<Vec<_>>>()?)),
            Code::Record(names, items, _) => {
                let mut fs = Vec::with_capacity(items.len());
                for (x, n) in items.iter().zip(names.iter()) {
                    fs.push((n.clone(), self.run(x, sc, env, st)?));
                }
                Ok(Value::record(fs))
            }
            Code::Except(f, specs, e) => {
                let mut fv = self.run(f, sc, env, st)?;
                for spec in specs.iter() {
                    fv = self.except_path(&fv, &spec.path, &spec.value, sc, env, st, e)?;
                }
                Ok(fv)
            }
            Code::Prime(a, e) => {
                if st.primed {
                    return Err(err_at(sc, e.span, "double prime"));
                }
                let st2 = St { primed: true, ..*st };
                self.run(a, sc, env, &st2)
            }
            Code::SetEnum(items, e) => {
                let v = items.iter().map(|i| self.run(i, sc, env, st)).collect::<R<Vec<_>>>()?;
                let v = v.into_iter().map(|x| x.normalize()).collect::<Result<Vec<_>, _>>().map_err(|m| err_at(sc, e.span, m))?;
                Ok(Value::set(v))
            }
            Code::SetFilter { name, set, pred, e } => {
                let s = self.run(set, sc, env, st)?;
                let els = s.elements().map_err(|m| err_at(sc, e.span, m))?;
                let mut out = Vec::new();
                let mut slot = None;
                for x in els.iter() {
                    Env::rebind(&mut slot, env, name, x.clone());
                    if self.run_bool(pred, sc, slot.as_ref().unwrap(), st)? {
                        out.push(x.clone());
                    }
                }
                Ok(Value::set_sorted(out))
            }
            Code::Choose { name, set, body, e } => {
                let s = self.run(set, sc, env, st)?;
                let els = s.elements().map_err(|m| err_at(sc, e.span, m))?;
                let mut slot = None;
                for x in els.iter() {
                    Env::rebind(&mut slot, env, name, x.clone());
                    if self.run_bool(body, sc, slot.as_ref().unwrap(), st)? {
                        return Ok(x.clone());
                    }
                }
                Err(err_at(
                    sc,
                    e.span,
                    "Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but no element of S satisfied P",
                ))
            }
            Code::Let(units, body, _) => {
                let env2 = self.bind_let(units, sc, env)?;
                self.run(body, sc, &env2, st)
            }
            Code::Call { od, osc, args, .. } => {
                let mut env2 = Env::default();
                for (p, (a, name)) in od.params.iter().zip(args.iter()) {
                    let lazy = match name {
                        Some(ae) => self.lazy_fn_arg(ae, sc, env),
                        None => None,
                    };
                    let v = match lazy {
                        Some(f) => f,
                        None => self.run(a, sc, env, st)?,
                    };
                    env2 = env2.bind(p.name.name.as_str(), v);
                }
                self.eval(&od.body, osc, &env2, st)
            }
            Code::Builtin(n, args, e) => {
                let argv = args.iter().map(|a| self.run(a, sc, env, st)).collect::<R<Vec<_>>>()?;
                self.builtin_apply(n, argv, e, sc, st)
            }
            Code::None => unreachable!("Code::None is never run"),
        }
    }

    /// `eval_bool` of the node the code was compiled from.
    pub(super) fn run_bool(&self, c: &'static Code, sc: Sc, env: &Env, st: &St) -> R<bool> {
        match c {
            Code::Const(Value::Bool(b), _) => return Ok(*b),
            Code::Core { op, a, b, be, e, lazy } => {
                if let Some(r) = self.run_core_bool(*op, a, b, be, e, *lazy, sc, env, st) {
                    return r;
                }
            }
            Code::Not(a) => return Ok(!self.run_bool(a, sc, env, st)?),
            Code::List(and, items, _) => {
                for i in items {
                    let b = self.run_bool(i, sc, env, st)?;
                    if *and != b {
                        return Ok(b);
                    }
                }
                return Ok(*and);
            }
            Code::Quant1 { all, name, set, set_e, body, .. } => {
                let s = self.run(set, sc, env, st)?;
                let els = s.elements().map_err(|m| err_at(sc, set_e.span, m))?;
                let mut slot = None;
                for x in els.iter() {
                    Env::rebind(&mut slot, env, name, x.clone());
                    if self.run_bool(body, sc, slot.as_ref().unwrap(), st)? != *all {
                        return Ok(!*all);
                    }
                }
                return Ok(*all);
            }
            Code::Node(e) => return self.eval_bool(e, sc, env, st),
            _ => {}
        }
        match self.run(c, sc, env, st)? {
            Value::Bool(b) => Ok(b),
            v => Err(err_at(sc, self.code_span(c), format!("A non-boolean expression ({}) was used as a condition", v))),
        }
    }

    /// The position `eval_bool` reports a non-Boolean value at: the compiled node's.
    #[cold]
    fn code_span(&self, c: &Code) -> Span {
        match c {
            Code::Node(e) | Code::Var(_, e) | Code::Name(_, e) | Code::Core { e, .. } | Code::List(_, _, e) | Code::Case(_, _, e) => e.span,
            Code::Quant1 { e, .. } | Code::FnApp1(_, _, e) | Code::FnAppN(_, _, e) | Code::Dot(_, _, e) | Code::Except(_, _, e) | Code::Prime(_, e) => e.span,
            Code::Builtin(_, _, e) | Code::SetEnum(_, e) | Code::SetFilter { e, .. } | Code::Choose { e, .. } | Code::Let(_, _, e) => e.span,
            Code::Const(_, e) | Code::Body(_, _, e) | Code::If(_, _, _, e) | Code::Tuple(_, e) | Code::Record(_, _, e) | Code::Call { e, .. } => e.span,
            Code::Not(_) | Code::None => unreachable!("a negation is Boolean; Code::None is never run"),
        }
    }

    /// `eval_cow` of the node the code was compiled from: kept values, state variables and
    /// values bound in the environment are borrowed.
    /// The leaves (kept values, state variables, bound names) are decided inline at the
    /// caller, without a call and without the result passing through memory.
    #[inline(always)]
    pub(super) fn run_cow<'a>(&self, c: &'static Code, sc: Sc, env: &'a Env, st: &St<'a>) -> R<Cow<'a, Value>> {
        match c {
            Code::Const(v, _) => return Ok(Cow::Borrowed(*v)),
            Code::Var(i, _) => {
                if let Some(v) = var_ref(*i, st) {
                    return Ok(Cow::Borrowed(v));
                }
            }
            Code::Name(n, _) => {
                if let Some(v) = env.get(n) {
                    if !matches!(v, Value::Op(_)) {
                        return Ok(Cow::Borrowed(v));
                    }
                }
            }
            _ => {}
        }
        self.run_cow_slow(c, sc, env, st)
    }

    #[inline(never)]
    fn run_cow_slow<'a>(&self, c: &'static Code, sc: Sc, env: &'a Env, st: &St<'a>) -> R<Cow<'a, Value>> {
        match c {
            Code::Node(e) => self.eval_cow(e, sc, env, st),
            _ => self.run(c, sc, env, st).map(Cow::Owned),
        }
    }

    /// `core_bool` on compiled operands.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn run_core_bool(&self, op: Op2, a: &'static Code, b: &'static Code, be: E, e: E, lazy: bool, sc: Sc, env: &Env, st: &St) -> Option<R<bool>> {
        let r = || -> R<bool> {
            match op {
                Op2::And => return Ok(self.run_bool(a, sc, env, st)? && self.run_bool(b, sc, env, st)?),
                Op2::Or => return Ok(self.run_bool(a, sc, env, st)? || self.run_bool(b, sc, env, st)?),
                Op2::Implies => return Ok(!self.run_bool(a, sc, env, st)? || self.run_bool(b, sc, env, st)?),
                Op2::Equiv => return Ok(self.run_bool(a, sc, env, st)? == self.run_bool(b, sc, env, st)?),
                _ => {}
            }
            let av = self.run_cow(a, sc, env, st)?;
            if lazy {
                if let Some(r) = self.lazy_member(&av, be, e, sc, env, st)? {
                    return Ok(r == (op == Op2::In));
                }
            }
            let bv = self.run_cow(b, sc, env, st)?;
            let er = |m: String| err_at(sc, e.span, m);
            let ints = |x: &Value, y: &Value| -> R<(i64, i64)> {
                match (x, y) {
                    (Value::Int(p), Value::Int(q)) => Ok((*p, *q)),
                    _ => Ok((x.as_int().map_err(er)?, y.as_int().map_err(er)?)),
                }
            };
            match op {
                Op2::Eq => values_eq(&av, &bv).map_err(er),
                Op2::Neq => values_eq(&av, &bv).map(|x| !x).map_err(er),
                Op2::In => bv.contains(&av).map_err(er),
                Op2::NotIn => bv.contains(&av).map(|x| !x).map_err(er),
                Op2::Lt => ints(&av, &bv).map(|(x, y)| x < y),
                Op2::Gt => ints(&av, &bv).map(|(x, y)| x > y),
                Op2::Le => ints(&av, &bv).map(|(x, y)| x <= y),
                Op2::Ge => ints(&av, &bv).map(|(x, y)| x >= y),
                _ => unreachable!(),
            }
        };
        match op {
            Op2::And | Op2::Or | Op2::Implies | Op2::Equiv | Op2::Eq | Op2::Neq | Op2::In | Op2::NotIn | Op2::Lt | Op2::Gt | Op2::Le | Op2::Ge => Some(r()),
            _ => None,
        }
    }
}

static TRUE: Value = Value::Bool(true);
static FALSE: Value = Value::Bool(false);
