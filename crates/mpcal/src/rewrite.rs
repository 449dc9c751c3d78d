//! Generic traversal helpers over `vf_tla::Expr`.

use vf_tla::{Bound, ExceptKey, ExceptSpec, Expr, ExprKind, Span};

/// Calls `f` on each immediate sub-expression of `e`.
pub fn for_each_subexpr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    use ExprKind::*;
    let bounds = |bs: &[Bound], f: &mut dyn FnMut(&Expr)| bs.iter().for_each(|b| f(&b.set));
    match &e.kind {
        Name(_) | Num { .. } | Decimal(_) | Str(_) | Bool(_) | At | OpRef(_) => {}
        Apply(_, args) | Times(args) | SetEnum(args) | Tuple(args) | JunctionList(_, args) => args.iter().for_each(|a| f(a)),
        Qualified(parts) => parts.iter().flat_map(|(_, args)| args).for_each(|a| f(a)),
        Prefix(_, a) | Postfix(_, a) | Dot(a, _) => f(a),
        Infix(_, a, b) | FnSet(a, b) | BoxAction(a, b) | AngleAction(a, b) => {
            f(a);
            f(b)
        }
        Fairness { vars, action, .. } => {
            f(vars);
            f(action)
        }
        FnApp(a, args) => {
            f(a);
            args.iter().for_each(|x| f(x))
        }
        SetFilter(b, p) => {
            f(&b.set);
            f(p)
        }
        SetMap(body, bs) | FnCons(bs, body) | Quant(_, bs, body) => {
            bounds(bs, f);
            f(body)
        }
        Record(fs) | RecordSet(fs) => fs.iter().for_each(|(_, v)| f(v)),
        Except(a, specs) => {
            f(a);
            for s in specs {
                for k in &s.path {
                    if let ExceptKey::Index(idx) = k {
                        idx.iter().for_each(|x| f(x));
                    }
                }
                f(&s.value);
            }
        }
        If(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        Case(arms, other) => {
            for (g, v) in arms {
                f(g);
                f(v);
            }
            if let Some(o) = other {
                f(o)
            }
        }
        Let(_, body) | QuantUnbounded(_, _, body) | TemporalQuant(_, _, body) | Lambda(_, body) => f(body),
        Choose { set, body, .. } => {
            if let Some(s) = set {
                f(s)
            }
            f(body)
        }
    }
}

/// Rebuilds `e`, replacing each `Name(n)` for which `f(n, span)` returns Some.
pub fn map_names(e: &Expr, f: &mut dyn FnMut(&str, Span) -> Option<Expr>) -> Expr {
    map_expr(e, &mut |x| match &x.kind {
        ExprKind::Name(n) => f(n, x.span),
        _ => None,
    })
}

/// Bottom-up-free rewrite: `f` is tried on each node first; if it returns None the node's
/// children are rewritten.
pub fn map_expr(e: &Expr, f: &mut dyn FnMut(&Expr) -> Option<Expr>) -> Expr {
    if let Some(r) = f(e) {
        return r;
    }
    use ExprKind::*;
    let mut m = |x: &Expr| map_expr(x, f);
    let kind = match &e.kind {
        Apply(n, args) => Apply(n.clone(), args.iter().map(&mut m).collect()),
        Qualified(parts) => Qualified(parts.iter().map(|(n, args)| (n.clone(), args.iter().map(&mut m).collect())).collect()),
        Times(v) => Times(v.iter().map(&mut m).collect()),
        SetEnum(v) => SetEnum(v.iter().map(&mut m).collect()),
        Tuple(v) => Tuple(v.iter().map(&mut m).collect()),
        JunctionList(j, v) => JunctionList(*j, v.iter().map(&mut m).collect()),
        Prefix(op, a) => Prefix(op.clone(), Box::new(m(a))),
        Postfix(op, a) => Postfix(op.clone(), Box::new(m(a))),
        Dot(a, fld) => Dot(Box::new(m(a)), fld.clone()),
        Infix(op, a, b) => Infix(op.clone(), Box::new(m(a)), Box::new(m(b))),
        FnSet(a, b) => FnSet(Box::new(m(a)), Box::new(m(b))),
        BoxAction(a, b) => BoxAction(Box::new(m(a)), Box::new(m(b))),
        AngleAction(a, b) => AngleAction(Box::new(m(a)), Box::new(m(b))),
        Fairness { strong, vars, action } => Fairness { strong: *strong, vars: Box::new(m(vars)), action: Box::new(m(action)) },
        FnApp(a, args) => FnApp(Box::new(m(a)), args.iter().map(&mut m).collect()),
        SetFilter(b, p) => SetFilter(Box::new(Bound { names: b.names.clone(), tuple: b.tuple, set: m(&b.set) }), Box::new(m(p))),
        SetMap(body, bs) => SetMap(Box::new(m(body)), map_bounds(bs, &mut m)),
        FnCons(bs, body) => FnCons(map_bounds(bs, &mut m), Box::new(m(body))),
        Quant(q, bs, body) => Quant(*q, map_bounds(bs, &mut m), Box::new(m(body))),
        Record(fs) => Record(fs.iter().map(|(n, v)| (n.clone(), m(v))).collect()),
        RecordSet(fs) => RecordSet(fs.iter().map(|(n, v)| (n.clone(), m(v))).collect()),
        Except(a, specs) => Except(
            Box::new(m(a)),
            specs
                .iter()
                .map(|s| ExceptSpec {
                    path: s
                        .path
                        .iter()
                        .map(|k| match k {
                            ExceptKey::Index(idx) => ExceptKey::Index(idx.iter().map(&mut m).collect()),
                            fk => fk.clone(),
                        })
                        .collect(),
                    value: m(&s.value),
                })
                .collect(),
        ),
        If(a, b, c) => If(Box::new(m(a)), Box::new(m(b)), Box::new(m(c))),
        Case(arms, other) => Case(arms.iter().map(|(g, v)| (m(g), m(v))).collect(), other.as_ref().map(|o| Box::new(m(o)))),
        Let(defs, body) => Let(defs.clone(), Box::new(m(body))),
        QuantUnbounded(q, n, body) => QuantUnbounded(*q, n.clone(), Box::new(m(body))),
        TemporalQuant(q, n, body) => TemporalQuant(*q, n.clone(), Box::new(m(body))),
        Lambda(n, body) => Lambda(n.clone(), Box::new(m(body))),
        Choose { names, tuple, set, body } => Choose { names: names.clone(), tuple: *tuple, set: set.as_ref().map(|s| Box::new(m(s))), body: Box::new(m(body)) },
        k => k.clone(),
    };
    Expr::new(kind, e.span)
}

fn map_bounds(bs: &[Bound], m: &mut dyn FnMut(&Expr) -> Expr) -> Vec<Bound> {
    bs.iter().map(|b| Bound { names: b.names.clone(), tuple: b.tuple, set: m(&b.set) }).collect()
}
