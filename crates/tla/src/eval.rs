//! A small TLA+ value type and evaluator for constant expressions: the core a model checker
//! builds on (state variables are just more bindings in `Env`). Values are ordered so sets and
//! function domains are canonical. Unsupported forms give an error, never a guess.

use crate::ast::*;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Str(String),
    Set(BTreeSet<Value>),
    /// Tuples and sequences (functions with domain 1..n).
    Seq(Vec<Value>),
    Record(BTreeMap<String, Value>),
    Fn(BTreeMap<Value, Value>),
}

pub type EvalResult = Result<Value, String>;

/// Bindings visible to an expression (constants, variables, bound names, nullary definitions).
#[derive(Clone, Debug, Default)]
pub struct Env {
    vars: Vec<(String, Value)>,
}

impl Env {
    pub fn bind(&mut self, name: &str, v: Value) {
        self.vars.push((name.to_string(), v));
    }
    pub fn with(&self, name: &str, v: Value) -> Env {
        let mut e = self.clone();
        e.bind(name, v);
        e
    }
    fn get(&self, name: &str) -> Option<&Value> {
        self.vars.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

fn int(v: &Value) -> Result<i64, String> {
    match v {
        Value::Int(i) => Ok(*i),
        other => Err(format!("expected an integer, got {other:?}")),
    }
}
fn boolean(v: &Value) -> Result<bool, String> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(format!("expected a Boolean, got {other:?}")),
    }
}
fn set(v: Value) -> Result<BTreeSet<Value>, String> {
    match v {
        Value::Set(s) => Ok(s),
        Value::Seq(s) if s.is_empty() => Ok(BTreeSet::new()),
        other => Err(format!("expected a set, got {other:?}")),
    }
}

/// Applies `f` to `arg` for any function-like value (sequence, record, function).
pub fn apply(f: &Value, arg: &Value) -> EvalResult {
    match (f, arg) {
        (Value::Seq(s), Value::Int(i)) if *i >= 1 && (*i as usize) <= s.len() => Ok(s[*i as usize - 1].clone()),
        (Value::Record(r), Value::Str(k)) => r.get(k).cloned().ok_or_else(|| format!("record has no field {k}")),
        (Value::Fn(m), a) => m.get(a).cloned().ok_or_else(|| format!("{a:?} is not in the function's domain")),
        _ => Err(format!("cannot apply {f:?} to {arg:?}")),
    }
}

fn update(f: &Value, key: &Value, v: Value) -> EvalResult {
    match (f, key) {
        (Value::Seq(s), Value::Int(i)) if *i >= 1 && (*i as usize) <= s.len() => {
            let mut s = s.clone();
            s[*i as usize - 1] = v;
            Ok(Value::Seq(s))
        }
        (Value::Record(r), Value::Str(k)) if r.contains_key(k) => {
            let mut r = r.clone();
            r.insert(k.clone(), v);
            Ok(Value::Record(r))
        }
        (Value::Fn(m), k) if m.contains_key(k) => {
            let mut m = m.clone();
            m.insert(k.clone(), v);
            Ok(Value::Fn(m))
        }
        _ => Ok(f.clone()), // EXCEPT outside the domain leaves the function unchanged
    }
}

fn domain(f: &Value) -> EvalResult {
    Ok(Value::Set(match f {
        Value::Seq(s) => (1..=s.len() as i64).map(Value::Int).collect(),
        Value::Record(r) => r.keys().map(|k| Value::Str(k.clone())).collect(),
        Value::Fn(m) => m.keys().cloned().collect(),
        other => return Err(format!("DOMAIN of non-function {other:?}")),
    }))
}

/// All assignments of the bounds' names to elements of their sets.
fn bindings(env: &Env, bounds: &[Bound]) -> Result<Vec<Env>, String> {
    let mut envs = vec![env.clone()];
    for b in bounds {
        let mut next = Vec::new();
        for e in &envs {
            let s = set(eval(&b.set, e)?)?;
            for v in s {
                if b.tuple {
                    let Value::Seq(items) = &v else { return Err("tuple binder over non-tuples".into()) };
                    if items.len() != b.names.len() {
                        return Err("tuple binder arity mismatch".into());
                    }
                    let mut e2 = e.clone();
                    for (n, x) in b.names.iter().zip(items) {
                        e2.bind(&n.name, x.clone());
                    }
                    next.push(e2);
                } else if b.names.len() == 1 {
                    next.push(e.with(&b.names[0].name, v));
                } else {
                    return Err("multi-name bounds must be expanded per name".into());
                }
            }
        }
        envs = next;
    }
    Ok(envs)
}

fn expand_bounds(bs: &[Bound]) -> Vec<Bound> {
    bs.iter()
        .flat_map(|b| {
            if b.tuple || b.names.len() == 1 {
                vec![b.clone()]
            } else {
                b.names.iter().map(|n| Bound { names: vec![n.clone()], tuple: false, set: b.set.clone() }).collect()
            }
        })
        .collect()
}

fn builtin(name: &str, args: &[Value]) -> Option<EvalResult> {
    Some(match (name, args) {
        ("Len", [Value::Seq(s)]) => Ok(Value::Int(s.len() as i64)),
        ("Head", [Value::Seq(s)]) => s.first().cloned().ok_or_else(|| "Head of empty sequence".into()),
        ("Tail", [Value::Seq(s)]) if !s.is_empty() => Ok(Value::Seq(s[1..].to_vec())),
        ("Append", [Value::Seq(s), v]) => {
            let mut s = s.clone();
            s.push(v.clone());
            Ok(Value::Seq(s))
        }
        ("SubSeq", [Value::Seq(s), Value::Int(m), Value::Int(n)]) => {
            if *m > *n {
                Ok(Value::Seq(vec![]))
            } else if *m >= 1 && (*n as usize) <= s.len() {
                Ok(Value::Seq(s[*m as usize - 1..*n as usize].to_vec()))
            } else {
                Err("SubSeq out of range".into())
            }
        }
        ("Cardinality", [Value::Set(s)]) => Ok(Value::Int(s.len() as i64)),
        _ => return None,
    })
}

pub fn eval(e: &Expr, env: &Env) -> EvalResult {
    use ExprKind::*;
    let ev = |x: &Expr| eval(x, env);
    match &e.kind {
        Num { digits, base } => i64::from_str_radix(digits, *base).map(Value::Int).map_err(|_| format!("number {digits} too large")),
        Str(s) => Ok(Value::Str(s.clone())),
        Bool(b) => Ok(Value::Bool(*b)),
        Name(n) => env.get(n).cloned().ok_or_else(|| format!("unknown name {n}")),
        Apply(n, args) => {
            let vals = args.iter().map(ev).collect::<Result<Vec<_>, _>>()?;
            builtin(n, &vals).unwrap_or_else(|| Err(format!("unknown operator {n}")))
        }
        Prefix(op, a) => {
            let v = ev(a)?;
            match op.as_str() {
                "~" => Ok(Value::Bool(!boolean(&v)?)),
                "-" => Ok(Value::Int(-int(&v)?)),
                "DOMAIN" => domain(&v),
                "SUBSET" => {
                    let items: Vec<Value> = set(v)?.into_iter().collect();
                    if items.len() > 20 {
                        return Err("SUBSET of a set with more than 20 elements".into());
                    }
                    Ok(Value::Set((0u32..1 << items.len()).map(|mask| Value::Set(items.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, x)| x.clone()).collect())).collect()))
                }
                "UNION" => Ok(Value::Set(set(v)?.into_iter().map(set).collect::<Result<Vec<_>, _>>()?.into_iter().flatten().collect())),
                _ => Err(format!("prefix operator {op} is not supported by the evaluator")),
            }
        }
        Infix(op, a, b) => {
            // Boolean connectives short-circuit.
            match op.as_str() {
                "/\\" => return Ok(Value::Bool(boolean(&ev(a)?)? && boolean(&ev(b)?)?)),
                "\\/" => return Ok(Value::Bool(boolean(&ev(a)?)? || boolean(&ev(b)?)?)),
                "=>" => return Ok(Value::Bool(!boolean(&ev(a)?)? || boolean(&ev(b)?)?)),
                _ => {}
            }
            let (x, y) = (ev(a)?, ev(b)?);
            let ints = || -> Result<(i64, i64), String> { Ok((int(&x)?, int(&y)?)) };
            Ok(match op.as_str() {
                "=" => Value::Bool(x == y),
                "#" => Value::Bool(x != y),
                "<=>" => Value::Bool(boolean(&x)? == boolean(&y)?),
                "+" => Value::Int(ints()?.0.checked_add(ints()?.1).ok_or("overflow")?),
                "-" => Value::Int(ints()?.0.checked_sub(ints()?.1).ok_or("overflow")?),
                "*" => Value::Int(ints()?.0.checked_mul(ints()?.1).ok_or("overflow")?),
                "\\div" => {
                    let (p, q) = ints()?;
                    if q == 0 {
                        return Err("division by zero".into());
                    }
                    Value::Int(p.div_euclid(q))
                }
                "%" => {
                    let (p, q) = ints()?;
                    if q <= 0 {
                        return Err("modulus must be positive".into());
                    }
                    Value::Int(p.rem_euclid(q))
                }
                "^" => Value::Int(ints()?.0.checked_pow(u32::try_from(ints()?.1).map_err(|_| "bad exponent")?).ok_or("overflow")?),
                "<" => Value::Bool(ints()?.0 < ints()?.1),
                "<=" => Value::Bool(ints()?.0 <= ints()?.1),
                ">" => Value::Bool(ints()?.0 > ints()?.1),
                ">=" => Value::Bool(ints()?.0 >= ints()?.1),
                ".." => {
                    let (p, q) = ints()?;
                    Value::Set((p..=q).map(Value::Int).collect())
                }
                "\\in" => Value::Bool(set(y)?.contains(&x)),
                "\\notin" => Value::Bool(!set(y)?.contains(&x)),
                "\\union" => Value::Set(set(x)?.union(&set(y)?).cloned().collect()),
                "\\intersect" => Value::Set(set(x)?.intersection(&set(y)?).cloned().collect()),
                "\\" => Value::Set(set(x)?.difference(&set(y)?).cloned().collect()),
                "\\subseteq" => Value::Bool(set(x)?.is_subset(&set(y)?)),
                "\\o" => match (x, y) {
                    (Value::Seq(mut p), Value::Seq(q)) => {
                        p.extend(q);
                        Value::Seq(p)
                    }
                    _ => return Err("\\o needs sequences".into()),
                },
                _ => return Err(format!("infix operator {op} is not supported by the evaluator")),
            })
        }
        JunctionList(j, items) => {
            for it in items {
                let b = boolean(&ev(it)?)?;
                match j {
                    Junction::And if !b => return Ok(Value::Bool(false)),
                    Junction::Or if b => return Ok(Value::Bool(true)),
                    _ => {}
                }
            }
            Ok(Value::Bool(*j == Junction::And))
        }
        Dot(r, f) => apply(&ev(r)?, &Value::Str(f.clone())),
        FnApp(f, args) => {
            let fv = ev(f)?;
            let key = if args.len() == 1 { ev(&args[0])? } else { Value::Seq(args.iter().map(ev).collect::<Result<_, _>>()?) };
            apply(&fv, &key)
        }
        SetEnum(items) => Ok(Value::Set(items.iter().map(ev).collect::<Result<_, _>>()?)),
        Tuple(items) => Ok(Value::Seq(items.iter().map(ev).collect::<Result<_, _>>()?)),
        Record(fields) => Ok(Value::Record(fields.iter().map(|(k, v)| Ok((k.clone(), ev(v)?))).collect::<Result<_, String>>()?)),
        SetFilter(b, p) => {
            let mut out = BTreeSet::new();
            for env2 in bindings(env, std::slice::from_ref(b))? {
                if boolean(&eval(p, &env2)?)? {
                    let v = if b.tuple { Value::Seq(b.names.iter().map(|n| env2.get(&n.name).unwrap().clone()).collect()) } else { env2.get(&b.names[0].name).unwrap().clone() };
                    out.insert(v);
                }
            }
            Ok(Value::Set(out))
        }
        SetMap(body, bs) => Ok(Value::Set(bindings(env, &expand_bounds(bs))?.iter().map(|e2| eval(body, e2)).collect::<Result<_, _>>()?)),
        FnCons(bs, body) => {
            let bs = expand_bounds(bs);
            let mut m = BTreeMap::new();
            for e2 in bindings(env, &bs)? {
                let key = if bs.len() == 1 && !bs[0].tuple {
                    e2.get(&bs[0].names[0].name).unwrap().clone()
                } else {
                    Value::Seq(bs.iter().flat_map(|b| b.names.iter()).map(|n| e2.get(&n.name).unwrap().clone()).collect())
                };
                m.insert(key, eval(body, &e2)?);
            }
            Ok(Value::Fn(m))
        }
        Except(f, specs) => {
            let mut cur = ev(f)?;
            for sp in specs {
                let keys = sp
                    .path
                    .iter()
                    .map(|k| match k {
                        ExceptKey::Field(n) => Ok(Value::Str(n.clone())),
                        ExceptKey::Index(idx) if idx.len() == 1 => ev(&idx[0]),
                        ExceptKey::Index(idx) => Ok(Value::Seq(idx.iter().map(ev).collect::<Result<_, _>>()?)),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                cur = except_path(&cur, &keys, &sp.value, env)?;
            }
            Ok(cur)
        }
        If(c, a, b) => {
            if boolean(&ev(c)?)? {
                ev(a)
            } else {
                ev(b)
            }
        }
        Case(arms, other) => {
            for (g, v) in arms {
                if boolean(&ev(g)?)? {
                    return ev(v);
                }
            }
            other.as_ref().map(|o| ev(o)).unwrap_or_else(|| Err("no CASE arm applies".into()))
        }
        Let(defs, body) => {
            let mut env2 = env.clone();
            for d in defs {
                match d {
                    Unit::OpDef(od) if od.params.is_empty() => {
                        let v = eval(&od.body, &env2)?;
                        env2.bind(&od.name.name, v);
                    }
                    _ => return Err("only nullary LET definitions are supported by the evaluator".into()),
                }
            }
            eval(body, &env2)
        }
        Quant(q, bs, body) => {
            for e2 in bindings(env, &expand_bounds(bs))? {
                let b = boolean(&eval(body, &e2)?)?;
                if *q == crate::ast::Quant::All && !b {
                    return Ok(Value::Bool(false));
                }
                if *q == crate::ast::Quant::Exists && b {
                    return Ok(Value::Bool(true));
                }
            }
            Ok(Value::Bool(*q == crate::ast::Quant::All))
        }
        Choose { names, set: Some(s), body, tuple: false } if names.len() == 1 => {
            for v in set(ev(s)?)? {
                if boolean(&eval(body, &env.with(&names[0].name, v.clone()))?)? {
                    return Ok(v);
                }
            }
            Err("CHOOSE found no element".into())
        }
        _ => Err("expression form not supported by the evaluator".into()),
    }
}

fn except_path(cur: &Value, keys: &[Value], value: &Expr, env: &Env) -> EvalResult {
    let old = apply(cur, &keys[0]);
    let new = if keys.len() == 1 {
        // `@` is the old value at this path
        let env2 = match &old {
            Ok(o) => env.with("@", o.clone()),
            Err(_) => env.clone(),
        };
        eval(&crate::eval::replace_at(value), &env2)?
    } else {
        except_path(&old?, &keys[1..], value, env)?
    };
    update(cur, &keys[0], new)
}

/// `@` is evaluated as the name `@` bound by `except_path`.
fn replace_at(e: &Expr) -> Expr {
    match &e.kind {
        ExprKind::At => Expr::new(ExprKind::Name("@".into()), e.span),
        _ => {
            let mut c = e.clone();
            map_children(&mut c);
            c
        }
    }
}

fn map_children(e: &mut Expr) {
    use ExprKind::*;
    let f = |x: &mut Expr| *x = replace_at(x);
    match &mut e.kind {
        Prefix(_, a) | Postfix(_, a) | Dot(a, _) => f(a),
        Infix(_, a, b) | FnSet(a, b) => {
            f(a);
            f(b)
        }
        Apply(_, v) | SetEnum(v) | Tuple(v) | JunctionList(_, v) | Times(v) => v.iter_mut().for_each(f),
        FnApp(a, v) => {
            f(a);
            v.iter_mut().for_each(f)
        }
        If(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        Record(fs) => fs.iter_mut().for_each(|(_, v)| f(v)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn v(src: &str) -> Value {
        eval(&crate::parse_expr_str(src).unwrap(), &Env::default()).unwrap()
    }
    fn i(n: i64) -> Value {
        Value::Int(n)
    }

    #[test]
    fn arithmetic_logic_and_sets() {
        assert_eq!(v("1 + 2 * 3 - 4 \\div 2"), i(5));
        assert_eq!(v("-7 % 3"), i(2));
        assert_eq!(v("2 ^ 10"), i(1024));
        assert_eq!(v("\\h1F + \\b101 + \\o7"), i(31 + 5 + 7));
        assert_eq!(v("{1, 2} \\union {3} = 1..3"), Value::Bool(true));
        assert_eq!(v("Cardinality(SUBSET {1, 2, 3})"), i(8));
        assert_eq!(v("{x \\in 1..10 : x % 3 = 0}"), v("{3, 6, 9}"));
        assert_eq!(v("{x * x : x \\in 1..3}"), v("{1, 4, 9}"));
        assert_eq!(v("\\A x \\in 1..5 : \\E y \\in 1..5 : y = 6 - x"), Value::Bool(true));
        assert_eq!(v("CHOOSE x \\in 1..10 : x * x > 20"), i(5));
        assert_eq!(v("/\\ TRUE\n/\\ \\/ FALSE\n   \\/ 1 < 2"), Value::Bool(true));
    }

    #[test]
    fn functions_records_sequences_except() {
        assert_eq!(v("[i \\in 1..3 |-> i * 2][2]"), i(4));
        assert_eq!(v("[a |-> 1, b |-> 2].b"), i(2));
        assert_eq!(v("Len(Append(<<1, 2>>, 3) \\o <<4>>)"), i(4));
        assert_eq!(v("Head(Tail(<<1, 2, 3>>))"), i(2));
        assert_eq!(v("[[i \\in 1..2 |-> 0] EXCEPT ![1] = @ + 5][1]"), i(5));
        assert_eq!(v("[[a |-> [b |-> 1]] EXCEPT !.a.b = 7].a.b"), i(7));
        assert_eq!(v("DOMAIN [x |-> 1, y |-> 2]"), v("{\"x\", \"y\"}"));
        assert_eq!(v("LET sq == 3 * 3 IN IF sq > 5 THEN sq ELSE 0"), i(9));
        assert_eq!(v("CASE 1 > 2 -> \"a\" [] OTHER -> \"b\""), Value::Str("b".into()));
    }

    #[test]
    fn errors_are_reported_not_guessed() {
        let err = |src: &str| eval(&crate::parse_expr_str(src).unwrap(), &Env::default()).unwrap_err();
        assert!(err("1 \\div 0").contains("division by zero"));
        assert!(err("Head(<<>>)").contains("empty"));
        assert!(err("<<1>>[2]").contains("cannot apply"));
        assert!(err("undefinedName + 1").contains("unknown name"));
        assert!(err("1 + TRUE").contains("integer"));
    }

    #[test]
    fn evaluation_agrees_with_a_reference_on_random_arithmetic() {
        // differential check against Rust's own i64 arithmetic on seeded random expressions
        let mut seed: u64 = 0x9e3779b97f4a7c15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let (a, b, c) = ((next() % 200) as i64 - 100, (next() % 200) as i64 - 100, (next() % 50) as i64 + 1);
            let src = format!("({a}) + ({b}) * ({c}) - (({a}) % {c})");
            let expected = a + b * c - a.rem_euclid(c);
            let got = v(&src.replace("(-", "(0 - "));
            assert_eq!(got, i(expected), "{src}");
        }
    }
}
