//! MPCal -> PlusCal, following PGo's passes for the subset we support:
//! macro expansion, label normalisation (PGo's MPCalNormalizePass: labels hoisted to the top
//! level, `while` as `if` + synthetic `goto`s), multiple-assignment desugaring, archetype
//! instantiation (ref parameters renamed to the passed state variable, value parameters and
//! archetype locals become process locals with PGo's fresh names), indexed assignment as
//! `EXCEPT`, and nested-`with` flattening.
//!
//! Mapping macros, MPCal procedure instantiation and PGo's multiple-writes rewrite live in
//! `mapping`; fresh names follow PGo's NameCleaner in PGo's order.

use crate::ast::*;
use crate::check::{children, expand_macros, map_children};
use crate::rewrite::map_names;
use crate::Options;
use std::collections::{HashMap, HashSet};
use vf_tla::lexer::{Kind, Lexer};
use vf_tla::{Diagnostic, ExceptKey, ExceptSpec, Expr, ExprKind, Ident, Module, Span};

/// PGo's NameCleaner: `hint` if unused, else `hint0`, `hint1`, ...
#[derive(Clone, Debug, Default)]
pub struct NameCleaner {
    seen: HashSet<String>,
    counters: HashMap<String, usize>,
}

impl NameCleaner {
    pub fn add_known(&mut self, n: &str) {
        self.seen.insert(n.to_string());
    }
    pub fn clean(&mut self, hint: &str) -> String {
        if !self.seen.contains(hint) {
            self.seen.insert(hint.to_string());
            return hint.to_string();
        }
        let mut i = *self.counters.get(hint).unwrap_or(&0);
        let mut name = format!("{hint}{i}");
        while self.seen.contains(&name) {
            i += 1;
            name = format!("{hint}{i}");
        }
        self.seen.insert(name.clone());
        self.counters.insert(hint.to_string(), i + 1);
        name
    }
}


fn goto(label: &str, span: Span) -> Stmt {
    Stmt { kind: StmtKind::Goto(label.to_string()), span }
}

fn contains_labels(s: &Stmt) -> bool {
    matches!(s.kind, StmtKind::Labeled(..)) || children(s).iter().any(|c| c.iter().any(contains_labels))
}

// ---------------------------------------------------------------- label normalisation

fn label_after(rest: &[Stmt], after: Option<&str>) -> Option<String> {
    match rest.first() {
        None => after.map(str::to_string),
        Some(Stmt { kind: StmtKind::Labeled(l, _), .. }) => Some(l.name.clone()),
        Some(_) => None,
    }
}

fn trans_blocks(blocks: &[Stmt], after: Option<&str>, out: &mut Vec<Stmt>) {
    for (i, b) in blocks.iter().enumerate() {
        let rest = &blocks[i + 1..];
        let StmtKind::Labeled(label, stmts) = &b.kind else {
            out.push(b.clone());
            continue;
        };
        let next = label_after(rest, after);
        if let Some(Stmt { kind: StmtKind::While(cond, wbody), span: wspan }) = stmts.first() {
            let mut wblocks = Vec::new();
            let wtrans = impl_stmts(wbody, Some(&label.name), vec![], &mut wblocks);
            let mut ablocks = Vec::new();
            let atrans = impl_stmts(&stmts[1..], next.as_deref(), vec![], &mut ablocks);
            let ifs = Stmt { kind: StmtKind::If(cond.clone(), wtrans, atrans), span: *wspan };
            out.push(Stmt { kind: StmtKind::Labeled(label.clone(), vec![ifs]), span: b.span });
            out.extend(wblocks);
            out.extend(ablocks);
        } else {
            let mut sblocks = Vec::new();
            let strans = impl_stmts(stmts, next.as_deref(), vec![], &mut sblocks);
            out.push(Stmt { kind: StmtKind::Labeled(label.clone(), strans), span: b.span });
            out.extend(sblocks);
        }
    }
}

fn trans_stmt(s: &Stmt, after: Option<&str>, blocks: &mut Vec<Stmt>) -> Stmt {
    let kind = match &s.kind {
        StmtKind::Either(cases) => StmtKind::Either(cases.iter().map(|c| impl_stmts(c, after, vec![], blocks)).collect()),
        StmtKind::If(c, y, n) => {
            let y2 = impl_stmts(y, after, vec![], blocks);
            let n2 = impl_stmts(n, after, vec![], blocks);
            StmtKind::If(c.clone(), y2, n2)
        }
        StmtKind::With(vs, body) => StmtKind::With(vs.clone(), impl_stmts(body, after, vec![], blocks)),
        k => k.clone(),
    };
    Stmt { kind, span: s.span }
}

/// PGo's `ContainsJump`: (number of jump statements, needs a synthetic goto).
fn contains_jump(stmts: &[Stmt]) -> Option<(usize, bool)> {
    let k = |i: usize| stmts.get(i).map(|s| &s.kind);
    match k(0)? {
        StmtKind::Goto(_) | StmtKind::Return => Some((1, false)),
        StmtKind::If(..) | StmtKind::Either(..) if contains_labels(&stmts[0]) => Some((1, false)),
        StmtKind::Call(..) => match k(1) {
            Some(StmtKind::Return) | Some(StmtKind::Goto(_)) => Some((2, false)),
            _ => Some((1, true)),
        },
        _ => None,
    }
}

fn impl_stmts(stmts: &[Stmt], after: Option<&str>, mut out: Vec<Stmt>, blocks: &mut Vec<Stmt>) -> Vec<Stmt> {
    let mut i = 0;
    loop {
        let rest = &stmts[i..];
        let Some(first) = rest.first() else {
            if let Some(l) = after {
                out.push(goto(l, Span::default()));
            }
            return out;
        };
        if let StmtKind::Labeled(l, _) = &first.kind {
            out.push(goto(&l.name, Span::default()));
            trans_blocks(rest, after, blocks);
            return out;
        }
        if let Some((n, needs_goto)) = contains_jump(rest) {
            let after_rest = &rest[n..];
            let local = label_after(after_rest, after);
            let mut jb = Vec::new();
            for s in &rest[..n] {
                out.push(trans_stmt(s, local.as_deref(), &mut jb));
            }
            if needs_goto {
                out.push(goto(local.as_deref().unwrap_or("Done"), Span::default()));
            }
            blocks.extend(jb);
            trans_blocks(after_rest, after, blocks);
            return out;
        }
        let after_rest = &rest[1..];
        let local = label_after(after_rest, after);
        let mut sb = Vec::new();
        let t = trans_stmt(first, local.as_deref(), &mut sb);
        let compound = matches!(t.kind, StmtKind::Either(..) | StmtKind::If(..) | StmtKind::With(..));
        let rest_labeled = after_rest.first().map(|s| matches!(s.kind, StmtKind::Labeled(..))).unwrap_or(true);
        out.push(t);
        blocks.extend(sb);
        if compound && rest_labeled {
            trans_blocks(after_rest, after, blocks);
            return out;
        }
        i += 1;
    }
}

/// PGo's label normalisation of one body (`after` = `Done` for processes, `Error` for procedures).
pub fn normalize_body(body: &[Stmt], after: &str) -> Vec<Stmt> {
    if matches!(body.first().map(|s| &s.kind), Some(StmtKind::Labeled(..))) {
        let mut out = Vec::new();
        trans_blocks(body, Some(after), &mut out);
        out
    } else {
        body.to_vec()
    }
}

// ---------------------------------------------------------------- statement rewrites

fn rename_expr(e: &Expr, ren: &HashMap<String, String>) -> Expr {
    map_names(e, &mut |n, sp| ren.get(n).map(|r| Expr::new(ExprKind::Name(r.clone()), sp)))
}

/// Renames free occurrences (expressions and assignment targets); with-bound names shadow.
pub(crate) fn rename_stmts(stmts: &[Stmt], ren: &HashMap<String, String>) -> Vec<Stmt> {
    stmts.iter().map(|s| rename_stmt(s, ren)).collect()
}

fn rename_lhs(l: &Lhs, ren: &HashMap<String, String>) -> Lhs {
    match l {
        Lhs::Var(i) => Lhs::Var(Ident { name: ren.get(&i.name).cloned().unwrap_or_else(|| i.name.clone()), span: i.span }),
        Lhs::DollarVariable(s) => Lhs::DollarVariable(*s),
        Lhs::Index(b, idx, sp) => Lhs::Index(Box::new(rename_lhs(b, ren)), idx.iter().map(|e| rename_expr(e, ren)).collect(), *sp),
    }
}

fn rename_decl(d: &VarDecl, ren: &HashMap<String, String>) -> VarDecl {
    let init = match &d.init {
        VarInit::None => VarInit::None,
        VarInit::Eq(e) => VarInit::Eq(rename_expr(e, ren)),
        VarInit::In(e) => VarInit::In(rename_expr(e, ren)),
    };
    VarDecl { name: d.name.clone(), init, span: d.span }
}

fn rename_stmt(s: &Stmt, ren: &HashMap<String, String>) -> Stmt {
    let r = |e: &Expr| rename_expr(e, ren);
    let kind = match &s.kind {
        StmtKind::Assign(ps) => StmtKind::Assign(ps.iter().map(|p| AssignPair { lhs: rename_lhs(&p.lhs, ren), rhs: r(&p.rhs), span: p.span }).collect()),
        StmtKind::Await(e) => StmtKind::Await(r(e)),
        StmtKind::Print(e) => StmtKind::Print(r(e)),
        StmtKind::Assert(e) => StmtKind::Assert(r(e)),
        StmtKind::Yield(e) => StmtKind::Yield(r(e)),
        StmtKind::Call(t, args) => StmtKind::Call(t.clone(), args.iter().map(|a| match a {
            Arg::Expr(e) => Arg::Expr(r(e)),
            Arg::Ref { name, mapping_count, span } => Arg::Ref { name: Ident { name: ren.get(&name.name).cloned().unwrap_or_else(|| name.name.clone()), span: name.span }, mapping_count: *mapping_count, span: *span },
        }).collect()),
        StmtKind::MacroCall(t, args) => StmtKind::MacroCall(t.clone(), args.iter().map(r).collect()),
        StmtKind::If(c, y, n) => StmtKind::If(r(c), rename_stmts(y, ren), rename_stmts(n, ren)),
        StmtKind::While(c, b) => StmtKind::While(r(c), rename_stmts(b, ren)),
        StmtKind::Labeled(l, b) => StmtKind::Labeled(l.clone(), rename_stmts(b, ren)),
        StmtKind::Either(cs) => StmtKind::Either(cs.iter().map(|c| rename_stmts(c, ren)).collect()),
        StmtKind::With(ds, b) => {
            let mut inner = ren.clone();
            let mut decls = Vec::new();
            for d in ds {
                decls.push(rename_decl(d, &inner));
                inner.remove(&d.name.name);
            }
            StmtKind::With(decls, rename_stmts(b, &inner))
        }
        k => k.clone(),
    };
    Stmt { kind, span: s.span }
}

/// `x := a || y := b` -> `with (x0 = a, y0 = b) { x := ..; y := ..; }` (PGo's desugaring,
/// including its renaming of assigned variables inside the right-hand sides).
fn desugar_multiple_assignment(stmts: &mut Vec<Stmt>, names: &mut NameCleaner) {
    for s in stmts.iter_mut() {
        map_children(s, &mut |b| desugar_multiple_assignment(b, names));
        let StmtKind::Assign(pairs) = &s.kind else { continue };
        if pairs.len() < 2 {
            continue;
        }
        let mut decls = Vec::new();
        let mut ren = HashMap::new();
        for p in pairs {
            let root = p.lhs.root_name().to_string();
            let fresh = names.clean(&root);
            decls.push(VarDecl { name: Ident { name: fresh.clone(), span: p.span }, init: VarInit::Eq(p.rhs.clone()), span: p.span });
            ren.insert(root, fresh);
        }
        let body = pairs
            .iter()
            .map(|p| {
                let lhs = rename_index_only(&p.lhs, &ren);
                Stmt { kind: StmtKind::Assign(vec![AssignPair { lhs, rhs: rename_expr(&p.rhs, &ren), span: p.span }]), span: p.span }
            })
            .collect();
        *s = Stmt { kind: StmtKind::With(decls, body), span: s.span };
    }
}

fn rename_index_only(l: &Lhs, ren: &HashMap<String, String>) -> Lhs {
    match l {
        Lhs::Index(b, idx, sp) => Lhs::Index(Box::new(rename_index_only(b, ren)), idx.iter().map(|e| rename_expr(e, ren)).collect(), *sp),
        other => other.clone(),
    }
}

/// `x[a][b] := v` -> `x := [x EXCEPT ![a][b] = v]`.
fn projections_to_except(stmts: &mut Vec<Stmt>) {
    for s in stmts.iter_mut() {
        map_children(s, &mut projections_to_except);
        let StmtKind::Assign(pairs) = &mut s.kind else { continue };
        if pairs.len() != 1 {
            continue;
        }
        let p = &mut pairs[0];
        let mut keys = Vec::new();
        let mut l = &p.lhs;
        while let Lhs::Index(inner, idx, _) = l {
            keys.push(ExceptKey::Index(idx.clone()));
            l = inner;
        }
        if keys.is_empty() {
            continue;
        }
        keys.reverse();
        let Lhs::Var(root) = l.clone() else { continue };
        let src = Expr::new(ExprKind::Name(root.name.clone()), root.span);
        p.rhs = Expr::new(ExprKind::Except(Box::new(src), vec![ExceptSpec { path: keys, value: p.rhs.clone() }]), p.rhs.span);
        p.lhs = Lhs::Var(root);
    }
}

/// `with (a) { with (b) { s } }` -> `with (a, b) { s }` (only when the body is exactly one with).
fn flatten_withs(stmts: &mut Vec<Stmt>) {
    for s in stmts.iter_mut() {
        if let StmtKind::With(decls, body) = &s.kind {
            let mut all = decls.clone();
            let mut b = body.clone();
            let mut levels = 1;
            while b.len() == 1 {
                if let StmtKind::With(d2, b2) = &b[0].kind {
                    all.extend(d2.iter().cloned());
                    let next = b2.clone();
                    b = next;
                    levels += 1;
                } else {
                    break;
                }
            }
            if levels > 1 {
                s.kind = StmtKind::With(all, b);
            }
        }
        map_children(s, &mut flatten_withs);
    }
}

// ---------------------------------------------------------------- the pass

fn known_names(src_module: &Module, block_src_tokens: &[String]) -> NameCleaner {
    let mut nc = NameCleaner::default();
    for n in src_module.defined_names() {
        nc.add_known(&n);
    }
    for n in block_src_tokens {
        nc.add_known(n);
    }
    nc
}

/// Identifiers of a source range (used to seed PGo-style fresh-name generation).
pub fn identifiers(src: &str, start: usize, end: usize) -> Vec<String> {
    let mut lx = Lexer::slice(src, start, end);
    lx.pcal = true;
    let mut out = Vec::new();
    while let Ok(t) = lx.next_token() {
        match t.kind {
            Kind::Eof => break,
            Kind::Ident => out.push(t.text),
            _ => {}
        }
    }
    out
}

pub fn generate(m: &Module, b: &Block, _opts: Options) -> Result<Block, Diagnostic> {
    generate_with_names(m, b, &[])
}

/// All names a statement tree mentions (PGo seeds its fresh-name generator with every identifier).
fn stmt_names(stmts: &[Stmt], out: &mut Vec<String>) {
    for s in stmts {
        if let StmtKind::With(ds, _) = &s.kind {
            out.extend(ds.iter().map(|d| d.name.name.clone()));
        }
        let _ = crate::mapping::map_stmt_exprs(s, &mut |e| {
            crate::rewrite::map_names(e, &mut |n, _| {
                out.push(n.to_string());
                None
            })
        });
        children(s).into_iter().for_each(|c| stmt_names(c, out));
    }
}

pub fn generate_with_names(m: &Module, b: &Block, idents: &[String]) -> Result<Block, Diagnostic> {
    let macros: HashMap<String, &Macro> = b.macros.iter().map(|m| (m.name.name.clone(), m)).collect();
    // Normalisation (PGo's MPCalNormalizePass) with its own name cleaner.
    let mut norm_names = known_names(m, idents);
    let prep = |body: &[Stmt], after: &str, names: &mut NameCleaner| -> Result<Vec<Stmt>, Diagnostic> {
        let expanded = expand_macros(body, &macros, 0);
        let mut norm = normalize_body(&expanded, after);
        desugar_multiple_assignment(&mut norm, names);
        Ok(norm)
    };
    let proc_bodies: Vec<Vec<Stmt>> = b.mpcal_procedures.iter().map(|p| prep(&p.body, "Error", &mut norm_names)).collect::<Result<_, _>>()?;
    let arch_bodies: Vec<Vec<Stmt>> = b.archetypes.iter().map(|a| prep(&a.body, "Done", &mut norm_names)).collect::<Result<_, _>>()?;
    let mut out = b.clone();
    out.is_mpcal = false;
    out.syntax = Syntax::C;
    out.fairness = Fairness::Unfair;
    out.macros.clear();
    out.mapping_macros.clear();
    out.archetypes.clear();
    out.mpcal_procedures.clear();
    out.instances.clear();
    for p in out.procedures.iter_mut() {
        p.body = prep(&p.body, "Error", &mut norm_names)?;
    }
    for p in out.processes.iter_mut() {
        p.body = prep(&p.body, "Done", &mut norm_names)?;
    }
    // Code generation (PGo's MPCalPCalCodegenPass): a fresh cleaner that knows every name.
    let mut names = known_names(m, idents);
    let mut seen = Vec::new();
    arch_bodies.iter().chain(&proc_bodies).for_each(|bd| stmt_names(bd, &mut seen));
    out.procedures.iter().for_each(|p| stmt_names(&p.body, &mut seen));
    out.processes.iter().for_each(|p| stmt_names(&p.body, &mut seen));
    seen.iter().for_each(|n| names.add_known(n));
    // PGo's separate name cleaner for state variables.
    let mut procgen = crate::mapping::ProcGen::default();
    for (p, bd) in b.mpcal_procedures.iter().zip(&proc_bodies) {
        procgen.procs.insert(p.name.name.clone(), (p, bd.clone()));
    }
    b.vars.iter().for_each(|v| procgen.state_names.add_known(&v.name.name));
    for p in &b.procedures {
        p.params.iter().for_each(|x| procgen.state_names.add_known(&x.name.name));
        p.locals.iter().for_each(|x| procgen.state_names.add_known(&x.name.name));
    }
    for p in &b.processes {
        p.locals.iter().for_each(|x| procgen.state_names.add_known(&x.name.name));
    }
    let archetypes: HashMap<&str, (&Archetype, &Vec<Stmt>)> = b.archetypes.iter().zip(&arch_bodies).map(|(a, bd)| (a.name.name.as_str(), (a, bd))).collect();
    let mapping_macros: HashMap<&str, &MappingMacro> = b.mapping_macros.iter().map(|mm| (mm.name.name.as_str(), mm)).collect();
    let mut generated = Vec::new();
    for inst in &b.instances {
        let (arch, body) = *archetypes.get(inst.archetype.name.as_str()).ok_or_else(|| Diagnostic::new("ArchetypeLookupError", inst.archetype.span.start, "archetype not found"))?;
        let mut ren: HashMap<String, String> = HashMap::new();
        let mut locals = Vec::new();
        for v in &arch.locals {
            let fresh = procgen.state_names.clean(&v.name.name);
            ren.insert(v.name.name.clone(), fresh.clone());
            locals.push(VarDecl { name: Ident { name: fresh, span: v.name.span }, init: v.init.clone(), span: v.span });
        }
        // A variable passed twice gets a distinct stand-in (PGo: a fresh declaration with the
        // same name), so each parameter keeps its own mapping; stand-ins are renamed back below.
        let mut refs_seen: HashMap<String, usize> = HashMap::new();
        let mut repair: HashMap<String, String> = HashMap::new();
        for (arg, param) in inst.args.iter().zip(&arch.params) {
            match arg {
                Arg::Ref { name, .. } => {
                    let k = refs_seen.entry(name.name.clone()).or_insert(0);
                    let target = if *k == 0 { name.name.clone() } else { format!("{}#{}", name.name, k) };
                    *k += 1;
                    if target != name.name {
                        repair.insert(target.clone(), name.name.clone());
                    }
                    ren.insert(param.name.name.clone(), target);
                }
                Arg::Expr(e) => {
                    let fresh = procgen.state_names.clean(&param.name.name);
                    let self_name = inst.name.name.name.clone();
                    let value = map_names(e, &mut |n, sp| (n == self_name).then(|| Expr::new(ExprKind::Name("self".into()), sp)));
                    locals.push(VarDecl { name: Ident { name: fresh.clone(), span: param.span }, init: VarInit::Eq(value), span: param.span });
                    ren.insert(param.name.name.clone(), fresh);
                }
            }
        }
        let mut mappings = HashMap::new();
        for mp in &inst.mappings {
            let Some(pos) = mp.position else { continue };
            let Some(param) = arch.params.get(pos) else { continue };
            let target = ren.get(&param.name.name).cloned().unwrap_or_else(|| param.name.name.clone());
            let mac = mapping_macros.get(mp.macro_name.name.as_str()).ok_or_else(|| Diagnostic::new("MappingMacroLookupError", mp.macro_name.span.start, "mapping macro not found"))?;
            mappings.insert(target, crate::mapping::Mapping { count: mp.mapping_count, mac });
        }
        let renamed = rename_stmts(body, &ren);
        let mut ex = crate::mapping::Expander::new(mappings, &mut names, &mut procgen);
        let body: Vec<Stmt> = renamed.iter().flat_map(|s| ex.apply(s)).collect();
        let body = rename_stmts(&body, &repair);
        generated.push(Process { fairness: inst.fairness, self_decl: inst.name.clone(), locals, body, span: inst.span });
    }
    // Calls to MPCal procedures from PlusCal procedures and processes.
    for p in out.procedures.iter_mut() {
        let mut ex = crate::mapping::Expander::new(HashMap::new(), &mut names, &mut procgen);
        p.body = p.body.iter().flat_map(|s| ex.apply(s)).collect();
    }
    for p in out.processes.iter_mut() {
        let mut ex = crate::mapping::Expander::new(HashMap::new(), &mut names, &mut procgen);
        p.body = p.body.iter().flat_map(|s| ex.apply(s)).collect();
    }
    out.processes.extend(generated);
    out.procedures.extend(procgen.generated.drain(..));
    // Indexed assignments become EXCEPT; then PGo's per-label multiple-writes rewrite.
    let empty = HashMap::new();
    // PGo leaves the archetype definitions in its block while running this rewrite over every
    // label, so their bodies draw fresh names first (the results are discarded with them).
    for body in &arch_bodies {
        let mut body = body.clone();
        projections_to_except(&mut body);
        for s in &body {
            if let StmtKind::Labeled(_, stmts) = &s.kind {
                let _ = crate::mapping::multiple_writes(stmts, &empty, &[], &mut names);
            }
        }
    }
    let bodies: Vec<&mut Vec<Stmt>> = out.procedures.iter_mut().map(|p| &mut p.body).chain(out.processes.iter_mut().map(|p| &mut p.body)).collect();
    for body in bodies {
        projections_to_except(body);
        for s in body.iter_mut() {
            if let StmtKind::Labeled(l, stmts) = &s.kind {
                let rewritten = crate::mapping::multiple_writes(stmts, &empty, &[], &mut names);
                s.kind = StmtKind::Labeled(l.clone(), rewritten);
            }
        }
        flatten_withs(body);
    }
    if let Some(body) = &mut out.body {
        *body = expand_macros(body, &macros, 0);
        desugar_multiple_assignment(body, &mut norm_names);
        projections_to_except(body);
        flatten_withs(body);
    }
    Ok(out)
}
