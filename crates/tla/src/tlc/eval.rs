//! Expression evaluation with TLC's semantics and its built-in standard modules (Naturals,
//! Integers, Sequences, FiniteSets, Bags, TLC). Errors carry the position of the expression
//! being evaluated.

use super::scope::{instantiate, Def, Loader, RootInfo, Sc, E};
use super::value::{self, eq, fn_pairs, Value};
use super::{Closure, ClosureBody, Env};
use crate::ast::*;
use crate::error::SourceFile;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[path = "lazy.rs"]
mod lazy;
#[path = "compile.rs"]
mod compile;
pub use compile::compile_stats;

#[derive(Clone, Copy)]
pub struct BoundRef {
    pub names: &'static [Ident],
    pub tuple: bool,
}

/// An evaluation error: boxed, so that the hot `R<Value>` stays as small as a `Value` (the error
/// path is rare; the success path moves results everywhere). Fields are read through `Deref`.
#[derive(Debug, Clone)]
pub struct EvalError(Box<EvalErrorInfo>);

#[derive(Debug, Clone)]
pub struct EvalErrorInfo {
    pub pos: Option<(&'static SourceFile, Span)>,
    pub msg: String,
}

impl std::ops::Deref for EvalError {
    type Target = EvalErrorInfo;
    fn deref(&self) -> &EvalErrorInfo {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut EvalErrorInfo {
        &mut self.0
    }
}

impl EvalError {
    #[cold]
    pub fn new(pos: Option<(&'static SourceFile, Span)>, msg: impl Into<String>) -> EvalError {
        EvalError(Box::new(EvalErrorInfo { pos, msg: msg.into() }))
    }

    /// `file:line:col: message` (or just the message without a position).
    pub fn one_line(&self) -> String {
        match self.pos {
            Some((f, sp)) => {
                let (l, c) = f.line_col(sp.start);
                format!("{}:{l}:{c}: {}", f.name, self.msg)
            }
            None => self.msg.clone(),
        }
    }
}

pub type R<T> = Result<T, EvalError>;

/// The state an expression is evaluated in: the current state (absent for constants and Init),
/// the partially built next state (Init: the state being built), and whether we are under a prime.
#[derive(Clone, Copy)]
pub struct St<'a> {
    pub cur: Option<&'a [Value]>,
    pub nxt: Option<&'a [Option<Value>]>,
    pub primed: bool,
}

impl<'a> St<'a> {
    pub const NONE: St<'static> = St { cur: None, nxt: None, primed: false };
}

pub struct Ev {
    pub loader: &'static Loader,
    pub var_names: Vec<&'static str>,
    pub regs: Mutex<HashMap<i64, Value>>,
    /// Output of Print/PrintT (the checker prints it).
    pub out: Mutex<Vec<String>>,
    pub echo: bool,
    /// TLCGet("level") etc. are read from here when set by the checker.
    pub level: std::sync::atomic::AtomicI64,
    /// Definitions and built-in operators replaced by the configuration (`Nat <- MCNat`, `C = v`
    /// for a constant of an instantiated module).
    pub overrides: std::sync::RwLock<HashMap<String, Value>>,
    pub has_overrides: std::sync::atomic::AtomicBool,
    /// Set once the model is loaded (constants, overrides and constant-level caches final): from
    /// then on what a name resolves to is remembered on its syntax node (`Expr::memo`).
    pub frozen: std::sync::atomic::AtomicBool,
}

/// What the evaluator remembers on a syntax node: for a name (or operator application, or
/// user-defined infix/prefix operator) what it resolves to in scope `sc`; for a literal (number,
/// string, literal set, record field names), its value (`sc == 0`: valid in every scope).
///
/// Invariant used by `Ev::eval`: a `Name` or `Apply` node gets a memo only after its name was
/// looked up in the lexical environment and not found there (`Ev::node`'s callers search `env`
/// first; `eval_first` records `unbound`). Which names are bound around a syntax node is lexical
/// (binders enclosing it, the parameters of its definition, LET), so it is the same at every
/// evaluation of the node in one scope, and later evaluations skip the environment search.
pub struct NodeMemo {
    sc: usize,
    resolved: Option<(Def, Sc)>,
    fast: Fast,
    /// The node's name (Name/Apply) is not bound in the lexical environment.
    unbound: bool,
    /// The node compiled (`compile.rs`), built at its second evaluation in scope `sc`.
    /// (the scope it was compiled in, the code)
    code: std::sync::OnceLock<(usize, compile::Code)>,
}

enum Fast {
    /// The node's value, the same at every evaluation (literal, constant, constant-level definition).
    Val(Value),
    /// A state variable.
    Var(usize),
    /// A nullary definition whose value depends on the state: evaluate its body.
    Body(&'static OpDef, Sc),
    /// The operands of a user-defined infix operator, as operator arguments.
    Args(&'static [Expr]),
    /// The field names of a record constructor.
    Names(Vec<Arc<str>>),
    /// The key of `r.field`.
    Key(Value),
    /// A built-in infix operator (or `~`), decided once instead of matching its symbol.
    Core(Op2),
    /// Nothing more than `resolved`.
    Slow,
}

/// A resolution: remembered on the node, or computed now (before the model is frozen, or for a
/// node evaluated in more than one scope).
pub enum DefRef {
    Memo(&'static NodeMemo),
    Owned(Option<(Def, Sc)>),
}

impl DefRef {
    pub fn get(&self) -> Option<(&Def, Sc)> {
        match self {
            DefRef::Memo(m) => m.resolved.as_ref().map(|(d, s)| (d, *s)),
            DefRef::Owned(o) => o.as_ref().map(|(d, s)| (d, *s)),
        }
    }
    fn fast(&self) -> &Fast {
        match self {
            DefRef::Memo(m) => &m.fast,
            DefRef::Owned(_) => &Fast::Slow,
        }
    }
}

/// The built-in operators the evaluator dispatches on a tag (resolved once per node).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op2 {
    And,
    Or,
    Implies,
    Equiv,
    Eq,
    Neq,
    In,
    NotIn,
    Lt,
    Gt,
    Le,
    Ge,
    Add,
    Sub,
    Mul,
    Range,
    /// any other built-in infix operator: `infix_values` by symbol
    Other,
    /// prefix `~`
    Not,
}

impl Op2 {
    fn of_infix(op: &str) -> Op2 {
        match op {
            "/\\" => Op2::And,
            "\\/" => Op2::Or,
            "=>" => Op2::Implies,
            "<=>" => Op2::Equiv,
            "=" => Op2::Eq,
            "#" | "/=" => Op2::Neq,
            "\\in" => Op2::In,
            "\\notin" => Op2::NotIn,
            "<" => Op2::Lt,
            ">" => Op2::Gt,
            "<=" | "=<" => Op2::Le,
            ">=" => Op2::Ge,
            "+" => Op2::Add,
            "-" => Op2::Sub,
            "*" => Op2::Mul,
            ".." => Op2::Range,
            _ => Op2::Other,
        }
    }
}

/// Whether nodes are compiled (`compile.rs`); `VERIFORGE_NO_COMPILE=1` keeps the tree walk
/// alone (for comparisons).
#[inline]
fn compiled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("VERIFORGE_NO_COMPILE").is_none())
}

#[inline]
fn memo_of(e: E, sc: Sc) -> Option<&'static NodeMemo> {
    let m: &'static NodeMemo = e.memo.0.get()?;
    if m.sc == 0 || m.sc == sc as *const super::scope::Scope as usize {
        Some(m)
    } else {
        None
    }
}

/// The value of a literal node, computed once.
#[inline]
fn literal(e: E, f: impl FnOnce() -> R<Value>) -> R<Value> {
    if let Some(NodeMemo { sc: 0, fast: Fast::Val(v), .. }) = e.memo.0.get().map(|m| &**m) {
        return Ok(v.clone());
    }
    let v = f()?;
    let _ = e.memo.0.set(Box::new(NodeMemo { sc: 0, resolved: None, fast: Fast::Val(v.clone()), unbound: false, code: Default::default() }));
    Ok(v)
}

/// A state variable's value by reference, as `Ev::var` reads it (None where `var` fails).
#[inline]
fn var_ref<'a>(i: usize, st: &St<'a>) -> Option<&'a Value> {
    if st.primed {
        primed_read();
        return st.nxt?[i].as_ref();
    }
    match st.cur {
        Some(c) => Some(&c[i]),
        None => st.nxt?[i].as_ref(),
    }
}

#[cold]
fn err_at(sc: Sc, sp: Span, msg: impl Into<String>) -> EvalError {
    EvalError::new(Some((sc.file, sp)), msg)
}

fn op_closure(c: &Arc<dyn value::OpValue>) -> Option<&Closure> {
    c.as_any().downcast_ref::<Closure>()
}

/// Operators the evaluator implements itself and that a spec normally does not redefine.
fn core_infix(op: &str) -> bool {
    matches!(
        op,
        "=" | "#" | "/=" | "\\in" | "\\notin" | "\\union" | "\\intersect" | "\\" | "\\subseteq" | "<" | ">" | "<=" | ">=" | "=<"
            | "+" | "-" | "*" | ".." | "/\\" | "\\/" | "=>" | "<=>"
    )
}

impl Ev {
    pub fn new(loader: &'static Loader) -> Ev {
        Ev {
            loader,
            var_names: Vec::new(),
            regs: Mutex::new(HashMap::new()),
            out: Mutex::new(Vec::new()),
            echo: true,
            level: std::sync::atomic::AtomicI64::new(0),
            overrides: std::sync::RwLock::new(HashMap::new()),
            has_overrides: std::sync::atomic::AtomicBool::new(false),
            frozen: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Declares the model loaded: constants, overrides and cached constant-level definitions
    /// will not change any more, so name resolutions may be remembered on the syntax nodes.
    pub fn freeze(&self) {
        self.frozen.store(true, std::sync::atomic::Ordering::Release);
    }

    /// `resolve(n)` for the node `e` (whose name, or operator symbol, is `n`) in scope `sc`:
    /// computed once per node after `freeze`.
    pub fn node(&self, n: &str, e: E, sc: Sc) -> R<DefRef> {
        if let Some(m) = memo_of(e, sc) {
            return Ok(DefRef::Memo(m));
        }
        let r = self.resolve(n, sc, e.span)?;
        if !self.frozen.load(std::sync::atomic::Ordering::Acquire) || e.memo.0.get().is_some() {
            return Ok(DefRef::Owned(r));
        }
        let fast = match &e.kind {
            ExprKind::Name(_) => self.fast_name(n, &r, sc),
            ExprKind::Infix(_, a, b) if r.is_some() => {
                Fast::Args(Box::leak(vec![(**a).clone(), (**b).clone()].into_boxed_slice()))
            }
            _ => Fast::Slow,
        };
        // callers searched the lexical environment for `n` first (see `NodeMemo`)
        let unbound = matches!(e.kind, ExprKind::Name(_));
        let _ = e.memo.0.set(Box::new(NodeMemo { sc: sc as *const super::scope::Scope as usize, resolved: r, fast, unbound, code: Default::default() }));
        match memo_of(e, sc) {
            Some(m) => Ok(DefRef::Memo(m)),
            None => Ok(DefRef::Owned(self.resolve(n, sc, e.span)?)),
        }
    }

    /// Resolution of `n` at node `e` (see `node`), as an owned definition.
    pub fn resolve_at(&self, n: &str, e: E, sc: Sc) -> R<Option<(Def, Sc)>> {
        Ok(match self.node(n, e, sc)? {
            DefRef::Memo(m) => m.resolved.clone(),
            DefRef::Owned(o) => o,
        })
    }

    /// How a bare name evaluates, decided once (mirrors `eval_name`'s slow path exactly).
    fn fast_name(&self, n: &str, r: &Option<(Def, Sc)>, sc: Sc) -> Fast {
        let not_op = |v: &Value| !matches!(v, Value::Op(_));
        if !self.has_overrides.load(std::sync::atomic::Ordering::Relaxed) {
            if let Some(v) = sc.cache.read().unwrap().get(n) {
                return Fast::Val(v.clone());
            }
        }
        match r {
            Some((Def::Var(i), _)) => Fast::Var(*i),
            Some((Def::Const(cell, _), _)) => match &*cell.read().unwrap() {
                Some(v) if not_op(v) => Fast::Val(v.clone()),
                _ => Fast::Slow,
            },
            Some((Def::Op(od, osc), _)) if od.params.is_empty() => {
                if matches!(osc.get(od.name.name.as_str()), Some(Def::Op(d2, _)) if std::ptr::eq(*d2, *od)) {
                    if let Some(v) = osc.cache.read().unwrap().get(od.name.name.as_str()) {
                        return Fast::Val(v.clone());
                    }
                }
                Fast::Body(od, osc)
            }
            Some((Def::Fn(fd, fsc), _)) => match fsc.cache.read().unwrap().get(fd.name.name.as_str()) {
                Some(v) => Fast::Val(v.clone()),
                None => Fast::Slow,
            },
            Some(_) => Fast::Slow,
            None => match self.override_of(n) {
                Some(v) if not_op(&v) => Fast::Val(v),
                Some(_) => Fast::Slow,
                None if n == "JavaTime" => Fast::Slow,
                None => self.builtin_name(n).map(Fast::Val).unwrap_or(Fast::Slow),
            },
        }
    }

    pub fn set_override(&self, name: &str, v: Value) {
        self.overrides.write().unwrap().insert(name.to_string(), v);
        self.has_overrides.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn override_of(&self, name: &str) -> Option<Value> {
        if !self.has_overrides.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        self.overrides.read().unwrap().get(name).cloned()
    }

    // ------------------------------------------------------------------ name resolution

    /// Resolves a possibly instance-qualified name (`M!N!Op`) to its definition and scope.
    pub fn resolve(&self, name: &str, sc: Sc, sp: Span) -> R<Option<(Def, Sc)>> {
        if let Some(v) = self.override_of(name) {
            return Ok(Some((Def::Const(Arc::new(std::sync::RwLock::new(Some(v))), intern(name)), sc)));
        }
        if let Some(i) = name.find('!') {
            let (head, rest) = (&name[..i], &name[i + 1..]);
            let Some(d) = sc.get(head) else { return Ok(None) };
            match d {
                Def::Inst { params, inst, scope, cache } => {
                    if !params.is_empty() {
                        return Err(err_at(sc, sp, format!("instance {head} needs {} argument(s)", params.len())));
                    }
                    let isc = self.instance_scope(inst, scope, Env::default(), cache, Vec::new(), sp, sc)?;
                    return self.resolve(rest, isc, sp);
                }
                Def::Op(od, osc) => {
                    // positional selectors: `Op!:` is the body, `Op!k` its k-th conjunct/disjunct
                    let body = &od.body;
                    if rest == ":" {
                        return Ok(Some((Def::Op(od, osc), osc)));
                    }
                    if let Ok(k) = rest.parse::<usize>() {
                        let items: Vec<&'static Expr> = match &body.kind {
                            ExprKind::JunctionList(_, items) => items.iter().collect(),
                            _ => vec![body],
                        };
                        let Some(item) = items.get(k.wrapping_sub(1)) else {
                            return Err(err_at(sc, sp, format!("{head} has no subexpression {k}")));
                        };
                        let d: &'static OpDef = Box::leak(Box::new(OpDef {
                            local: false,
                            shape: DefShape::Normal,
                            name: od.name.clone(),
                            params: od.params.clone(),
                            body: (*item).clone(),
                            span: item.span,
                        }));
                        return Ok(Some((Def::Op(d, osc), osc)));
                    }
                    return Ok(None);
                }
                _ => return Ok(None),
            }
        }
        Ok(sc.get(name).map(|d| (d.clone(), sc)))
    }

    #[allow(clippy::too_many_arguments)]
    fn instance_scope(
        &self,
        inst: &'static Instance,
        def_scope: Sc,
        env: Env,
        cache: &Arc<Mutex<HashMap<Vec<Value>, Sc>>>,
        key: Vec<Value>,
        sp: Span,
        sc: Sc,
    ) -> R<Sc> {
        if let Some(s) = cache.lock().unwrap().get(&key) {
            return Ok(s);
        }
        let mut root = RootInfo::default();
        let s = instantiate(self.loader, inst, def_scope, Default::default(), env, &mut root, def_scope.file)
            .map_err(|m| err_at(sc, sp, m))?;
        cache.lock().unwrap().insert(key, s);
        Ok(s)
    }

    // ------------------------------------------------------------------ evaluation

    pub fn eval(&self, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        use ExprKind::*;
        match e.memo.0.get() {
            Some(m) => {
                if m.sc == 0 || m.sc == sc as *const super::scope::Scope as usize {
                    match &m.fast {
                        // a literal, a constant sub-expression, or a name (not bound in `env`,
                        // see `NodeMemo`) of a constant or constant-level definition
                        Fast::Val(v) => return Ok(v.clone()),
                        Fast::Var(i) => return self.var(*i, e, sc, st),
                        Fast::Body(od, osc) => return self.eval(&od.body, osc, &Env::default(), st),
                        // compiled at the second evaluation (compile.rs); `None` for shapes
                        // that are not compiled
                        Fast::Core(_) | Fast::Slow | Fast::Names(_) | Fast::Key(_) if compiled() => {
                            if let Some(c) = self.code_of(m, e, sc) {
                                return self.run(c, sc, env, st);
                            }
                        }
                        Fast::Core(op) => {
                            if let Infix(_, a, b) = &e.kind {
                                return self.eval_core(*op, a, b, e, sc, env, st);
                            }
                            if let Prefix(_, a) = &e.kind {
                                return Ok(Value::Bool(!self.eval_bool(a, sc, env, st)?));
                            }
                        }
                        _ => {}
                    }
                }
            }
            None => match &e.kind {
                // a name bound in the environment to a value (quantifier variable, parameter):
                // no memo is ever put on such a node (see `NodeMemo`)
                Name(n) => {
                    if let Some(v) = env.get(n) {
                        if !matches!(v, Value::Op(_)) {
                            return Ok(v.clone());
                        }
                    }
                }
                // leaves, and nodes whose memo is filled elsewhere (a name's resolution, a field key)
                Num { .. } | Str(_) | Bool(_) | At | Dot(..) | OpRef(_) | Decimal(_) | Lambda(..) => {}
                _ => {
                    if self.frozen.load(std::sync::atomic::Ordering::Relaxed) {
                        return self.eval_first(e, sc, env, st);
                    }
                }
            },
        }
        self.eval_node(e, sc, env, st)
    }

    /// `eval` without cloning when the value already exists: a node whose value is kept on it
    /// (literal, constant, constant-level name) or a state variable is borrowed (no reference
    /// count traffic for `pc[self]`, `x \in S`, `r.f`); anything else is evaluated.
    #[inline]
    pub fn eval_cow<'a>(&self, e: E, sc: Sc, env: &'a Env, st: &St<'a>) -> R<std::borrow::Cow<'a, Value>> {
        let Some(m) = e.memo.0.get() else {
            // a name bound to a value in the environment is borrowed from it (see `eval`)
            if let ExprKind::Name(n) = &e.kind {
                if let Some(v) = env.get(n) {
                    if !matches!(v, Value::Op(_)) {
                        return Ok(std::borrow::Cow::Borrowed(v));
                    }
                }
            }
            return self.eval(e, sc, env, st).map(std::borrow::Cow::Owned);
        };
        {
            if m.sc == 0 || m.sc == sc as *const super::scope::Scope as usize {
                match &m.fast {
                    Fast::Val(v) => return Ok(std::borrow::Cow::Borrowed(v)),
                    Fast::Var(i) => {
                        if let Some(v) = var_ref(*i, st) {
                            return Ok(std::borrow::Cow::Borrowed(v));
                        }
                    }
                    _ => {}
                }
            }
        }
        self.eval(e, sc, env, st).map(std::borrow::Cow::Owned)
    }

    /// The value kept on node `e` for scope `sc` (a literal, a constant, a constant-level name
    /// not bound in the lexical environment): what `eval` returns for it without evaluating.
    #[inline]
    pub fn kept_value(&self, e: E, sc: Sc) -> Option<&'static Value> {
        match memo_of(e, sc) {
            Some(NodeMemo { fast: Fast::Val(v), .. }) => Some(v),
            _ => None,
        }
    }

    /// A built-in infix operator by its tag (`Fast::Core`): the same results and errors as
    /// `eval_infix` / `infix_values` by symbol.
    #[allow(clippy::too_many_arguments)]
    fn eval_core(&self, op: Op2, a: E, b: E, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        let ints = |x: &Value, y: &Value| -> R<(i64, i64)> {
            match (x, y) {
                (Value::Int(p), Value::Int(q)) => Ok((*p, *q)),
                _ => Ok((x.as_int().map_err(|m| err_at(sc, e.span, m))?, y.as_int().map_err(|m| err_at(sc, e.span, m))?)),
            }
        };
        let ov = |r: Option<i64>| r.map(Value::Int).ok_or_else(|| err_at(sc, e.span, "integer overflow"));
        if let Some(r) = self.core_bool(op, a, b, e, sc, env, st) {
            return r.map(Value::Bool);
        }
        let av = self.eval_cow(a, sc, env, st)?;
        let bv = self.eval_cow(b, sc, env, st)?;
        let er = |m: String| err_at(sc, e.span, m);
        match op {
            Op2::Add => ints(&av, &bv).and_then(|(x, y)| ov(x.checked_add(y))),
            Op2::Sub => ints(&av, &bv).and_then(|(x, y)| ov(x.checked_sub(y))),
            Op2::Mul => ints(&av, &bv).and_then(|(x, y)| ov(x.checked_mul(y))),
            Op2::Range => ints(&av, &bv).map(|(x, y)| Value::Interval(x, y)),
            _ => {
                let ExprKind::Infix(sym, ..) = &e.kind else { unreachable!() };
                self.infix_values(sym, &av, &bv).map_err(er)
            }
        }
    }

    /// `\A x \in S : P` / `\E x \in S : P` with one bound name (the common case): the loop of
    /// `for_bindings` without its callback, one environment node reused across the elements.
    /// `None` for other shapes (several names, a tuple of names).
    #[inline]
    fn quant1(&self, q: crate::ast::Quant, bounds: &'static [Bound], body: E, sc: Sc, env: &Env, st: &St) -> Option<R<bool>> {
        let [b] = bounds else { return None };
        if b.tuple || b.names.len() != 1 {
            return None;
        }
        let all = q == crate::ast::Quant::All;
        Some((|| {
            let s = self.eval(&b.set, sc, env, st)?;
            let els = s.elements().map_err(|m| err_at(sc, b.set.span, m))?;
            let name = b.names[0].name.as_str();
            let mut slot = None;
            for x in els.iter() {
                Env::rebind(&mut slot, env, name, x.clone());
                if self.eval_bool(body, sc, slot.as_ref().unwrap(), st)? != all {
                    return Ok(!all);
                }
            }
            Ok(all)
        })())
    }

    /// A built-in operator whose result is a Boolean (connectives, `=`, `#`, `\in`, `\notin`,
    /// integer comparisons), by its tag, as a `bool`; `None` for the other tags (`eval_core`
    /// computes those). Operands are evaluated in `eval_core`'s order with its errors.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn core_bool(&self, op: Op2, a: E, b: E, e: E, sc: Sc, env: &Env, st: &St) -> Option<R<bool>> {
        let r = || -> R<bool> {
            match op {
                Op2::And => return Ok(self.eval_bool(a, sc, env, st)? && self.eval_bool(b, sc, env, st)?),
                Op2::Or => return Ok(self.eval_bool(a, sc, env, st)? || self.eval_bool(b, sc, env, st)?),
                Op2::Implies => return Ok(!self.eval_bool(a, sc, env, st)? || self.eval_bool(b, sc, env, st)?),
                Op2::Equiv => return Ok(self.eval_bool(a, sc, env, st)? == self.eval_bool(b, sc, env, st)?),
                _ => {}
            }
            let av = self.eval_cow(a, sc, env, st)?;
            if matches!(op, Op2::In | Op2::NotIn) {
                // membership in a set comprehension is decided without building the set (lazy.rs)
                if let Some(r) = self.lazy_member(&av, b, e, sc, env, st)? {
                    return Ok(r == (op == Op2::In));
                }
            }
            let bv = self.eval_cow(b, sc, env, st)?;
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

    /// The first evaluation of a compound node once the model is frozen: decides whether its
    /// value is constant (see `konst`) and if so keeps it on the node; otherwise stores what later
    /// evaluations need (an operator's resolution, a record's field names).
    #[inline(never)]
    fn eval_first(&self, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        use ExprKind::*;
        let name: Option<&str> = match &e.kind {
            Apply(n, _) => Some(n.as_str()),
            Infix(op, ..) if !core_infix(op) && !matches!(op.as_str(), "~>") => Some(op.as_str()),
            Prefix(op, _) if op == "-" => Some("-."),
            _ => None,
        };
        let resolved = match name {
            Some(n) => match self.resolve(n, sc, e.span) {
                Ok(r) => r,
                Err(_) => return self.eval_node(e, sc, env, st),
            },
            None => None,
        };
        let mut scoped = name.is_some();
        let mut budget = 4096u32;
        let k = self.konst(e, sc, &mut Vec::new(), env, 0, &mut budget, &mut scoped);
        let msc = if scoped { sc as *const super::scope::Scope as usize } else { 0 };
        if k {
            let v = self.eval_node(e, sc, env, st)?;
            let _ = e.memo.0.set(Box::new(NodeMemo { sc: msc, resolved, fast: Fast::Val(v.clone()), unbound: false, code: Default::default() }));
            return Ok(v);
        }
        let fast = match &e.kind {
            Infix(_, a, b) if resolved.is_some() => Fast::Args(Box::leak(vec![(**a).clone(), (**b).clone()].into_boxed_slice())),
            Infix(op, ..) if core_infix(op) => Fast::Core(Op2::of_infix(op)),
            Prefix(op, _) if op == "~" => Fast::Core(Op2::Not),
            Record(fields) => Fast::Names(fields.iter().map(|(n, _)| interned_str(n)).collect()),
            _ => Fast::Slow,
        };
        let unbound = match &e.kind {
            Apply(n, _) => env.get(n).is_none(),
            _ => false,
        };
        let _ = e.memo.0.set(Box::new(NodeMemo { sc: msc, resolved, fast, unbound, code: Default::default() }));
        self.eval_node(e, sc, env, st)
    }

    /// Whether `e` evaluated in scope `sc` has the same value at every evaluation: it reads no
    /// variable, no name bound outside it (`env`), and calls only definitions that do neither and
    /// built-in operators without effects (not TLCGet/TLCSet, Print, RandomElement, JavaTime,
    /// Assert). `bound` are the names bound inside `e` around the current sub-expression.
    /// Deciding once per node is sound because the names bound around a syntax node are the same
    /// at every evaluation; the value itself is computed lazily, at the node's first evaluation, so
    /// errors and the order of evaluation are TLC's (TLC also evaluates constant-level
    /// expressions once).
    #[allow(clippy::too_many_arguments)]
    fn konst(&self, e: E, sc: Sc, bound: &mut Vec<&'static str>, env: &Env, depth: u32, budget: &mut u32, scoped: &mut bool) -> bool {
        use ExprKind::*;
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        macro_rules! all {
            ($items:expr) => {
                $items.into_iter().all(|x: &'static Expr| self.konst(x, sc, bound, env, depth, budget, scoped))
            };
        }
        match &e.kind {
            Num { .. } | Str(_) | Bool(_) => true,
            Name(n) => {
                *scoped = true;
                self.konst_name(n, e, sc, bound, env, depth, budget)
            }
            Apply(n, args) => {
                *scoped = true;
                all!(args.iter()) && self.konst_op(n, args.len(), e, sc, bound, env, depth, budget)
            }
            Prefix(op, a) => match op.as_str() {
                "~" | "SUBSET" | "UNION" | "DOMAIN" => self.konst(a, sc, bound, env, depth, budget, scoped),
                "-" => {
                    *scoped = true;
                    self.konst(a, sc, bound, env, depth, budget, scoped) && self.konst_op("-.", 1, e, sc, bound, env, depth, budget)
                }
                _ => false,
            },
            Infix(op, a, b) => {
                if op == "~>" {
                    return false;
                }
                if !(self.konst(a, sc, bound, env, depth, budget, scoped) && self.konst(b, sc, bound, env, depth, budget, scoped)) {
                    return false;
                }
                if core_infix(op) || matches!(op.as_str(), "/\\" | "\\/" | "=>" | "<=>") {
                    return true;
                }
                *scoped = true;
                self.konst_op(op, 2, e, sc, bound, env, depth, budget)
            }
            Times(items) | Tuple(items) | SetEnum(items) | JunctionList(_, items) => all!(items.iter()),
            Record(fields) | RecordSet(fields) => all!(fields.iter().map(|(_, x)| x)),
            FnSet(a, b) => all!([&**a, &**b]),
            If(c, a, b) => all!([&**c, &**a, &**b]),
            Case(arms, other) => all!(arms.iter().flat_map(|(g, v)| [g, v]).chain(other.as_deref())),
            Dot(r, _) => self.konst(r, sc, bound, env, depth, budget, scoped),
            FnApp(f, args) => self.konst(f, sc, bound, env, depth, budget, scoped) && all!(args.iter()),
            SetFilter(b, p) => {
                if !self.konst(&b.set, sc, bound, env, depth, budget, scoped) {
                    return false;
                }
                let n = bound.len();
                bound.extend(b.names.iter().map(|i| i.name.as_str()));
                let r = self.konst(p, sc, bound, env, depth, budget, scoped);
                bound.truncate(n);
                r
            }
            SetMap(body, bounds) | FnCons(bounds, body) | Quant(_, bounds, body) => {
                let n = bound.len();
                let mut r = true;
                for b in bounds.iter() {
                    if !self.konst(&b.set, sc, bound, env, depth, budget, scoped) {
                        r = false;
                        break;
                    }
                    bound.extend(b.names.iter().map(|i| i.name.as_str()));
                }
                r = r && self.konst(body, sc, bound, env, depth, budget, scoped);
                bound.truncate(n);
                r
            }
            Choose { names, set: Some(set), body, .. } => {
                if !self.konst(set, sc, bound, env, depth, budget, scoped) {
                    return false;
                }
                let n = bound.len();
                bound.extend(names.iter().map(|i| i.name.as_str()));
                let r = self.konst(body, sc, bound, env, depth, budget, scoped);
                bound.truncate(n);
                r
            }
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn konst_name(&self, n: &'static str, e: E, sc: Sc, bound: &mut Vec<&'static str>, env: &Env, depth: u32, budget: &mut u32) -> bool {
        if bound.contains(&n) {
            return true;
        }
        if env.get(n).is_some() {
            return false;
        }
        match self.resolve(n, sc, e.span) {
            Ok(Some((Def::Const(cell, _), _))) => matches!(&*cell.read().unwrap(), Some(v) if !matches!(v, Value::Op(_))),
            Ok(Some((Def::Op(od, osc), _))) if od.params.is_empty() => {
                if matches!(osc.get(od.name.name.as_str()), Some(Def::Op(d2, _)) if std::ptr::eq(*d2, od))
                    && osc.cache.read().unwrap().contains_key(od.name.name.as_str())
                {
                    return true;
                }
                depth < 8 && self.konst(&od.body, osc, &mut Vec::new(), &Env::default(), depth + 1, budget, &mut true)
            }
            Ok(Some((Def::Fn(fd, fsc), _))) => fsc.cache.read().unwrap().contains_key(fd.name.name.as_str()),
            // a constant of an instantiated module (`INSTANCE M`, implicitly or explicitly
            // substituted): constant when its substitute is, in the instantiating scope
            Ok(Some((Def::Sub { expr, scope, env: senv }, _))) => {
                senv.0.is_none() && depth < 8 && self.konst(expr, scope, &mut Vec::new(), &senv, depth + 1, budget, &mut true)
            }
            Ok(Some(_)) | Err(_) => false,
            Ok(None) => n != "JavaTime" && self.builtin_name(n).is_some(),
        }
    }

    /// Whether applying the operator `n` (user-defined or built in) to constant arguments is constant.
    #[allow(clippy::too_many_arguments)]
    fn konst_op(&self, n: &str, arity: usize, e: E, sc: Sc, bound: &mut Vec<&'static str>, env: &Env, depth: u32, budget: &mut u32) -> bool {
        if bound.contains(&n) || env.get(n).is_some() {
            return false;
        }
        match self.resolve(n, sc, e.span) {
            Ok(Some((Def::Op(od, osc), _))) if od.params.len() == arity && od.params.iter().all(|p| p.arity == 0) => {
                let mut params: Vec<&'static str> = od.params.iter().map(|p| p.name.name.as_str()).collect();
                depth < 8 && self.konst(&od.body, osc, &mut params, &Env::default(), depth + 1, budget, &mut true)
            }
            Ok(Some(_)) | Err(_) => false,
            Ok(None) => {
                n == "-."
                    || super::super::parser::infix_prec(n).is_some() && !matches!(n, "~>" | "-+->" | "\\cdot")
                    || matches!(
                        n,
                        "Len" | "Append" | "Head" | "Tail" | "SubSeq" | "Seq" | "Cardinality" | "IsFiniteSet" | "ToString"
                            | "Permutations" | "SetToBag" | "BagToSet" | "BagIn" | "CopiesIn" | "BagCardinality" | "BagUnion" | "SubBag"
                    )
            }
        }
    }

    fn eval_node(&self, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        use ExprKind::*;
        match &e.kind {
            Num { digits, base } => literal(e, || {
                i64::from_str_radix(digits, *base)
                    .map(Value::Int)
                    .map_err(|_| err_at(sc, e.span, format!("number {digits} is too large")))
            }),
            Str(s) => literal(e, || Ok(Value::Str(interned_str(s)))),
            Bool(b) => Ok(Value::Bool(*b)),
            Name(n) => self.eval_name(n, e, sc, env, st),
            Apply(n, args) => self.eval_apply(n, args, e, sc, env, st),
            Qualified(parts) => {
                let (d, dsc) = self.resolve_qualified(parts, e, sc, env, st)?;
                let last_args = &parts.last().unwrap().1;
                self.eval_def(&d, dsc, parts.last().unwrap().0.as_str(), last_args, e, sc, env, st)
            }
            At => env.get("@").cloned().ok_or_else(|| err_at(sc, e.span, "@ used outside EXCEPT")),
            Decimal(_) => Err(err_at(sc, e.span, "TLC does not support real numbers")),
            OpRef(o) => Err(err_at(sc, e.span, format!("operator {o} used as a value"))),
            Prefix(op, a) => self.eval_prefix(op, a, e, sc, env, st),
            Infix(op, a, b) => self.eval_infix(op, a, b, e, sc, env, st),
            Postfix(op, a) => match op.as_str() {
                "'" => {
                    if st.primed {
                        return Err(err_at(sc, e.span, "double prime"));
                    }
                    let st2 = St { primed: true, ..*st };
                    self.eval(a, sc, env, &st2)
                }
                _ => Err(err_at(sc, e.span, format!("TLC does not evaluate the postfix operator {op}"))),
            },
            Times(parts) => {
                let sets = parts.iter().map(|p| self.eval(p, sc, env, st)).collect::<R<Vec<_>>>()?;
                Ok(Value::Product(Arc::new(sets)))
            }
            Dot(r, f) => {
                let rv = self.eval_cow(r, sc, env, st)?;
                let local;
                let key = match e.memo.0.get().map(|m| &m.fast) {
                    Some(Fast::Key(k)) => k,
                    m => {
                        local = Value::Str(interned_str(f));
                        if m.is_none() {
                            let _ = e.memo.0.set(Box::new(NodeMemo { sc: 0, resolved: None, fast: Fast::Key(local.clone()), unbound: false, code: Default::default() }));
                        }
                        &local
                    }
                };
                self.apply_fn(&rv, key).map_err(|m| err_at(sc, e.span, m))
            }
            FnApp(f, args) => {
                // a recursive function definition applied directly: evaluate its body (not for
                // a name already resolved to a state variable or a kept value that is not a
                // function definition: then `f` is not bound in `env`, see `NodeMemo`)
                let direct = match memo_of(f, sc) {
                    Some(NodeMemo { fast: Fast::Var(_), .. }) => true,
                    Some(NodeMemo { fast: Fast::Val(_), resolved, .. }) => !matches!(resolved, Some((Def::Fn(..), _))),
                    _ => false,
                };
                if let (false, ExprKind::Name(n)) = (direct, &f.kind) {
                    if let Some(Value::Op(c)) = env.get(n) {
                        if let Some(cl) = op_closure(c) {
                            if let ClosureBody::FnDef(fd) = cl.body {
                                let arg = self.fn_arg(args, sc, env, st)?;
                                if let Some(v) = cl.memo.lock().unwrap().get(&arg) {
                                    return Ok(v.clone());
                                }
                                let env2 = cl.env.bind(cl.name.unwrap_or(n.as_str()), Value::Op(c.clone()));
                                let v = self.apply_fndef(fd, cl.scope, &env2, arg.clone(), e, sc, st)?;
                                if st.nxt.is_none() || !st.primed {
                                    cl.memo.lock().unwrap().insert(arg, v.clone());
                                }
                                return Ok(v);
                            }
                        }
                    }
                    if env.get(n).is_none() {
                        if let Some((Def::Fn(fd, fsc), _)) = self.node(n, f, sc)?.get() {
                            let arg = self.fn_arg(args, sc, env, st)?;
                            return self.apply_fndef(fd, fsc, &Env::default(), arg, e, sc, st);
                        }
                    }
                }
                let fv = self.eval_cow(f, sc, env, st)?;
                if args.len() == 1 {
                    let arg = self.eval_cow(&args[0], sc, env, st)?;
                    return self.apply_fn(&fv, &arg).map_err(|m| err_at(sc, e.span, m));
                }
                let arg = self.fn_arg(args, sc, env, st)?;
                self.apply_fn(&fv, &arg).map_err(|m| err_at(sc, e.span, m))
            }
            SetEnum(items) => {
                // A set of literals (`{"a2", "a3"}`, `{0, 1}`) is the same value at every
                // evaluation: build it once per syntax node (expressions live for the run, so the
                // node's address identifies it) instead of allocating and sorting it each time.
                let build = || -> R<Value> {
                    let v = items.iter().map(|i| self.eval(i, sc, env, st)).collect::<R<Vec<_>>>()?;
                    let v = v.into_iter().map(|x| x.normalize()).collect::<Result<Vec<_>, _>>().map_err(|m| err_at(sc, e.span, m))?;
                    Ok(Value::set(v))
                };
                if e.memo.0.get().is_some() || is_literal(e) {
                    return literal(e, build);
                }
                build()
            }
            SetFilter(b, p) => {
                let s = self.eval(&b.set, sc, env, st)?;
                let els = s.elements().map_err(|m| err_at(sc, e.span, m))?;
                let mut out = Vec::new();
                let mut slot = None;
                for x in els.iter() {
                    let keep = if b.tuple {
                        let env2 = self.bind_one(BoundRef { names: &b.names, tuple: b.tuple }, x, env, sc, e.span)?;
                        self.eval_bool(p, sc, &env2, st)?
                    } else {
                        Env::rebind(&mut slot, env, b.names[0].name.as_str(), x.clone());
                        self.eval_bool(p, sc, slot.as_ref().unwrap(), st)?
                    };
                    if keep {
                        out.push(x.clone());
                    }
                }
                Ok(Value::set_sorted(out))
            }
            SetMap(body, bounds) => {
                let mut out = Vec::new();
                self.for_bindings(bounds, sc, env, st, e.span, &mut |env2| {
                    out.push(self.eval(body, sc, env2, st)?.normalize().map_err(|m| err_at(sc, e.span, m))?);
                    Ok(true)
                })?;
                Ok(Value::set(out))
            }
            Tuple(items) => Ok(Value::tuple(items.iter().map(|i| self.eval(i, sc, env, st)).collect::<R<Vec<_>>>()?)),
            Record(fields) => {
                let local: Vec<Arc<str>>;
                let names = match e.memo.0.get().map(|m| &**m) {
                    Some(NodeMemo { fast: Fast::Names(ns), .. }) => ns,
                    _ => {
                        local = fields.iter().map(|(n, _)| interned_str(n)).collect();
                        &local
                    }
                };
                let mut fs = Vec::with_capacity(fields.len());
                for ((_, x), n) in fields.iter().zip(names.iter()) {
                    fs.push((n.clone(), self.eval(x, sc, env, st)?));
                }
                Ok(Value::record(fs))
            }
            RecordSet(fields) => {
                let mut fs = Vec::with_capacity(fields.len());
                for (n, x) in fields {
                    fs.push((Arc::<str>::from(n.as_str()), self.eval(x, sc, env, st)?));
                }
                fs.sort_by(|a, b| a.0.cmp(&b.0));
                Ok(Value::RecordSet(Arc::new(fs)))
            }
            FnCons(bounds, body) => {
                let mut dom = Vec::new();
                let mut rng = Vec::new();
                let single = bounds.len() == 1 && (bounds[0].names.len() == 1 || bounds[0].tuple);
                self.for_bindings(bounds, sc, env, st, e.span, &mut |env2| {
                    if single && bounds[0].tuple {
                        dom.push(Value::tuple(bounds[0].names.iter().map(|n| env2.get(&n.name).unwrap().clone()).collect()));
                    } else if single {
                        dom.push(env2.get(&bounds[0].names[0].name).unwrap().clone());
                    } else {
                        let mut key = Vec::new();
                        for b in bounds.iter() {
                            if b.tuple {
                                key.push(Value::tuple(b.names.iter().map(|n| env2.get(&n.name).unwrap().clone()).collect()));
                            } else {
                                for n in &b.names {
                                    key.push(env2.get(&n.name).unwrap().clone());
                                }
                            }
                        }
                        dom.push(Value::tuple(key));
                    }
                    rng.push(self.eval(body, sc, env2, st)?);
                    Ok(true)
                })?;
                Ok(Value::func(dom, rng))
            }
            FnSet(d, r) => {
                let dv = self.eval(d, sc, env, st)?;
                let rv = self.eval(r, sc, env, st)?;
                Ok(Value::FuncSet(Arc::new((dv, rv))))
            }
            Except(f, specs) => {
                let mut fv = self.eval(f, sc, env, st)?;
                for spec in specs {
                    fv = self.except_path(&fv, &spec.path, &spec.value, sc, env, st, e)?;
                }
                Ok(fv)
            }
            If(c, a, b) => {
                if self.eval_bool(c, sc, env, st)? {
                    self.eval(a, sc, env, st)
                } else {
                    self.eval(b, sc, env, st)
                }
            }
            Case(arms, other) => {
                for (g, v) in arms {
                    if self.eval_bool(g, sc, env, st)? {
                        return self.eval(v, sc, env, st);
                    }
                }
                match other {
                    Some(o) => self.eval(o, sc, env, st),
                    None => Err(err_at(sc, e.span, "Attempted to evaluate a CASE with no conditions true")),
                }
            }
            Let(units, body) => {
                let env2 = self.bind_let(units, sc, env)?;
                self.eval(body, sc, &env2, st)
            }
            Quant(q, bounds, body) => {
                if let Some(r) = self.quant1(*q, bounds, body, sc, env, st) {
                    return r.map(Value::Bool);
                }
                let mut result = *q == crate::ast::Quant::All;
                self.for_bindings(bounds, sc, env, st, e.span, &mut |env2| {
                    let b = self.eval_bool(body, sc, env2, st)?;
                    if *q == crate::ast::Quant::All && !b {
                        result = false;
                        return Ok(false);
                    }
                    if *q == crate::ast::Quant::Exists && b {
                        result = true;
                        return Ok(false);
                    }
                    Ok(true)
                })?;
                Ok(Value::Bool(result))
            }
            QuantUnbounded(..) | TemporalQuant(..) => {
                Err(err_at(sc, e.span, "TLC cannot evaluate an unbounded quantifier"))
            }
            Choose { names, tuple, set, body } => {
                let Some(set) = set else {
                    return Err(err_at(sc, e.span, "TLC cannot evaluate an unbounded CHOOSE"));
                };
                let s = self.eval(set, sc, env, st)?;
                let els = s.elements().map_err(|m| err_at(sc, e.span, m))?;
                let b = BoundRef { names, tuple: *tuple };
                let mut slot = None;
                for x in els.iter() {
                    let found = if b.tuple {
                        let env2 = self.bind_one(b, x, env, sc, e.span)?;
                        self.eval_bool(body, sc, &env2, st)?
                    } else {
                        Env::rebind(&mut slot, env, names[0].name.as_str(), x.clone());
                        self.eval_bool(body, sc, slot.as_ref().unwrap(), st)?
                    };
                    if found {
                        return Ok(x.clone());
                    }
                }
                Err(err_at(
                    sc,
                    e.span,
                    "Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but no element of S satisfied P",
                ))
            }
            JunctionList(j, items) => {
                for i in items {
                    let b = self.eval_bool(i, sc, env, st)?;
                    if *j == Junction::And && !b {
                        return Ok(Value::Bool(false));
                    }
                    if *j == Junction::Or && b {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(*j == Junction::And))
            }
            BoxAction(a, v) => {
                // [A]_v  ==  A \/ v' = v
                if self.eval_bool(a, sc, env, st)? {
                    return Ok(Value::Bool(true));
                }
                let now = self.eval(v, sc, env, st)?;
                let next = self.eval(v, sc, env, &St { primed: true, ..*st })?;
                Ok(Value::Bool(eq(&now, &next)))
            }
            AngleAction(a, v) => {
                if !self.eval_bool(a, sc, env, st)? {
                    return Ok(Value::Bool(false));
                }
                let now = self.eval(v, sc, env, st)?;
                let next = self.eval(v, sc, env, &St { primed: true, ..*st })?;
                Ok(Value::Bool(!eq(&now, &next)))
            }
            Fairness { .. } => Err(err_at(sc, e.span, "a fairness formula cannot be evaluated in a state")),
            Lambda(params, body) => Ok(Value::Op(Arc::new(Closure {
                memo: Default::default(),
                name: None,
                params: params.iter().map(|p| p.name.as_str()).collect(),
                body: ClosureBody::Expr(body),
                scope: sc,
                env: env.clone(),
            }))),
        }
    }

    /// `eval_bool` for a state (or pair of states) that does not change during the evaluation
    /// (an invariant, a constraint, an action property on a transition): instance substitutions
    /// are evaluated once.
    pub fn eval_bool_fixed(&self, e: E, sc: Sc, env: &Env, st: &St) -> R<bool> {
        let was = FIXED.with(|f| {
            let mut f = f.borrow_mut();
            f.subst.clear();
            std::mem::replace(&mut f.active, true)
        });
        let r = self.eval_bool(e, sc, env, st);
        FIXED.with(|f| {
            let mut f = f.borrow_mut();
            f.subst.clear();
            f.active = was;
        });
        r
    }

    /// `eval` of a condition. The nodes a condition is mostly made of are decided here without
    /// building a `Value::Bool` and passing it back through `eval`: a Boolean kept on the node, a
    /// built-in comparison, membership or connective (`Fast::Core`), and a conjunction or
    /// disjunction list once its first evaluation (`eval_first`) found it not constant. Same
    /// results, errors and order of evaluation as `eval` followed by the Boolean check below.
    pub fn eval_bool(&self, e: E, sc: Sc, env: &Env, st: &St) -> R<bool> {
        if let Some(m) = e.memo.0.get() {
            if m.sc == 0 || m.sc == sc as *const super::scope::Scope as usize {
                match &m.fast {
                    Fast::Val(Value::Bool(b)) => return Ok(*b),
                    Fast::Core(_) | Fast::Slow if compiled() => {
                        if let Some(c) = self.code_of(m, e, sc) {
                            return self.run_bool(c, sc, env, st);
                        }
                    }
                    _ => {}
                }
                match &m.fast {
                    Fast::Core(op) => match &e.kind {
                        ExprKind::Infix(_, a, b) => {
                            if let Some(r) = self.core_bool(*op, a, b, e, sc, env, st) {
                                return r;
                            }
                        }
                        ExprKind::Prefix(_, a) => return Ok(!self.eval_bool(a, sc, env, st)?),
                        _ => {}
                    },
                    Fast::Slow => {
                        if let ExprKind::Quant(q, bounds, body) = &e.kind {
                            if let Some(r) = self.quant1(*q, bounds, body, sc, env, st) {
                                return r;
                            }
                        }
                        if let ExprKind::JunctionList(j, items) = &e.kind {
                            for i in items {
                                let b = self.eval_bool(i, sc, env, st)?;
                                if *j == Junction::And && !b {
                                    return Ok(false);
                                }
                                if *j == Junction::Or && b {
                                    return Ok(true);
                                }
                            }
                            return Ok(*j == Junction::And);
                        }
                    }
                    _ => {}
                }
            }
        }
        match self.eval(e, sc, env, st)? {
            Value::Bool(b) => Ok(b),
            v => Err(err_at(sc, e.span, format!("A non-boolean expression ({}) was used as a condition", v))),
        }
    }

    pub fn fn_arg(&self, args: &'static [Expr], sc: Sc, env: &Env, st: &St) -> R<Value> {
        if args.len() == 1 {
            self.eval(&args[0], sc, env, st)
        } else {
            Ok(Value::tuple(args.iter().map(|a| self.eval(a, sc, env, st)).collect::<R<Vec<_>>>()?))
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_fndef(&self, fd: &'static FnDef, fsc: Sc, env: &Env, arg: Value, e: E, sc: Sc, st: &St) -> R<Value> {
        let env2 = self.fndef_env(fd, fsc, env, arg, e, sc, st)?;
        self.eval(&fd.body, fsc, &env2, st)
    }

    /// The environment in which the body of `f[x \in S] == body` is evaluated for argument `arg`
    /// (checking that `arg` is in the domain).
    #[allow(clippy::too_many_arguments)]
    pub fn fndef_env(&self, fd: &'static FnDef, fsc: Sc, env: &Env, arg: Value, e: E, sc: Sc, st: &St) -> R<Env> {
        // bind the argument to the bound names, checking the domain
        let mut env2 = env.clone();
        let parts: Vec<Value> = if fd.bounds.len() == 1 && (fd.bounds[0].names.len() == 1 || fd.bounds[0].tuple) {
            vec![arg.clone()]
        } else {
            match &arg {
                Value::Tuple(t) => t.to_vec(),
                _ => return Err(err_at(sc, e.span, format!("function {} applied to {}", fd.name.name, arg))),
            }
        };
        let mut i = 0;
        for b in &fd.bounds {
            let set = self.eval(&b.set, fsc, &env2, &St::NONE).or_else(|_| self.eval(&b.set, fsc, &env2, st))?;
            if b.tuple {
                let x = parts.get(i).cloned().ok_or_else(|| err_at(sc, e.span, "wrong number of arguments"))?;
                i += 1;
                if !set.contains(&x).map_err(|m| err_at(sc, e.span, m))? {
                    return Err(err_at(sc, e.span, format!("Attempted to apply function {} to argument {}, which is not in the domain of the function", fd.name.name, arg)));
                }
                let Value::Tuple(t) = &x else { return Err(err_at(sc, e.span, "tuple argument expected")) };
                for (n, v) in b.names.iter().zip(t.iter()) {
                    env2 = env2.bind(n.name.as_str(), v.clone());
                }
            } else {
                for n in &b.names {
                    let x = parts.get(i).cloned().ok_or_else(|| err_at(sc, e.span, "wrong number of arguments"))?;
                    i += 1;
                    if !set.contains(&x).map_err(|m| err_at(sc, e.span, m))? {
                        return Err(err_at(sc, e.span, format!("Attempted to apply function {} to argument {}, which is not in the domain of the function", fd.name.name, arg)));
                    }
                    env2 = env2.bind(n.name.as_str(), x);
                }
            }
        }
        Ok(env2)
    }

    /// The value of a function definition `f[x \in S] == e` as a whole.
    fn fndef_value(&self, fd: &'static FnDef, fsc: Sc, env: &Env, st: &St) -> R<Value> {
        let mut dom = Vec::new();
        let mut rng = Vec::new();
        let single = fd.bounds.len() == 1 && (fd.bounds[0].names.len() == 1 || fd.bounds[0].tuple);
        let mut keys = Vec::new();
        self.for_bindings(&fd.bounds, fsc, env, st, fd.span, &mut |env2| {
            let mut key = Vec::new();
            for b in fd.bounds.iter() {
                if b.tuple {
                    key.push(Value::tuple(b.names.iter().map(|n| env2.get(&n.name).unwrap().clone()).collect()));
                } else {
                    for n in &b.names {
                        key.push(env2.get(&n.name).unwrap().clone());
                    }
                }
            }
            keys.push(if single { key.pop().unwrap() } else { Value::tuple(key) });
            Ok(true)
        })?;
        for k in keys {
            let v = self.apply_fndef(fd, fsc, env, k.clone(), &fd.body, fsc, st)?;
            dom.push(k);
            rng.push(v);
        }
        Ok(Value::func(dom, rng))
    }

    #[allow(clippy::too_many_arguments)]
    fn except_path(&self, f: &Value, path: &'static [ExceptKey], val: E, sc: Sc, env: &Env, st: &St, e: E) -> R<Value> {
        let key = match &path[0] {
            ExceptKey::Field(n) => Value::str(n),
            ExceptKey::Index(ix) => self.fn_arg(ix, sc, env, st)?,
        };
        // `![k] = c` with `c` kept on its node (a literal or constant, so no `@` inside: the
        // PlusCal `pc' = [pc EXCEPT ![self] = "lbl"]`): no read of the old value, no `@` binding
        if path.len() == 1 {
            if let Some(c) = self.kept_value(val, sc) {
                if let Ok(v) = update_fn(f, &key, c.clone()) {
                    return Ok(v);
                }
            }
        }
        let old = match self.apply_fn(f, &key) {
            Ok(v) => v,
            Err(_) => return Ok(f.clone()), // EXCEPT outside the domain leaves the function unchanged
        };
        let new = if path.len() == 1 {
            let env2 = env.bind("@", old);
            self.eval(val, sc, &env2, st)?
        } else {
            self.except_path(&old, &path[1..], val, sc, env, st, e)?
        };
        update_fn(f, &key, new).map_err(|m| err_at(sc, e.span, m))
    }

    pub fn apply_fn(&self, f: &Value, arg: &Value) -> Result<Value, String> {
        match f {
            Value::Tuple(t) => {
                if let Value::Int(i) = arg {
                    if *i >= 1 && (*i as usize) <= t.len() {
                        return Ok(t[*i as usize - 1].clone());
                    }
                }
            }
            Value::Record(r) => {
                if let Value::Str(k) = arg {
                    // field names and `r.field` keys are usually the same interned `Arc`
                    if let Some((_, v)) = r.iter().find(|(n, _)| Arc::ptr_eq(n, k)) {
                        return Ok(v.clone());
                    }
                    if let Ok(i) = r.binary_search_by(|(n, _)| (**n).cmp(&**k)) {
                        return Ok(r[i].1.clone());
                    }
                }
            }
            Value::Func(fv) => {
                if let Some(i) = fv.index_of(arg) {
                    return Ok(fv.rng[i].clone());
                }
                if let Ok(n) = arg.normalize() {
                    if let Some(i) = fv.index_of(&n) {
                        return Ok(fv.rng[i].clone());
                    }
                }
            }
            Value::Op(c) => {
                let _ = c;
                return Err("an operator cannot be applied with [ ]".into());
            }
            _ => return Err(format!("Attempted to apply the non-function {} to argument {}", f, arg)),
        }
        Err(format!("Attempted to apply function:\n{}\nto argument {}, which is not in the domain of the function.", f, arg))
    }

    // ------------------------------------------------------------------ binders

    /// Binds the names of one bound to one element.
    fn bind_one(&self, b: BoundRef, x: &Value, env: &Env, sc: Sc, sp: Span) -> R<Env> {
        if b.tuple {
            let Value::Tuple(t) = x else { return Err(err_at(sc, sp, format!("cannot bind a tuple of names to {x}"))) };
            if t.len() != b.names.len() {
                return Err(err_at(sc, sp, format!("cannot bind {} names to {x}", b.names.len())));
            }
            let mut env2 = env.clone();
            for (n, v) in b.names.iter().zip(t.iter()) {
                env2 = env2.bind(n.name.as_str(), v.clone());
            }
            Ok(env2)
        } else {
            Ok(env.bind(b.names[0].name.as_str(), x.clone()))
        }
    }

    /// Calls `f` for every binding of the bounds (in TLC's order); `f` returns false to stop.
    pub fn for_bindings(
        &self,
        bounds: &'static [Bound],
        sc: Sc,
        env: &Env,
        st: &St,
        sp: Span,
        f: &mut dyn FnMut(&Env) -> R<bool>,
    ) -> R<bool> {
        // flatten `x, y \in S` into two bounds over S
        self.bind_rec(bounds, 0, 0, sc, env, st, sp, f)
    }

    #[allow(clippy::too_many_arguments)]
    fn bind_rec(
        &self,
        bounds: &'static [Bound],
        bi: usize,
        ni: usize,
        sc: Sc,
        env: &Env,
        st: &St,
        sp: Span,
        f: &mut dyn FnMut(&Env) -> R<bool>,
    ) -> R<bool> {
        if bi == bounds.len() {
            return f(env);
        }
        let b = &bounds[bi];
        let s = self.eval(&b.set, sc, env, st)?;
        let els = s.elements().map_err(|m| err_at(sc, b.set.span, m))?;
        let (nbi, nni) = if b.tuple || ni + 1 >= b.names.len() { (bi + 1, 0) } else { (bi, ni + 1) };
        if b.tuple {
            for x in els.iter() {
                let env2 = self.bind_one(BoundRef { names: &b.names, tuple: true }, x, env, sc, sp)?;
                if !self.bind_rec(bounds, nbi, nni, sc, &env2, st, sp, f)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        let name = b.names[ni].name.as_str();
        let mut slot = None;
        for x in els.iter() {
            Env::rebind(&mut slot, env, name, x.clone());
            if !self.bind_rec(bounds, nbi, nni, sc, slot.as_ref().unwrap(), st, sp, f)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    pub fn bind_let(&self, units: &'static [Unit], sc: Sc, env: &Env) -> R<Env> {
        let mut env2 = env.clone();
        for u in units {
            match u {
                Unit::OpDef(d) => {
                    let c = Closure {
                        memo: Default::default(),
                        name: Some(d.name.name.as_str()),
                        params: d.params.iter().map(|p| p.name.name.as_str()).collect(),
                        body: ClosureBody::Expr(&d.body),
                        scope: sc,
                        env: env2.clone(),
                    };
                    env2 = env2.bind(d.name.name.as_str(), Value::Op(Arc::new(c)));
                }
                Unit::FnDef(d) => {
                    let c = Closure { memo: Default::default(), name: Some(d.name.name.as_str()), params: vec![], body: ClosureBody::FnDef(d), scope: sc, env: env2.clone() };
                    env2 = env2.bind(d.name.name.as_str(), Value::Op(Arc::new(c)));
                }
                Unit::Recursive(_) => {}
                Unit::ModuleDef { .. } | Unit::Instance(_) => {
                    return Err(err_at(sc, Span::default(), "INSTANCE inside LET is not supported yet"));
                }
                _ => {}
            }
        }
        Ok(env2)
    }

    // ------------------------------------------------------------------ names and operators

    fn eval_name(&self, n: &'static str, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        if let Some(v) = env.get(n) {
            if let Value::Op(c) = v {
                if let Some(cl) = op_closure(c) {
                    if cl.params.is_empty() && !matches!(cl.body, ClosureBody::Builtin(_)) {
                        return self.call_closure(cl, Vec::new(), e, sc, st);
                    }
                }
            }
            return Ok(v.clone());
        }
        let dr = self.node(n, e, sc)?;
        match dr.fast() {
            Fast::Val(v) => return Ok(v.clone()),
            Fast::Var(i) => return self.var(*i, e, sc, st),
            Fast::Body(od, osc) => return self.eval(&od.body, osc, &Env::default(), st),
            _ => {}
        }
        // constant-level definitions computed at start (the common case for sets like `Procs`)
        if let DefRef::Owned(_) = dr {
            if let Some(v) = sc.cache.read().unwrap().get(n) {
                if !self.has_overrides.load(std::sync::atomic::Ordering::Relaxed) {
                    return Ok(v.clone());
                }
            }
        }
        match dr.get() {
            Some((d, dsc)) => self.eval_def(d, dsc, n, &[], e, sc, env, st),
            None => {
                if let Some(v) = self.override_of(n) {
                    if let Value::Op(c) = &v {
                        if let Some(cl) = op_closure(c) {
                            if cl.params.is_empty() && !matches!(cl.body, ClosureBody::Builtin(_)) {
                                return self.call_closure(cl, Vec::new(), e, sc, st);
                            }
                        }
                    }
                    return Ok(v);
                }
                self.builtin_name(n).ok_or_else(|| err_at(sc, e.span, format!("Unknown operator: {n}")))
            }
        }
    }

    fn builtin_name(&self, n: &str) -> Option<Value> {
        Some(match n {
            "Nat" => Value::Nat,
            "Int" => Value::IntSet,
            "Real" => Value::RealSet,
            "BOOLEAN" => Value::set_sorted(vec![Value::Bool(false), Value::Bool(true)]),
            "STRING" => Value::StringSet,
            "EmptyBag" => Value::tuple(vec![]),
            "JavaTime" => Value::Int((std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0) & 0x7fff_ffff) as i64),
            "TRUE" => Value::Bool(true),
            "FALSE" => Value::Bool(false),
            _ => return None,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn eval_def(&self, d: &Def, dsc: Sc, n: &str, args: &'static [Expr], e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        match d {
            Def::Var(i) => {
                if !args.is_empty() {
                    return Err(err_at(sc, e.span, format!("variable {n} applied to arguments")));
                }
                self.var(*i, e, sc, st)
            }
            Def::Const(cell, name) => match &*cell.read().unwrap() {
                Some(v) => {
                    if let Value::Op(c) = v {
                        if let Some(cl) = op_closure(c) {
                            let argv = self.op_args(&cl.params, args, sc, env, st)?;
                            return self.call_closure(cl, argv, e, sc, st);
                        }
                    }
                    Ok(v.clone())
                }
                None => Err(err_at(sc, e.span, format!("The constant parameter {name} is not assigned a value by the configuration"))),
            },
            Def::Sub { expr, scope, env: senv } => {
                if args.is_empty() {
                    // `x <- e` of an INSTANCE: while the state is fixed, `e` is evaluated once
                    // per state (TLC binds it lazily once per evaluation, too)
                    let key = FIXED.with(|f| {
                        let f = f.borrow();
                        if !f.active {
                            return None;
                        }
                        let ptr = |o: Option<*const ()>| o.map(|p| p as usize).unwrap_or(0);
                        Some((
                            *expr as *const Expr as usize,
                            senv.0.as_ref().map(|a| Arc::as_ptr(a) as usize).unwrap_or(0),
                            ptr(st.cur.map(|c| c.as_ptr() as *const ())),
                            ptr(st.nxt.map(|c| c.as_ptr() as *const ())),
                            st.primed,
                        ))
                    });
                    if let Some(k) = key {
                        if let Some((v, primed)) = FIXED.with(|f| f.borrow().subst.get(&k).cloned()) {
                            if primed {
                                primed_read();
                            }
                            return Ok(v);
                        }
                        // the same parent state as the previous calls (`fixed_parent`): a value
                        // that read no primed variable is the parent's, whatever the successor
                        // (the instantiating scope too: one INSTANCE statement seen from two scopes)
                        let pk = (k.0, k.1, *scope as *const super::scope::Scope as usize);
                        let parent = !st.primed && k.2 != 0 && FIXED.with(|f| f.borrow().parent_cur == k.2);
                        if parent {
                            if let Some(v) = FIXED.with(|f| f.borrow().parent.get(&pk).cloned()) {
                                return Ok(v);
                            }
                        }
                        let before = PRIMED_READS.with(|c| c.get());
                        let v = self.eval(expr, scope, senv, st)?;
                        let primed = PRIMED_READS.with(|c| c.get()) != before;
                        FIXED.with(|f| {
                            let mut f = f.borrow_mut();
                            if parent && !primed {
                                f.parent.insert(pk, v.clone());
                            }
                            f.subst.insert(k, (v.clone(), primed))
                        });
                        return Ok(v);
                    }
                    self.eval(expr, scope, senv, st)
                } else {
                    // an operator constant substituted by an operator
                    let v = self.eval_op_ref(expr, scope, senv)?;
                    let Value::Op(c) = &v else { return Err(err_at(sc, e.span, format!("{n} is not an operator"))) };
                    let cl = op_closure(c).unwrap();
                    let argv = self.op_args(&cl.params, args, sc, env, st)?;
                    self.call_closure(cl, argv, e, sc, st)
                }
            }
            Def::OpValue(cl) => {
                let argv = self.op_args(&cl.params, args, sc, env, st)?;
                self.call_closure(cl, argv, e, sc, st)
            }
            Def::Op(od, osc) => {
                if od.params.len() != args.len() {
                    return Err(err_at(sc, e.span, format!("operator {n} expects {} argument(s), got {}", od.params.len(), args.len())));
                }
                if args.is_empty() {
                    if matches!(osc.get(od.name.name.as_str()), Some(Def::Op(d2, _)) if std::ptr::eq(*d2, *od)) {
                        if let Some(v) = osc.cache.read().unwrap().get(od.name.name.as_str()) {
                            return Ok(v.clone());
                        }
                    }
                    return self.eval(&od.body, osc, &Env::default(), st);
                }
                let mut env2 = Env::default();
                for (p, a) in od.params.iter().zip(args.iter()) {
                    let v = if p.arity > 0 {
                        self.eval_op_ref(a, sc, env)?
                    } else if let Some(f) = self.lazy_fn_arg(a, sc, env) {
                        f
                    } else {
                        self.eval(a, sc, env, st)?
                    };
                    env2 = env2.bind(p.name.name.as_str(), v);
                }
                let _ = dsc;
                self.eval(&od.body, osc, &env2, st)
            }
            Def::Fn(fd, fsc) => {
                if !args.is_empty() {
                    return Err(err_at(sc, e.span, format!("function {n} applied with ( ) instead of [ ]")));
                }
                if let Some(v) = fsc.cache.read().unwrap().get(fd.name.name.as_str()) {
                    return Ok(v.clone());
                }
                self.fndef_value(fd, fsc, &Env::default(), st)
            }
            Def::Inst { .. } => Err(err_at(sc, e.span, format!("instance {n} used as a value"))),
        }
    }

    fn var(&self, i: usize, e: E, sc: Sc, st: &St) -> R<Value> {
        if st.primed {
            primed_read();
            if let Some(nx) = st.nxt {
                if let Some(v) = &nx[i] {
                    return Ok(v.clone());
                }
            }
            return Err(err_at(sc, e.span, format!("The variable {}' is used before it is assigned a value", self.var_names.get(i).copied().unwrap_or("?"))));
        }
        if let Some(c) = st.cur {
            return Ok(c[i].clone());
        }
        if let Some(nx) = st.nxt {
            if let Some(v) = &nx[i] {
                return Ok(v.clone());
            }
        }
        Err(err_at(sc, e.span, format!("The variable {} is used before it is assigned a value", self.var_names.get(i).copied().unwrap_or("?"))))
    }

    fn op_args(&self, params: &[&'static str], args: &'static [Expr], sc: Sc, env: &Env, st: &St) -> R<Vec<Value>> {
        let _ = params;
        args.iter()
            .map(|a| match &a.kind {
                ExprKind::Lambda(..) | ExprKind::OpRef(_) => self.eval_op_ref(a, sc, env),
                _ => self.eval(a, sc, env, st).or_else(|err| self.eval_op_ref(a, sc, env).map_err(|_| err)),
            })
            .collect()
    }

    /// An operator argument as a value: LAMBDA, operator symbol, or the name of an operator.
    pub fn eval_op_ref(&self, a: E, sc: Sc, env: &Env) -> R<Value> {
        match &a.kind {
            ExprKind::Lambda(..) => self.eval(a, sc, env, &St::NONE),
            ExprKind::OpRef(sym) | ExprKind::Name(sym) => {
                if let Some(v) = env.get(sym) {
                    return Ok(v.clone());
                }
                match self.resolve(sym, sc, a.span)? {
                    Some((Def::Op(od, osc), _)) => Ok(Value::Op(Arc::new(Closure {
                        memo: Default::default(),
                        name: Some(od.name.name.as_str()),
                        params: od.params.iter().map(|p| p.name.name.as_str()).collect(),
                        body: ClosureBody::Expr(&od.body),
                        scope: osc,
                        env: Env::default(),
                    }))),
                    Some((Def::OpValue(c), _)) => Ok(Value::Op(c as Arc<dyn value::OpValue>)),
                    Some((Def::Const(cell, _), _)) => cell.read().unwrap().clone().ok_or_else(|| err_at(sc, a.span, "unassigned constant")),
                    Some((Def::Sub { expr, scope, env }, _)) => self.eval_op_ref(expr, scope, &env),
                    Some(_) => Err(err_at(sc, a.span, format!("{sym} is not an operator"))),
                    None => Ok(Value::Op(Arc::new(Closure {
                        memo: Default::default(),
                        name: Some(intern(sym)),
                        params: vec!["a", "b"],
                        body: ClosureBody::Builtin(intern(sym)),
                        scope: sc,
                        env: Env::default(),
                    }))),
                }
            }
            _ => self.eval(a, sc, env, &St::NONE),
        }
    }

    pub fn call_closure(&self, cl: &Closure, args: Vec<Value>, e: E, sc: Sc, st: &St) -> R<Value> {
        match &cl.body {
            ClosureBody::Builtin(sym) => {
                if args.len() == 2 && super::super::parser::infix_prec(sym).is_some() {
                    return self.infix_values(sym, &args[0], &args[1]).map_err(|m| err_at(sc, e.span, m));
                }
                self.builtin_apply(sym, args, e, sc, st)
            }
            ClosureBody::Expr(body) if cl.params.is_empty() && cl.name.is_none() && args.is_empty() => {
                // an operator argument passed by name (the enumerator's lazy arguments)
                self.eval(body, cl.scope, &cl.env, st)
            }
            ClosureBody::Expr(body) => {
                if cl.params.len() != args.len() {
                    return Err(err_at(sc, e.span, format!("operator expects {} argument(s), got {}", cl.params.len(), args.len())));
                }
                let mut env2 = cl.env.clone();
                if let Some(n) = cl.name {
                    // RECURSIVE LET definitions see themselves
                    if env2.get(n).is_none() {
                        env2 = env2.bind(n, Value::Op(Arc::new(Closure {
                            memo: Default::default(),
                            name: cl.name,
                            params: cl.params.clone(),
                            body: ClosureBody::Expr(body),
                            scope: cl.scope,
                            env: cl.env.clone(),
                        })));
                    }
                }
                for (p, v) in cl.params.iter().zip(args) {
                    env2 = env2.bind(p, v);
                }
                self.eval(body, cl.scope, &env2, st)
            }
            ClosureBody::FnDef(fd) => {
                let mut env2 = cl.env.clone();
                if let Some(n) = cl.name {
                    env2 = env2.bind(n, Value::Op(Arc::new(Closure { memo: Default::default(), name: Some(n), params: vec![], body: ClosureBody::FnDef(fd), scope: cl.scope, env: cl.env.clone() })));
                }
                if args.is_empty() {
                    return self.fndef_value(fd, cl.scope, &env2, st);
                }
                let arg = if args.len() == 1 { args.into_iter().next().unwrap() } else { Value::tuple(args) };
                self.apply_fndef(fd, cl.scope, &env2, arg, e, sc, st)
            }
        }
    }

    pub fn resolve_qualified(&self, parts: &'static [(String, Vec<Expr>)], e: E, sc: Sc, env: &Env, st: &St) -> R<(Def, Sc)> {
        let mut cur = sc;
        for (i, (name, args)) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let Some((d, _)) = self.resolve(name, cur, e.span)? else {
                return Err(err_at(sc, e.span, format!("Unknown operator: {name}")));
            };
            if last {
                return Ok((d, cur));
            }
            match d {
                Def::Inst { params, inst, scope, cache } => {
                    let vals = args.iter().map(|a| self.eval(a, sc, env, st)).collect::<R<Vec<_>>>()?;
                    let mut ienv = Env::default();
                    for (p, v) in params.iter().zip(vals.iter()) {
                        ienv = ienv.bind(p.name.name.as_str(), v.clone());
                    }
                    cur = self.instance_scope(inst, scope, ienv, &cache, vals, e.span, sc)?;
                }
                _ => return Err(err_at(sc, e.span, format!("{name} is not an instance"))),
            }
        }
        unreachable!()
    }

    fn eval_apply(&self, n: &'static str, args: &'static [Expr], e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        if let Some(m) = memo_of(e, sc) {
            if m.unbound {
                // not bound in `env` (see `NodeMemo`): straight to the definition
                if let Some((d, dsc)) = &m.resolved {
                    return self.eval_def(d, dsc, n, args, e, sc, env, st);
                }
            }
        }
        if let Some(v) = env.get(n) {
            let Value::Op(c) = v else { return Err(err_at(sc, e.span, format!("{n} is not an operator"))) };
            let c = c.clone();
            let cl = op_closure(&c).unwrap();
            let argv = self.op_args(&cl.params, args, sc, env, st)?;
            return self.call_closure(cl, argv, e, sc, st);
        }
        if let Some((d, dsc)) = self.node(n, e, sc)?.get() {
            return self.eval_def(d, dsc, n, args, e, sc, env, st);
        }
        if let Some(Value::Op(c)) = self.override_of(n) {
            let cl = op_closure(&c).unwrap();
            let argv = self.op_args(&cl.params, args, sc, env, st)?;
            return self.call_closure(cl, argv, e, sc, st);
        }
        // built-in operators with lazy or operator arguments
        match n {
            "Assert" => {
                let c = self.eval(&args[0], sc, env, st)?;
                if c.as_bool().map_err(|m| err_at(sc, e.span, m))? {
                    return Ok(Value::Bool(true));
                }
                let msg = self.eval(&args[1], sc, env, st)?;
                let m = match &msg {
                    Value::Str(s) => s.to_string(),
                    v => v.to_string(),
                };
                return Err(err_at(sc, e.span, format!("The first argument of Assert evaluated to FALSE; the second argument was:\n\"{m}\"")));
            }
            "SelectSeq" | "SortSeq" | "FoldSet" | "FoldSeq" | "FoldFunction" | "FoldFunctionOnSet" | "MapThenFoldSet" | "FoldLeft" | "FoldRight" => {
                let argv = self.op_args(&[], args, sc, env, st)?;
                return self.builtin_apply(n, argv, e, sc, st);
            }
            _ => {}
        }
        let argv = args.iter().map(|a| self.eval(a, sc, env, st)).collect::<R<Vec<_>>>()?;
        self.builtin_apply(n, argv, e, sc, st)
    }

    fn call_op_value(&self, f: &Value, args: Vec<Value>, e: E, sc: Sc, st: &St) -> R<Value> {
        let Value::Op(c) = f else { return Err(err_at(sc, e.span, "an operator argument was expected")) };
        self.call_closure(op_closure(c).unwrap(), args, e, sc, st)
    }

    fn builtin_apply(&self, n: &str, a: Vec<Value>, e: E, sc: Sc, st: &St) -> R<Value> {
        let er = |m: String| err_at(sc, e.span, m);
        let arity = |k: usize| -> R<()> {
            if a.len() == k {
                Ok(())
            } else {
                Err(err_at(sc, e.span, format!("{n} expects {k} argument(s), got {}", a.len())))
            }
        };
        let seq = |v: &Value| -> R<Arc<Vec<Value>>> {
            match v {
                Value::Tuple(t) => Ok(t.clone()),
                Value::Str(s) => Ok(Arc::new(s.chars().map(|c| Value::str(&c.to_string())).collect())),
                v => Err(err_at(sc, e.span, format!("{n}: a sequence was expected, but got {v}"))),
            }
        };
        match n {
            "Len" => {
                arity(1)?;
                match &a[0] {
                    Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
                    v => Ok(Value::Int(seq(v)?.len() as i64)),
                }
            }
            "Append" => {
                arity(2)?;
                let mut s = seq(&a[0])?.to_vec();
                s.push(a[1].clone());
                Ok(Value::tuple(s))
            }
            "Head" => {
                arity(1)?;
                seq(&a[0])?.first().cloned().ok_or_else(|| er("Attempted to apply Head to the empty sequence".into()))
            }
            "Tail" => {
                arity(1)?;
                let s = seq(&a[0])?;
                if s.is_empty() {
                    return Err(er("Attempted to apply Tail to the empty sequence".into()));
                }
                Ok(Value::tuple(s[1..].to_vec()))
            }
            "SubSeq" => {
                arity(3)?;
                let s = seq(&a[0])?;
                let m = a[1].as_int().map_err(er)?;
                let k = a[2].as_int().map_err(er)?;
                if m > k {
                    return Ok(Value::tuple(vec![]));
                }
                if m < 1 || k as usize > s.len() {
                    return Err(er(format!("SubSeq({}, {m}, {k}): index out of range", a[0])));
                }
                Ok(Value::tuple(s[m as usize - 1..k as usize].to_vec()))
            }
            "Seq" => {
                arity(1)?;
                Ok(Value::SeqSet(Arc::new(a[0].clone())))
            }
            "SelectSeq" => {
                arity(2)?;
                let s = seq(&a[0])?;
                let mut out = Vec::new();
                for x in s.iter() {
                    if self.call_op_value(&a[1], vec![x.clone()], e, sc, st)?.as_bool().map_err(er)? {
                        out.push(x.clone());
                    }
                }
                Ok(Value::tuple(out))
            }
            "Cardinality" => {
                arity(1)?;
                a[0].cardinality().map(Value::Int).map_err(er)
            }
            "IsFiniteSet" => {
                arity(1)?;
                Ok(Value::Bool(a[0].cardinality().is_ok()))
            }
            "Print" => {
                arity(2)?;
                self.print(&a[0]);
                Ok(a[1].clone())
            }
            "PrintT" => {
                arity(1)?;
                self.print(&a[0]);
                Ok(Value::Bool(true))
            }
            "ToString" => {
                arity(1)?;
                Ok(Value::str(&a[0].to_string()))
            }
            "TLCEval" => {
                arity(1)?;
                Ok(a[0].clone())
            }
            "TLCGet" => {
                arity(1)?;
                match &a[0] {
                    Value::Int(i) => self.regs.lock().unwrap().get(i).cloned().ok_or_else(|| er(format!("TLCGet({i}): register not set"))),
                    Value::Str(s) if &**s == "level" => Ok(Value::Int(self.level.load(std::sync::atomic::Ordering::Relaxed))),
                    v => Err(er(format!("TLCGet({v}) is not supported yet"))),
                }
            }
            "TLCSet" => {
                arity(2)?;
                match &a[0] {
                    Value::Int(i) => {
                        self.regs.lock().unwrap().insert(*i, a[1].clone());
                        Ok(Value::Bool(true))
                    }
                    v => Err(er(format!("TLCSet({v}, ...) is not supported yet"))),
                }
            }
            "Permutations" => {
                arity(1)?;
                let els = a[0].elements().map_err(er)?;
                let mut out = Vec::new();
                let mut idx: Vec<usize> = (0..els.len()).collect();
                permute(&mut idx, 0, &mut |p| {
                    let dom = els.to_vec();
                    let rng = p.iter().map(|&i| els[i].clone()).collect();
                    out.push(Value::func(dom, rng));
                });
                Ok(Value::set(out))
            }
            "SortSeq" => {
                arity(2)?;
                let mut s = seq(&a[0])?.to_vec();
                let mut error = None;
                // insertion sort with the user's comparison (stable, like TLC's)
                let mut i = 1;
                while i < s.len() {
                    let mut j = i;
                    while j > 0 {
                        match self.call_op_value(&a[1], vec![s[j].clone(), s[j - 1].clone()], e, sc, st).and_then(|v| v.as_bool().map_err(er)) {
                            Ok(true) => {
                                s.swap(j, j - 1);
                                j -= 1;
                            }
                            Ok(false) => break,
                            Err(x) => {
                                error = Some(x);
                                break;
                            }
                        }
                    }
                    if error.is_some() {
                        break;
                    }
                    i += 1;
                }
                if let Some(x) = error {
                    return Err(x);
                }
                Ok(Value::tuple(s))
            }
            "RandomElement" | "Any" => {
                arity(1)?;
                let els = a[0].elements().map_err(er)?;
                els.first().cloned().ok_or_else(|| er("RandomElement of the empty set".into()))
            }
            // ---- Bags
            "SetToBag" => {
                arity(1)?;
                let els = a[0].elements().map_err(er)?;
                Ok(Value::func(els.to_vec(), vec![Value::Int(1); els.len()]))
            }
            "BagToSet" => {
                arity(1)?;
                Ok(Value::set(fn_pairs(&a[0]).0))
            }
            "BagIn" => {
                arity(2)?;
                let (d, _) = fn_pairs(&a[1]);
                Ok(Value::Bool(d.iter().any(|x| eq(x, &a[0]))))
            }
            "CopiesIn" => {
                arity(2)?;
                Ok(self.apply_fn(&a[1], &a[0]).unwrap_or(Value::Int(0)))
            }
            "BagCardinality" => {
                arity(1)?;
                let (_, r) = fn_pairs(&a[0]);
                Ok(Value::Int(r.iter().map(|v| v.as_int().unwrap_or(0)).sum()))
            }
            "BagUnion" => {
                arity(1)?;
                let mut acc = Value::tuple(vec![]);
                for b in a[0].elements().map_err(er)?.iter() {
                    acc = bag_op(&acc, b, true);
                }
                Ok(acc)
            }
            "SubBag" => {
                arity(1)?;
                let (d, r) = fn_pairs(&a[0]);
                let mut out = vec![Vec::<(Value, Value)>::new()];
                for (k, c) in d.iter().zip(r.iter()) {
                    let c = c.as_int().map_err(er)?;
                    let mut next = Vec::new();
                    for prefix in &out {
                        for i in 0..=c {
                            let mut p = prefix.clone();
                            if i > 0 {
                                p.push((k.clone(), Value::Int(i)));
                            }
                            next.push(p);
                        }
                    }
                    out = next;
                }
                Ok(Value::set(out.into_iter().map(Value::func_sorted).collect()))
            }
            "BagOfAll" => {
                arity(2)?;
                let (d, r) = fn_pairs(&a[1]);
                let mut acc = Value::tuple(vec![]);
                for (k, c) in d.iter().zip(r.iter()) {
                    let img = self.call_op_value(&a[0], vec![k.clone()], e, sc, st)?;
                    acc = bag_op(&acc, &Value::func(vec![img], vec![c.clone()]), true);
                }
                Ok(acc)
            }
            // ---- a few CommunityModules operators TLC implements natively
            "FoldSet" | "FoldFunctionOnSet" | "MapThenFoldSet" | "FoldSeq" | "FoldLeft" | "FoldRight" | "FoldFunction" => {
                Err(er(format!("Unknown operator: {n}")))
            }
            _ => Err(er(format!("Unknown operator: {n}"))),
        }
    }

    fn print(&self, v: &Value) {
        let s = match v {
            Value::Str(s) => format!("\"{s}\""),
            v => v.to_string(),
        };
        if self.echo {
            println!("{s}");
        } else {
            eprintln!("{s}");
        }
        self.out.lock().unwrap().push(s);
    }

    #[allow(clippy::too_many_arguments)]
    fn eval_prefix(&self, op: &str, a: E, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        match op {
            "~" => Ok(Value::Bool(!self.eval_bool(a, sc, env, st)?)),
            "-" => {
                if let Some((Def::Op(od, osc), _)) = self.node("-.", e, sc)?.get() {
                    let v = self.eval(a, sc, env, st)?;
                    return self.eval(&od.body, osc, &Env::default().bind(od.params[0].name.name.as_str(), v), st);
                }
                let v = self.eval(a, sc, env, st)?.as_int().map_err(|m| err_at(sc, e.span, m))?;
                Ok(Value::Int(-v))
            }
            "SUBSET" => Ok(Value::Subset(Arc::new(self.eval(a, sc, env, st)?))),
            "UNION" => {
                let s = self.eval(a, sc, env, st)?;
                let mut out = Vec::new();
                for x in s.elements().map_err(|m| err_at(sc, e.span, m))?.iter() {
                    out.extend(x.elements().map_err(|m| err_at(sc, e.span, m))?.iter().cloned());
                }
                Ok(Value::set(out))
            }
            "DOMAIN" => {
                let f = self.eval(a, sc, env, st)?;
                match &f {
                    Value::Tuple(t) => Ok(Value::Interval(1, t.len() as i64)),
                    v if v.is_fn() => Ok(Value::set_sorted(fn_pairs(v).0)),
                    Value::Str(s) => Ok(Value::Interval(1, s.chars().count() as i64)),
                    v => Err(err_at(sc, e.span, format!("Attempted to apply the operator DOMAIN to a non-function ({v})"))),
                }
            }
            "UNCHANGED" => {
                let now = self.eval(a, sc, env, st)?;
                let next = self.eval(a, sc, env, &St { primed: true, ..*st })?;
                Ok(Value::Bool(eq(&now, &next)))
            }
            "ENABLED" => {
                // the enumerator below evaluates in states it changes in place
                let _suspend = SuspendFixed::new();
                let Some(cur) = st.cur else { return Err(err_at(sc, e.span, "ENABLED evaluated without a current state")) };
                let mut en = super::enumerate::Enumerator::new(self, Some(cur), self.var_names.len());
                // a variable the action leaves unassigned may take any value
                let free = super::value::model_value("__veriforge_free_variable__");
                en.partial = Some(free.clone());
                let mut found = false;
                if let ExprKind::AngleAction(act, v) = &a.kind {
                    // ENABLED <<A>>_v: some A-step that changes v (a free variable in v can change)
                    let now = self.eval(v, sc, env, &St { cur: Some(cur), nxt: None, primed: false })?;
                    en.run(act, sc, env, None, &mut |t, _| {
                        let nxt: Vec<Option<Value>> = t.into_iter().map(Some).collect();
                        let next = self.eval(v, sc, env, &St { cur: Some(cur), nxt: Some(&nxt), primed: true })?;
                        if nxt.iter().any(|x| x.as_ref() == Some(&free)) && next.to_string().contains("__veriforge_free_variable__") {
                            // TLC: "The action formula A appearing in a WF_v(A) or SF_v(A) operator does not
                            // specify the primed value of the variable y occurring in the state formula v."
                            return Err(err_at(sc, v.span, "The action formula in ENABLED <<A>>_v (WF_v(A) or SF_v(A)) does not specify the primed value of a variable occurring in v"));
                        }
                        let changed = !eq(&now, &next);
                        if changed {
                            found = true;
                            return Ok(false);
                        }
                        Ok(true)
                    })?;
                    return Ok(Value::Bool(found));
                }
                en.run(a, sc, env, None, &mut |_, _| {
                    found = true;
                    Ok(false)
                })?;
                Ok(Value::Bool(found))
            }
            "[]" | "<>" => Err(err_at(sc, e.span, format!("the temporal operator {op} cannot be evaluated in a state"))),
            _ => Err(err_at(sc, e.span, format!("Unknown prefix operator {op}"))),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn eval_infix(&self, op: &'static str, a: E, b: E, e: E, sc: Sc, env: &Env, st: &St) -> R<Value> {
        match op {
            "/\\" => return Ok(Value::Bool(self.eval_bool(a, sc, env, st)? && self.eval_bool(b, sc, env, st)?)),
            "\\/" => return Ok(Value::Bool(self.eval_bool(a, sc, env, st)? || self.eval_bool(b, sc, env, st)?)),
            "=>" => return Ok(Value::Bool(!self.eval_bool(a, sc, env, st)? || self.eval_bool(b, sc, env, st)?)),
            "<=>" => return Ok(Value::Bool(self.eval_bool(a, sc, env, st)? == self.eval_bool(b, sc, env, st)?)),
            "~>" => return Err(err_at(sc, e.span, "~> cannot be evaluated in a state")),
            _ => {}
        }
        if !core_infix(op) {
            let dr = self.node(op, e, sc)?;
            if let Some((d, dsc)) = dr.get() {
                let args: &'static [Expr] = match dr.fast() {
                    Fast::Args(args) => args,
                    _ => Box::leak(vec![a.clone(), b.clone()].into_boxed_slice()),
                };
                return self.eval_def(d, dsc, op, args, e, sc, env, st);
            }
        }
        let av = self.eval(a, sc, env, st)?;
        if matches!(op, "\\in" | "\\notin") {
            if let Some(r) = self.lazy_member(&av, b, e, sc, env, st)? {
                return Ok(Value::Bool(r == (op == "\\in")));
            }
        }
        let bv = self.eval(b, sc, env, st)?;
        self.infix_values(op, &av, &bv).map_err(|m| err_at(sc, e.span, m))
    }

    pub fn infix_values(&self, op: &str, a: &Value, b: &Value) -> Result<Value, String> {
        use Value::*;
        let ints = || -> Result<(i64, i64), String> { Ok((a.as_int()?, b.as_int()?)) };
        Ok(match op {
            "=" => Bool(values_eq(a, b)?),
            "#" | "/=" => Bool(!values_eq(a, b)?),
            "\\in" => Bool(b.contains(a)?),
            "\\notin" => Bool(!b.contains(a)?),
            "+" => {
                let (x, y) = ints()?;
                Int(x.checked_add(y).ok_or("integer overflow")?)
            }
            "-" => {
                let (x, y) = ints()?;
                Int(x.checked_sub(y).ok_or("integer overflow")?)
            }
            "*" => {
                let (x, y) = ints()?;
                Int(x.checked_mul(y).ok_or("integer overflow")?)
            }
            "\\div" => {
                let (x, y) = ints()?;
                if y == 0 {
                    return Err("The second argument of \\div is 0".into());
                }
                Int(x.div_euclid(y) - if y < 0 && x.rem_euclid(y) != 0 { 1 } else { 0 })
            }
            "%" => {
                let (x, y) = ints()?;
                if y <= 0 {
                    return Err(format!("The second argument of % should be a positive number, but instead it is: {y}"));
                }
                Int(x.rem_euclid(y))
            }
            "^" => {
                let (x, y) = ints()?;
                if y < 0 {
                    return Err("negative exponent".into());
                }
                Int(x.checked_pow(y as u32).ok_or("integer overflow")?)
            }
            "<" => {
                let (x, y) = ints()?;
                Bool(x < y)
            }
            ">" => {
                let (x, y) = ints()?;
                Bool(x > y)
            }
            "<=" | "=<" => {
                let (x, y) = ints()?;
                Bool(x <= y)
            }
            ">=" => {
                let (x, y) = ints()?;
                Bool(x >= y)
            }
            ".." => {
                let (x, y) = ints()?;
                Interval(x, y)
            }
            "\\union" => crate::tlc::value::set_union(a, b)?,
            "\\intersect" if !matches!(a, Value::Set(_)) && matches!(b, Value::Set(_)) => return self.infix_values(op, b, a),
            "\\" if matches!(a, Value::Nat | Value::IntSet | Value::StringSet | Value::SeqSet(_)) => Value::Diff(Arc::new((a.clone(), b.clone()))),
            "\\intersect" => {
                let x = a.elements()?;
                let mut out = Vec::new();
                for v in x.iter() {
                    if b.contains(v)? {
                        out.push(v.clone());
                    }
                }
                Value::set_sorted(out)
            }
            "\\" => {
                let x = a.elements()?;
                let mut out = Vec::new();
                for v in x.iter() {
                    if !b.contains(v)? {
                        out.push(v.clone());
                    }
                }
                Value::set_sorted(out)
            }
            "\\subseteq" => {
                if let (Value::Subset(_), Value::Subset(_)) = (a, b) {
                    return Ok(Bool(eq(a, b)));
                }
                for v in a.elements()?.iter() {
                    if !b.contains(v)? {
                        return Ok(Bool(false));
                    }
                }
                Bool(true)
            }
            "\\subset" => {
                let sub = self.infix_values("\\subseteq", a, b)?;
                Bool(sub.as_bool()? && !values_eq(a, b)?)
            }
            "\\supseteq" => return self.infix_values("\\subseteq", b, a),
            "\\o" => match (a, b) {
                (Str(x), Str(y)) => Value::str(&format!("{x}{y}")),
                (Tuple(x), Tuple(y)) => {
                    let mut v = x.to_vec();
                    v.extend(y.iter().cloned());
                    Value::tuple(v)
                }
                _ => return Err(format!("Attempted to concatenate {a} and {b}, which are not both sequences")),
            },
            ":>" => Value::func(vec![a.normalize()?], vec![b.clone()]),
            "@@" => {
                let (mut d, mut r) = fn_pairs(a);
                let (d2, r2) = fn_pairs(b);
                for (k, v) in d2.into_iter().zip(r2) {
                    if !d.iter().any(|x| eq(x, &k)) {
                        d.push(k);
                        r.push(v);
                    }
                }
                Value::func(d, r)
            }
            "(+)" => bag_op(a, b, true),
            "(-)" => bag_op(a, b, false),
            "\\sqsubseteq" => {
                let (d, r) = fn_pairs(a);
                for (k, c) in d.iter().zip(r.iter()) {
                    let c2 = self.apply_fn(b, k).unwrap_or(Int(0));
                    if c.as_int()? > c2.as_int()? {
                        return Ok(Bool(false));
                    }
                }
                Bool(true)
            }
            "\\X" => Value::Product(Arc::new(vec![a.clone(), b.clone()])),
            _ => return Err(format!("Unknown operator: {op}")),
        })
    }
}


/// TLC's equality, which refuses to compare values of different basic kinds.
pub fn values_eq(a: &Value, b: &Value) -> Result<bool, String> {
    use Value::*;
    let basic = |v: &Value| match v {
        Bool(_) => 1,
        Int(_) => 2,
        Str(_) => 3,
        _ => 0,
    };
    let (ka, kb) = (basic(a), basic(b));
    if ka != kb && ka != 0 && kb != 0 {
        return Err(format!("Attempted to check equality of {a} with non-comparable value {b}"));
    }
    if (ka != 0 && b.is_set()) || (kb != 0 && a.is_set()) {
        return Err(format!("Attempted to check equality of {a} with non-comparable value {b}"));
    }
    if a.is_set() && b.is_set() && !matches!(a, Set(_)) || !matches!(b, Set(_)) && b.is_set() && a.is_set() {
        // lazy sets: compare enumerations (or membership for SUBSET/infinite sets)
        if let (Ok(x), Ok(y)) = (a.normalize(), b.normalize()) {
            return Ok(eq(&x, &y));
        }
        return Ok(eq(a, b));
    }
    Ok(eq(a, b))
}

fn bag_op(a: &Value, b: &Value, add: bool) -> Value {
    let (d, r) = fn_pairs(a);
    let (d2, r2) = fn_pairs(b);
    let mut m: Vec<(Value, i64)> = d.into_iter().zip(r.iter().map(|v| v.as_int().unwrap_or(0))).collect();
    for (k, v) in d2.into_iter().zip(r2.iter().map(|v| v.as_int().unwrap_or(0))) {
        match m.iter_mut().find(|(x, _)| eq(x, &k)) {
            Some((_, c)) => *c += if add { v } else { -v },
            None => {
                if add {
                    m.push((k, v))
                }
            }
        }
    }
    let m: Vec<(Value, i64)> = m.into_iter().filter(|(_, c)| *c > 0).collect();
    Value::func(m.iter().map(|p| p.0.clone()).collect(), m.iter().map(|p| Value::Int(p.1)).collect())
}

/// `[f EXCEPT ![k] = v]` for one key in the domain.
pub fn update_fn(f: &Value, key: &Value, v: Value) -> Result<Value, String> {
    match f {
        Value::Tuple(t) => {
            if let Value::Int(i) = key {
                let mut t2 = t.to_vec();
                t2[*i as usize - 1] = v;
                return Ok(Value::tuple(t2));
            }
        }
        Value::Record(r) => {
            if let Value::Str(k) = key {
                let mut r2 = r.to_vec();
                if let Some(slot) = r2.iter_mut().find(|(n, _)| Arc::ptr_eq(n, k) || n == k) {
                    slot.1 = v;
                }
                return Ok(Value::Record(Arc::new(r2)));
            }
        }
        Value::Func(fv) => {
            if let Some(i) = fv.index_of(key) {
                let mut f2 = (**fv).clone();
                f2.rng[i] = v;
                return Ok(Value::Func(Arc::new(f2)));
            }
        }
        _ => {}
    }
    Err(format!("EXCEPT on {f} at {key}"))
}

fn permute(idx: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k == idx.len() {
        f(idx);
        return;
    }
    for i in k..idx.len() {
        idx.swap(k, i);
        permute(idx, k + 1, f);
        idx.swap(k, i);
    }
}

/// One shared `Arc` per distinct string literal of the spec: a state's strings then come from a
/// few shared values, and comparing two equal ones is a pointer comparison (`value::cmp`).
/// Called once per literal node (the node keeps the value).
fn interned_str(s: &str) -> Arc<str> {
    static STRS: std::sync::OnceLock<Mutex<HashMap<String, Arc<str>>>> = std::sync::OnceLock::new();
    let mut g = STRS.get_or_init(|| Mutex::new(HashMap::new())).lock().unwrap();
    if let Some(a) = g.get(s) {
        return a.clone();
    }
    let a: Arc<str> = Arc::from(s);
    g.insert(s.to_string(), a.clone());
    a
}

/// Leaks a name so it can live in an `Env` (names from the syntax tree are already static).
pub fn intern(s: &str) -> &'static str {
    static NAMES: std::sync::OnceLock<Mutex<HashMap<String, &'static str>>> = std::sync::OnceLock::new();
    let m = NAMES.get_or_init(|| Mutex::new(HashMap::new()));
    let mut g = m.lock().unwrap();
    if let Some(s) = g.get(s) {
        return s;
    }
    let l: &'static str = Box::leak(s.to_string().into_boxed_str());
    g.insert(s.to_string(), l);
    l
}

type SubstKey = (usize, usize, usize, usize, bool);

#[derive(Default)]
struct Fixed {
    active: bool,
    /// Values of substitutions in this `eval_bool_fixed` call, and whether they read a primed
    /// variable.
    subst: HashMap<SubstKey, (Value, bool), std::hash::BuildHasherDefault<value::FpHasher>>,
    /// The parent state being expanded (its address; 0 = none, see `fixed_parent`) and the
    /// values of substitutions (expression, environment, scope) evaluated unprimed in it that read no
    /// primed variable: the same for every successor's action property.
    parent_cur: usize,
    parent: HashMap<(usize, usize, usize), Value, std::hash::BuildHasherDefault<value::FpHasher>>,
}

thread_local! {
    /// Per worker thread: values of instance substitutions during one `eval_bool_fixed`.
    static FIXED: std::cell::RefCell<Fixed> = std::cell::RefCell::new(Fixed::default());
    /// Reads of primed variables so far on this thread (a substitution that read none depends on
    /// the current state only).
    static PRIMED_READS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[inline]
fn primed_read() {
    PRIMED_READS.with(|c| c.set(c.get().wrapping_add(1)));
}

/// Declares the state whose successors are about to be checked on this thread (`Some(parent)`,
/// which must stay alive until the next call) or that none is (`None`): while it is, the
/// values of instance substitutions evaluated in it that read no primed variable are kept
/// across `eval_bool_fixed` calls (an action property `[][M!Next]_M!vars` on each successor
/// then evaluates `M`'s substituted variables in the parent once). Each call forgets the
/// values kept for the previous parent.
pub fn fixed_parent(cur: Option<&[Value]>) {
    FIXED.with(|f| {
        let mut f = f.borrow_mut();
        f.parent.clear();
        f.parent_cur = cur.map(|c| c.as_ptr() as usize).unwrap_or(0);
    });
}

/// Turns the fixed-state cache off while states change under the evaluator (ENABLED).
struct SuspendFixed(bool);
impl SuspendFixed {
    fn new() -> SuspendFixed {
        SuspendFixed(FIXED.with(|f| std::mem::replace(&mut f.borrow_mut().active, false)))
    }
}
impl Drop for SuspendFixed {
    fn drop(&mut self) {
        FIXED.with(|f| f.borrow_mut().active = self.0);
    }
}

/// An expression whose value depends on nothing: number, string and Boolean literals, and sets
/// and tuples built only from them.
fn is_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Num { .. } | ExprKind::Str(_) | ExprKind::Bool(_) => true,
        ExprKind::SetEnum(items) | ExprKind::Tuple(items) => items.len() <= 64 && items.iter().all(is_literal),
        _ => false,
    }
}
