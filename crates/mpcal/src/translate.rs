//! PlusCal -> TLA+ for multiprocess algorithms without procedures, producing the definitions
//! TLC's translator produces (`pc`, one action per label, process disjunctions, `Init`, `Next`,
//! `Spec` with fairness, `Termination`), as a TLA+ AST. Compared with TLC's output by AST.
//!
//! Not supported (an error, the old translation block is then kept): procedures (`stack`),
//! uniprocess algorithms, labels that occur in more than one process.

use crate::ast::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use vf_tla::{Bound, DefShape, ExceptKey, ExceptSpec, Expr, ExprKind, Ident, Junction, OpDecl, OpDef, Quant, Span, Unit};

fn e(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}
fn name(n: &str) -> Expr {
    e(ExprKind::Name(n.to_string()))
}
fn string(s: &str) -> Expr {
    e(ExprKind::Str(s.to_string()))
}
fn infix(op: &str, a: Expr, b: Expr) -> Expr {
    e(ExprKind::Infix(op.to_string(), Box::new(a), Box::new(b)))
}
fn prime(x: Expr) -> Expr {
    e(ExprKind::Postfix("'".into(), Box::new(x)))
}
fn app(f: Expr, args: Vec<Expr>) -> Expr {
    e(ExprKind::FnApp(Box::new(f), args))
}
fn and_list(items: Vec<Expr>) -> Expr {
    e(ExprKind::JunctionList(Junction::And, items))
}
fn ident(n: &str) -> Ident {
    Ident { name: n.to_string(), span: Span::default() }
}
fn def(n: &str, params: &[&str], body: Expr) -> Unit {
    Unit::OpDef(OpDef {
        local: false,
        shape: DefShape::Normal,
        name: ident(n),
        params: params.iter().map(|p| OpDecl { name: ident(p), arity: 0 }).collect(),
        body,
        span: Span::default(),
    })
}
fn except(base: Expr, key: Expr, value: Expr) -> Expr {
    e(ExprKind::Except(Box::new(base), vec![ExceptSpec { path: vec![ExceptKey::Index(vec![key])], value }]))
}

/// TLC's translator writes one unchanged variable `v` as `v' = v` when its name has at most 5
/// characters and as `UNCHANGED v` otherwise; several as `UNCHANGED << a, b >>`.
fn unchanged(vars: &[String]) -> Option<Expr> {
    match vars {
        [v] if v.chars().count() <= 5 => Some(infix("=", prime(name(v)), name(v))),
        vs => unchanged_branch(vs),
    }
}

/// Inside IF/either branches TLC writes `UNCHANGED x` / `UNCHANGED << a, b >>`.
fn unchanged_branch(vars: &[String]) -> Option<Expr> {
    match vars {
        [] => None,
        [v] => Some(e(ExprKind::Prefix("UNCHANGED".into(), Box::new(name(v))))),
        vs => Some(e(ExprKind::Prefix("UNCHANGED".into(), Box::new(e(ExprKind::Tuple(vs.iter().map(|v| name(v)).collect())))))),
    }
}

struct Proc<'a> {
    #[allow(dead_code)]
    p: &'a Process,
    /// `self` in actions: the literal id for `P = id`, `self` for `P \in S`.
    self_expr: Expr,
    is_set: bool,
    locals: HashSet<String>,
}

struct Tr<'a> {
    vars: &'a [String],
    proc: &'a Proc<'a>,
    assert_pos: &'a dyn Fn(Span) -> (usize, usize),
}

impl Tr<'_> {
    fn expr(&self, x: &Expr, primed: &BTreeSet<String>, shadow: &HashSet<String>) -> Expr {
        crate::rewrite::map_expr(x, &mut |sub| match &sub.kind {
            ExprKind::Name(n) if !shadow.contains(n) => {
                if n == "self" && !self.proc.is_set {
                    return Some(self.proc.self_expr.clone());
                }
                let base = if primed.contains(n) { prime(name(n)) } else { name(n) };
                if self.proc.locals.contains(n) && self.proc.is_set {
                    Some(app(base, vec![self.proc.self_expr.clone()]))
                } else if primed.contains(n) {
                    Some(base)
                } else {
                    None
                }
            }
            _ => None,
        })
    }

    fn pc_to(&self, label: &str) -> Expr {
        infix("=", prime(name("pc")), except(name("pc"), self.proc.self_expr.clone(), string(label)))
    }

    /// Conjuncts for a statement sequence; `changed` collects assigned variables.
    fn stmts(&self, ss: &[Stmt], changed: &mut BTreeSet<String>, shadow: &HashSet<String>) -> Result<Vec<Expr>, String> {
        let mut out = Vec::new();
        for s in ss {
            match &s.kind {
                StmtKind::Assign(pairs) => {
                    for p in pairs {
                        let Lhs::Var(v) = &p.lhs else { return Err("indexed assignment left after EXCEPT rewrite".into()) };
                        let rhs = self.expr(&p.rhs, changed, shadow);
                        let value = if self.proc.locals.contains(&v.name) && self.proc.is_set {
                            except(name(&v.name), self.proc.self_expr.clone(), rhs)
                        } else {
                            rhs
                        };
                        out.push(infix("=", prime(name(&v.name)), value));
                        changed.insert(v.name.clone());
                    }
                }
                StmtKind::Goto(l) => {
                    out.push(self.pc_to(l));
                    changed.insert("pc".into());
                }
                StmtKind::Skip => out.push(e(ExprKind::Bool(true))),
                StmtKind::Await(x) => out.push(self.expr(x, changed, shadow)),
                StmtKind::Print(x) => out.push(e(ExprKind::Apply("PrintT".into(), vec![self.expr(x, changed, shadow)]))),
                StmtKind::Assert(x) => {
                    let (l, c) = (self.assert_pos)(s.span);
                    let msg = string(&format!("Failure of assertion at line {l}, column {c}."));
                    out.push(e(ExprKind::Apply("Assert".into(), vec![self.expr(x, changed, shadow), msg])));
                }
                StmtKind::If(c, y, n) => {
                    let cond = self.expr(c, changed, shadow);
                    let mut cy = changed.clone();
                    let mut cn = changed.clone();
                    let mut ty = self.stmts(y, &mut cy, shadow)?;
                    let mut tn = self.stmts(n, &mut cn, shadow)?;
                    if ty.is_empty() {
                        ty.push(e(ExprKind::Bool(true)));
                    }
                    if tn.is_empty() {
                        tn.push(e(ExprKind::Bool(true)));
                    }
                    ty.extend(self.branch_unchanged(&self.ordered(cn.difference(&cy))));
                    tn.extend(self.branch_unchanged(&self.ordered(cy.difference(&cn))));
                    out.push(e(ExprKind::If(Box::new(cond), Box::new(and_list(ty)), Box::new(and_list(tn)))));
                    changed.extend(cy);
                    changed.extend(cn);
                }
                StmtKind::Either(cases) => {
                    let mut sets = Vec::new();
                    let mut bodies = Vec::new();
                    for c in cases {
                        let mut cc = changed.clone();
                        bodies.push(self.stmts(c, &mut cc, shadow)?);
                        sets.push(cc);
                    }
                    let all: BTreeSet<String> = sets.iter().flatten().cloned().collect();
                    let disjuncts = bodies
                        .into_iter()
                        .zip(&sets)
                        .map(|(mut b, cc)| {
                            if b.is_empty() {
                                b.push(e(ExprKind::Bool(true)));
                            }
                            b.extend(self.branch_unchanged(&self.ordered(all.difference(cc))));
                            and_list(b)
                        })
                        .collect();
                    out.push(e(ExprKind::JunctionList(Junction::Or, disjuncts)));
                    changed.extend(all);
                }
                StmtKind::With(decls, body) => {
                    let mut inner_shadow = shadow.clone();
                    let mut wrappers = Vec::new();
                    for d in decls {
                        let init = match &d.init {
                            VarInit::Eq(x) => (false, self.expr(x, changed, &inner_shadow)),
                            VarInit::In(x) => (true, self.expr(x, changed, &inner_shadow)),
                            VarInit::None => return Err("with without a value".into()),
                        };
                        inner_shadow.insert(d.name.name.clone());
                        wrappers.push((d.name.name.clone(), init));
                    }
                    let mut conj = self.stmts(body, changed, &inner_shadow)?;
                    // TLC writes a lone conjunct inside `with` without a bullet
                    let mut acc = if conj.len() == 1 { conj.pop().unwrap() } else { and_list(conj) };
                    for (n, (is_set, x)) in wrappers.into_iter().rev() {
                        acc = if is_set {
                            e(ExprKind::Quant(Quant::Exists, vec![Bound { names: vec![ident(&n)], tuple: false, set: x }], Box::new(acc)))
                        } else {
                            e(ExprKind::Let(vec![def(&n, &[], x)], Box::new(acc)))
                        };
                    }
                    out.push(acc);
                }
                StmtKind::Call(..) | StmtKind::Return => return Err("procedures are not supported by the TLA+ translator yet".into()),
                StmtKind::While(..) | StmtKind::Labeled(..) => return Err("nested label/while left after normalisation".into()),
                StmtKind::MacroCall(..) | StmtKind::Yield(_) => return Err("unexpanded macro or yield".into()),
            }
        }
        Ok(out)
    }

    fn branch_unchanged(&self, vars: &[String]) -> Option<Expr> {
        unchanged(vars)
    }

    fn ordered<'a>(&self, set: impl Iterator<Item = &'a String>) -> Vec<String> {
        let s: HashSet<&String> = set.collect();
        self.vars.iter().filter(|v| s.contains(v)).cloned().collect()
    }
}

fn proc_set_item(p: &Process) -> Expr {
    match &p.self_decl.init {
        VarInit::In(s) => s.clone(),
        VarInit::Eq(x) => e(ExprKind::SetEnum(vec![x.clone()])),
        VarInit::None => e(ExprKind::SetEnum(vec![])),
    }
}

/// Translates a PlusCal algorithm (as generated by `pcalgen`) into TLA+ units.
pub fn translate(b: &Block, assert_pos: &dyn Fn(Span) -> (usize, usize)) -> Result<Vec<Unit>, String> {
    if b.body.is_some() {
        return Err("uniprocess algorithms are not supported by the TLA+ translator yet".into());
    }
    if !b.procedures.is_empty() || !b.mpcal_procedures.is_empty() {
        return Err("procedures are not supported by the TLA+ translator yet".into());
    }
    let mut seen_labels = HashSet::new();
    for p in &b.processes {
        for s in &p.body {
            if let StmtKind::Labeled(l, _) = &s.kind {
                if !seen_labels.insert(l.name.clone()) {
                    return Err(format!("label `{}` is used by more than one process (TLC renames these; not supported yet)", l.name));
                }
            }
        }
    }
    let globals: Vec<String> = b.vars.iter().map(|v| v.name.name.clone()).collect();
    let locals: Vec<String> = b.processes.iter().flat_map(|p| p.locals.iter().map(|v| v.name.name.clone())).collect();
    let mut vars = vec!["pc".to_string()];
    vars.extend(globals.iter().cloned());
    vars.extend(locals.iter().cloned());
    let mut units = Vec::new();
    let needs_default = b.vars.iter().chain(b.processes.iter().flat_map(|p| &p.locals)).any(|v| v.init == VarInit::None);
    if needs_default {
        units.push(Unit::Constants(vec![OpDecl { name: ident("defaultInitValue"), arity: 0 }]));
    }
    // TLC declares process locals after the define block, or together with the globals.
    let mut first_vars = vec![ident("pc")];
    first_vars.extend(globals.iter().map(|g| ident(g)));
    let defns: Vec<Unit> = b.defns.iter().filter(|u| !matches!(u, Unit::Separator)).cloned().collect();
    if defns.is_empty() {
        first_vars.extend(locals.iter().map(|l| ident(l)));
        units.push(Unit::Variables(first_vars));
    } else {
        units.push(Unit::Variables(first_vars));
        units.extend(defns);
        if !locals.is_empty() {
            units.push(Unit::Variables(locals.iter().map(|l| ident(l)).collect()));
        }
    }
    units.push(def("vars", &[], e(ExprKind::Tuple(vars.iter().map(|v| name(v)).collect()))));
    if b.processes.is_empty() {
        return Err("no processes".into());
    }
    let mut procset = proc_set_item(&b.processes[0]);
    for p in &b.processes[1..] {
        procset = infix("\\union", procset, proc_set_item(p));
    }
    units.push(def("ProcSet", &[], procset));

    // Init
    let mut init = Vec::new();
    for v in &b.vars {
        init.push(match &v.init {
            VarInit::Eq(x) => infix("=", name(&v.name.name), x.clone()),
            VarInit::In(x) => infix("\\in", name(&v.name.name), x.clone()),
            VarInit::None => infix("=", name(&v.name.name), name("defaultInitValue")),
        });
    }
    for p in &b.processes {
        let is_set = matches!(p.self_decl.init, VarInit::In(_));
        let proc_locals: HashSet<String> = p.locals.iter().map(|v| v.name.name.clone()).collect();
        for v in &p.locals {
            let value = match &v.init {
                VarInit::Eq(x) | VarInit::In(x) => x.clone(),
                VarInit::None => name("defaultInitValue"),
            };
            // TLC indexes other locals of a `\in` process by `self` inside initialisers.
            let value = if is_set {
                crate::rewrite::map_names(&value, &mut |n, _| proc_locals.contains(n).then(|| app(name(n), vec![name("self")])))
            } else {
                value
            };
            let is_in = matches!(v.init, VarInit::In(_));
            init.push(match &p.self_decl.init {
                VarInit::In(set) => {
                    let f = if is_in {
                        e(ExprKind::FnSet(Box::new(set.clone()), Box::new(value)))
                    } else {
                        e(ExprKind::FnCons(vec![Bound { names: vec![ident("self")], tuple: false, set: set.clone() }], Box::new(value)))
                    };
                    infix(if is_in { "\\in" } else { "=" }, name(&v.name.name), f)
                }
                _ => infix(if is_in { "\\in" } else { "=" }, name(&v.name.name), value),
            });
        }
    }
    let first_label = |p: &Process| -> String {
        match p.body.first().map(|s| &s.kind) {
            Some(StmtKind::Labeled(l, _)) => l.name.clone(),
            _ => "Done".into(),
        }
    };
    let pc_value = if b.processes.len() == 1 {
        string(&first_label(&b.processes[0]))
    } else {
        let arms = b
            .processes
            .iter()
            .map(|p| {
                let guard = match &p.self_decl.init {
                    VarInit::In(s) => infix("\\in", name("self"), s.clone()),
                    VarInit::Eq(x) => infix("=", name("self"), x.clone()),
                    VarInit::None => e(ExprKind::Bool(false)),
                };
                (guard, string(&first_label(p)))
            })
            .collect();
        e(ExprKind::Case(arms, None))
    };
    init.push(infix("=", name("pc"), e(ExprKind::FnCons(vec![Bound { names: vec![ident("self")], tuple: false, set: name("ProcSet") }], Box::new(pc_value)))));
    units.push(def("Init", &[], and_list(init)));

    // Actions
    let mut next_terms = Vec::new();
    let mut fairness = Vec::new();
    for p in &b.processes {
        let is_set = matches!(p.self_decl.init, VarInit::In(_));
        let self_expr = match &p.self_decl.init {
            VarInit::Eq(x) if !is_set => x.clone(),
            _ => name("self"),
        };
        let proc = Proc { p, self_expr, is_set, locals: p.locals.iter().map(|v| v.name.name.clone()).collect() };
        let tr = Tr { vars: &vars, proc: &proc, assert_pos };
        let params: &[&str] = if is_set { &["self"] } else { &[] };
        let mut label_calls = Vec::new();
        for (i, s) in p.body.iter().enumerate() {
            let StmtKind::Labeled(l, body) = &s.kind else { return Err("statement outside a label".into()) };
            let mut changed = BTreeSet::new();
            let mut conj = vec![infix("=", app(name("pc"), vec![proc.self_expr.clone()]), string(&l.name))];
            conj.extend(tr.stmts(body, &mut changed, &HashSet::new())?);
            if !changed.contains("pc") {
                let next = match p.body.get(i + 1).map(|x| &x.kind) {
                    Some(StmtKind::Labeled(n, _)) => n.name.clone(),
                    _ => "Done".into(),
                };
                conj.push(tr.pc_to(&next));
                changed.insert("pc".into());
            }
            let rest: Vec<String> = vars.iter().filter(|v| !changed.contains(*v)).cloned().collect();
            conj.extend(unchanged(&rest));
            units.push(def(&l.name, params, and_list(conj)));
            label_calls.push(if is_set { e(ExprKind::Apply(l.name.clone(), vec![name("self")])) } else { name(&l.name) });
        }
        let pname = p.self_decl.name.name.clone();
        if label_calls.is_empty() {
            return Err(format!("process `{pname}` has no labels"));
        }
        let mut body = label_calls.remove(0);
        for c in label_calls {
            body = infix("\\/", body, c);
        }
        units.push(def(&pname, params, body));
        let call = if is_set { e(ExprKind::Apply(pname.clone(), vec![name("self")])) } else { name(&pname) };
        let wf = |c: Expr| e(ExprKind::Fairness { strong: p.fairness == Fairness::Strong, vars: Box::new(name("vars")), action: Box::new(c) });
        match &p.self_decl.init {
            VarInit::In(set) => {
                let bound = vec![Bound { names: vec![ident("self")], tuple: false, set: set.clone() }];
                next_terms.push(e(ExprKind::Quant(Quant::Exists, bound.clone(), Box::new(call.clone()))));
                if p.fairness != Fairness::Unfair {
                    fairness.push(e(ExprKind::Quant(Quant::All, bound, Box::new(wf(call)))));
                }
            }
            _ => {
                next_terms.push(call.clone());
                if p.fairness != Fairness::Unfair {
                    fairness.push(wf(call));
                }
            }
        }
    }
    let all_done = e(ExprKind::Quant(
        Quant::All,
        vec![Bound { names: vec![ident("self")], tuple: false, set: name("ProcSet") }],
        Box::new(infix("=", app(name("pc"), vec![name("self")]), string("Done"))),
    ));
    units.push(def("Terminating", &[], and_list(vec![all_done.clone(), e(ExprKind::Prefix("UNCHANGED".into(), Box::new(name("vars"))))])));
    let mut next = next_terms.remove(0);
    for t in next_terms {
        next = infix("\\/", next, t);
    }
    next = infix("\\/", next, name("Terminating"));
    units.push(def("Next", &[], next));
    let safety = infix("/\\", name("Init"), e(ExprKind::Prefix("[]".into(), Box::new(e(ExprKind::BoxAction(Box::new(name("Next")), Box::new(name("vars"))))))));
    let spec = if fairness.is_empty() {
        safety
    } else {
        let mut items = vec![safety];
        items.extend(fairness);
        and_list(items)
    };
    units.push(def("Spec", &[], spec));
    units.push(def("Termination", &[], e(ExprKind::Prefix("<>".into(), Box::new(all_done)))));
    let _ = HashMap::<(), ()>::new();
    Ok(units)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn single_unchanged_variable_follows_tlc_name_length_rule() {
        let short = unchanged(&["idx".to_string()]).unwrap();
        assert_eq!(short, infix("=", prime(name("idx")), name("idx")));
        let long = unchanged(&["network".to_string()]).unwrap();
        assert_eq!(long, e(ExprKind::Prefix("UNCHANGED".into(), Box::new(name("network")))));
        let many = unchanged(&["a".to_string(), "b".to_string()]).unwrap();
        assert!(matches!(many.kind, ExprKind::Prefix(ref op, ref t) if op == "UNCHANGED" && matches!(t.kind, ExprKind::Tuple(_))));
        assert!(unchanged(&[]).is_none());
    }
}
