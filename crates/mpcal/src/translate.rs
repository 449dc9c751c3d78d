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

/// The context one action is translated in: a process body or a procedure body.
struct Proc<'a> {
    /// `self` in actions: the literal id for `P = id`, `self` for `P \in S` and procedures.
    self_expr: Expr,
    /// Whether the name `self` is replaced by `self_expr` (processes `P = id`).
    subst_self: bool,
    /// Variables held per process, written `v[self]`: locals of `\in` processes and every
    /// procedure parameter/local.
    indexed: HashSet<String>,
    /// The procedure whose body this is (for `return`).
    procedure: Option<&'a Procedure>,
    /// false in a uniprocess algorithm: `pc`, `stack` and procedure variables are plain
    /// variables, not functions of the process.
    per_process: bool,
}

impl Proc<'_> {
    /// The current process's value of a per-process variable: `v[self]`, or `v`.
    fn at(&self, v: &str) -> Expr {
        if self.per_process { app(name(v), vec![self.self_expr.clone()]) } else { name(v) }
    }

    /// Sets the current process's value: `v' = [v EXCEPT ![self] = value]`, or `v' = value`.
    fn set(&self, v: &str, value: Expr) -> Expr {
        let rhs = if self.per_process { except(name(v), self.self_expr.clone(), value) } else { value };
        infix("=", prime(name(v)), rhs)
    }
}

struct Tr<'a> {
    vars: &'a [String],
    proc: &'a Proc<'a>,
    procedures: &'a [Procedure],
    /// The label control reaches after the current label's body (next label or `Done`).
    next_label: String,
    assert_pos: &'a dyn Fn(Span) -> (usize, usize),
}

/// A procedure's frame variables in TLC's order: locals, then parameters.
fn frame_vars(p: &Procedure) -> Vec<String> {
    p.locals.iter().map(|v| v.name.name.clone()).chain(p.params.iter().map(|x| x.name.name.clone())).collect()
}

fn first_label_of(body: &[Stmt]) -> String {
    match body.first().map(|s| &s.kind) {
        Some(StmtKind::Labeled(l, _)) => l.name.clone(),
        _ => "Done".into(),
    }
}

impl Tr<'_> {
    fn expr(&self, x: &Expr, primed: &BTreeSet<String>, shadow: &HashSet<String>) -> Expr {
        crate::rewrite::map_expr(x, &mut |sub| match &sub.kind {
            ExprKind::Name(n) if !shadow.contains(n) => {
                if n == "self" && self.proc.subst_self {
                    return Some(self.proc.self_expr.clone());
                }
                let base = if primed.contains(n) { prime(name(n)) } else { name(n) };
                if self.proc.indexed.contains(n) {
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
        self.proc.set("pc", string(label))
    }

    /// Conjuncts for a statement sequence; `changed` collects assigned variables.
    fn stmts(&self, ss: &[Stmt], changed: &mut BTreeSet<String>, shadow: &HashSet<String>) -> Result<Vec<Expr>, String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < ss.len() {
            let s = &ss[i];
            i += 1;
            match &s.kind {
                StmtKind::Assign(pairs) => {
                    for p in pairs {
                        let Lhs::Var(v) = &p.lhs else { return Err("indexed assignment left after EXCEPT rewrite".into()) };
                        let rhs = self.expr(&p.rhs, changed, shadow);
                        let value = if self.proc.indexed.contains(&v.name) {
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
                StmtKind::Call(callee, args) => {
                    // TLC: `call P(..); goto L;` returns to L; a call ending the label returns
                    // to the next label; `call P(..); return;` (a tail call) is not supported.
                    let ret = match ss.get(i).map(|x| &x.kind) {
                        Some(StmtKind::Goto(l)) => {
                            i += 1;
                            l.clone()
                        }
                        None => self.next_label.clone(),
                        Some(StmtKind::Return) => {
                            i += 1;
                            out.extend(self.call_return(callee, args, changed, shadow)?);
                            continue;
                        }
                        Some(_) => return Err(format!("call of `{}` must be followed by goto, return or the end of the label", callee.name)),
                    };
                    out.extend(self.call(callee, args, &ret, changed, shadow)?);
                }
                StmtKind::Return => out.extend(self.ret(changed)?),
                StmtKind::While(..) | StmtKind::Labeled(..) => return Err("nested label/while left after normalisation".into()),
                StmtKind::MacroCall(..) | StmtKind::Yield(_) => return Err("unexpanded macro or yield".into()),
            }
        }
        Ok(out)
    }

    fn at_self(&self, v: &str) -> Expr {
        self.proc.at(v)
    }

    fn stack_update(&self, value: Expr) -> Expr {
        self.proc.set("stack", value)
    }

    fn find_procedure(&self, callee: &Ident, args: &[Arg]) -> Result<&Procedure, String> {
        let p = self.procedures.iter().find(|p| p.name.name == callee.name).ok_or_else(|| format!("call of unknown procedure `{}`", callee.name))?;
        if args.len() != p.params.len() {
            return Err(format!("procedure `{}` takes {} arguments, called with {}", callee.name, p.params.len(), args.len()));
        }
        Ok(p)
    }

    /// `p := arg` for each parameter of `p`, in TLC's multiple-assignment form.
    fn param_assigns(&self, p: &Procedure, args: &[Arg], changed: &BTreeSet<String>, shadow: &HashSet<String>) -> Result<Vec<(String, Expr)>, String> {
        p.params
            .iter()
            .zip(args)
            .map(|(param, a)| match a {
                Arg::Expr(x) => Ok((param.name.name.clone(), self.expr(x, changed, shadow))),
                Arg::Ref { .. } => Err("ref argument left in PlusCal".to_string()),
            })
            .collect()
    }

    fn frame_record(&self, p: &Procedure, ret_pc: Expr) -> Expr {
        let mut frame = vec![("procedure".to_string(), string(&p.name.name)), ("pc".to_string(), ret_pc)];
        frame.extend(frame_vars(p).into_iter().map(|v| (v.clone(), self.at_self(&v))));
        e(ExprKind::Tuple(vec![e(ExprKind::Record(frame))]))
    }

    fn head_field(&self, f: &str) -> Expr {
        let head = e(ExprKind::Apply("Head".into(), vec![self.at_self("stack")]));
        e(ExprKind::Dot(Box::new(head), f.to_string()))
    }

    /// One PlusCal multiple assignment `v1 := e1 || ...` of per-process variables as TLC
    /// writes it: sorted by variable name, a nested conjunction when there are several.
    fn multi_assign(&self, mut assigns: Vec<(String, Expr)>, changed: &mut BTreeSet<String>) -> Result<Expr, String> {
        assigns.sort_by(|a, b| a.0.cmp(&b.0));
        let mut conj: Vec<Expr> = assigns
            .into_iter()
            .map(|(v, value)| {
                changed.insert(v.clone());
                self.proc.set(&v, value)
            })
            .collect();
        match conj.len() {
            // A parameterless procedure tail-calling itself assigns nothing here. TLC prints an
            // empty `/\` bullet, which is not TLA+ (a bullet needs an expression); we write the
            // empty conjunction, TRUE.
            0 => Ok(e(ExprKind::Bool(true))),
            1 => Ok(conj.pop().unwrap()),
            _ => Ok(and_list(conj)),
        }
    }

    /// After the parameters are set: each local of `p` initialised, then pc to its first label.
    fn enter(&self, p: &Procedure, changed: &mut BTreeSet<String>, shadow: &HashSet<String>) -> Result<Vec<Expr>, String> {
        let mut out = Vec::new();
        for l in &p.locals {
            let init = match &l.init {
                VarInit::Eq(x) => self.expr(x, changed, shadow),
                VarInit::None => name("defaultInitValue"),
                VarInit::In(_) => return Err(format!("procedure local `{} \\in ...` is not supported by the TLA+ translator yet", l.name.name)),
            };
            out.push(self.proc.set(&l.name.name, init));
            changed.insert(l.name.name.clone());
        }
        out.push(self.pc_to(&first_label_of(&p.body)));
        changed.insert("pc".into());
        Ok(out)
    }

    /// `call P(args)` returning to `ret` (TLC's ExplodeCall): the parameters set and the
    /// caller's frame pushed in one multiple assignment, then P's locals initialised and pc set.
    fn call(&self, callee: &Ident, args: &[Arg], ret: &str, changed: &mut BTreeSet<String>, shadow: &HashSet<String>) -> Result<Vec<Expr>, String> {
        let p = self.find_procedure(callee, args)?;
        let mut assigns = vec![("stack".to_string(), infix("\\o", self.frame_record(p, string(ret)), self.at_self("stack")))];
        assigns.extend(self.param_assigns(p, args, changed, shadow)?);
        let mut out = vec![self.multi_assign(assigns, changed)?];
        out.extend(self.enter(p, changed, shadow)?);
        Ok(out)
    }

    /// `call P(args); return;` inside procedure Q (TLC's ExplodeCallReturn): Q's locals are
    /// restored and the top frame replaced by P's (returning where Q would have), unless P is Q,
    /// in which case the stack is left alone; then as for a call.
    fn call_return(&self, callee: &Ident, args: &[Arg], changed: &mut BTreeSet<String>, shadow: &HashSet<String>) -> Result<Vec<Expr>, String> {
        let from = self.proc.procedure.ok_or("return outside a procedure")?;
        let p = self.find_procedure(callee, args)?;
        let mut assigns = Vec::new();
        if from.name.name != p.name.name {
            for l in &from.locals {
                assigns.push((l.name.name.clone(), self.head_field(&l.name.name)));
            }
            let tail = e(ExprKind::Apply("Tail".into(), vec![self.at_self("stack")]));
            assigns.push(("stack".to_string(), infix("\\o", self.frame_record(p, self.head_field("pc")), tail)));
        }
        assigns.extend(self.param_assigns(p, args, changed, shadow)?);
        let mut out = vec![self.multi_assign(assigns, changed)?];
        out.extend(self.enter(p, changed, shadow)?);
        Ok(out)
    }

    /// `return`: pc and the frame variables restored from the top of the stack, which is popped.
    fn ret(&self, changed: &mut BTreeSet<String>) -> Result<Vec<Expr>, String> {
        let p = self.proc.procedure.ok_or("return outside a procedure")?;
        let field = |f: &str| self.head_field(f);
        let mut out = vec![self.proc.set("pc", field("pc"))];
        for v in frame_vars(p) {
            out.push(self.proc.set(&v, field(&v)));
            changed.insert(v);
        }
        out.push(self.stack_update(e(ExprKind::Apply("Tail".into(), vec![self.at_self("stack")]))));
        changed.insert("pc".into());
        changed.insert("stack".into());
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

fn or_chain(mut calls: Vec<Expr>, owner: &str) -> Result<Expr, String> {
    if calls.is_empty() {
        return Err(format!("`{owner}` has no labels"));
    }
    let mut body = calls.remove(0);
    for c in calls {
        body = infix("\\/", body, c);
    }
    Ok(body)
}

/// Procedures a process body calls directly, in order of first call (TLC's `proceduresCalled`,
/// which is what its fairness conjuncts cover).
fn called_procedures(body: &[Stmt]) -> Vec<String> {
    fn calls(ss: &[Stmt], out: &mut Vec<String>) {
        for s in ss {
            match &s.kind {
                StmtKind::Call(n, _) => {
                    if !out.contains(&n.name) {
                        out.push(n.name.clone())
                    }
                }
                StmtKind::Labeled(_, b) | StmtKind::While(_, b) | StmtKind::With(_, b) => calls(b, out),
                StmtKind::If(_, y, n) => {
                    calls(y, out);
                    calls(n, out);
                }
                StmtKind::Either(cs) => cs.iter().for_each(|c| calls(c, out)),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    calls(body, &mut out);
    out
}

/// The procedures' part of Next, `\E self \in ProcSet: ...`. TLC fills lines of at most 41
/// characters with `P(self) \/ Q(self)`; one line is a plain disjunction, several lines are
/// the items of a bulleted `\/` list, so the line breaks are part of the formula's structure.
fn procedures_next(names: &[String]) -> Expr {
    const MAX: usize = 78 - "Next == \\/ (\\E self \\in ProcSet: \\/ ".len();
    let mut lines: Vec<Vec<&String>> = vec![Vec::new()];
    let mut width = 0;
    for n in names {
        if n.len() + "(self) \\/ ".len() + width > MAX {
            lines.push(Vec::new());
            width = 0;
        }
        if width > 0 {
            width += " \\/ ".len();
        }
        width += n.len() + "(self)".len();
        lines.last_mut().unwrap().push(n);
    }
    let line_expr = |l: &Vec<&String>| {
        let mut it = l.iter().map(|n| e(ExprKind::Apply((*n).clone(), vec![name("self")])));
        let first = it.next().unwrap();
        it.fold(first, |acc, c| infix("\\/", acc, c))
    };
    let mut items: Vec<Expr> = lines.iter().filter(|l| !l.is_empty()).map(line_expr).collect();
    let body = if items.len() == 1 { items.pop().unwrap() } else { e(ExprKind::JunctionList(Junction::Or, items)) };
    e(ExprKind::Quant(Quant::Exists, vec![Bound { names: vec![ident("self")], tuple: false, set: name("ProcSet") }], Box::new(body)))
}

/// TLC's CopyAndExplodeLastStmt: where control leaves a label's statements without a goto,
/// call or return, `pc := next` is added; into the branches of a final `if`/`either` (those
/// that need it) unless every branch needs it, in which case once after. Returns the
/// statements and whether the caller must still add `pc := next`.
fn explode_last(ss: &[Stmt], next: &str) -> (Vec<Stmt>, bool) {
    let goto = |span| Stmt { kind: StmtKind::Goto(next.to_string()), span };
    let mut out = ss.to_vec();
    let Some(last) = out.last_mut() else { return (out, true) };
    let span = last.span;
    let needs = match &mut last.kind {
        StmtKind::Goto(_) | StmtKind::Return | StmtKind::Call(..) => false,
        StmtKind::If(_, y, n) => {
            let (y2, need_y) = explode_last(y, next);
            let (n2, need_n) = explode_last(n, next);
            *y = y2;
            *n = n2;
            if !(need_y && need_n) {
                if need_y {
                    y.push(goto(span));
                }
                if need_n {
                    n.push(goto(span));
                }
            }
            need_y && need_n
        }
        StmtKind::Either(cases) => {
            let mut flags = Vec::new();
            for c in cases.iter_mut() {
                let (c2, need) = explode_last(c, next);
                *c = c2;
                flags.push(need);
            }
            let all = flags.iter().all(|f| *f);
            if !all {
                for (c, need) in cases.iter_mut().zip(flags) {
                    if need {
                        c.push(goto(span));
                    }
                }
            }
            all
        }
        StmtKind::With(_, body) => {
            let (b2, need) = explode_last(body, next);
            *body = b2;
            need
        }
        _ => true,
    };
    (out, needs)
}

/// One action per label of `body` (pushed to `units`); returns the calls `l` / `l(self)`.
fn label_actions(body: &[Stmt], ctx: &Proc, vars: &[String], procedures: &[Procedure], assert_pos: &dyn Fn(Span) -> (usize, usize), with_self: bool, units: &mut Vec<Unit>) -> Result<Vec<Expr>, String> {
    let params: &[&str] = if with_self { &["self"] } else { &[] };
    let mut label_calls = Vec::new();
    for (i, s) in body.iter().enumerate() {
        let StmtKind::Labeled(l, stmts) = &s.kind else { return Err("statement outside a label".into()) };
        let next_label = match body.get(i + 1).map(|x| &x.kind) {
            Some(StmtKind::Labeled(n, _)) => n.name.clone(),
            _ => "Done".into(),
        };
        let tr = Tr { vars, proc: ctx, procedures, next_label: next_label.clone(), assert_pos };
        let mut changed = BTreeSet::new();
        let mut conj = vec![infix("=", ctx.at("pc"), string(&l.name))];
        let (mut stmts, needs_goto) = explode_last(stmts, &next_label);
        if needs_goto {
            stmts.push(Stmt { kind: StmtKind::Goto(next_label.clone()), span: s.span });
        }
        conj.extend(tr.stmts(&stmts, &mut changed, &HashSet::new())?);
        if !changed.contains("pc") {
            conj.push(tr.pc_to(&next_label));
            changed.insert("pc".into());
        }
        let rest: Vec<String> = vars.iter().filter(|v| !changed.contains(*v)).cloned().collect();
        conj.extend(unchanged(&rest));
        units.push(def(&l.name, params, and_list(conj)));
        label_calls.push(if with_self { e(ExprKind::Apply(l.name.clone(), vec![name("self")])) } else { name(&l.name) });
    }
    Ok(label_calls)
}

/// TLC's symbol-table disambiguation (PcalSymTab.Disambiguate): symbols are considered by kind
/// (globals, labels, procedures, processes, process variables, procedure variables,
/// parameters), each in declaration order; a name that clashes with another symbol's current
/// name gets `_` and then successive characters of its context (its procedure or process
/// name), then the kind's number, until unique. Globals are never renamed. We apply the
/// renaming to labels; a renamed variable, procedure or process is declined (not supported).
fn disambiguate(b: &Block) -> Result<Block, String> {
    const GLOBAL: usize = 0;
    const LABEL: usize = 1;
    const PROCEDURE: usize = 2;
    const PROCESS: usize = 3;
    const PROCESSVAR: usize = 4;
    const PROCEDUREVAR: usize = 5;
    const PARAMETER: usize = 6;
    fn labels(ss: &[Stmt], out: &mut Vec<String>) {
        for s in ss {
            match &s.kind {
                StmtKind::Labeled(l, body) => {
                    out.push(l.name.clone());
                    labels(body, out);
                }
                StmtKind::While(_, body) | StmtKind::With(_, body) => labels(body, out),
                StmtKind::If(_, y, n) => {
                    labels(y, out);
                    labels(n, out);
                }
                StmtKind::Either(cs) => cs.iter().for_each(|c| labels(c, out)),
                _ => {}
            }
        }
    }
    // (kind, name, context)
    let mut table: Vec<(usize, String, String)> = vec![(GLOBAL, "pc".into(), String::new())];
    if !b.procedures.is_empty() {
        table.push((GLOBAL, "stack".into(), String::new()));
    }
    table.extend(b.vars.iter().map(|v| (GLOBAL, v.name.name.clone(), String::new())));
    for q in &b.procedures {
        let ctx = q.name.name.clone();
        table.push((PROCEDURE, ctx.clone(), String::new()));
        table.extend(q.locals.iter().map(|v| (PROCEDUREVAR, v.name.name.clone(), ctx.clone())));
        table.extend(q.params.iter().map(|p| (PARAMETER, p.name.name.clone(), ctx.clone())));
        let mut ls = Vec::new();
        labels(&q.body, &mut ls);
        table.extend(ls.into_iter().map(|l| (LABEL, l, ctx.clone())));
    }
    for p in &b.processes {
        let ctx = p.self_decl.name.name.clone();
        table.push((PROCESS, ctx.clone(), String::new()));
        table.extend(p.locals.iter().map(|v| (PROCESSVAR, v.name.name.clone(), ctx.clone())));
        let mut ls = Vec::new();
        labels(&p.body, &mut ls);
        table.extend(ls.into_iter().map(|l| (LABEL, l, ctx.clone())));
    }
    if let Some(body) = &b.body {
        let mut ls = Vec::new();
        labels(body, &mut ls);
        table.extend(ls.into_iter().map(|l| (LABEL, l, String::new())));
    }
    let mut use_this: Vec<String> = table.iter().map(|(_, n, _)| n.clone()).collect();
    for kind in LABEL..=PARAMETER {
        for i in 0..table.len() {
            if table[i].0 != kind {
                continue;
            }
            let context: Vec<char> = table[i].2.chars().collect();
            let mut suffix_len = 0;
            while use_this.iter().filter(|u| **u == use_this[i]).count() > 1 {
                suffix_len += 1;
                if suffix_len == 1 {
                    use_this[i].push('_');
                } else if suffix_len > context.len() + 1 {
                    use_this[i].push_str(&kind.to_string());
                } else {
                    use_this[i].push(context[suffix_len - 2]);
                }
            }
        }
    }
    let mut label_map: HashMap<(String, String), String> = HashMap::new();
    for ((kind, name, ctx), new) in table.iter().zip(&use_this) {
        if name != new {
            if *kind != LABEL {
                return Err(format!("TLC would rename `{name}` to `{new}` (a clash between names of different kinds); not supported by the TLA+ translator yet"));
            }
            label_map.insert((ctx.clone(), name.clone()), new.clone());
        }
    }
    if label_map.is_empty() {
        return Ok(b.clone());
    }
    fn rename(ss: &[Stmt], ctx: &str, map: &HashMap<(String, String), String>) -> Vec<Stmt> {
        let get = |l: &str| map.get(&(ctx.to_string(), l.to_string())).cloned().unwrap_or_else(|| l.to_string());
        ss.iter()
            .map(|s| {
                let kind = match &s.kind {
                    StmtKind::Labeled(l, body) => StmtKind::Labeled(Label { name: get(&l.name), ..l.clone() }, rename(body, ctx, map)),
                    StmtKind::Goto(l) => StmtKind::Goto(get(l)),
                    StmtKind::While(c, body) => StmtKind::While(c.clone(), rename(body, ctx, map)),
                    StmtKind::With(d, body) => StmtKind::With(d.clone(), rename(body, ctx, map)),
                    StmtKind::If(c, y, n) => StmtKind::If(c.clone(), rename(y, ctx, map), rename(n, ctx, map)),
                    StmtKind::Either(cs) => StmtKind::Either(cs.iter().map(|c| rename(c, ctx, map)).collect()),
                    other => other.clone(),
                };
                Stmt { kind, span: s.span }
            })
            .collect()
    }
    let mut out = b.clone();
    for q in &mut out.procedures {
        q.body = rename(&q.body, &q.name.name.clone(), &label_map);
    }
    for p in &mut out.processes {
        p.body = rename(&p.body, &p.self_decl.name.name.clone(), &label_map);
    }
    if let Some(body) = &out.body {
        out.body = Some(rename(body, "", &label_map));
    }
    Ok(out)
}

fn global_init(v: &VarDecl) -> Expr {
    match &v.init {
        VarInit::Eq(x) => infix("=", name(&v.name.name), x.clone()),
        VarInit::In(x) => infix("\\in", name(&v.name.name), x.clone()),
        VarInit::None => infix("=", name(&v.name.name), name("defaultInitValue")),
    }
}

/// A uniprocess algorithm (TLC's GenUniprocess): `pc` and `stack` are plain variables declared
/// after the globals, there is no `ProcSet` or `self`, and Next is the disjunction of the
/// procedures and the body's labels. A `fair algorithm` gets `WF_vars(Next)`.
fn translate_uniprocess(b: &Block, assert_pos: &dyn Fn(Span) -> (usize, usize)) -> Result<Vec<Unit>, String> {
    let body = b.body.as_ref().ok_or("no algorithm body")?;
    let has_procs = !b.procedures.is_empty();
    let globals: Vec<String> = b.vars.iter().map(|v| v.name.name.clone()).collect();
    let mut first_vars = globals.clone();
    first_vars.push("pc".into());
    if has_procs {
        first_vars.push("stack".into());
    }
    let proc_vars: Vec<String> = b.procedures.iter().flat_map(|p| p.params.iter().map(|x| x.name.name.clone()).chain(p.locals.iter().map(|v| v.name.name.clone()))).collect();
    let vars: Vec<String> = first_vars.iter().chain(&proc_vars).cloned().collect();
    let mut units = Vec::new();
    let needs_default = b.vars.iter().chain(b.procedures.iter().flat_map(|p| &p.locals)).any(|v| v.init == VarInit::None)
        || b.procedures.iter().any(|p| p.param_defaults.iter().any(|d| d.is_none()));
    if needs_default {
        units.push(Unit::Constants(vec![OpDecl { name: ident("defaultInitValue"), arity: 0 }]));
    }
    let defns: Vec<Unit> = b.defns.iter().filter(|u| !matches!(u, Unit::Separator)).cloned().collect();
    if defns.is_empty() {
        units.push(Unit::Variables(vars.iter().map(|v| ident(v)).collect()));
    } else {
        units.push(Unit::Variables(first_vars.iter().map(|v| ident(v)).collect()));
        units.extend(defns);
        if !proc_vars.is_empty() {
            units.push(Unit::Variables(proc_vars.iter().map(|v| ident(v)).collect()));
        }
    }
    units.push(def("vars", &[], e(ExprKind::Tuple(vars.iter().map(|v| name(v)).collect()))));
    let mut init: Vec<Expr> = b.vars.iter().map(global_init).collect();
    for q in &b.procedures {
        for (param, default) in q.params.iter().zip(&q.param_defaults) {
            init.push(infix("=", name(&param.name.name), default.clone().unwrap_or_else(|| name("defaultInitValue"))));
        }
        for v in &q.locals {
            if matches!(v.init, VarInit::In(_)) {
                return Err(format!("procedure local `{} \\in ...` is not supported by the TLA+ translator yet", v.name.name));
            }
            init.push(global_init(v));
        }
    }
    if has_procs {
        init.push(infix("=", name("stack"), e(ExprKind::Tuple(vec![]))));
    }
    init.push(infix("=", name("pc"), string(&first_label_of(body))));
    units.push(def("Init", &[], and_list(init)));
    let mut next_terms = Vec::new();
    for q in &b.procedures {
        let ctx = Proc { self_expr: name("self"), subst_self: false, indexed: HashSet::new(), procedure: Some(q), per_process: false };
        let calls = label_actions(&q.body, &ctx, &vars, &b.procedures, assert_pos, false, &mut units)?;
        units.push(def(&q.name.name, &[], or_chain(calls, &q.name.name)?));
        next_terms.push(name(&q.name.name));
    }
    let ctx = Proc { self_expr: name("self"), subst_self: false, indexed: HashSet::new(), procedure: None, per_process: false };
    next_terms.extend(label_actions(body, &ctx, &vars, &b.procedures, assert_pos, false, &mut units)?);
    let done = infix("=", name("pc"), string("Done"));
    units.push(def("Terminating", &[], infix("/\\", done.clone(), e(ExprKind::Prefix("UNCHANGED".into(), Box::new(name("vars")))))));
    next_terms.push(name("Terminating"));
    let next = or_chain(next_terms, "the algorithm")?;
    units.push(def("Next", &[], next));
    let safety = infix("/\\", name("Init"), e(ExprKind::Prefix("[]".into(), Box::new(e(ExprKind::BoxAction(Box::new(name("Next")), Box::new(name("vars"))))))));
    let spec = if b.fairness == Fairness::Unfair {
        safety
    } else {
        let wf = e(ExprKind::Fairness { strong: false, vars: Box::new(name("vars")), action: Box::new(name("Next")) });
        and_list(vec![safety, wf])
    };
    units.push(def("Spec", &[], spec));
    units.push(def("Termination", &[], e(ExprKind::Prefix("<>".into(), Box::new(done)))));
    Ok(units)
}

/// Translates a PlusCal algorithm (as generated by `pcalgen`) into TLA+ units.
pub fn translate(b: &Block, assert_pos: &dyn Fn(Span) -> (usize, usize)) -> Result<Vec<Unit>, String> {
    if !b.mpcal_procedures.is_empty() {
        return Err("MPCal procedures left in PlusCal".into());
    }
    let renamed = disambiguate(b)?;
    let b = &renamed;
    if b.body.is_some() {
        return translate_uniprocess(b, assert_pos);
    }
    let globals: Vec<String> = b.vars.iter().map(|v| v.name.name.clone()).collect();
    let locals: Vec<String> = b.processes.iter().flat_map(|p| p.locals.iter().map(|v| v.name.name.clone())).collect();
    // procedure parameters and locals, and `stack`, exist only when there are procedures
    let proc_vars: Vec<String> = b.procedures.iter().flat_map(|p| p.params.iter().map(|x| x.name.name.clone()).chain(p.locals.iter().map(|v| v.name.name.clone()))).collect();
    let has_procs = !b.procedures.is_empty();
    let mut vars = vec!["pc".to_string()];
    vars.extend(globals.iter().cloned());
    if has_procs {
        vars.push("stack".into());
    }
    vars.extend(proc_vars.iter().cloned());
    vars.extend(locals.iter().cloned());
    let mut units = Vec::new();
    let needs_default = b.vars.iter().chain(b.processes.iter().flat_map(|p| &p.locals)).chain(b.procedures.iter().flat_map(|p| &p.locals)).any(|v| v.init == VarInit::None)
        || b.procedures.iter().any(|p| p.param_defaults.iter().any(|d| d.is_none()));
    if needs_default {
        units.push(Unit::Constants(vec![OpDecl { name: ident("defaultInitValue"), arity: 0 }]));
    }
    // TLC declares process locals after the define block, or together with the globals.
    // (`stack` and procedure variables go with the locals; our guess, no corpus case has both
    // procedures and a define block.)
    let mut first_vars = vec![ident("pc")];
    first_vars.extend(globals.iter().map(|g| ident(g)));
    let locals: Vec<String> = if has_procs { std::iter::once("stack".to_string()).chain(proc_vars.iter().cloned()).chain(locals).collect() } else { locals };
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
    let proc_var_names: HashSet<String> = proc_vars.iter().cloned().collect();
    let per_process = |x: Expr| {
        let x = crate::rewrite::map_names(&x, &mut |n, _| proc_var_names.contains(n).then(|| app(name(n), vec![name("self")])));
        e(ExprKind::FnCons(vec![Bound { names: vec![ident("self")], tuple: false, set: name("ProcSet") }], Box::new(x)))
    };
    for p in &b.procedures {
        for (param, default) in p.params.iter().zip(&p.param_defaults) {
            let value = default.clone().unwrap_or_else(|| name("defaultInitValue"));
            init.push(infix("=", name(&param.name.name), per_process(value)));
        }
        for v in &p.locals {
            let value = match &v.init {
                VarInit::Eq(x) => x.clone(),
                VarInit::None => name("defaultInitValue"),
                VarInit::In(_) => return Err(format!("procedure local `{} \\in ...` is not supported by the TLA+ translator yet", v.name.name)),
            };
            init.push(infix("=", name(&v.name.name), per_process(value)));
        }
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
    if has_procs {
        init.push(infix("=", name("stack"), per_process(e(ExprKind::Tuple(vec![])))));
    }
    let first_label = |p: &Process| first_label_of(&p.body);
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

    // Actions: procedures first (always parameterised by `self`), then processes.
    let proc_var_set: HashSet<String> = proc_vars.iter().cloned().collect();
    for q in &b.procedures {
        let ctx = Proc { self_expr: name("self"), subst_self: false, indexed: proc_var_set.clone(), procedure: Some(q), per_process: true };
        let calls = label_actions(&q.body, &ctx, &vars, &b.procedures, assert_pos, true, &mut units)?;
        units.push(def(&q.name.name, &["self"], or_chain(calls, &q.name.name)?));
    }
    let mut eq_terms = Vec::new();
    let mut set_terms = Vec::new();
    let mut fairness = Vec::new();
    for p in &b.processes {
        let is_set = matches!(p.self_decl.init, VarInit::In(_));
        let self_expr = match &p.self_decl.init {
            VarInit::Eq(x) if !is_set => x.clone(),
            _ => name("self"),
        };
        let mut indexed = proc_var_set.clone();
        if is_set {
            indexed.extend(p.locals.iter().map(|v| v.name.name.clone()));
        }
        let ctx = Proc { self_expr: self_expr.clone(), subst_self: !is_set, indexed, procedure: None, per_process: true };
        let calls = label_actions(&p.body, &ctx, &vars, &b.procedures, assert_pos, is_set, &mut units)?;
        let pname = p.self_decl.name.name.clone();
        let params: &[&str] = if is_set { &["self"] } else { &[] };
        units.push(def(&pname, params, or_chain(calls, &pname)?));
        let call = if is_set { e(ExprKind::Apply(pname.clone(), vec![name("self")])) } else { name(&pname) };
        let wf = |c: Expr| e(ExprKind::Fairness { strong: p.fairness == Fairness::Strong, vars: Box::new(name("vars")), action: Box::new(c) });
        // a fair process is also fair in the procedures it may call
        let mut fair = wf(call.clone());
        for q in called_procedures(&p.body) {
            fair = infix("/\\", fair, wf(e(ExprKind::Apply(q, vec![self_expr.clone()]))));
        }
        match &p.self_decl.init {
            VarInit::In(set) => {
                let bound = vec![Bound { names: vec![ident("self")], tuple: false, set: set.clone() }];
                let term = e(ExprKind::Quant(Quant::Exists, bound.clone(), Box::new(call)));
                if has_procs { set_terms.push(term) } else { eq_terms.push(term) }
                if p.fairness != Fairness::Unfair {
                    fairness.push(e(ExprKind::Quant(Quant::All, bound, Box::new(fair))));
                }
            }
            _ => {
                eq_terms.push(call);
                if p.fairness != Fairness::Unfair {
                    fairness.push(fair);
                }
            }
        }
    }
    // TLC's Next: `P = id` processes, then all procedures under `\E self \in ProcSet`, then
    // `P \in S` processes (without procedures, processes in declaration order).
    let mut next_terms = eq_terms;
    if has_procs {
        let names: Vec<String> = b.procedures.iter().map(|q| q.name.name.clone()).collect();
        next_terms.push(procedures_next(&names));
    }
    next_terms.extend(set_terms);
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

    #[test]
    fn procedures_next_wraps_like_tlc() {
        let names: Vec<String> = ["Alpha1", "Alpha2", "Alpha3", "LongerProcedureName"].iter().map(|s| s.to_string()).collect();
        let q = procedures_next(&names);
        let ExprKind::Quant(_, _, body) = &q.kind else { panic!() };
        // 42 columns: two 12-character calls fit on a line, a third does not; the next line
        // still has room for `LongerProcedureName(self)`
        let ExprKind::JunctionList(Junction::Or, items) = &body.kind else { panic!("{body:?}") };
        assert_eq!(items.len(), 2);
        assert!(matches!(&items[0].kind, ExprKind::Infix(op, _, _) if op == "\\/"));
        assert!(matches!(&items[1].kind, ExprKind::Infix(_, _, r) if matches!(&r.kind, ExprKind::Apply(n, _) if n == "LongerProcedureName")));
        let names: Vec<String> = ["Alpha1", "Alpha2", "Alpha3", "EvenLongerProcedureNameHere"].iter().map(|s| s.to_string()).collect();
        let q = procedures_next(&names);
        let ExprKind::Quant(_, _, body) = &q.kind else { panic!() };
        let ExprKind::JunctionList(Junction::Or, items) = &body.kind else { panic!("{body:?}") };
        assert_eq!(items.len(), 3);
        // a single short line is a plain disjunction
        let q = procedures_next(&names[..2]);
        let ExprKind::Quant(_, _, body) = &q.kind else { panic!() };
        assert!(matches!(&body.kind, ExprKind::Infix(op, _, _) if op == "\\/"));
    }
}
