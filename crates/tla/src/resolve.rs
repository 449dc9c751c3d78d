//! Name resolution, kept apart from parsing so the model checker and code generators can reuse
//! it. Names visible to TLA+ and PlusCal code: standard-module builtins, module definitions (only
//! those before `\* BEGIN TRANSLATION`, as PGo reads them), and a stack of local frames.

use std::collections::HashMap;
use crate::ast::{Bound, Expr, ExprKind, Ident, Module, Unit};

/// What a name refers to; enough for PGo's kind and assignability checks.
#[derive(Clone, Debug, PartialEq)]
pub enum Def {
    Builtin,
    /// Constant, operator or other module-level definition (not assignable).
    Module,
    /// Module `VARIABLE` (TLA+ state, not a PlusCal variable).
    ModuleVariable,
    Define,
    /// PlusCal state: global variable, process/procedure/archetype local (assignable).
    State,
    /// Archetype/procedure parameter (assignable); `ref` with its `[_]` count, or a value.
    Param { is_ref: bool, mapping_count: i32, span: crate::ast::Span },
    /// Names bound by `with`, quantifiers, LET, operator parameters, `self`, `$value` ...
    Bound,
}

pub const BUILTINS: &[&str] = &[
    "TRUE", "FALSE", "BOOLEAN", "STRING", "defaultInitValue", "Print", "PrintT", "Assert", "JavaTime",
    "Permutations", "SortSeq", "ToString", "TLCGet", "TLCSet", "RandomElement", "Any", "TLCEval", "Seq",
    "Len", "Append", "Head", "Tail", "SubSeq", "SelectSeq", "IsFiniteSet", "Cardinality", "IsABag",
    "BagToSet", "SetToBag", "BagIn", "EmptyBag", "CopiesIn", "BagUnion", "SubBag", "BagOfAll",
    "BagCardinality", "Nat", "Int", "Real", "Infinity",
];

#[derive(Clone, Debug, Default)]
pub struct Scope {
    frames: Vec<HashMap<String, Def>>,
}

impl Scope {
    pub fn new() -> Self {
        let mut s = Scope { frames: vec![HashMap::new()] };
        for b in BUILTINS {
            s.define(b, Def::Builtin);
        }
        s
    }

    /// Builtins plus the module's definitions that appear before `translation_start`.
    pub fn for_module(m: &Module, translation_start: usize) -> Self {
        let mut s = Scope::new();
        for u in &m.units {
            if unit_start(u).map(|o| o >= translation_start).unwrap_or(false) {
                break;
            }
            define_unit(&mut s, u, Def::Module);
        }
        s
    }

    pub fn push(&mut self) {
        self.frames.push(HashMap::new());
    }
    pub fn pop(&mut self) {
        self.frames.pop();
    }
    pub fn define(&mut self, name: &str, def: Def) {
        self.frames.last_mut().unwrap().insert(name.to_string(), def);
    }
    pub fn lookup(&self, name: &str) -> Option<&Def> {
        self.frames.iter().rev().find_map(|f| f.get(name))
    }
}

fn unit_start(u: &Unit) -> Option<usize> {
    match u {
        Unit::OpDef(d) => Some(d.span.start),
        Unit::FnDef(d) => Some(d.span.start),
        Unit::Constants(ds) | Unit::Recursive(ds) => ds.first().map(|d| d.name.span.start),
        Unit::Variables(vs) => vs.first().map(|v| v.span.start),
        Unit::Assume { span, .. } | Unit::Theorem { span, .. } => Some(span.start),
        Unit::Instance(i) => Some(i.span.start),
        Unit::ModuleDef { name, .. } => Some(name.span.start),
        Unit::Separator => None,
    }
}

pub fn define_unit(s: &mut Scope, u: &Unit, kind: Def) {
    match u {
        Unit::Constants(ds) | Unit::Recursive(ds) => ds.iter().for_each(|d| s.define(&d.name.name, kind.clone())),
        Unit::Variables(vs) => {
            let k = if kind == Def::Module { Def::ModuleVariable } else { kind.clone() };
            vs.iter().for_each(|v| s.define(&v.name, k.clone()))
        }
        Unit::OpDef(d) => s.define(&d.name.name, kind),
        Unit::FnDef(d) => s.define(&d.name.name, kind),
        Unit::ModuleDef { name, .. } => s.define(&name.name, kind),
        // Instances bring in another module's names, which we cannot see: accept them later.
        _ => {}
    }
}

/// Walks an expression, calling `unknown(ident_name, span)` for every name not in scope.
pub fn resolve_expr(s: &mut Scope, e: &Expr, unknown: &mut dyn FnMut(&str, crate::ast::Span)) {
    use ExprKind::*;
    let bounds = |s: &mut Scope, bs: &[Bound], unknown: &mut dyn FnMut(&str, crate::ast::Span)| {
        for b in bs {
            resolve_expr(s, &b.set, unknown);
        }
        s.push();
        for b in bs {
            for n in &b.names {
                s.define(&n.name, Def::Bound);
            }
        }
    };
    match &e.kind {
        Name(n) | Apply(n, _) => {
            if !n.contains('!') && !n.starts_with('$') && s.lookup(n).is_none() {
                unknown(n, e.span);
            }
            if let Apply(_, args) = &e.kind {
                args.iter().for_each(|a| resolve_expr(s, a, unknown));
            }
        }
        // the instance's module is not resolved here (as for `M!Op`); its arguments are
        Qualified(parts) => parts.iter().flat_map(|(_, args)| args).for_each(|a| resolve_expr(s, a, unknown)),
        Num { .. } | Decimal(_) | Str(_) | Bool(_) | At | OpRef(_) => {}
        Prefix(_, a) | Postfix(_, a) | Dot(a, _) => resolve_expr(s, a, unknown),
        Infix(..) => {
            // a left-deep operator chain: down its spine in a loop (no recursion per element),
            // then the right operands in source order, as the recursive walk visits them
            let mut rights = Vec::new();
            let mut cur = e;
            while let Infix(_, a, b) = &cur.kind {
                rights.push(&**b);
                cur = a;
            }
            resolve_expr(s, cur, unknown);
            for b in rights.iter().rev() {
                resolve_expr(s, b, unknown);
            }
        }
        FnSet(a, b) | BoxAction(a, b) | AngleAction(a, b) => {
            resolve_expr(s, a, unknown);
            resolve_expr(s, b, unknown);
        }
        Fairness { vars, action, .. } => {
            resolve_expr(s, vars, unknown);
            resolve_expr(s, action, unknown);
        }
        Times(v) | SetEnum(v) | Tuple(v) | JunctionList(_, v) => v.iter().for_each(|a| resolve_expr(s, a, unknown)),
        FnApp(f, args) => {
            resolve_expr(s, f, unknown);
            args.iter().for_each(|a| resolve_expr(s, a, unknown));
        }
        Record(fs) | RecordSet(fs) => fs.iter().for_each(|(_, v)| resolve_expr(s, v, unknown)),
        Except(f, specs) => {
            resolve_expr(s, f, unknown);
            for sp in specs {
                for k in &sp.path {
                    if let crate::ast::ExceptKey::Index(idx) = k {
                        idx.iter().for_each(|a| resolve_expr(s, a, unknown));
                    }
                }
                resolve_expr(s, &sp.value, unknown);
            }
        }
        If(a, b, c) => {
            resolve_expr(s, a, unknown);
            resolve_expr(s, b, unknown);
            resolve_expr(s, c, unknown);
        }
        Case(arms, other) => {
            for (g, v) in arms {
                resolve_expr(s, g, unknown);
                resolve_expr(s, v, unknown);
            }
            if let Some(o) = other {
                resolve_expr(s, o, unknown);
            }
        }
        Let(defs, body) => {
            s.push();
            for d in defs {
                resolve_unit(s, d, unknown);
                define_unit(s, d, Def::Bound);
            }
            resolve_expr(s, body, unknown);
            s.pop();
        }
        SetFilter(b, p) => {
            bounds(s, std::slice::from_ref(b), unknown);
            resolve_expr(s, p, unknown);
            s.pop();
        }
        SetMap(body, bs) | FnCons(bs, body) | Quant(_, bs, body) => {
            bounds(s, bs, unknown);
            resolve_expr(s, body, unknown);
            s.pop();
        }
        QuantUnbounded(_, names, body) | TemporalQuant(_, names, body) | Lambda(names, body) => {
            s.push();
            names.iter().for_each(|n: &Ident| s.define(&n.name, Def::Bound));
            resolve_expr(s, body, unknown);
            s.pop();
        }
        Choose { names, set, body, .. } => {
            if let Some(st) = set {
                resolve_expr(s, st, unknown);
            }
            s.push();
            names.iter().for_each(|n| s.define(&n.name, Def::Bound));
            resolve_expr(s, body, unknown);
            s.pop();
        }
    }
}

/// Resolves the body of a definition unit (parameters bound; recursive self-reference only if
/// the name is already declared, e.g. by RECURSIVE).
pub fn resolve_unit(s: &mut Scope, u: &Unit, unknown: &mut dyn FnMut(&str, crate::ast::Span)) {
    match u {
        Unit::OpDef(d) => {
            s.push();
            d.params.iter().for_each(|p| s.define(&p.name.name, Def::Bound));
            resolve_expr(s, &d.body, unknown);
            s.pop();
        }
        Unit::FnDef(d) => {
            for b in &d.bounds {
                resolve_expr(s, &b.set, unknown);
            }
            s.push();
            // A function definition may refer to itself.
            s.define(&d.name.name, Def::Bound);
            d.bounds.iter().flat_map(|b| &b.names).for_each(|n| s.define(&n.name, Def::Bound));
            resolve_expr(s, &d.body, unknown);
            s.pop();
        }
        Unit::Assume { body, .. } | Unit::Theorem { body, .. } => resolve_expr(s, body, unknown),
        Unit::Instance(i) | Unit::ModuleDef { instance: i, .. } => {
            i.subs.iter().for_each(|(_, e)| resolve_expr(s, e, unknown));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unknowns(src: &str) -> Vec<String> {
        let m = crate::parse_module(src).unwrap();
        let mut s = Scope::new();
        let mut out = Vec::new();
        for u in &m.units {
            resolve_unit(&mut s, u, &mut |n, _| out.push(n.to_string()));
            define_unit(&mut s, u, Def::Module);
        }
        out
    }

    #[test]
    fn bound_names_and_earlier_definitions_resolve() {
        let src = "---- MODULE R ----\nCONSTANT N\nVARIABLE v\nA == N + 1\nB(x) == \\A y \\in 1..x : y < A /\\ LET z == y IN z = v\nC == {q \\in 1..N : q > 0}\nf[i \\in 1..N] == IF i = 0 THEN 0 ELSE f[i - 1]\n====\n";
        assert!(unknowns(src).is_empty(), "{:?}", unknowns(src));
    }

    #[test]
    fn later_definitions_and_unknown_names_do_not_resolve() {
        let src = "---- MODULE R ----\nA == B + Missing\nB == 1\nC == \\E x \\in {1} : y\n====\n";
        assert_eq!(unknowns(src), vec!["B", "Missing", "y"]);
    }
}
