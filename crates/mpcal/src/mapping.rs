//! PGo's mapping-macro expansion (`applyMappingMacros`) and its per-label multiple-writes
//! rewrite (critical sections), on name-resolved statements. The order in which fresh names are
//! drawn follows PGo (reads are expanded innermost-last, `value` before `yielded_*`), because
//! the generated names are part of the output that must match PGo's.

use crate::ast::*;
use crate::codegen::NameCleaner;
use crate::rewrite::map_expr;
use std::collections::HashMap;
use vf_tla::{Expr, ExprKind, Ident, Span};

pub struct Mapping<'a> {
    pub count: i32,
    pub mac: &'a MappingMacro,
}

/// State for instantiating MPCal procedures per call signature (PGo's procedure cache).
#[derive(Default)]
pub struct ProcGen<'a> {
    pub state_names: NameCleaner,
    /// MPCal procedures with their normalised bodies.
    pub procs: HashMap<String, (&'a Procedure, Vec<Stmt>)>,
    /// call signature -> generated procedure name
    pub cache: HashMap<String, String>,
    pub generated: Vec<Procedure>,
}

pub struct Expander<'a, 'n> {
    pub mappings: HashMap<String, Mapping<'a>>,
    pub names: &'n mut NameCleaner,
    pub procgen: &'n mut ProcGen<'a>,
    placeholder_seq: usize,
}

/// A read registered while rewriting an expression: (placeholder name, read expression, var).
struct PendingRead<'a> {
    placeholder: String,
    expr: Expr,
    var: String,
    mac: &'a MappingMacro,
}

fn mapped_read(e: &Expr) -> Option<(i32, &str)> {
    match &e.kind {
        ExprKind::Name(n) => Some((0, n)),
        ExprKind::FnApp(f, _) => mapped_read(f).map(|(c, n)| (c + 1, n)),
        _ => None,
    }
}

fn expr_to_lhs(e: &Expr) -> Lhs {
    match &e.kind {
        ExprKind::Name(n) => Lhs::Var(Ident { name: n.clone(), span: e.span }),
        ExprKind::FnApp(f, args) => Lhs::Index(Box::new(expr_to_lhs(f)), args.clone(), e.span),
        _ => unreachable!("mapped reads are names and function applications"),
    }
}

fn lhs_to_expr(l: &Lhs) -> Expr {
    match l {
        Lhs::Var(i) => Expr::new(ExprKind::Name(i.name.clone()), i.span),
        Lhs::DollarVariable(s) => Expr::new(ExprKind::Name("$variable".into()), *s),
        Lhs::Index(b, idx, s) => Expr::new(ExprKind::FnApp(Box::new(lhs_to_expr(b)), idx.clone()), *s),
    }
}

pub fn stmt(kind: StmtKind) -> Stmt {
    Stmt { kind, span: Span::default() }
}

fn with1(name: &str, value: Expr, body: Vec<Stmt>) -> Stmt {
    stmt(StmtKind::With(vec![VarDecl { name: Ident { name: name.to_string(), span: Span::default() }, init: VarInit::Eq(value), span: Span::default() }], body))
}

fn rename_names(e: &Expr, subs: &HashMap<String, String>) -> Expr {
    if subs.is_empty() {
        return e.clone();
    }
    map_expr(e, &mut |x| match &x.kind {
        ExprKind::Name(n) => subs.get(n).map(|r| Expr::new(ExprKind::Name(r.clone()), x.span)),
        _ => None,
    })
}

/// Expressions of a statement (not assignment targets) mapped by `f`.
pub fn map_stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr) -> Expr) -> Stmt {
    let kind = match &s.kind {
        StmtKind::Assign(ps) => StmtKind::Assign(
            ps.iter()
                .map(|p| AssignPair { lhs: map_lhs_exprs(&p.lhs, f), rhs: f(&p.rhs), span: p.span })
                .collect(),
        ),
        StmtKind::Await(e) => StmtKind::Await(f(e)),
        StmtKind::Print(e) => StmtKind::Print(f(e)),
        StmtKind::Assert(e) => StmtKind::Assert(f(e)),
        StmtKind::Yield(e) => StmtKind::Yield(f(e)),
        StmtKind::Call(t, args) => StmtKind::Call(t.clone(), args.iter().map(|a| match a {
            Arg::Expr(e) => Arg::Expr(f(e)),
            r => r.clone(),
        }).collect()),
        StmtKind::MacroCall(t, args) => StmtKind::MacroCall(t.clone(), args.iter().map(|e| f(e)).collect()),
        StmtKind::If(c, y, n) => StmtKind::If(f(c), y.iter().map(|x| map_stmt_exprs(x, f)).collect(), n.iter().map(|x| map_stmt_exprs(x, f)).collect()),
        StmtKind::While(c, b) => StmtKind::While(f(c), b.iter().map(|x| map_stmt_exprs(x, f)).collect()),
        StmtKind::Labeled(l, b) => StmtKind::Labeled(l.clone(), b.iter().map(|x| map_stmt_exprs(x, f)).collect()),
        StmtKind::Either(cs) => StmtKind::Either(cs.iter().map(|c| c.iter().map(|x| map_stmt_exprs(x, f)).collect()).collect()),
        StmtKind::With(ds, b) => StmtKind::With(
            ds.iter().map(|d| VarDecl { name: d.name.clone(), init: match &d.init {
                VarInit::Eq(e) => VarInit::Eq(f(e)),
                VarInit::In(e) => VarInit::In(f(e)),
                VarInit::None => VarInit::None,
            }, span: d.span }).collect(),
            b.iter().map(|x| map_stmt_exprs(x, f)).collect(),
        ),
        k => k.clone(),
    };
    Stmt { kind, span: s.span }
}

fn map_lhs_exprs(l: &Lhs, f: &mut dyn FnMut(&Expr) -> Expr) -> Lhs {
    match l {
        Lhs::Index(b, idx, sp) => {
            let b2 = map_lhs_exprs(b, f);
            Lhs::Index(Box::new(b2), idx.iter().map(|e| f(e)).collect(), *sp)
        }
        other => other.clone(),
    }
}

impl<'a, 'n> Expander<'a, 'n> {
    pub fn new(mappings: HashMap<String, Mapping<'a>>, names: &'n mut NameCleaner, procgen: &'n mut ProcGen<'a>) -> Self {
        Expander { mappings, names, procgen, placeholder_seq: 0 }
    }

    /// `call P(ref x, e)` to an MPCal procedure: instantiate `P` for this combination of ref
    /// arguments and their mappings (once), and call it with the value arguments.
    fn mpcal_call(&mut self, s: &Stmt, t: &Ident, args: &[Arg], pending: &mut Vec<PendingRead<'a>>) -> Stmt {
        let by_ref: Vec<String> = args.iter().filter_map(|a| if let Arg::Ref { name, .. } = a { Some(name.name.clone()) } else { None }).collect();
        let by_val: Vec<Arg> = args.iter().filter_map(|a| if let Arg::Expr(e) = a { Some(Arg::Expr(self.update_reads(e, pending))) } else { None }).collect();
        let sig = format!(
            "{}|{}",
            t.name,
            by_ref.iter().map(|v| format!("{v}:{}", self.mappings.get(v).map(|m| m.mac.name.name.as_str()).unwrap_or("-"))).collect::<Vec<_>>().join(",")
        );
        let name = match self.procgen.cache.get(&sig) {
            Some(n) => n.clone(),
            None => {
                let fresh = self.names.clean(&t.name);
                self.procgen.cache.insert(sig, fresh.clone());
                let (proc, body) = self.procgen.procs[&t.name].clone();
                let mut ren = HashMap::new();
                let ref_params: Vec<&Param> = proc.params.iter().filter(|p| p.is_ref).collect();
                for (p, v) in ref_params.iter().zip(&by_ref) {
                    ren.insert(p.name.name.clone(), v.clone());
                }
                // value parameters get fresh names, but (as in PGo) their uses keep the old name
                let params: Vec<Param> = proc
                    .params
                    .iter()
                    .filter(|p| !p.is_ref)
                    .map(|p| Param { name: Ident { name: self.procgen.state_names.clean(&p.name.name), span: p.name.span }, is_ref: false, mapping_count: 0, span: p.span })
                    .collect();
                let locals: Vec<VarDecl> = proc
                    .locals
                    .iter()
                    .map(|v| {
                        let n = self.procgen.state_names.clean(&v.name.name);
                        ren.insert(v.name.name.clone(), n.clone());
                        VarDecl { name: Ident { name: n, span: v.name.span }, init: v.init.clone(), span: v.span }
                    })
                    .collect();
                let mut mappings = HashMap::new();
                for v in &by_ref {
                    if let Some(m) = self.mappings.get(v) {
                        mappings.insert(v.clone(), Mapping { count: m.count, mac: m.mac });
                    }
                }
                let renamed = crate::codegen::rename_stmts(&body, &ren);
                let mut inner = Expander { mappings, names: &mut *self.names, procgen: &mut *self.procgen, placeholder_seq: self.placeholder_seq };
                let new_body: Vec<Stmt> = renamed.iter().flat_map(|x| inner.apply(x)).collect();
                self.placeholder_seq = inner.placeholder_seq;
                let defaults = vec![None; params.len()];
                self.procgen.generated.push(Procedure { name: Ident { name: fresh.clone(), span: proc.name.span }, params, param_defaults: defaults, locals, body: new_body, span: proc.span });
                fresh
            }
        };
        Stmt { kind: StmtKind::Call(Ident { name, span: t.span }, by_val), span: s.span }
    }

    /// Replaces mapped reads in `e` by placeholders, registering them in `pending`.
    fn update_reads(&mut self, e: &Expr, pending: &mut Vec<PendingRead<'a>>) -> Expr {
        let mappings = &self.mappings;
        let seq = &mut self.placeholder_seq;
        map_expr(e, &mut |x| {
            let (count, var) = mapped_read(x)?;
            let m = mappings.get(var)?;
            if m.count != count {
                return None;
            }
            *seq += 1;
            let placeholder = format!("$placeholder{}", *seq);
            pending.push(PendingRead { placeholder: placeholder.clone(), expr: x.clone(), var: var.to_string(), mac: m.mac });
            Some(Expr::new(ExprKind::Name(placeholder), x.span))
        })
    }

    fn update_stmt_reads(&mut self, s: &Stmt, pending: &mut Vec<PendingRead<'a>>) -> Stmt {
        let mut out = s.clone();
        out = map_stmt_exprs(&out, &mut |e| self.update_reads(e, pending));
        out
    }

    /// PGo's cleanWithBindings: fresh names for every with-binding of a macro body (inner first).
    fn clean_with_bindings(&mut self, s: &Stmt) -> Stmt {
        let mut s = s.clone();
        crate::check::map_children(&mut s, &mut |b| *b = b.iter().map(|x| self.clean_with_bindings(x)).collect());
        if let StmtKind::With(decls, body) = &s.kind {
            let mut subs = HashMap::new();
            let mut new_decls = Vec::new();
            for d in decls {
                let fresh = self.names.clean(&d.name.name);
                subs.insert(d.name.name.clone(), fresh.clone());
                new_decls.push(VarDecl { name: Ident { name: fresh, span: d.name.span }, init: d.init.clone(), span: d.span });
            }
            let new_decls: Vec<VarDecl> = new_decls
                .into_iter()
                .map(|d| {
                    let init = match &d.init {
                        VarInit::Eq(e) => VarInit::Eq(rename_names(e, &subs)),
                        VarInit::In(e) => VarInit::In(rename_names(e, &subs)),
                        VarInit::None => VarInit::None,
                    };
                    VarDecl { init, ..d }
                })
                .collect();
            let body = body.iter().map(|x| map_stmt_exprs(x, &mut |e| rename_names(e, &subs))).collect();
            s.kind = StmtKind::With(new_decls, body);
        }
        s
    }

    /// Substitutes `$variable`, `$value` and `self` in a macro body; `on_yield` builds the
    /// statement that replaces `yield e`.
    fn instantiate(&mut self, body: &[Stmt], variable: &Expr, variable_lhs: &Lhs, value: Option<&str>, on_yield: &mut dyn FnMut(&mut Self, Expr) -> Stmt) -> Vec<Stmt> {
        let cleaned: Vec<Stmt> = body.iter().map(|s| self.clean_with_bindings(s)).collect();
        cleaned.iter().map(|s| self.subst_macro_stmt(s, variable, variable_lhs, value, on_yield)).collect()
    }

    fn subst_macro_stmt(&mut self, s: &Stmt, variable: &Expr, variable_lhs: &Lhs, value: Option<&str>, on_yield: &mut dyn FnMut(&mut Self, Expr) -> Stmt) -> Stmt {
        let subst = |e: &Expr| {
            map_expr(e, &mut |x| match &x.kind {
                ExprKind::Name(n) if n == "$variable" => Some(variable.clone()),
                ExprKind::Name(n) if n == "$value" => value.map(|v| Expr::new(ExprKind::Name(v.to_string()), x.span)),
                _ => None,
            })
        };
        let mut s2 = map_stmt_exprs(s, &mut |e| subst(e));
        // children first (bottom-up), then this node
        let mut kids_done = s2.clone();
        crate::check::map_children(&mut kids_done, &mut |b| {
            *b = b.iter().map(|x| self.subst_macro_stmt(x, variable, variable_lhs, value, on_yield)).collect()
        });
        s2 = kids_done;
        match &s2.kind {
            StmtKind::Yield(e) => on_yield(self, e.clone()),
            StmtKind::Assign(ps) => {
                let ps = ps
                    .iter()
                    .map(|p| AssignPair { lhs: replace_dollar_lhs(&p.lhs, variable_lhs), rhs: p.rhs.clone(), span: p.span })
                    .collect();
                Stmt { kind: StmtKind::Assign(ps), span: s2.span }
            }
            _ => s2,
        }
    }

    /// Wraps `stmts` in the read bodies of `pending` (PGo's stmtSink: last read innermost,
    /// fresh names drawn innermost first).
    fn sink(&mut self, pending: Vec<PendingRead<'a>>, mut stmts: Vec<Stmt>) -> Vec<Stmt> {
        for r in pending.into_iter().rev() {
            let variable = r.expr.clone();
            let variable_lhs = expr_to_lhs(&r.expr);
            let inner = stmts;
            let placeholder = r.placeholder.clone();
            let hint = format!("yielded_{}", r.var.split('#').next().unwrap_or(&r.var));
            let mut on_yield = |me: &mut Self, v: Expr| -> Stmt {
                let name = me.names.clean(&hint);
                let subs: HashMap<String, String> = [(placeholder.clone(), name.clone())].into_iter().collect();
                let body = inner.iter().map(|x| map_stmt_exprs(x, &mut |e| rename_names(e, &subs))).collect();
                with1(&name, v, body)
            };
            stmts = self.instantiate(&r.mac.read, &variable, &variable_lhs, None, &mut on_yield);
        }
        stmts
    }

    pub fn apply(&mut self, s: &Stmt) -> Vec<Stmt> {
        let mut pending = Vec::new();
        let unwrapped = match &s.kind {
            StmtKind::Assign(pairs) if pairs.len() == 1 => {
                let with_reads = self.update_stmt_reads(s, &mut pending);
                let StmtKind::Assign(ps) = &with_reads.kind else { unreachable!() };
                let (lhs, rhs) = (ps[0].lhs.clone(), ps[0].rhs.clone());
                match self.mappings.get(lhs.root_name()) {
                    Some(m) => {
                        let mac = m.mac;
                        let value = self.names.clean("value");
                        let converted = lhs_to_expr(&lhs);
                        let lhs2 = lhs.clone();
                        let mut on_yield = |_: &mut Self, e: Expr| stmt(StmtKind::Assign(vec![AssignPair { lhs: lhs2.clone(), rhs: e, span: Span::default() }]));
                        let body = self.instantiate(&mac.write, &converted, &lhs, Some(&value), &mut on_yield);
                        with1(&value, rhs, body)
                    }
                    None => with_reads,
                }
            }
            StmtKind::Either(cases) => Stmt { kind: StmtKind::Either(cases.iter().map(|c| c.iter().flat_map(|x| self.apply(x)).collect()).collect()), span: s.span },
            StmtKind::If(c, y, n) => {
                let c2 = self.update_reads(c, &mut pending);
                let y2 = y.iter().flat_map(|x| self.apply(x)).collect();
                let n2 = n.iter().flat_map(|x| self.apply(x)).collect();
                Stmt { kind: StmtKind::If(c2, y2, n2), span: s.span }
            }
            StmtKind::Labeled(l, b) => Stmt { kind: StmtKind::Labeled(l.clone(), b.iter().flat_map(|x| self.apply(x)).collect()), span: s.span },
            StmtKind::With(decls, body) => {
                let d0 = &decls[0];
                let init = match &d0.init {
                    VarInit::Eq(e) => VarInit::Eq(self.update_reads(e, &mut pending)),
                    VarInit::In(e) => VarInit::In(self.update_reads(e, &mut pending)),
                    VarInit::None => VarInit::None,
                };
                let first = VarDecl { name: d0.name.clone(), init, span: d0.span };
                let inner = if decls.len() == 1 {
                    body.iter().flat_map(|x| self.apply(x)).collect()
                } else {
                    self.apply(&Stmt { kind: StmtKind::With(decls[1..].to_vec(), body.clone()), span: s.span })
                };
                Stmt { kind: StmtKind::With(vec![first], inner), span: s.span }
            }
            StmtKind::Call(t, args) if self.procgen.procs.contains_key(&t.name) => {
                let (t, args) = (t.clone(), args.clone());
                self.mpcal_call(s, &t, &args, &mut pending)
            }
            _ => self.update_stmt_reads(s, &mut pending),
        };
        self.sink(pending, vec![unwrapped])
    }
}

fn replace_dollar_lhs(l: &Lhs, target: &Lhs) -> Lhs {
    match l {
        Lhs::DollarVariable(_) => target.clone(),
        Lhs::Index(b, idx, sp) => Lhs::Index(Box::new(replace_dollar_lhs(b, target)), idx.clone(), *sp),
        other => other.clone(),
    }
}

// ---------------------------------------------------------------- multiple writes per label

type Counts = HashMap<String, usize>;

fn plus(mut a: Counts, b: &Counts) -> Counts {
    for (k, v) in b {
        *a.entry(k.clone()).or_insert(0) += v;
    }
    a
}
fn max(mut a: Counts, b: &Counts) -> Counts {
    for (k, v) in b {
        let e = a.entry(k.clone()).or_insert(0);
        *e = (*e).max(*v);
    }
    a
}

fn counts_stmt(s: &Stmt) -> Counts {
    match &s.kind {
        StmtKind::If(_, y, n) => max(counts(y), &counts(n)),
        StmtKind::Either(cs) => cs.iter().map(|c| counts(c)).reduce(|a, b| max(a, &b)).unwrap_or_default(),
        StmtKind::Assign(ps) if ps.len() == 1 => {
            if let Lhs::Var(v) = &ps[0].lhs {
                [(v.name.clone(), 1)].into_iter().collect()
            } else {
                Counts::new()
            }
        }
        StmtKind::With(_, b) | StmtKind::Labeled(_, b) | StmtKind::While(_, b) => counts(b),
        _ => Counts::new(),
    }
}

fn counts(ss: &[Stmt]) -> Counts {
    ss.iter().fold(Counts::new(), |acc, s| plus(acc, &counts_stmt(s)))
}

fn tail_jump(ss: &[Stmt]) -> bool {
    match ss {
        [] => true,
        [Stmt { kind: StmtKind::Goto(_), .. }] => true,
        [Stmt { kind: StmtKind::Call(..), .. }] => true,
        [Stmt { kind: StmtKind::Call(..), .. }, Stmt { kind: StmtKind::Return | StmtKind::Goto(_), .. }] => true,
        _ => false,
    }
}

fn ends_in_jump(ss: &[Stmt]) -> bool {
    (0..ss.len()).any(|i| tail_jump(&ss[i..]) && !ss[i..].is_empty())
}

fn jump_aware_concat(before: &[Stmt], after: &[Stmt]) -> Vec<Stmt> {
    if ends_in_jump(before) {
        before.to_vec()
    } else {
        before.iter().chain(after).cloned().collect()
    }
}

fn subst_stmt(s: &Stmt, subs: &HashMap<String, String>) -> Stmt {
    map_stmt_exprs(s, &mut |e| rename_names(e, subs))
}

/// PGo's per-label rewrite that lets a label write a variable several times: earlier writes
/// become `with` bindings, later reads use them, and the last value is assigned at the end.
pub fn multiple_writes(stmts: &[Stmt], subs: &HashMap<String, String>, lifted: &[String], names: &mut NameCleaner) -> Vec<Stmt> {
    if tail_jump(stmts) {
        let mut out: Vec<Stmt> = lifted
            .iter()
            .map(|v| {
                let to = subs.get(v).cloned().unwrap_or_else(|| v.clone());
                stmt(StmtKind::Assign(vec![AssignPair { lhs: Lhs::Var(Ident { name: v.clone(), span: Span::default() }), rhs: Expr::new(ExprKind::Name(to), Span::default()), span: Span::default() }]))
            })
            .collect();
        out.extend(stmts.iter().map(|s| subst_stmt(s, subs)));
        return out;
    }
    let (hd, tl) = (&stmts[0], &stmts[1..]);
    match &hd.kind {
        StmtKind::Assign(ps) if ps.len() == 1 && matches!(ps[0].lhs, Lhs::Var(_)) => {
            let v = ps[0].lhs.root_name().to_string();
            let rhs = rename_names(&ps[0].rhs, subs);
            if counts(tl).get(&v).copied().unwrap_or(0) >= 1 {
                let fresh = names.clean(&v);
                let mut lifted2 = lifted.to_vec();
                if !subs.contains_key(&v) {
                    lifted2.insert(0, v.clone());
                }
                let mut subs2 = subs.clone();
                subs2.insert(v, fresh.clone());
                vec![with1(&fresh, rhs, multiple_writes(tl, &subs2, &lifted2, names))]
            } else {
                let mut subs2 = subs.clone();
                subs2.remove(&v);
                let lifted2: Vec<String> = lifted.iter().filter(|x| **x != v).cloned().collect();
                let mut out = vec![Stmt { kind: StmtKind::Assign(vec![AssignPair { lhs: ps[0].lhs.clone(), rhs, span: ps[0].span }]), span: hd.span }];
                out.extend(multiple_writes(tl, &subs2, &lifted2, names));
                out
            }
        }
        StmtKind::With(decls, body) if tl.is_empty() => {
            // bindings are resolved in order; a binding shadows an outer substitution
            let mut inner = subs.clone();
            let mut decls2 = Vec::new();
            for d in decls {
                decls2.push(subst_decl(d, &inner));
                inner.remove(&d.name.name);
            }
            vec![Stmt { kind: StmtKind::With(decls2, multiple_writes(body, &inner, lifted, names)), span: hd.span }]
        }
        StmtKind::With(decls, body) => {
            let mut next = subs.clone();
            let mut renamed = Vec::new();
            for d in decls {
                let fresh = names.clean(&d.name.name);
                let nd = subst_decl(d, &next);
                next.insert(d.name.name.clone(), fresh.clone());
                renamed.push(VarDecl { name: Ident { name: fresh, span: d.name.span }, ..nd });
            }
            let all: Vec<Stmt> = body.iter().chain(tl).cloned().collect();
            vec![Stmt { kind: StmtKind::With(renamed, multiple_writes(&all, &next, lifted, names)), span: hd.span }]
        }
        StmtKind::If(c, y, n) => {
            let c2 = rename_names(c, subs);
            let y2 = multiple_writes(&jump_aware_concat(y, tl), subs, lifted, names);
            let n2 = multiple_writes(&jump_aware_concat(n, tl), subs, lifted, names);
            vec![Stmt { kind: StmtKind::If(c2, y2, n2), span: hd.span }]
        }
        StmtKind::Either(cases) => {
            let cs = cases.iter().map(|c| multiple_writes(&jump_aware_concat(c, tl), subs, lifted, names)).collect();
            vec![Stmt { kind: StmtKind::Either(cs), span: hd.span }]
        }
        _ => {
            let mut out = vec![subst_stmt(hd, subs)];
            out.extend(multiple_writes(tl, subs, lifted, names));
            out
        }
    }
}

fn subst_decl(d: &VarDecl, subs: &HashMap<String, String>) -> VarDecl {
    let init = match &d.init {
        VarInit::Eq(e) => VarInit::Eq(rename_names(e, subs)),
        VarInit::In(e) => VarInit::In(rename_names(e, subs)),
        VarInit::None => VarInit::None,
    };
    VarDecl { name: d.name.clone(), init, span: d.span }
}
