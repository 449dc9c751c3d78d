//! Membership in a set comprehension without building the set, as TLC does it.
//!
//! TLC evaluates `{y \in S : P}` (`Tool`, `OPCODE_sso`) by first evaluating `S`: when `S` is an
//! enumerated set or an interval (TLC's `Reducible` values) it filters it at once; otherwise
//! (`SUBSET T`, `[D -> R]`, `S1 \X S2`, a record set, `Seq(T)`, `Nat`, another lazy
//! comprehension, ...) it returns a `SetPredValue` whose membership test is `x \in S /\ P(x)`
//! and which is enumerated only when something needs its elements. So `UV \in {DP \in SUBSET
//! SUBSET D : ...}` never builds the 2^16 sets, while `x \in {y \in 0..6 : 12 \div y > 1}`
//! evaluates the predicate on every element of `0..6` (and fails on `y = 0`, as TLC does).
//!
//! The evaluator has no lazy comprehension value; instead `x \in s` / `x \notin s` asks here
//! first (`Ev::lazy_member`). The set expression `s` is followed through the definitions that
//! denote a comprehension (the comprehension itself, a nullary definition whose body is one,
//! an operator application whose body is one, nested through the base set), building a
//! `Lazy` description that holds exactly what TLC's `SetPredValue` holds: the base set's value
//! and the predicate with its environment. Anything else is left to the ordinary evaluation.
//!
//! A child module of `eval`, so it may use the evaluator's private resolution memo.

use super::*;

/// How deep definitions are followed before falling back to evaluating the set.
const MAX_DEPTH: u32 = 16;

/// A set as TLC holds it while testing membership.
enum Lazy {
    /// An ordinary value (enumerated, or one of the value layer's lazy sets).
    Val(Value),
    /// `{names \in base : pred}` whose base is not an enumerated set or interval.
    Filter { base: Box<Lazy>, names: &'static [Ident], tuple: bool, pred: E, sc: Sc, env: Env, span: Span },
}

impl Ev {
    /// `x \in s` when `s` denotes a set comprehension (see the module comment); `None` when the
    /// set must be evaluated as usual (nothing has been evaluated then).
    /// Errors of the membership test itself are reported at `at` (the `\in` expression).
    pub(super) fn lazy_member(&self, x: &Value, s: E, at: E, sc: Sc, env: &Env, st: &St) -> R<Option<bool>> {
        if !self.denotes_filter(s, sc, env, 0) {
            return Ok(None);
        }
        let set = self.lazy_set(s, sc, env, st, 0)?;
        self.lazy_contains(&set, x, st, at, sc).map(Some)
    }

    /// Whether `s` is, through definitions, a set comprehension (cheap: no evaluation).
    fn denotes_filter(&self, s: E, sc: Sc, env: &Env, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match &s.kind {
            ExprKind::SetFilter(..) => true,
            ExprKind::Name(n) => {
                if let Some(v) = env.get(n) {
                    return match by_name(v) {
                        Some(cl) => self.denotes_filter(cl.0, cl.1, cl.2, depth + 1),
                        None => false,
                    };
                }
                match self.nullary_body(n, s, sc) {
                    Some((body, bsc)) => self.denotes_filter(body, bsc, &Env::default(), depth + 1),
                    None => false,
                }
            }
            ExprKind::Apply(n, args) => match self.op_body(n, args.len(), s, sc, env) {
                Some((body, _)) => matches!(body.kind, ExprKind::SetFilter(..)),
                None => false,
            },
            _ => false,
        }
    }

    /// The body of a nullary user definition `n` that is evaluated at each use (not a constant
    /// already computed, not an override).
    fn nullary_body(&self, n: &str, s: E, sc: Sc) -> Option<(E, Sc)> {
        let dr = self.node(n, s, sc).ok()?;
        match dr.fast() {
            Fast::Body(od, osc) => Some((&od.body, *osc)),
            Fast::Slow => match dr.get() {
                Some((Def::Op(od, osc), _)) if od.params.is_empty() => {
                    if self.has_overrides.load(std::sync::atomic::Ordering::Relaxed)
                        || osc.cache.read().unwrap().contains_key(od.name.name.as_str())
                    {
                        return None;
                    }
                    Some((&od.body, osc))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The body of a user operator `n` applied to `arity` ordinary (non-operator) arguments.
    fn op_body(&self, n: &str, arity: usize, s: E, sc: Sc, env: &Env) -> Option<(E, Sc)> {
        if env.get(n).is_some() || self.override_of(n).is_some() {
            return None;
        }
        match self.resolve_at(n, s, sc).ok()? {
            Some((Def::Op(od, osc), _)) if od.params.len() == arity && arity > 0 && od.params.iter().all(|p| p.arity == 0) => {
                Some((&od.body, osc))
            }
            _ => None,
        }
    }

    fn lazy_set(&self, s: E, sc: Sc, env: &Env, st: &St, depth: u32) -> R<Lazy> {
        // a comprehension already known to be constant (`Ev::konst`) was built once: use it
        if let (ExprKind::SetFilter(..), Some(NodeMemo { fast: Fast::Val(v), .. })) = (&s.kind, memo_of(s, sc)) {
            return Ok(Lazy::Val(v.clone()));
        }
        if depth <= MAX_DEPTH {
            match &s.kind {
                ExprKind::SetFilter(b, p) => {
                    let base = self.lazy_set(&b.set, sc, env, st, depth + 1)?;
                    return match base {
                        // TLC filters an enumerated set or an interval at once
                        Lazy::Val(v @ (Value::Set(_) | Value::Interval(..))) => {
                            let els = v.elements().map_err(|m| err_at(sc, s.span, m))?;
                            let mut out = Vec::new();
                            for x in els.iter() {
                                let env2 = self.bind_filter(&b.names, b.tuple, x, env, sc, s.span)?;
                                if self.eval_bool(p, sc, &env2, st)? {
                                    out.push(x.clone());
                                }
                            }
                            Ok(Lazy::Val(Value::set_sorted(out)))
                        }
                        base => Ok(Lazy::Filter {
                            base: Box::new(base),
                            names: &b.names,
                            tuple: b.tuple,
                            pred: p,
                            sc,
                            env: env.clone(),
                            span: s.span,
                        }),
                    };
                }
                ExprKind::Name(n) if env.get(n).is_some() => {
                    if let Some((body, bsc, benv)) = env.get(n).and_then(by_name) {
                        if self.denotes_filter(body, bsc, benv, 0) {
                            return self.lazy_set(body, bsc, benv, st, depth + 1);
                        }
                    }
                }
                ExprKind::Name(n) => {
                    if let Some((body, bsc)) = self.nullary_body(n, s, sc) {
                        if self.denotes_filter(body, bsc, &Env::default(), 0) {
                            return self.lazy_set(body, bsc, &Env::default(), st, depth + 1);
                        }
                    }
                }
                ExprKind::Apply(n, args) => {
                    if let Some((body, bsc)) = self.op_body(n, args.len(), s, sc, env) {
                        if matches!(body.kind, ExprKind::SetFilter(..)) {
                            let Some((Def::Op(od, _), _)) = self.resolve_at(n, s, sc)? else { unreachable!() };
                            let mut env2 = Env::default();
                            for (p, a) in od.params.iter().zip(args.iter()) {
                                // an argument that is itself a comprehension stays lazy, as
                                // TLC's SetPredValue argument does: passed by name
                                let v = if self.denotes_filter(a, sc, env, 0) {
                                    Value::Op(Arc::new(Closure {
                                        memo: Default::default(),
                                        name: None,
                                        params: vec![],
                                        body: ClosureBody::Expr(a),
                                        scope: sc,
                                        env: env.clone(),
                                    }))
                                } else {
                                    self.eval(a, sc, env, st)?
                                };
                                env2 = env2.bind(p.name.name.as_str(), v);
                            }
                            return self.lazy_set(body, bsc, &env2, st, depth + 1);
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(Lazy::Val(self.eval(s, sc, env, st)?))
    }

    /// TLC's `SetPredValue.member`: `x \in base`, then the predicate with `x` bound.
    fn lazy_contains(&self, set: &Lazy, x: &Value, st: &St, at: E, at_sc: Sc) -> R<bool> {
        match set {
            Lazy::Val(v) => v.contains(x).map_err(|m| err_at(at_sc, at.span, m)),
            Lazy::Filter { base, names, tuple, pred, sc, env, span } => {
                if !self.lazy_contains(base, x, st, at, at_sc)? {
                    return Ok(false);
                }
                let env2 = self.bind_filter(names, *tuple, x, env, sc, *span)?;
                self.eval_bool(pred, sc, &env2, st)
            }
        }
    }

    fn bind_filter(&self, names: &'static [Ident], tuple: bool, x: &Value, env: &Env, sc: Sc, sp: Span) -> R<Env> {
        if tuple || names.len() != 1 {
            self.bind_one(BoundRef { names, tuple }, x, env, sc, sp)
        } else {
            Ok(env.bind(names[0].name.as_str(), x.clone()))
        }
    }
}

/// The expression, scope and environment of an argument passed by name (a nullary closure over
/// an expression).
fn by_name(v: &Value) -> Option<(E, Sc, &Env)> {
    let Value::Op(c) = v else { return None };
    let cl = op_closure(c)?;
    match cl.body {
        ClosureBody::Expr(body) if cl.params.is_empty() => Some((body, cl.scope, &cl.env)),
        _ => None,
    }
}

// ---- functions passed to operators without building them
//
// TLC's value of a function definition `f[x \in S] == e` is a `FcnLambdaValue`: applying it
// evaluates `e` for that one argument. So `Sum(sc, points)` with `sc[<<x, y>> \in D] == ...`
// reading the state evaluates `sc` at the 8 points `Sum` applies it to, not on all of `D`. Here
// an operator argument that names such a definition (or a parameter already bound to one) is
// passed as a closure over the definition (`ClosureBody::FnDef`, the form LET function
// definitions already have): `f[a]` inside the operator applies it lazily (memoised for this
// evaluation), passing `f` on keeps it lazy, and any other use of `f` (as a value: `DOMAIN f`,
// `f = g`, `<<f>>`) builds the whole function, as before.

impl Ev {
    /// The lazy closure for operator argument `a` when it names a function definition whose
    /// value is not a computed constant; `None` otherwise (evaluate the argument as usual).
    pub(super) fn lazy_fn_arg(&self, a: E, sc: Sc, env: &Env) -> Option<Value> {
        let ExprKind::Name(n) = &a.kind else { return None };
        if let Some(v) = env.get(n) {
            if let Value::Op(c) = v {
                if let Some(cl) = op_closure(c) {
                    if matches!(cl.body, ClosureBody::FnDef(_)) {
                        return Some(v.clone());
                    }
                }
            }
            return None;
        }
        if self.override_of(n).is_some() {
            return None;
        }
        let dr = self.node(n, a, sc).ok()?;
        if matches!(dr.fast(), Fast::Val(_)) {
            return None;
        }
        match dr.get() {
            Some((Def::Fn(fd, fsc), _)) => {
                if fsc.cache.read().unwrap().contains_key(fd.name.name.as_str()) {
                    return None;
                }
                Some(Value::Op(Arc::new(Closure {
                    memo: Default::default(),
                    name: Some(fd.name.name.as_str()),
                    params: vec![],
                    body: ClosureBody::FnDef(fd),
                    scope: fsc,
                    env: Env::default(),
                })))
            }
            _ => None,
        }
    }
}
