//! PGo's semantic checks (MPCalSemanticCheckPass and the scoping done by its parser), reporting
//! PGo's error classes at the byte offsets PGo's test annotations expect.

use crate::ast::*;
use crate::scope::{define_unit, resolve_expr, resolve_unit, Def, Scope};
use std::collections::{HashMap, HashSet};
use vf_tla::{Diagnostic, Expr, ExprKind, Module, Span, Unit};

pub const STANDARD_MODULES: &[&str] = &["Naturals", "Integers", "Reals", "Sequences", "FiniteSets", "TLC", "Bags", "TLCExt"];

#[derive(Default)]
pub struct Errors(pub Vec<Diagnostic>, std::collections::HashSet<(String, usize, String)>);

impl Errors {
    /// Adds a diagnostic unless the same one is already there (a set, so that inputs with
    /// tens of thousands of errors are not quadratic).
    fn add(&mut self, class: &str, span: Span, msg: &str) {
        if self.1.insert((class.to_string(), span.start, msg.to_string())) {
            self.0.push(Diagnostic::new(class, span.start, msg));
        }
    }
}

// ---------------------------------------------------------------- module-level scoping

/// TLA+ scoping of the module part PGo reads (before `\* BEGIN TRANSLATION`): a definition may
/// only use names defined above it (ParseFailureError at the end of the name, as PGo reports it);
/// `RECURSIVE` declarations must be defined (UnboundRecursiveDeclError).
pub fn check_module_scoping(m: &Module, translation_start: usize) -> Vec<Diagnostic> {
    let mut errs = Errors::default();
    if m.extends.iter().any(|e| !STANDARD_MODULES.contains(&e.name.as_str())) {
        return errs.0;
    }
    let mut s = Scope::new();
    let mut recursive: Vec<vf_tla::OpDecl> = Vec::new();
    for u in &m.units {
        let start = match u {
            Unit::OpDef(d) => d.span.start,
            Unit::FnDef(d) => d.span.start,
            _ => 0,
        };
        if start >= translation_start {
            break;
        }
        if matches!(u, Unit::Instance(_)) {
            return errs.0; // names from an instantiated module are not known here
        }
        if let Unit::Recursive(ds) = u {
            recursive.extend(ds.iter().cloned());
        }
        resolve_unit(&mut s, u, &mut |n, sp| errs.add("ParseFailureError", Span::new(sp.start + n.len(), sp.end), &format!("identifier `{n}` does not refer to a known definition")));
        define_unit(&mut s, u, Def::Module);
    }
    for d in recursive {
        let defined = m.units.iter().any(|u| matches!(u, Unit::OpDef(o) if o.name.name == d.name.name));
        if !defined {
            errs.add("UnboundRecursiveDeclError", d.name.span, &format!("RECURSIVE `{}` has no definition", d.name.name));
        }
    }
    errs.0
}

// ---------------------------------------------------------------- statement helpers

fn for_each_stmt<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        for child in children(s) {
            for_each_stmt(child, f);
        }
    }
}

/// The statement lists directly inside a statement.
pub fn children(s: &Stmt) -> Vec<&Vec<Stmt>> {
    match &s.kind {
        StmtKind::Labeled(_, b) | StmtKind::While(_, b) | StmtKind::With(_, b) => vec![b],
        StmtKind::If(_, y, n) => vec![y, n],
        StmtKind::Either(cs) => cs.iter().collect(),
        _ => vec![],
    }
}

fn contains_labels(s: &Stmt) -> bool {
    let mut found = false;
    for_each_stmt(std::slice::from_ref(s), &mut |x| found |= matches!(x.kind, StmtKind::Labeled(..)));
    found
}

/// `s` followed by the tail statements of its last sub-statements (PGo's gatherTailStatements).
fn last_tail(b: &[Stmt]) -> Vec<&Stmt> {
    b.last().map(tail_statements).unwrap_or_default()
}

fn tail_statements(s: &Stmt) -> Vec<&Stmt> {
    let mut out = vec![s];
    match &s.kind {
        StmtKind::Either(cs) => cs.iter().for_each(|c| out.extend(last_tail(c))),
        StmtKind::If(_, y, n) => {
            out.extend(last_tail(y));
            out.extend(last_tail(n));
        }
        StmtKind::Labeled(_, b) | StmtKind::While(_, b) | StmtKind::With(_, b) => out.extend(last_tail(b)),
        _ => {}
    }
    out
}


/// Every statement list of a block: (list, is_macro_body).
fn all_bodies(b: &Block) -> Vec<&Vec<Stmt>> {
    let mut v: Vec<&Vec<Stmt>> = Vec::new();
    for m in &b.mapping_macros {
        v.push(&m.read);
        v.push(&m.write);
    }
    for m in &b.macros {
        v.push(&m.body);
    }
    for p in b.mpcal_procedures.iter().chain(&b.procedures) {
        v.push(&p.body);
    }
    for a in &b.archetypes {
        v.push(&a.body);
    }
    for p in &b.processes {
        v.push(&p.body);
    }
    if let Some(body) = &b.body {
        v.push(body);
    }
    v
}

// ---------------------------------------------------------------- macro expansion

/// Replaces macro calls by the macro's body with parameters substituted (PGo expands macros
/// before most checks). Returns None if a call targets an unknown macro.
pub fn expand_macros(stmts: &[Stmt], macros: &HashMap<String, &Macro>, depth: usize) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in stmts {
        match &s.kind {
            StmtKind::MacroCall(t, args) if depth < 32 => match macros.get(&t.name) {
                Some(m) => {
                    let subst: HashMap<String, Expr> = m.params.iter().map(|p| p.name.clone()).zip(args.iter().cloned()).collect();
                    let body: Vec<Stmt> = m.body.iter().map(|x| subst_stmt(x, &subst)).collect();
                    out.extend(expand_macros(&body, macros, depth + 1));
                }
                None => out.push(s.clone()),
            },
            _ => {
                let mut c = s.clone();
                map_children(&mut c, &mut |b| *b = expand_macros(b, macros, depth));
                out.push(c);
            }
        }
    }
    out
}

pub fn map_children(s: &mut Stmt, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    match &mut s.kind {
        StmtKind::Labeled(_, b) | StmtKind::While(_, b) | StmtKind::With(_, b) => f(b),
        StmtKind::If(_, y, n) => {
            f(y);
            f(n);
        }
        StmtKind::Either(cs) => cs.iter_mut().for_each(f),
        _ => {}
    }
}

pub fn subst_expr(e: &Expr, subst: &HashMap<String, Expr>) -> Expr {
    crate::rewrite::map_names(e, &mut |n, _| subst.get(n).cloned())
}

fn subst_lhs(l: &Lhs, subst: &HashMap<String, Expr>) -> Lhs {
    match l {
        Lhs::Var(i) => match subst.get(&i.name).map(|e| &e.kind) {
            Some(ExprKind::Name(n)) => Lhs::Var(vf_tla::Ident { name: n.clone(), span: subst[&i.name].span }),
            _ => l.clone(),
        },
        Lhs::DollarVariable(_) => l.clone(),
        Lhs::Index(b, idx, sp) => Lhs::Index(Box::new(subst_lhs(b, subst)), idx.iter().map(|e| subst_expr(e, subst)).collect(), *sp),
    }
}

pub fn subst_stmt(s: &Stmt, subst: &HashMap<String, Expr>) -> Stmt {
    let se = |e: &Expr| subst_expr(e, subst);
    let kind = match &s.kind {
        StmtKind::Assign(ps) => StmtKind::Assign(ps.iter().map(|p| AssignPair { lhs: subst_lhs(&p.lhs, subst), rhs: se(&p.rhs), span: p.span }).collect()),
        StmtKind::Await(e) => StmtKind::Await(se(e)),
        StmtKind::Print(e) => StmtKind::Print(se(e)),
        StmtKind::Assert(e) => StmtKind::Assert(se(e)),
        StmtKind::Yield(e) => StmtKind::Yield(se(e)),
        StmtKind::Call(t, args) => StmtKind::Call(t.clone(), args.iter().map(|a| match a {
            Arg::Expr(e) => Arg::Expr(se(e)),
            r => r.clone(),
        }).collect()),
        StmtKind::MacroCall(t, args) => StmtKind::MacroCall(t.clone(), args.iter().map(se).collect()),
        StmtKind::If(c, y, n) => StmtKind::If(se(c), y.iter().map(|x| subst_stmt(x, subst)).collect(), n.iter().map(|x| subst_stmt(x, subst)).collect()),
        StmtKind::While(c, b) => StmtKind::While(se(c), b.iter().map(|x| subst_stmt(x, subst)).collect()),
        StmtKind::Labeled(l, b) => StmtKind::Labeled(l.clone(), b.iter().map(|x| subst_stmt(x, subst)).collect()),
        StmtKind::Either(cs) => StmtKind::Either(cs.iter().map(|c| c.iter().map(|x| subst_stmt(x, subst)).collect()).collect()),
        StmtKind::With(ds, b) => StmtKind::With(
            ds.iter().map(|d| VarDecl { name: d.name.clone(), init: match &d.init {
                VarInit::Eq(e) => VarInit::Eq(se(e)),
                VarInit::In(e) => VarInit::In(se(e)),
                VarInit::None => VarInit::None,
            }, span: d.span }).collect(),
            b.iter().map(|x| subst_stmt(x, subst)).collect(),
        ),
        k => k.clone(),
    };
    Stmt { kind, span: s.span }
}

// ---------------------------------------------------------------- the checks

pub struct CheckInput<'a> {
    pub module: &'a Module,
    pub block: &'a Block,
    pub translation_start: usize,
    pub no_multiple_writes: bool,
}

pub fn check_block(inp: &CheckInput) -> Vec<Diagnostic> {
    let b = inp.block;
    let mut errs = Errors::default();
    // Name lookups happen while PGo parses: the first failure aborts everything else.
    scoping(inp, &mut errs);
    let (lookups, invalid): (Vec<Diagnostic>, Vec<Diagnostic>) = errs.0.drain(..).partition(|d| d.class != "PCalInvalidAssignment");
    if let Some(first) = lookups.into_iter().min_by_key(|d| d.offset) {
        return vec![first];
    }
    labels_required_first(b, &mut errs);
    labels_forbidden(b, &mut errs);
    reserved_labels(b, &mut errs);
    let recursive = recursive_macros(b, &mut errs);
    let macros: HashMap<String, &Macro> = b.macros.iter().map(|m| (m.name.name.clone(), m)).collect();
    // Beyond this point PGo works on macro-expanded bodies (if no macro is recursive).
    let expanded: Block = if recursive { b.clone() } else { expand_block(b, &macros) };
    while_labels(&expanded, &mut errs);
    labels_after(&expanded, &mut errs);
    if inp.no_multiple_writes {
        multiple_assignment(&expanded, &mut errs);
    }
    labels_defined(&expanded, &mut errs);
    kinds(&expanded, &mut errs);
    multiple_mappings(b, &mut errs);
    for d in invalid {
        if !errs.0.contains(&d) {
            errs.0.push(d);
        }
    }
    errs.0
}

fn expand_block(b: &Block, macros: &HashMap<String, &Macro>) -> Block {
    let mut e = b.clone();
    let ex = |body: &mut Vec<Stmt>| *body = expand_macros(body, macros, 0);
    e.mapping_macros.iter_mut().for_each(|m| {
        ex(&mut m.read);
        ex(&mut m.write)
    });
    e.mpcal_procedures.iter_mut().chain(e.procedures.iter_mut()).for_each(|p| ex(&mut p.body));
    e.archetypes.iter_mut().for_each(|a| ex(&mut a.body));
    e.processes.iter_mut().for_each(|p| ex(&mut p.body));
    if let Some(body) = &mut e.body {
        ex(body);
    }
    e
}

fn labels_required_first(b: &Block, errs: &mut Errors) {
    let bodies = b.archetypes.iter().map(|a| &a.body)
        .chain(b.mpcal_procedures.iter().chain(&b.procedures).map(|p| &p.body))
        .chain(b.processes.iter().map(|p| &p.body));
    for body in bodies {
        for s in body {
            if !matches!(s.kind, StmtKind::Labeled(..)) {
                errs.add("LabelRequiredError", s.span, "label required");
            }
        }
    }
}

fn labels_forbidden(b: &Block, errs: &mut Errors) {
    let forbid = |stmts: &[Stmt], errs: &mut Errors| {
        for_each_stmt(stmts, &mut |s| {
            if let StmtKind::Labeled(l, _) = &s.kind {
                errs.add("LabelForbiddenError", l.span, "label forbidden");
            }
        })
    };
    for m in &b.macros {
        forbid(&m.body, errs);
    }
    for m in &b.mapping_macros {
        forbid(&m.read, errs);
        forbid(&m.write, errs);
    }
    for body in all_bodies(b) {
        for_each_stmt(body, &mut |s| {
            if let StmtKind::With(_, wb) = &s.kind {
                forbid(wb, errs);
            }
        });
    }
}

fn reserved_labels(b: &Block, errs: &mut Errors) {
    for body in all_bodies(b) {
        for_each_stmt(body, &mut |s| {
            if let StmtKind::Labeled(l, _) = &s.kind {
                if l.name == "Done" || l.name == "Error" {
                    errs.add("ReservedLabelError", l.span, "label name is reserved (reserved names are `Done` and `Error`)");
                }
            }
        });
    }
}

/// PGo's checkNonRec: follows macro calls, reporting the outermost call of a macro that is
/// reached again. Returns whether any recursion was found.
fn recursive_macros(b: &Block, errs: &mut Errors) -> bool {
    let macros: HashMap<&str, &Macro> = b.macros.iter().map(|m| (m.name.name.as_str(), m)).collect();
    let mut found = false;
    fn visit(stmts: &[Stmt], expanding: &HashMap<String, Span>, macros: &HashMap<&str, &Macro>, errs: &mut Errors, found: &mut bool, depth: usize) {
        if depth > 64 {
            return;
        }
        for s in stmts {
            if let StmtKind::MacroCall(t, _) = &s.kind {
                if let Some(outer) = expanding.get(&t.name) {
                    *found = true;
                    errs.add("RecursiveMacroError", *outer, "macro call leads to recursion");
                } else if let Some(m) = macros.get(t.name.as_str()) {
                    let mut next = expanding.clone();
                    next.insert(t.name.clone(), s.span);
                    visit(&m.body, &next, macros, errs, found, depth + 1);
                }
                continue;
            }
            for c in children(s) {
                visit(c, expanding, macros, errs, found, depth);
            }
        }
    }
    for body in all_bodies(b) {
        visit(body, &HashMap::new(), &macros, errs, &mut found, 0);
    }
    found
}

fn while_labels(b: &Block, errs: &mut Errors) {
    fn visit(stmts: &[Stmt], errs: &mut Errors) {
        for s in stmts {
            match &s.kind {
                StmtKind::Labeled(_, body) if matches!(body.first().map(|x| &x.kind), Some(StmtKind::While(..))) => {
                    if let Some(StmtKind::While(_, wb)) = body.first().map(|x| &x.kind) {
                        visit(wb, errs);
                    }
                    visit(&body[1..], errs);
                }
                StmtKind::While(_, wb) => {
                    errs.add("LabelRequiredError", s.span, "label required");
                    visit(wb, errs);
                }
                _ => children(s).into_iter().for_each(|c| visit(c, errs)),
            }
        }
    }
    for (i, body) in all_bodies(b).into_iter().enumerate() {
        // macro bodies are checked at their expansion sites
        let is_macro = i >= 2 * b.mapping_macros.len() && i < 2 * b.mapping_macros.len() + b.macros.len();
        if !is_macro {
            visit(body, errs);
        }
    }
}

fn labels_after(b: &Block, errs: &mut Errors) {
    fn check_list(body: &[Stmt], errs: &mut Errors) {
        for w in body.windows(2) {
            let (before, next) = (&w[0], &w[1]);
            if matches!(next.kind, StmtKind::Labeled(..)) {
                continue;
            }
            let next_is_jump = matches!(next.kind, StmtKind::Goto(_) | StmtKind::Return);
            let needs = tail_statements(before).iter().any(|t| match &t.kind {
                StmtKind::If(..) | StmtKind::Either(..) => contains_labels(t),
                StmtKind::Return | StmtKind::Goto(_) => true,
                StmtKind::Call(..) => !next_is_jump,
                _ => false,
            });
            if needs {
                errs.add("LabelRequiredError", next.span, "label required");
            }
        }
    }
    fn visit(stmts: &[Stmt], errs: &mut Errors) {
        check_list(stmts, errs);
        for s in stmts {
            children(s).into_iter().for_each(|c| visit(c, errs));
        }
    }
    for body in all_bodies(b) {
        visit(body, errs);
    }
}

fn multiple_assignment(b: &Block, errs: &mut Errors) {
    fn check(assigned: &HashSet<String>, body: &[Stmt], errs: &mut Errors) -> HashSet<String> {
        let mut cur = assigned.clone();
        for s in body {
            cur = match &s.kind {
                StmtKind::Assign(pairs) => {
                    for p in pairs {
                        let name = p.lhs.root_name().to_string();
                        if cur.contains(&name) {
                            let span = p.lhs.root_ident().map(|i| i.span).unwrap_or(p.lhs.span());
                            errs.add("MultipleAssignmentError", span, "multiple assignment within same label");
                        }
                        cur.insert(name);
                    }
                    cur
                }
                StmtKind::Either(cs) => cs.iter().map(|c| check(&cur, c, errs)).fold(HashSet::new(), |mut a, x| {
                    a.extend(x);
                    a
                }),
                StmtKind::If(_, y, n) => {
                    let mut a = check(&cur, y, errs);
                    a.extend(check(&cur, n, errs));
                    a
                }
                StmtKind::Labeled(_, stmts) => {
                    check(&HashSet::new(), stmts, errs);
                    HashSet::new()
                }
                StmtKind::While(_, wb) | StmtKind::With(_, wb) => check(&cur, wb, errs),
                _ => cur,
            };
        }
        cur
    }
    for (i, body) in all_bodies(b).into_iter().enumerate() {
        let is_macro = i >= 2 * b.mapping_macros.len() && i < 2 * b.mapping_macros.len() + b.macros.len();
        if !is_macro {
            check(&HashSet::new(), body, errs);
        }
    }
}

fn labels_defined(b: &Block, errs: &mut Errors) {
    for (i, body) in all_bodies(b).into_iter().enumerate() {
        let is_macro = i >= 2 * b.mapping_macros.len() && i < 2 * b.mapping_macros.len() + b.macros.len();
        if is_macro {
            continue;
        }
        let mut labels: HashSet<String> = ["Done", "Error"].iter().map(|s| s.to_string()).collect();
        for_each_stmt(body, &mut |s| {
            if let StmtKind::Labeled(l, _) = &s.kind {
                labels.insert(l.name.clone());
            }
        });
        for_each_stmt(body, &mut |s| {
            if let StmtKind::Goto(l) = &s.kind {
                if !labels.contains(l) {
                    errs.add("LabelNotDefinedError", s.span, "label not defined");
                }
            }
        });
    }
}

fn multiple_mappings(b: &Block, errs: &mut Errors) {
    for inst in &b.instances {
        let mut seen = HashSet::new();
        for m in &inst.mappings {
            if let Some(p) = m.position {
                if !seen.insert(p) {
                    errs.add("MPCalMultipleMapping", m.span, "instance parameter is mapped again");
                }
            }
        }
    }
}

// ---------------------------------------------------------------- kinds (ref vs value)

/// `x[a][b]` -> (root name, span of root, depth 2, index expressions).
fn mapped_read(e: &Expr) -> Option<(&str, Span, i32, Vec<&Expr>)> {
    match &e.kind {
        ExprKind::Name(n) => Some((n, e.span, 0, vec![])),
        ExprKind::FnApp(f, args) => {
            let (n, sp, d, mut idx) = mapped_read(f)?;
            idx.extend(args.iter());
            Some((n, sp, d + 1, idx))
        }
        _ => None,
    }
}

type Params = HashMap<String, (bool, i32)>;

fn check_expr_kinds(e: &Expr, params: &Params, shadow: &HashSet<String>, errs: &mut Errors) {
    if let Some((root, span, depth, idx)) = mapped_read(e) {
        if !shadow.contains(root) {
            if let Some(&(is_ref, count)) = params.get(root) {
                if !is_ref || depth >= count {
                    idx.into_iter().for_each(|i| check_expr_kinds(i, params, shadow, errs));
                    return;
                }
                if depth == 0 {
                    errs.add("MPCalKindMismatchError", span, "reference to kinded definition does not match");
                    return;
                }
            }
        }
    }
    crate::rewrite::for_each_subexpr(e, &mut |sub| check_expr_kinds(sub, params, shadow, errs));
}

fn check_body_kinds(body: &[Stmt], params: &Params, procs: &HashMap<String, Vec<Param>>, errs: &mut Errors) {
    fn visit(stmts: &[Stmt], params: &Params, shadow: &mut HashSet<String>, procs: &HashMap<String, Vec<Param>>, errs: &mut Errors) {
        for s in stmts {
            let ex = |e: &Expr, shadow: &HashSet<String>, errs: &mut Errors| check_expr_kinds(e, params, shadow, errs);
            match &s.kind {
                StmtKind::Assign(pairs) => {
                    for p in pairs {
                        ex(&p.rhs, shadow, errs);
                        let mut l = &p.lhs;
                        while let Lhs::Index(inner, idx, _) = l {
                            idx.iter().for_each(|i| ex(i, shadow, errs));
                            l = inner;
                        }
                        let root = p.lhs.root_name();
                        if let (false, Some(&(true, count))) = (shadow.contains(root), params.get(root)) {
                            let depth = p.lhs.depth();
                            if count < depth {
                                errs.add("MPCalReadWriteAssignmentForbidden", p.lhs.span(), "assignment implies both a read from and a write to a state variable");
                            } else if count > depth {
                                errs.add("MPCalKindMismatchError", p.lhs.span(), "reference to kinded definition does not match");
                            }
                        }
                    }
                }
                StmtKind::Call(t, args) => {
                    for a in args {
                        match a {
                            Arg::Expr(e) => ex(e, shadow, errs),
                            Arg::Ref { name, mapping_count, span } => {
                                if let Some(&(is_ref, count)) = params.get(&name.name) {
                                    if is_ref && count > *mapping_count {
                                        errs.add("MPCalKindMismatchError", *span, "reference to kinded definition does not match");
                                    }
                                }
                            }
                        }
                    }
                    if let Some(ps) = procs.get(&t.name) {
                        if ps.len() != args.len() {
                            errs.add("PClArityMismatch", s.span, "call arity does not match");
                        } else {
                            param_usage(args, ps, errs);
                        }
                    }
                }
                StmtKind::Await(e) | StmtKind::Print(e) | StmtKind::Assert(e) | StmtKind::Yield(e) => ex(e, shadow, errs),
                StmtKind::MacroCall(_, args) => args.iter().for_each(|e| ex(e, shadow, errs)),
                StmtKind::If(c, _, _) | StmtKind::While(c, _) => ex(c, shadow, errs),
                StmtKind::With(decls, body) => {
                    let saved = shadow.clone();
                    for d in decls {
                        if let VarInit::Eq(e) | VarInit::In(e) = &d.init {
                            ex(e, shadow, errs);
                        }
                        shadow.insert(d.name.name.clone());
                    }
                    visit(body, params, shadow, procs, errs);
                    *shadow = saved;
                    continue;
                }
                _ => {}
            }
            for c in children(s) {
                visit(c, params, shadow, procs, errs);
            }
        }
    }
    visit(body, params, &mut HashSet::new(), procs, errs);
}

fn param_usage(args: &[Arg], params: &[Param], errs: &mut Errors) {
    for (a, p) in args.iter().zip(params) {
        let ok = match (a, p.is_ref) {
            (Arg::Ref { mapping_count, .. }, true) => *mapping_count == p.mapping_count,
            (Arg::Expr(_), _) => true,
            (Arg::Ref { .. }, false) => false,
        };
        if !ok {
            errs.add("MPCalKindMismatchError", a.span(), "reference to kinded definition does not match");
        }
    }
}

fn kinds(b: &Block, errs: &mut Errors) {
    let procs: HashMap<String, Vec<Param>> = b.mpcal_procedures.iter().map(|p| (p.name.name.clone(), p.params.clone())).collect();
    let params_of = |ps: &[Param], locals: &[VarDecl]| -> Params {
        let mut m: Params = ps.iter().map(|p| (p.name.name.clone(), (p.is_ref, p.mapping_count))).collect();
        for l in locals {
            m.remove(&l.name.name);
        }
        m
    };
    for a in &b.archetypes {
        check_body_kinds(&a.body, &params_of(&a.params, &a.locals), &procs, errs);
    }
    for p in &b.mpcal_procedures {
        check_body_kinds(&p.body, &params_of(&p.params, &p.locals), &procs, errs);
    }
    for p in b.procedures.iter() {
        check_body_kinds(&p.body, &Params::new(), &procs, errs);
    }
    for p in &b.processes {
        check_body_kinds(&p.body, &Params::new(), &procs, errs);
    }
    let archetypes: HashMap<&str, &Archetype> = b.archetypes.iter().map(|a| (a.name.name.as_str(), a)).collect();
    for inst in &b.instances {
        let Some(arch) = archetypes.get(inst.archetype.name.as_str()) else {
            errs.add("ArchetypeLookupError", inst.archetype.span, "archetype not found");
            continue;
        };
        for m in &inst.mappings {
            let Some(pos) = m.position else { continue };
            match inst.args.get(pos) {
                Some(Arg::Ref { mapping_count, .. }) => {
                    if m.mapping_count != *mapping_count {
                        errs.add("MPCalKindMismatchError", m.target_span, "reference to kinded definition does not match");
                    }
                }
                Some(Arg::Expr(_)) => match arch.params.get(pos) {
                    Some(p) if p.is_ref => {
                        if m.mapping_count != p.mapping_count {
                            errs.add("MPCalKindMismatchError", m.target_span, "reference to kinded definition does not match");
                        }
                    }
                    Some(_) => errs.add("MPCalMappingValueRefMismatchError", m.target_span, "non-ref archetype parameter should not have a mapping"),
                    None => {}
                },
                None => {}
            }
        }
        if arch.params.len() != inst.args.len() {
            errs.add("PClArityMismatch", inst.span, "instance arity does not match the archetype");
        } else {
            param_usage(&inst.args, &arch.params, errs);
        }
    }
}

// ---------------------------------------------------------------- scoping and assignability

fn scoping(inp: &CheckInput, errs: &mut Errors) {
    let b = inp.block;
    let m = inp.module;
    let lenient = m.extends.iter().any(|e| !STANDARD_MODULES.contains(&e.name.as_str()))
        || m.units.iter().any(|u| matches!(u, Unit::Instance(_)));
    let mut s = Scope::for_module(m, inp.translation_start);
    s.push();
    let report = |class: &'static str| {
        move |errs: &mut Errors, n: &str, sp: Span| {
            if !lenient {
                errs.add(class, sp, &format!("identifier `{n}` does not refer to a known definition"));
            }
        }
    };
    let lookup_err = report("DefinitionLookupError");
    for u in &b.defns {
        resolve_unit(&mut s, u, &mut |n, sp| {
            // define blocks may use the algorithm's variables
            if !b.vars.iter().any(|v| v.name.name == n) {
                lookup_err(errs, n, sp)
            }
        });
        define_unit(&mut s, u, Def::Define);
    }
    let macros: HashMap<String, &Macro> = b.macros.iter().map(|m| (m.name.name.clone(), m)).collect();
    let ctx = BodyCtx { macros: &macros, lenient };
    // mapping macros: self, $variable/$value, definitions
    for mm in &b.mapping_macros {
        s.push();
        s.define("self", Def::Bound);
        ctx.body(&mut s, &mm.read, errs, "DefinitionLookupError");
        ctx.body(&mut s, &mm.write, errs, "DefinitionLookupError");
        s.pop();
    }
    let with_params = |s: &mut Scope, params: &[Param], locals: &[VarDecl], errs: &mut Errors| {
        s.push();
        s.define("self", Def::Bound);
        for p in params {
            s.define(&p.name.name, Def::Param { is_ref: p.is_ref, mapping_count: p.mapping_count, span: p.span });
        }
        for l in locals {
            if let VarInit::Eq(e) | VarInit::In(e) = &l.init {
                resolve_expr(s, e, &mut |n, sp| if !lenient { errs.add("DefinitionLookupError", sp, &format!("identifier `{n}` does not refer to a known definition")) });
            }
            s.define(&l.name.name, Def::State);
        }
    };
    for p in &b.mpcal_procedures {
        with_params(&mut s, &p.params, &p.locals, errs);
        ctx.body(&mut s, &p.body, errs, "DefinitionLookupError");
        s.pop();
    }
    for a in &b.archetypes {
        with_params(&mut s, &a.params, &a.locals, errs);
        ctx.body(&mut s, &a.body, errs, "DefinitionLookupError");
        s.pop();
    }
    for v in &b.vars {
        if let VarInit::Eq(e) | VarInit::In(e) = &v.init {
            resolve_expr(&mut s, e, &mut |n, sp| if !lenient { errs.add("DefinitionLookupError", sp, &format!("identifier `{n}` does not refer to a known definition")) });
        }
        s.define(&v.name.name, Def::State);
    }
    for inst in &b.instances {
        s.push();
        s.define(&inst.name.name.name, Def::Bound);
        for a in &inst.args {
            match a {
                Arg::Expr(e) => resolve_expr(&mut s, e, &mut |n, sp| if !lenient { errs.add("DefinitionLookupError", sp, &format!("identifier `{n}` does not refer to a known definition")) }),
                Arg::Ref { name, span, .. } => {
                    if s.lookup(&name.name).is_none() && !lenient {
                        errs.add("DefinitionLookupError", *span, "ref target not found");
                    }
                }
            }
        }
        s.pop();
    }
    // PlusCal scoping as PGo has it: PlusCal makes the parameters and locals of plain PlusCal
    // procedures and the locals of processes TLA+ variables, so every procedure and process (and
    // a uniprocess body) may use them, whoever declares them.
    for p in &b.procedures {
        p.params.iter().for_each(|x| s.define(&x.name.name, Def::State));
        p.locals.iter().for_each(|x| s.define(&x.name.name, Def::State));
    }
    for p in &b.processes {
        p.locals.iter().for_each(|x| s.define(&x.name.name, Def::State));
    }
    for p in &b.procedures {
        let params: Vec<Param> = p.params.clone();
        with_params(&mut s, &params, &p.locals, errs);
        ctx.body(&mut s, &p.body, errs, "DefinitionLookupError");
        s.pop();
    }
    for p in &b.processes {
        s.push();
        s.define("self", Def::Bound);
        for l in &p.locals {
            if let VarInit::Eq(e) | VarInit::In(e) = &l.init {
                resolve_expr(&mut s, e, &mut |n, sp| if !lenient { errs.add("DefinitionLookupError", sp, &format!("identifier `{n}` does not refer to a known definition")) });
            }
            s.define(&l.name.name, Def::State);
        }
        ctx.body(&mut s, &p.body, errs, "DefinitionLookupError");
        s.pop();
    }
    if let Some(body) = &b.body {
        ctx.body(&mut s, body, errs, "DefinitionLookupError");
    }
}

struct BodyCtx<'a> {
    macros: &'a HashMap<String, &'a Macro>,
    lenient: bool,
}

impl BodyCtx<'_> {
    fn expr(&self, s: &mut Scope, e: &Expr, errs: &mut Errors, class: &str) {
        let lenient = self.lenient;
        resolve_expr(s, e, &mut |n, sp| {
            if !lenient {
                errs.add(class, sp, &format!("identifier `{n}` does not refer to a known definition"));
            }
        });
    }

    fn body(&self, s: &mut Scope, stmts: &[Stmt], errs: &mut Errors, class: &str) {
        for st in stmts {
            self.stmt(s, st, errs, class, 0);
        }
    }

    fn stmt(&self, s: &mut Scope, st: &Stmt, errs: &mut Errors, class: &str, depth: usize) {
        match &st.kind {
            StmtKind::Assign(pairs) => {
                for p in pairs {
                    self.expr(s, &p.rhs, errs, class);
                    let mut l = &p.lhs;
                    while let Lhs::Index(inner, idx, _) = l {
                        idx.iter().for_each(|i| self.expr(s, i, errs, class));
                        l = inner;
                    }
                    if let Some(root) = p.lhs.root_ident() {
                        match s.lookup(&root.name) {
                            Some(Def::State) | Some(Def::Param { .. }) => {}
                            None if !self.lenient && !matches!(root.name.as_str(), "TRUE" | "FALSE" | "BOOLEAN" | "STRING") => {
                                errs.add(class, root.span, &format!("identifier `{}` does not refer to a known definition", root.name))
                            }
                            None if self.lenient => {}
                            _ => errs.add("PCalInvalidAssignment", root.span, "invalid assignment: assigned to something that isn't a state variable"),
                        }
                    }
                }
            }
            StmtKind::Await(e) | StmtKind::Print(e) | StmtKind::Assert(e) | StmtKind::Yield(e) => self.expr(s, e, errs, class),
            StmtKind::If(c, _, _) | StmtKind::While(c, _) => self.expr(s, c, errs, class),
            StmtKind::Call(_, args) => {
                for a in args {
                    if let Arg::Expr(e) = a {
                        self.expr(s, e, errs, class);
                    }
                }
            }
            StmtKind::MacroCall(t, args) => {
                args.iter().for_each(|e| self.expr(s, e, errs, class));
                match self.macros.get(&t.name) {
                    None => errs.add("MacroLookupError", t.span, "macro not found"),
                    Some(m) if depth < 8 => {
                        // Macro bodies see their parameters plus the call site's names.
                        s.push();
                        m.params.iter().for_each(|p| s.define(&p.name, Def::State));
                        for x in &m.body {
                            self.stmt(s, x, errs, "UnboundFreeVariableError", depth + 1);
                        }
                        s.pop();
                    }
                    Some(_) => {}
                }
            }
            StmtKind::With(decls, body) => {
                s.push();
                for d in decls {
                    if let VarInit::Eq(e) | VarInit::In(e) = &d.init {
                        self.expr(s, e, errs, class);
                    }
                    s.define(&d.name.name, Def::Bound);
                }
                for x in body {
                    self.stmt(s, x, errs, class, depth);
                }
                s.pop();
                return;
            }
            _ => {}
        }
        for c in children(st) {
            for x in c {
                self.stmt(s, x, errs, class, depth);
            }
        }
    }
}
