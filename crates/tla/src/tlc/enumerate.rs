//! Enumeration of initial states and successor states the way TLC does it: conjuncts are processed
//! left to right, a disjunction splits, `\E x \in S` enumerates S, the first occurrence of `x' = e`
//! (`x = e` in Init) assigns, `x' \in S` enumerates S, UNCHANGED assigns the old value, IF/CASE/LET
//! and user-defined operators are entered, and any other conjunct is evaluated as a guard.

use super::eval::{EvalError, Ev, St, R};
use super::scope::{Def, Sc, E};
use super::value::{same, Value};
use super::{Closure, ClosureBody, Env};
use crate::ast::*;

/// The parameter names of an operator entered as an action: a definition's own list (no copy),
/// or a closure's.
enum Params {
    Decl(&'static [OpDecl]),
    Names(Vec<&'static str>),
}

impl Params {
    fn len(&self) -> usize {
        match self {
            Params::Decl(d) => d.len(),
            Params::Names(n) => n.len(),
        }
    }
    /// Whether parameter i is an operator parameter (`g(_)`).
    fn higher_order(&self, i: usize) -> bool {
        match self {
            Params::Decl(d) => d[i].arity > 0,
            Params::Names(_) => false,
        }
    }
    fn name(&self, i: usize) -> &'static str {
        match self {
            Params::Decl(d) => d[i].name.name.as_str(),
            Params::Names(n) => n[i],
        }
    }
}

/// The infix operators the enumerator treats specially, classified by their bytes (one pass,
/// no string comparison per match arm).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ik {
    And,
    Or,
    Implies,
    Subseteq,
    Eq,
    In,
    Other,
}

#[inline]
fn ik(op: &str) -> Ik {
    match op.as_bytes() {
        b"/\\" => Ik::And,
        b"\\/" => Ik::Or,
        b"=>" => Ik::Implies,
        b"\\subseteq" => Ik::Subseteq,
        b"=" => Ik::Eq,
        b"\\in" => Ik::In,
        _ => Ik::Other,
    }
}

enum Cont<'c> {
    Done,
    One(E, Sc, &'c Env, &'c Cont<'c>),
    List(&'static [Expr], Sc, &'c Env, &'c Cont<'c>),
    /// `body` under each of the environments in turn (a bounded \A in an action).
    Each(E, Sc, &'c [Env], &'c Cont<'c>),
}

/// One generated state with the name and position of the action that produced it.
pub struct Found<'a> {
    pub state: Vec<Value>,
    pub action: Option<Label>,
    pub _p: std::marker::PhantomData<&'a ()>,
}

/// The action that produced a state, as TLC names it in a trace: the operator, the scope it was
/// entered in (`Scope::origin` gives the module that defines it), the span of the action, and
/// (only when the enumerator was asked for them, `Enumerator::want_args`) the values of the
/// operator's parameters (`<Step(1) line ...>`).
#[derive(Clone)]
pub struct Label {
    pub name: &'static str,
    pub sc: Sc,
    pub span: Span,
    pub args: Option<std::sync::Arc<Vec<Value>>>,
}

pub struct Enumerator<'a> {
    pub ev: &'a Ev,
    /// Current state; None when enumerating initial states.
    pub cur: Option<&'a [Value]>,
    pub nvars: usize,
    /// Depth of operator calls below the top action (0 = the top action's own body).
    depth: usize,
    label: Option<Label>,
    /// Record the parameter values of the operator naming the action (for printed traces only:
    /// off while checking, so the hot path carries no values).
    pub want_args: bool,
    /// Still splitting the action into TLC's sub-actions (only disjunctions, \E and operator
    /// applications seen so far); each sub-action is named by its operator and its span.
    splitting: bool,
    /// ENABLED: variables the action leaves unassigned are free (filled with this value)
    /// instead of an error.
    pub partial: Option<Value>,
}

type Sink<'s> = dyn FnMut(Vec<Value>, Option<Label>) -> R<bool> + 's;

impl<'a> Enumerator<'a> {
    pub fn new(ev: &'a Ev, cur: Option<&'a [Value]>, nvars: usize) -> Self {
        Enumerator { ev, cur, nvars, depth: 0, label: None, want_args: false, splitting: true, partial: None }
    }

    /// Enumerates all states satisfying the action/predicate `e`; `sink` returns false to stop.
    pub fn run(&mut self, e: E, sc: Sc, env: &Env, label: Option<Label>, sink: &mut Sink) -> R<()> {
        let mut st: Vec<Option<Value>> = vec![None; self.nvars];
        self.label = label;
        self.depth = 0;
        self.splitting = true;
        self.enum_expr(e, sc, env, &mut st, &Cont::Done, sink).map(|_| ())
    }

    fn st<'s>(&self, nxt: &'s [Option<Value>]) -> St<'s>
    where
        'a: 's,
    {
        St { cur: self.cur, nxt: Some(nxt), primed: false }
    }

    fn init_mode(&self) -> bool {
        self.cur.is_none()
    }

    fn run_cont(&mut self, k: &Cont, st: &mut Vec<Option<Value>>, sink: &mut Sink) -> R<bool> {
        match k {
            Cont::Done => {
                if let Some(free) = &self.partial {
                    let out = st.iter().map(|v| v.clone().unwrap_or_else(|| free.clone())).collect();
                    return sink(out, self.label.clone());
                }
                if let Some(i) = st.iter().position(|v| v.is_none()) {
                    let what = if self.init_mode() { "initial state" } else { "successor state" };
                    return Err(EvalError::new(
                        self.label.as_ref().map(|l| (l.sc.origin(l.name).0, l.span)),
                        format!(
                            "The {what} is not completely specified by the {}: the variable {} is not assigned",
                            if self.init_mode() { "initial predicate" } else { "next-state relation" },
                            self.ev.var_names.get(i).copied().unwrap_or("?")
                        ),
                    ));
                }
                let mut out = Vec::with_capacity(st.len());
                for (i, v) in st.iter().enumerate() {
                    let v = v.as_ref().unwrap();
                    // a value shared with the current state (UNCHANGED) is already normal
                    if self.cur.is_some_and(|c| same(v, &c[i])) {
                        out.push(v.clone());
                        continue;
                    }
                    out.push(v.normalize().map_err(|m| EvalError::new(None, m))?);
                }
                sink(out, self.label.clone())
            }
            Cont::One(e, sc, env, next) => self.enum_expr(e, sc, env, st, next, sink),
            Cont::Each(body, sc, envs, next) => {
                if envs.is_empty() {
                    return self.run_cont(next, st, sink);
                }
                let rest = Cont::Each(body, sc, &envs[1..], next);
                self.enum_expr(body, sc, &envs[0], st, &rest, sink)
            }
            Cont::List(items, sc, env, next) => {
                if items.is_empty() {
                    return self.run_cont(next, st, sink);
                }
                let rest = Cont::List(&items[1..], sc, env, next);
                self.enum_expr(&items[0], sc, env, st, &rest, sink)
            }
        }
    }

    /// The variable index `e` assigns, if `e` is `x'` (`x` in Init) for a state variable x.
    fn target(&self, e: E, sc: Sc, env: &Env) -> Option<usize> {
        if let ExprKind::Name(n) = &e.kind {
            if let Some(Value::Op(c)) = env.get(n) {
                let cl = c.as_any().downcast_ref::<Closure>()?;
                if cl.params.is_empty() && cl.name.is_none() {
                    if let ClosureBody::Expr(body) = cl.body {
                        return self.target(body, cl.scope, &cl.env);
                    }
                }
            }
        }
        let inner = if self.init_mode() {
            e
        } else {
            match &e.kind {
                ExprKind::Postfix(op, a) if op == "'" => a,
                _ => return None,
            }
        };
        self.var_of(inner, sc, env)
    }

    fn var_of(&self, e: E, sc: Sc, env: &Env) -> Option<usize> {
        let ExprKind::Name(n) = &e.kind else { return None };
        if let Some(v) = env.get(n) {
            // a parameter passed by name: look through to its argument
            let Value::Op(c) = v else { return None };
            let cl = c.as_any().downcast_ref::<Closure>()?;
            if !cl.params.is_empty() || cl.name.is_some() {
                return None;
            }
            let ClosureBody::Expr(body) = cl.body else { return None };
            return self.var_of(body, cl.scope, &cl.env);
        }
        match self.ev.resolve_at(n, e, sc).ok()?? {
            (Def::Var(i), _) => Some(i),
            (Def::Sub { expr, scope, env }, _) => self.var_of(expr, scope, &env),
            _ => None,
        }
    }

    fn assign(&mut self, i: usize, v: Value, st: &mut Vec<Option<Value>>, k: &Cont, sink: &mut Sink) -> R<bool> {
        let old = st[i].replace(v);
        let r = self.run_cont(k, st, sink);
        st[i] = old;
        r
    }

    fn guard(&mut self, e: E, sc: Sc, env: &Env, st: &mut Vec<Option<Value>>, k: &Cont, sink: &mut Sink) -> R<bool> {
        let b = {
            let s = self.st(st);
            self.ev.eval_bool(e, sc, env, &s)?
        };
        if b {
            self.run_cont(k, st, sink)
        } else {
            Ok(true)
        }
    }

    fn enum_expr(&mut self, e: E, sc: Sc, env: &Env, st: &mut Vec<Option<Value>>, k: &Cont, sink: &mut Sink) -> R<bool> {
        use ExprKind::*;
        let keeps_splitting = matches!(
            &e.kind,
            JunctionList(Junction::Or, _) | Quant(crate::ast::Quant::Exists, ..) | Name(_) | Apply(..) | Qualified(_)
        ) || matches!(&e.kind, Infix(op, ..) if ik(op) == Ik::Or);
        if self.splitting && !keeps_splitting {
            self.splitting = false;
            let r = self.enum_expr_inner(e, sc, env, st, k, sink);
            self.splitting = true;
            return r;
        }
        self.enum_expr_inner(e, sc, env, st, k, sink)
    }

    fn sub_action<T>(&mut self, sub: E, f: impl FnOnce(&mut Self) -> T) -> T {
        if !self.splitting {
            return f(self);
        }
        let saved = self.label.clone();
        if let Some(l) = &mut self.label {
            l.span = sub.span;
        }
        let r = f(self);
        self.label = saved;
        r
    }

    fn enum_expr_inner(&mut self, e: E, sc: Sc, env: &Env, st: &mut Vec<Option<Value>>, k: &Cont, sink: &mut Sink) -> R<bool> {
        use ExprKind::*;
        match &e.kind {
            JunctionList(Junction::And, items) => self.run_cont(&Cont::List(items, sc, env, k), st, sink),
            JunctionList(Junction::Or, items) => {
                for it in items {
                    if !self.sub_action(it, |me| me.enum_expr(it, sc, env, st, k, sink))? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Infix(op, a, b) if ik(op) == Ik::And => self.enum_expr(a, sc, env, st, &Cont::One(b, sc, env, k), sink),
            Infix(op, a, b) if ik(op) == Ik::Or => {
                if !self.sub_action(a, |me| me.enum_expr(a, sc, env, st, k, sink))? {
                    return Ok(false);
                }
                self.sub_action(b, |me| me.enum_expr(b, sc, env, st, k, sink))
            }
            Quant(crate::ast::Quant::Exists, bounds, body) => {
                let s = self.st(st);
                // collect bindings first (the sets are evaluated in the current state)
                let mut envs = Vec::new();
                if bounds.iter().map(|b| if b.tuple { 1 } else { b.names.len() }).sum::<usize>() > 1 {
                    envs = self.tlc_order_bindings(bounds, sc, env, &s, e.span)?;
                } else {
                    self.ev.for_bindings(bounds, sc, env, &s, e.span, &mut |env2| {
                        envs.push(env2.clone());
                        Ok(true)
                    })?;
                }
                for env2 in envs {
                    if !self.sub_action(body, |me| me.enum_expr(body, sc, &env2, st, k, sink))? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Quant(crate::ast::Quant::All, bounds, body) => {
                let s = self.st(st);
                let mut envs = Vec::new();
                self.ev.for_bindings(bounds, sc, env, &s, e.span, &mut |env2| {
                    envs.push(env2.clone());
                    Ok(true)
                })?;
                self.run_cont(&Cont::Each(body, sc, &envs, k), st, sink)
            }
            // TLC splits `A => B` in actions only; in Init it is a guard (getInitStates has no case for it)
            Infix(op, a, b) if ik(op) == Ik::Implies && !self.init_mode() => {
                let av = {
                    let s = self.st(st);
                    self.ev.eval_bool(a, sc, env, &s)?
                };
                if av {
                    self.enum_expr(b, sc, env, st, k, sink)
                } else {
                    self.run_cont(k, st, sink)
                }
            }
            Infix(op, lhs, rhs) if ik(op) == Ik::Subseteq && self.target(lhs, sc, env).is_some_and(|i| st[i].is_none()) => {
                let i = self.target(lhs, sc, env).unwrap();
                let set = {
                    let s = self.st(st);
                    self.ev.eval(rhs, sc, env, &s)?
                };
                let all = Value::Subset(std::sync::Arc::new(set));
                let els = all.elements().map_err(|m| EvalError::new(Some((sc.file, rhs.span)), m))?;
                for v in els.iter() {
                    if !self.assign(i, v.clone(), st, k, sink)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            FnApp(f, args) if matches!(&f.kind, Name(_)) => {
                // a function defined by `f[x \in S] == body` (not materialised) applied in an
                // action: TLC enumerates its body as an action
                let Name(n) = &f.kind else { unreachable!() };
                let target = match env.get(n) {
                    Some(Value::Op(c)) => c.as_any().downcast_ref::<Closure>().and_then(|cl| match cl.body {
                        ClosureBody::FnDef(fd) => Some((fd, cl.scope, cl.env.bind(n.as_str(), Value::Op(c.clone())))),
                        _ => None,
                    }),
                    Some(_) => None,
                    None => match self.ev.resolve_at(n, f, sc)? {
                        Some((Def::Fn(fd, fsc), _)) if !fsc.cache.read().unwrap().contains_key(fd.name.name.as_str()) => Some((fd, fsc, Env::default())),
                        _ => None,
                    },
                };
                match target {
                    Some((fd, fsc, fenv)) => {
                        let env2 = {
                            let s = self.st(st);
                            let arg = self.ev.fn_arg(args, sc, env, &s)?;
                            self.ev.fndef_env(fd, fsc, &fenv, arg, e, sc, &s)?
                        };
                        self.enum_expr(&fd.body, fsc, &env2, st, k, sink)
                    }
                    None => self.guard(e, sc, env, st, k, sink),
                }
            }
            If(c, a, b) => {
                let cv = {
                    let s = self.st(st);
                    self.ev.eval_bool(c, sc, env, &s)?
                };
                self.enum_expr(if cv { a } else { b }, sc, env, st, k, sink)
            }
            Case(arms, other) => {
                for (g, v) in arms {
                    let gv = {
                        let s = self.st(st);
                        self.ev.eval_bool(g, sc, env, &s)?
                    };
                    if gv {
                        return self.enum_expr(v, sc, env, st, k, sink);
                    }
                }
                match other {
                    Some(o) => self.enum_expr(o, sc, env, st, k, sink),
                    None => Err(EvalError::new(Some((sc.file, e.span)), "Attempted to evaluate a CASE with no conditions true")),
                }
            }
            Let(units, body) => {
                let env2 = self.ev.bind_let(units, sc, env)?;
                self.enum_expr(body, sc, &env2, st, k, sink)
            }
            Infix(op, lhs, rhs) if ik(op) == Ik::Eq => {
                if let Some(i) = self.target(lhs, sc, env) {
                    if st[i].is_none() {
                        let v = {
                            let s = self.st(st);
                            self.ev.eval(rhs, sc, env, &s)?
                        };
                        return self.assign(i, v, st, k, sink);
                    }
                }
                self.guard(e, sc, env, st, k, sink)
            }
            Infix(op, lhs, rhs) if ik(op) == Ik::In => {
                if let Some(i) = self.target(lhs, sc, env) {
                    if st[i].is_none() {
                        let set = {
                            let s = self.st(st);
                            self.ev.eval(rhs, sc, env, &s)?
                        };
                        let els = set.elements().map_err(|m| EvalError::new(Some((sc.file, rhs.span)), m))?;
                        for v in els.iter() {
                            if !self.assign(i, v.clone(), st, k, sink)? {
                                return Ok(false);
                            }
                        }
                        return Ok(true);
                    }
                }
                self.guard(e, sc, env, st, k, sink)
            }
            Prefix(op, a) if op == "UNCHANGED" && !self.init_mode() => self.unchanged(a, sc, env, st, k, sink),
            BoxAction(a, v) if !self.init_mode() => {
                if !self.enum_expr(a, sc, env, st, k, sink)? {
                    return Ok(false);
                }
                self.unchanged(v, sc, env, st, k, sink)
            }
            Name(n) | Apply(n, _) => {
                let args: &'static [Expr] = match &e.kind {
                    Apply(_, a) => a,
                    _ => &[],
                };
                match self.callable(n, e, sc, env)? {
                    Some((name, params, body, bsc, benv, span)) if params.len() == args.len() => {
                        // parameters are passed by name (as TLC substitutes them), so that an
                        // argument like `x` can still be assigned inside the operator
                        let mut env2 = benv;
                        let mut shown = (self.want_args && self.splitting).then(Vec::new);
                        for (i, a) in args.iter().enumerate() {
                            let p = params.name(i);
                            let v = match &a.kind {
                                // an operator argument (`Twice(Inc, x)` with `Twice(g(_), v)`)
                                _ if params.higher_order(i) => self.ev.eval_op_ref(a, sc, env)?,
                                Lambda(..) | OpRef(_) => self.ev.eval_op_ref(a, sc, env)?,
                                _ => match self.by_value(a, sc, env, 0) {
                                    Some(v) => v,
                                    None => Value::Op(std::sync::Arc::new(Closure { memo: Default::default(), name: None, params: vec![], body: ClosureBody::Expr(a), scope: sc, env: env.clone() })),
                                },
                            };
                            if let Some(sh) = &mut shown {
                                sh.push(self.shown_arg(&v, st));
                            }
                            env2 = env2.bind(p, v);
                        }
                        let shown = shown.filter(|a| !a.is_empty()).map(|a| std::sync::Arc::new(a.into_iter().flatten().collect()));
                        self.enter_def(name, bsc, body, span, shown, &env2, st, k, sink)
                    }
                    _ => self.guard(e, sc, env, st, k, sink),
                }
            }
            Qualified(parts) => {
                // M(x)!Op(args): resolve the instance, then enter the operator
                let resolved = {
                    let s = self.st(st);
                    self.ev.resolve_qualified(parts, e, sc, env, &s)?
                };
                let args = &parts.last().unwrap().1;
                match resolved {
                    (Def::Op(od, osc), _) if od.params.len() == args.len() => {
                        let mut env2 = Env::default();
                        let mut shown = (self.want_args && self.splitting).then(Vec::new);
                        {
                            let s = self.st(st);
                            for (p, a) in od.params.iter().zip(args.iter()) {
                                let v = if p.arity > 0 { self.ev.eval_op_ref(a, sc, env)? } else { self.ev.eval(a, sc, env, &s)? };
                                if let Some(sh) = &mut shown {
                                    sh.push((!matches!(v, Value::Op(_))).then(|| v.clone()));
                                }
                                env2 = env2.bind(p.name.name.as_str(), v);
                            }
                        }
                        let shown = shown.filter(|a| !a.is_empty()).map(|a| std::sync::Arc::new(a.into_iter().flatten().collect()));
                        self.enter_def(od.name.name.as_str(), osc, &od.body, od.body.span, shown, &env2, st, k, sink)
                    }
                    _ => self.guard(e, sc, env, st, k, sink),
                }
            }
            _ => self.guard(e, sc, env, st, k, sink),
        }
    }

    /// An operator argument that may be passed by value instead of by name: a name bound to a
    /// value that is already computed (a quantifier variable, a parameter passed by value, or
    /// through a parameter passed by name whose argument is such a name) or a node whose value is
    /// kept on it (literal, constant). Passing it by name would evaluate to the same value at
    /// every use, cannot fail, and cannot be an assignment target (not a state variable), so the
    /// enumeration is the same: `\E self \in P : p(self)` with `p(self) == e1(self) \/ ...`
    /// then binds `self` to its value instead of a closure per call and state. Booleans stay
    /// by name: a Boolean parameter used as a conjunct of an action is entered as a sub-action
    /// (it names the action in traces). Operator values stay by name too.
    fn by_value(&self, a: E, sc: Sc, env: &Env, depth: u32) -> Option<Value> {
        let plain = |v: &Value| !matches!(v, Value::Bool(_) | Value::Op(_));
        match &a.kind {
            ExprKind::Name(n) => match env.get(n) {
                Some(Value::Op(c)) => {
                    let cl = c.as_any().downcast_ref::<Closure>()?;
                    if !cl.params.is_empty() || cl.name.is_some() || depth > 16 {
                        return None;
                    }
                    let ClosureBody::Expr(body) = cl.body else { return None };
                    self.by_value(body, cl.scope, &cl.env, depth + 1)
                }
                Some(v) => plain(v).then(|| v.clone()),
                None => self.ev.kept_value(a, sc).filter(|v| plain(v)).cloned(),
            },
            ExprKind::Num { .. } | ExprKind::Str(_) => self.ev.kept_value(a, sc).filter(|v| plain(v)).cloned(),
            _ => None,
        }
    }

    /// The operator a name refers to, if it is one whose body can be entered as an action.
    #[allow(clippy::type_complexity)]
    fn callable(&self, n: &'static str, e: E, sc: Sc, env: &Env) -> R<Option<(&'static str, Params, E, Sc, Env, Span)>> {
        if let Some(v) = env.get(n) {
            return Ok(self.closure_callable(n, v, e.span));
        }
        Ok(match self.ev.resolve_at(n, e, sc)? {
            Some((Def::Op(od, osc), _)) => {
                Some((od.name.name.as_str(), Params::Decl(&od.params), &od.body, osc, Env::default(), od.body.span))
            }
            Some((Def::Sub { expr, scope, env: senv }, _)) => match &expr.kind {
                ExprKind::Name(m) => self.callable(m, expr, scope, &senv)?,
                _ => {
                    let v = self.ev.eval_op_ref(expr, scope, &senv)?;
                    self.closure_callable(n, &v, e.span)
                }
            },
            Some((Def::OpValue(c), _)) => self.closure_callable(n, &Value::Op(c), e.span),
            Some((Def::Const(cell, _), _)) => {
                let v = cell.read().unwrap().clone();
                v.and_then(|v| self.closure_callable(n, &v, e.span))
            }
            _ => None,
        })
    }

    #[allow(clippy::type_complexity)]
    fn closure_callable(&self, n: &'static str, v: &Value, span: Span) -> Option<(&'static str, Params, E, Sc, Env, Span)> {
        let Value::Op(c) = v else { return None };
        let cl = c.as_any().downcast_ref::<Closure>()?;
        let ClosureBody::Expr(body) = cl.body else { return None };
        let mut env = cl.env.clone();
        if let Some(name) = cl.name {
            if env.get(name).is_none() {
                env = env.bind(name, v.clone());
            }
        }
        let name = cl.name.unwrap_or(n);
        let span = if cl.name.is_some() { body.span } else { span };
        Some((name, Params::Names(cl.params.clone()), body, cl.scope, env, span))
    }

    #[allow(clippy::too_many_arguments)]
    fn enter_def(
        &mut self,
        name: &'static str,
        sc: Sc,
        body: E,
        span: Span,
        args: Option<std::sync::Arc<Vec<Value>>>,
        env: &Env,
        st: &mut Vec<Option<Value>>,
        k: &Cont,
        sink: &mut Sink,
    ) -> R<bool> {
        // the first operator entered below the top action names the action (as TLC's trace does)
        let saved = self.label.clone();
        let saved_depth = self.depth;
        if self.splitting {
            self.label = Some(Label { name, sc, span, args });
        }
        self.depth += 1;
        let r = self.enum_expr(body, sc, env, st, k, sink);
        self.depth = saved_depth;
        self.label = saved;
        r
    }

    /// The bindings of `\E x \in S, y \in T` (two or more bound names) in TLC's order: the
    /// sets are evaluated in the enclosing environment and the FIRST name varies fastest
    /// (TLC's `ContextEnumerator`, used for actions, their splitting and Init), i.e. (x1, y1),
    /// (x2, y1), ..., (x1, y2), ... A tuple of names `<<a, b>> \in S` is one position.
    fn tlc_order_bindings(&self, bounds: &'static [Bound], sc: Sc, env: &Env, s: &St, sp: Span) -> R<Vec<Env>> {
        // one dimension per name (or tuple of names): its names and the set's elements
        let mut dims: Vec<(&'static [Ident], bool, std::sync::Arc<Vec<Value>>)> = Vec::new();
        for b in bounds {
            let set = self.ev.eval(&b.set, sc, env, s)?;
            let els = set.elements().map_err(|m| EvalError::new(Some((sc.file, b.set.span)), m))?;
            if b.tuple {
                dims.push((&b.names[..], true, els));
            } else {
                for i in 0..b.names.len() {
                    dims.push((&b.names[i..i + 1], false, els.clone()));
                }
            }
        }
        let mut out = Vec::new();
        if dims.iter().any(|d| d.2.is_empty()) {
            return Ok(out);
        }
        let mut idx = vec![0usize; dims.len()];
        loop {
            let mut env2 = env.clone();
            for (d, &i) in dims.iter().zip(idx.iter()) {
                let x = &d.2[i];
                if d.1 {
                    let Value::Tuple(t) = x else {
                        return Err(EvalError::new(Some((sc.file, sp)), format!("cannot bind a tuple of names to {x}")));
                    };
                    if t.len() != d.0.len() {
                        return Err(EvalError::new(Some((sc.file, sp)), format!("cannot bind {} names to {x}", d.0.len())));
                    }
                    for (n, v) in d.0.iter().zip(t.iter()) {
                        env2 = env2.bind(n.name.as_str(), v.clone());
                    }
                } else {
                    env2 = env2.bind(d.0[0].name.as_str(), x.clone());
                }
            }
            out.push(env2);
            // advance: the first dimension fastest
            let mut k = 0;
            loop {
                idx[k] += 1;
                if idx[k] < dims[k].2.len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
                if k == dims.len() {
                    return Ok(out);
                }
            }
        }
    }

    /// How an argument shows in the action's name (TLC prints the value of each parameter): a
    /// value as it is, an argument passed by name evaluated in the current state; an operator
    /// argument, or one that cannot be evaluated here, is left out.
    fn shown_arg(&self, v: &Value, st: &[Option<Value>]) -> Option<Value> {
        match v {
            Value::Op(c) => {
                let cl = c.as_any().downcast_ref::<Closure>()?;
                let ClosureBody::Expr(body) = cl.body else { return None };
                if !cl.params.is_empty() || cl.name.is_some() {
                    return None;
                }
                self.ev.eval(body, cl.scope, &cl.env, &self.st(st)).ok().filter(|v| !matches!(v, Value::Op(_)))
            }
            v => Some(v.clone()),
        }
    }

    fn unchanged(&mut self, v: E, sc: Sc, env: &Env, st: &mut Vec<Option<Value>>, k: &Cont, sink: &mut Sink) -> R<bool> {
        // collect the variables of a (possibly nested) tuple of variables / definitions
        let mut vars = Vec::new();
        if self.unchanged_vars(v, sc, env, &mut vars) {
            return self.unchanged_assign(&vars, 0, st, k, sink);
        }
        let b = {
            let s = self.st(st);
            let now = self.ev.eval(v, sc, env, &St { cur: self.cur, nxt: Some(st), primed: false })?;
            let next = self.ev.eval(v, sc, env, &St { primed: true, ..s })?;
            now == next
        };
        if b {
            self.run_cont(k, st, sink)
        } else {
            Ok(true)
        }
    }

    fn unchanged_vars(&self, v: E, sc: Sc, env: &Env, out: &mut Vec<usize>) -> bool {
        match &v.kind {
            ExprKind::Tuple(items) => items.iter().all(|i| self.unchanged_vars(i, sc, env, out)),
            ExprKind::Name(n) => {
                if let Some(val) = env.get(n) {
                    if let Value::Op(c) = val {
                        if let Some(cl) = c.as_any().downcast_ref::<Closure>() {
                            if let (true, ClosureBody::Expr(body)) = (cl.params.is_empty(), &cl.body) {
                                return self.unchanged_vars(body, cl.scope, &cl.env, out);
                            }
                        }
                    }
                    return false;
                }
                match self.ev.resolve_at(n, v, sc) {
                    Ok(Some((Def::Var(i), _))) => {
                        out.push(i);
                        true
                    }
                    Ok(Some((Def::Op(od, osc), _))) if od.params.is_empty() => self.unchanged_vars(&od.body, osc, &Env::default(), out),
                    Ok(Some((Def::Sub { expr, scope, env }, _))) => self.unchanged_vars(expr, scope, &env, out),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    fn unchanged_assign(&mut self, vars: &[usize], i: usize, st: &mut Vec<Option<Value>>, k: &Cont, sink: &mut Sink) -> R<bool> {
        if i == vars.len() {
            return self.run_cont(k, st, sink);
        }
        let idx = vars[i];
        let old = self.cur.unwrap()[idx].clone();
        match &st[idx] {
            Some(v) => {
                if *v == old {
                    self.unchanged_assign(vars, i + 1, st, k, sink)
                } else {
                    Ok(true)
                }
            }
            None => {
                st[idx] = Some(old);
                let r = self.unchanged_assign(vars, i + 1, st, k, sink);
                st[idx] = None;
                r
            }
        }
    }
}
