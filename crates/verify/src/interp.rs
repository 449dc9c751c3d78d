//! A small concrete interpreter for the integer/bool part of the subset: exec code with
//! Rust's semantics (overflow and division by zero abort, truncating signed division,
//! wrapping `as` casts), spec code with mathematical integers (Euclidean `/` and `%`).
//! Used for differential testing: a function the verifier proves must, on every concrete
//! input satisfying its `requires`, run without abort and satisfy its `ensures`.

use crate::program::{int_kind, FnDef, Mode, Program, Ty, IK};
use std::collections::HashMap;
use verus_syn as syn;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i128),
    Bool(bool),
    Unit,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// A Rust panic (overflow, division by zero) in exec code.
    Abort(String),
    /// Outside what this interpreter handles (not a verdict).
    Unsupported(String),
    /// Step or recursion budget exhausted.
    Budget,
}

enum Flow {
    Normal(Value),
    Break,
    Return(Value),
}

pub struct Interp<'p> {
    p: &'p Program,
    steps: u64,
    depth: u32,
}

type Env = Vec<(String, Value, Option<IK>)>;

fn lookup(env: &Env, n: &str) -> Option<(Value, Option<IK>)> {
    env.iter().rev().find(|x| x.0 == n).map(|x| (x.1, x.2))
}

pub fn range(k: IK) -> (Option<i128>, Option<i128>) {
    match k {
        IK::Int => (None, None),
        IK::Nat => (Some(0), None),
        IK::U(n) if n < 127 => (Some(0), Some((1i128 << n) - 1)),
        IK::U(_) => (Some(0), Some(i128::MAX)),
        IK::I(n) if n < 128 => (Some(-(1i128 << (n - 1))), Some((1i128 << (n - 1)) - 1)),
        IK::I(_) => (Some(i128::MIN), Some(i128::MAX)),
        // concrete runs use a 64-bit target
        IK::Usize => (Some(0), Some((1i128 << 64) - 1)),
        IK::Isize => (Some(-(1i128 << 63)), Some((1i128 << 63) - 1)),
    }
}

fn in_range(k: IK, x: i128) -> bool {
    let (lo, hi) = range(k);
    lo.map(|l| x >= l).unwrap_or(true) && hi.map(|h| x <= h).unwrap_or(true)
}

fn unsup(what: &str) -> Stop {
    Stop::Unsupported(what.to_string())
}

impl<'p> Interp<'p> {
    pub fn new(p: &'p Program) -> Self {
        Interp {
            p,
            steps: 0,
            depth: 0,
        }
    }

    /// Runs exec function `fi` on `args`; returns the result value, or why it stopped.
    pub fn call(&mut self, fi: usize, args: &[Value]) -> Result<Value, Stop> {
        let f = &self.p.fns[fi];
        let body = f.body.as_ref().ok_or_else(|| unsup("no body"))?;
        self.depth += 1;
        if self.depth > 200 {
            return Err(Stop::Budget);
        }
        let mut env: Env = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            if p.mut_ref {
                return Err(unsup("&mut parameter"));
            }
            env.push((p.name.clone(), *a, int_of(&p.ty)));
        }
        let mode = f.mode;
        let r = match self.block(&mut env, body, mode)? {
            Flow::Normal(v) | Flow::Return(v) => v,
            Flow::Break => return Err(unsup("break outside loop")),
        };
        self.depth -= 1;
        Ok(r)
    }

    /// Evaluates `requires` (ens = false) or `ensures` (ens = true, with the result bound).
    pub fn clauses(
        &mut self,
        fi: usize,
        args: &[Value],
        ret: Option<Value>,
        ens: bool,
    ) -> Result<bool, Stop> {
        let f = &self.p.fns[fi];
        let mut env: Env = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            env.push((p.name.clone(), *a, int_of(&p.ty)));
        }
        if let (Some((n, t)), Some(r)) = (&f.ret, ret) {
            env.push((n.clone(), r, int_of(t)));
        }
        for e in if ens { &f.ensures } else { &f.requires } {
            if self.expr(&mut env, e, Mode::Spec)?.bool()? == false {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.steps += 1;
        if self.steps > 200_000 {
            return Err(Stop::Budget);
        }
        Ok(())
    }

    fn block(&mut self, env: &mut Env, b: &syn::Block, mode: Mode) -> Result<Flow, Stop> {
        let n = env.len();
        let mut last = Value::Unit;
        for (k, s) in b.stmts.iter().enumerate() {
            self.tick()?;
            match s {
                syn::Stmt::Local(l) => {
                    let ghost = l.ghost.is_some();
                    let (pat, ann) = match &l.pat {
                        syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
                        p => (p, None),
                    };
                    let syn::Pat::Ident(pi) = pat else {
                        return Err(unsup("let pattern"));
                    };
                    let init = l.init.as_ref().ok_or_else(|| unsup("let without init"))?;
                    let m = if ghost { Mode::Spec } else { mode };
                    let (v, k0) = self.expr_t(env, &init.expr, m)?;
                    let k = match ann {
                        Some(t) => match t {
                            syn::Type::Path(tp) => {
                                int_kind(&tp.path.segments.last().unwrap().ident.to_string()).or(k0)
                            }
                            _ => k0,
                        },
                        None => k0,
                    };
                    env.push((pi.ident.to_string(), v, k));
                    last = Value::Unit;
                }
                syn::Stmt::Expr(e, semi) => match self.stmt_expr(env, e, mode)? {
                    Flow::Normal(v) => {
                        last = if semi.is_some() || k + 1 < b.stmts.len() {
                            Value::Unit
                        } else {
                            v
                        };
                    }
                    other => {
                        env.truncate(n);
                        return Ok(other);
                    }
                },
                _ => return Err(unsup("statement")),
            }
        }
        env.truncate(n);
        Ok(Flow::Normal(last))
    }

    /// Expressions that may change control flow.
    fn stmt_expr(&mut self, env: &mut Env, e: &syn::Expr, mode: Mode) -> Result<Flow, Stop> {
        use syn::Expr as E;
        match e {
            E::Block(b) => self.block(env, &b.block, mode),
            E::If(i) => {
                let c = self.expr(env, &i.cond, mode)?.bool()?;
                if c {
                    self.block(env, &i.then_branch, mode)
                } else if let Some((_, eb)) = &i.else_branch {
                    self.stmt_expr(env, eb, mode)
                } else {
                    Ok(Flow::Normal(Value::Unit))
                }
            }
            E::While(w) => {
                loop {
                    self.tick()?;
                    if !self.expr(env, &w.cond, mode)?.bool()? {
                        break;
                    }
                    match self.block(env, &w.body, mode)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        Flow::Normal(_) => {}
                    }
                }
                Ok(Flow::Normal(Value::Unit))
            }
            E::Loop(l) => loop {
                self.tick()?;
                match self.block(env, &l.body, mode)? {
                    Flow::Break => return Ok(Flow::Normal(Value::Unit)),
                    Flow::Return(v) => return Ok(Flow::Return(v)),
                    Flow::Normal(_) => {}
                }
            },
            E::Break(b) if b.expr.is_none() && b.label.is_none() => Ok(Flow::Break),
            E::Return(r) => {
                let v = match &r.expr {
                    Some(x) => self.expr(env, x, mode)?,
                    None => Value::Unit,
                };
                Ok(Flow::Return(v))
            }
            E::Assign(a) => {
                let syn::Expr::Path(p) = &*a.left else {
                    return Err(unsup("assignment target"));
                };
                let n = p.path.segments[0].ident.to_string();
                let (v, _) = self.expr_t(env, &a.right, mode)?;
                let slot = env
                    .iter_mut()
                    .rev()
                    .find(|x| x.0 == n)
                    .ok_or_else(|| unsup("unknown variable"))?;
                if let (Some(k), Value::Int(x)) = (slot.2, v) {
                    if mode == Mode::Exec && !in_range(k, x) {
                        return Err(Stop::Abort("value out of range".into()));
                    }
                }
                slot.1 = v;
                Ok(Flow::Normal(Value::Unit))
            }
            E::Binary(b) if is_compound(&b.op) => {
                let syn::Expr::Path(p) = &*b.left else {
                    return Err(unsup("assignment target"));
                };
                let n = p.path.segments[0].ident.to_string();
                let op = match &b.op {
                    syn::BinOp::AddAssign(_) => "+",
                    syn::BinOp::SubAssign(_) => "-",
                    syn::BinOp::MulAssign(_) => "*",
                    syn::BinOp::DivAssign(_) => "/",
                    _ => "%",
                };
                let (l, k) = lookup(env, &n).ok_or_else(|| unsup("unknown variable"))?;
                let r = self.expr(env, &b.right, mode)?;
                let v = arith(op, l.int()?, r.int()?, k, mode)?;
                let slot = env.iter_mut().rev().find(|x| x.0 == n).unwrap();
                slot.1 = Value::Int(v);
                Ok(Flow::Normal(Value::Unit))
            }
            // ghost code has no effect on concrete runs
            E::Assert(_) | E::Assume(_) | E::AssertForall(_) | E::RevealHide(_) => {
                Ok(Flow::Normal(Value::Unit))
            }
            E::Unary(u) if matches!(u.op, syn::UnOp::Proof(_)) => Ok(Flow::Normal(Value::Unit)),
            _ => Ok(Flow::Normal(self.expr(env, e, mode)?)),
        }
    }

    fn expr(&mut self, env: &mut Env, e: &syn::Expr, mode: Mode) -> Result<Value, Stop> {
        Ok(self.expr_t(env, e, mode)?.0)
    }

    /// Value and, for integers, the static kind if known (exec arithmetic is checked against it).
    fn expr_t(
        &mut self,
        env: &mut Env,
        e: &syn::Expr,
        mode: Mode,
    ) -> Result<(Value, Option<IK>), Stop> {
        use syn::Expr as E;
        self.tick()?;
        match e {
            E::Paren(p) => self.expr_t(env, &p.expr, mode),
            E::Group(g) => self.expr_t(env, &g.expr, mode),
            E::Lit(l) => match &l.lit {
                syn::Lit::Bool(b) => Ok((Value::Bool(b.value), None)),
                syn::Lit::Int(i) => {
                    let v: i128 = i.base10_parse().map_err(|_| unsup("literal"))?;
                    Ok((Value::Int(v), int_kind(i.suffix())))
                }
                _ => Err(unsup("literal")),
            },
            E::Path(p) if p.path.segments.len() == 1 => {
                let n = p.path.segments[0].ident.to_string();
                lookup(env, &n).ok_or_else(|| unsup("unknown name"))
            }
            E::Unary(u) => {
                let (x, k) = self.expr_t(env, &u.expr, mode)?;
                match &u.op {
                    syn::UnOp::Not(_) => Ok((Value::Bool(!x.bool()?), None)),
                    syn::UnOp::Neg(_) => {
                        let r = -x.int()?;
                        if mode == Mode::Exec {
                            if let Some(k) = k {
                                if !in_range(k, r) {
                                    return Err(Stop::Abort("negation overflow".into()));
                                }
                            }
                            return Ok((Value::Int(r), k));
                        }
                        Ok((Value::Int(r), None))
                    }
                    syn::UnOp::Deref(_) => Ok((x, k)),
                    _ => Err(unsup("unary")),
                }
            }
            E::Binary(b) => {
                use syn::BinOp as B;
                match &b.op {
                    B::And(_) => {
                        let l = self.expr(env, &b.left, mode)?.bool()?;
                        return Ok((
                            Value::Bool(l && self.expr(env, &b.right, mode)?.bool()?),
                            None,
                        ));
                    }
                    B::Or(_) => {
                        let l = self.expr(env, &b.left, mode)?.bool()?;
                        return Ok((
                            Value::Bool(l || self.expr(env, &b.right, mode)?.bool()?),
                            None,
                        ));
                    }
                    B::Imply(_) => {
                        let l = self.expr(env, &b.left, mode)?.bool()?;
                        return Ok((
                            Value::Bool(!l || self.expr(env, &b.right, mode)?.bool()?),
                            None,
                        ));
                    }
                    _ => {}
                }
                // chained comparison
                if let (true, syn::Expr::Binary(lb)) = (is_cmp(&b.op), &*b.left) {
                    if is_cmp(&lb.op) {
                        let first = self.expr(env, &b.left, mode)?.bool()?;
                        let m = self.expr(env, &lb.right, mode)?.int()?;
                        let r = self.expr(env, &b.right, mode)?.int()?;
                        return Ok((Value::Bool(first && cmp(&b.op, m, r)), None));
                    }
                }
                let (l, lk) = self.expr_t(env, &b.left, mode)?;
                let (r, rk) = self.expr_t(env, &b.right, mode)?;
                match &b.op {
                    B::Eq(_) => Ok((Value::Bool(l == r), None)),
                    B::Ne(_) => Ok((Value::Bool(l != r), None)),
                    B::Equiv(_) => Ok((Value::Bool(l.bool()? == r.bool()?), None)),
                    op if is_cmp(op) => Ok((Value::Bool(cmp(op, l.int()?, r.int()?)), None)),
                    B::Add(_) | B::Sub(_) | B::Mul(_) | B::Div(_) | B::Rem(_) => {
                        let op = match &b.op {
                            B::Add(_) => "+",
                            B::Sub(_) => "-",
                            B::Mul(_) => "*",
                            B::Div(_) => "/",
                            _ => "%",
                        };
                        let k = lk.or(rk);
                        let v = arith(op, l.int()?, r.int()?, k, mode)?;
                        Ok((Value::Int(v), if mode == Mode::Exec { k } else { None }))
                    }
                    _ => Err(unsup("binary operator")),
                }
            }
            E::If(i) => {
                if self.expr(env, &i.cond, mode)?.bool()? {
                    match self.block(env, &i.then_branch, mode)? {
                        Flow::Normal(v) => Ok((v, None)),
                        _ => Err(unsup("control flow in expression")),
                    }
                } else if let Some((_, eb)) = &i.else_branch {
                    self.expr_t(env, eb, mode)
                } else {
                    Ok((Value::Unit, None))
                }
            }
            E::Block(b) => match self.block(env, &b.block, mode)? {
                Flow::Normal(v) => Ok((v, None)),
                _ => Err(unsup("control flow in expression")),
            },
            E::Cast(c) => {
                let x = self.expr(env, &c.expr, mode)?.int()?;
                let syn::Type::Path(tp) = &*c.ty else {
                    return Err(unsup("cast"));
                };
                let k = int_kind(&tp.path.segments.last().unwrap().ident.to_string())
                    .ok_or_else(|| unsup("cast"))?;
                if in_range(k, x) {
                    return Ok((Value::Int(x), Some(k)));
                }
                if mode != Mode::Exec {
                    return Err(unsup("spec cast out of range (unspecified)"));
                }
                let (lo, hi) = range(k);
                let (lo, hi) = (lo.unwrap(), hi.unwrap());
                let m = hi - lo + 1;
                Ok((Value::Int((x - lo).rem_euclid(m) + lo), Some(k)))
            }
            E::Call(c) => {
                let syn::Expr::Path(fp) = &*c.func else {
                    return Err(unsup("call"));
                };
                let name: Vec<String> = fp
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect();
                let fi = *self
                    .p
                    .fn_index
                    .get(&name.join("::"))
                    .ok_or_else(|| unsup("unknown function"))?;
                let mut args = Vec::new();
                for a in &c.args {
                    args.push(self.expr(env, a, mode)?);
                }
                let f: &FnDef = &self.p.fns[fi];
                if f.mode == Mode::Proof {
                    return Ok((Value::Unit, None));
                }
                let rk = f.ret.as_ref().and_then(|r| int_of(&r.1));
                let v = self.call(fi, &args)?;
                Ok((v, rk))
            }
            E::Assert(_) | E::Assume(_) | E::RevealHide(_) => Ok((Value::Unit, None)),
            _ => Err(unsup("expression")),
        }
    }
}

fn is_compound(op: &syn::BinOp) -> bool {
    use syn::BinOp as B;
    matches!(
        op,
        B::AddAssign(_) | B::SubAssign(_) | B::MulAssign(_) | B::DivAssign(_) | B::RemAssign(_)
    )
}

fn is_cmp(op: &syn::BinOp) -> bool {
    use syn::BinOp as B;
    matches!(op, B::Lt(_) | B::Le(_) | B::Gt(_) | B::Ge(_))
}

fn cmp(op: &syn::BinOp, a: i128, b: i128) -> bool {
    use syn::BinOp as B;
    match op {
        B::Lt(_) => a < b,
        B::Le(_) => a <= b,
        B::Gt(_) => a > b,
        _ => a >= b,
    }
}

/// Exec: Rust semantics on kind `k` (abort on overflow, truncating division); spec: integers.
fn arith(op: &str, a: i128, b: i128, k: Option<IK>, mode: Mode) -> Result<i128, Stop> {
    let exec = mode == Mode::Exec;
    let ov = || Stop::Abort("overflow".into());
    let r = match op {
        "+" => a.checked_add(b).ok_or_else(ov)?,
        "-" => a.checked_sub(b).ok_or_else(ov)?,
        "*" => a.checked_mul(b).ok_or_else(ov)?,
        "/" | "%" => {
            if b == 0 {
                if exec {
                    return Err(Stop::Abort("division by zero".into()));
                }
                return Err(unsup("spec division by zero (unspecified)"));
            }
            match (op, exec) {
                ("/", true) => a.checked_div(b).ok_or_else(ov)?,
                ("%", true) => a.checked_rem(b).ok_or_else(ov)?,
                ("/", false) => a.div_euclid(b),
                _ => a.rem_euclid(b),
            }
        }
        _ => return Err(unsup("operator")),
    };
    if exec {
        if let Some(k) = k {
            if !in_range(k, r) {
                return Err(Stop::Abort("overflow".into()));
            }
        }
    }
    Ok(r)
}

fn int_of(t: &Ty) -> Option<IK> {
    match t {
        Ty::Int(k) => Some(*k),
        _ => None,
    }
}

impl Value {
    fn int(self) -> Result<i128, Stop> {
        match self {
            Value::Int(x) => Ok(x),
            _ => Err(unsup("expected an integer")),
        }
    }
    fn bool(self) -> Result<bool, Stop> {
        match self {
            Value::Bool(x) => Ok(x),
            _ => Err(unsup("expected a bool")),
        }
    }
}

/// Parameter kinds of an exec function if all parameters are integers or bools (else None).
pub fn scalar_params(f: &FnDef) -> Option<Vec<Option<IK>>> {
    if f.mode != Mode::Exec || !f.generics.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for p in &f.params {
        match &p.ty {
            Ty::Int(k) if !p.mut_ref => out.push(Some(*k)),
            Ty::Bool if !p.mut_ref => out.push(None),
            _ => return None,
        }
    }
    if let Some((_, t)) = &f.ret {
        if !matches!(t, Ty::Int(_) | Ty::Bool) {
            return None;
        }
    }
    let _: HashMap<(), ()> = HashMap::new();
    Some(out)
}
