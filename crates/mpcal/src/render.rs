//! Renders TLA+ expressions, units and PlusCal algorithms exactly the way PGo prints them
//! (fully parenthesised operands, `(f)[x]`, `(r).f`, junction lists as binary operators).

use crate::ast::*;
use crate::desc::D;
use vf_tla::{Bound, DefShape, ExceptKey, Expr, ExprKind, Junction, OpDecl, Unit};

pub fn string_literal(s: &str) -> String {
    let mut out = String::from("\"");
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '"' => out.push_str("\\\""),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            '(' if next == Some('*') => {
                out.push_str("(_*");
                i += 1;
            }
            '*' if next == Some(')') => {
                out.push_str("*_)");
                i += 1;
            }
            c => out.push(c),
        }
        i += 1;
    }
    out.push('"');
    out
}

fn number(digits: &str, base: u32) -> String {
    let prefix = match base {
        2 => "\\b",
        8 => "\\o",
        16 => "\\h",
        _ => "",
    };
    match u128::from_str_radix(digits, base) {
        Ok(v) => {
            let body = match base {
                2 => format!("{v:b}"),
                8 => format!("{v:o}"),
                16 => format!("{v:x}"),
                _ => v.to_string(),
            };
            format!("{prefix}{body}")
        }
        Err(_) => format!("{prefix}{}", digits.trim_start_matches('0')),
    }
}

fn paren(e: &Expr) -> D {
    D::s("(").then(expr(e)).t(")")
}

fn bounds(bs: &[Bound]) -> D {
    D::join(
        bs.iter().map(|b| {
            let ids = b.names.iter().map(|n| n.name.as_str()).collect::<Vec<_>>().join(", ");
            let head = if b.tuple { format!("<<{ids}>>") } else { ids };
            D::s(&head).t(" \\in ").then(expr(&b.set))
        }),
        ", ",
    )
}

fn exprs(es: &[Expr]) -> D {
    D::join(es.iter().map(expr), ", ")
}

fn is_word_op(op: &str) -> bool {
    op.chars().all(|c| c.is_ascii_uppercase())
}

pub fn expr(e: &Expr) -> D {
    use ExprKind::*;
    match &e.kind {
        Name(n) => D::s(n),
        Apply(n, args) => D::s(n).t("(").then(exprs(args)).t(")"),
        Qualified(parts) => D::join(
            parts.iter().map(|(n, args)| if args.is_empty() { D::s(n) } else { D::s(n).t("(").then(exprs(args)).t(")") }),
            "!",
        ),
        Num { digits, base } => D::s(&number(digits, *base)),
        Decimal(d) => D::s(d),
        Str(s) => D::s(&string_literal(s)),
        Bool(b) => D::s(if *b { "TRUE" } else { "FALSE" }),
        At => D::s("@"),
        OpRef(op) => D::s(op),
        Prefix(op, a) => {
            let _ = is_word_op(op);
            D::s(op).t(" ").then(paren(a))
        }
        Infix(..) => {
            // PGo's `(a) op (b)` at every level, built along the left spine by appending only:
            // no recursion per chain element and no re-copying of the growing left part.
            let mut spine = Vec::new();
            let mut cur = e;
            while let Infix(op, a, b) = &cur.kind {
                spine.push((op, &**b));
                cur = a;
            }
            let mut d = D::s(&"(".repeat(spine.len()));
            d.push(expr(cur));
            for (op, b) in spine.iter().rev() {
                d.push_str(&format!(") {op} ("));
                d.push(expr(b));
                d.push_str(")");
            }
            d
        }
        Postfix(op, a) => paren(a).t(&format!(" {op}")),
        JunctionList(j, items) => {
            let op = if *j == Junction::And { "/\\" } else { "\\/" };
            // `((a) op (b)) op (c)`: the opening parentheses first, then append (linear time).
            let mut it = items.iter();
            let first = it.next().expect("non-empty junction list");
            let mut acc = D::s(&"(".repeat(items.len() - 1));
            acc.push(expr(first));
            for item in it {
                acc.push_str(&format!(") {op} "));
                acc.push(paren(item));
            }
            acc
        }
        Times(parts) => D::join(parts.iter().map(paren), " \\X "),
        Dot(a, f) => paren(a).t(".").t(f),
        FnApp(f, args) => paren(f).t("[").then(exprs(args)).t("]"),
        SetEnum(items) => D::s("{").then(exprs(items)).t("}"),
        SetFilter(b, p) => D::s("{").then(bounds(std::slice::from_ref(b))).t(" : ").then(expr(p)).t("}"),
        SetMap(body, bs) => D::s("{").then(expr(body)).t(" : ").then(bounds(bs)).t("}"),
        Tuple(items) => D::s("<<").then(exprs(items)).t(">>"),
        Record(fields) | RecordSet(fields) => {
            if fields.is_empty() {
                return D::s("[ ]");
            }
            let sep = if matches!(e.kind, Record(_)) { " |-> " } else { " : " };
            D::s("[").then(D::join(fields.iter().map(|(n, v)| D::s(n).t(sep).then(expr(v))), ", ")).t("]")
        }
        FnCons(bs, body) => D::s("[").then(bounds(bs)).t(" |-> ").then(expr(body)).t("]"),
        FnSet(a, b) => D::s("[").then(expr(a)).t(" -> ").then(expr(b)).t("]"),
        Except(src, specs) => {
            let subs = specs.iter().map(|s| {
                let keys = D::concat(s.path.iter().map(|k| match k {
                    ExceptKey::Index(idx) => D::s("[").then(exprs(idx)).t("]"),
                    ExceptKey::Field(f) => D::s("[").t(&string_literal(f)).t("]"),
                }));
                D::s("!").then(keys).t(" = ").then(expr(&s.value))
            });
            D::s("[").then(expr(src)).t(" EXCEPT ").then(D::join(subs, ", ")).t("]")
        }
        If(c, a, b) => D::s("IF ").then(expr(c)).t(" THEN ").then(expr(a)).t(" ELSE ").then(expr(b)),
        Case(arms, other) => {
            let (c1, r1) = &arms[0];
            let rest = D::concat(arms[1..].iter().map(|(c, r)| D::s("\n[] ").then(expr(c)).t(" -> ").then(expr(r)))).indented();
            let other = match other {
                Some(o) => D::s("\n[] OTHER -> ").then(expr(o)).indented(),
                None => D::new(),
            };
            D::s("(CASE ").then(expr(c1)).t(" -> ").then(expr(r1)).then(rest).then(other).t(")")
        }
        Let(defs, body) => {
            let ds = D::concat(defs.iter().map(|u| unit(u).ensure_break_after())).indented();
            D::s("LET ").then(ds).t(" IN ").then(expr(body))
        }
        Quant(q, bs, body) => {
            D::s(if *q == vf_tla::ast::Quant::All { "\\A " } else { "\\E " }).then(bounds(bs)).t(" : ").then(expr(body))
        }
        QuantUnbounded(q, names, body) | TemporalQuant(q, names, body) => {
            let ids = names.iter().map(|n| n.name.as_str()).collect::<Vec<_>>().join(", ");
            D::s(if *q == vf_tla::ast::Quant::All { "\\AA " } else { "\\EE " }).t(&ids).t(" : ").then(expr(body))
        }
        Choose { names, tuple, set, body } => {
            let ids = names.iter().map(|n| n.name.as_str()).collect::<Vec<_>>().join(", ");
            let head = if *tuple { format!("<<{ids}>>") } else { ids };
            match set {
                Some(s) => D::s("CHOOSE ").t(&head).t(" \\in ").then(expr(s)).t(" : ").then(expr(body)),
                None => D::s("CHOOSE ").t(&head).t(" : ").then(expr(body)),
            }
        }
        BoxAction(a, v) => D::s("[").then(expr(a)).t("]_").then(expr(v)),
        AngleAction(a, v) => D::s("<<").then(expr(a)).t(">>_").then(expr(v)),
        Fairness { strong, vars, action } => {
            D::s(if *strong { "SF_" } else { "WF_" }).then(expr(vars)).t("(").then(expr(action)).t(")")
        }
        Lambda(names, body) => {
            let ids = names.iter().map(|n| n.name.as_str()).collect::<Vec<_>>().join(", ");
            D::s("LAMBDA ").t(&ids).t(" : ").then(expr(body))
        }
    }
}

fn opdecl(d: &OpDecl) -> D {
    let n = &d.name.name;
    let symbolic = !n.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
    if !symbolic {
        if d.arity == 0 {
            D::s(n)
        } else {
            D::s(&format!("{n}({})", vec!["_"; d.arity].join(", ")))
        }
    } else if vf_tla::parser::is_postfix(n) {
        D::s(&format!("_ {n}"))
    } else if d.arity == 1 {
        D::s(&format!("{n} _"))
    } else {
        D::s(&format!("_ {n} _"))
    }
}

pub fn unit(u: &Unit) -> D {
    let local = |l: bool| if l { "LOCAL " } else { "" };
    match u {
        Unit::Recursive(ds) => D::s("RECURSIVE ").then(D::join(ds.iter().map(opdecl), ", ")),
        Unit::Constants(ds) => D::s("CONSTANTS ").then(D::join(ds.iter().map(opdecl), ", ")),
        Unit::Variables(vs) => D::s("VARIABLES ").t(&vs.iter().map(|v| v.name.as_str()).collect::<Vec<_>>().join(", ")),
        Unit::Assume { body, .. } => D::s("ASSUME ").then(expr(body)),
        Unit::Theorem { body, .. } => D::s("THEOREM ").then(expr(body)),
        Unit::Separator => D::new(),
        Unit::Instance(i) => instance(i),
        Unit::ModuleDef { local: l, name, params, instance: i } => D::s(local(*l))
            .t(&name.name)
            .t("(")
            .then(D::join(params.iter().map(opdecl), ", "))
            .t(") == ")
            .then(instance(i)),
        Unit::FnDef(f) => D::s(local(f.local)).t(&f.name.name).t("[").then(bounds(&f.bounds)).t("] == ").then(expr(&f.body)),
        Unit::OpDef(d) => {
            // PGo prints `f == [x \in S |-> e]` as the function definition `f[x \in S] == e`.
            if let (DefShape::Normal, true, ExprKind::FnCons(bs, body)) = (d.shape, d.params.is_empty(), &d.body.kind) {
                return D::s(local(d.local)).t(&d.name.name).t("[").then(bounds(bs)).t("] == ").then(expr(body));
            }
            let head = match d.shape {
                DefShape::Normal if d.params.is_empty() => D::s(&d.name.name),
                DefShape::Normal => D::s(&d.name.name).t("(").then(D::join(d.params.iter().map(opdecl), ", ")).t(")"),
                DefShape::Prefix => D::s(&format!("{} {}", d.name.name, d.params[0].name.name)),
                DefShape::Postfix => D::s(&format!("{} {}", d.params[0].name.name, d.name.name)),
                DefShape::Infix => D::s(&format!("{} {} {}", d.params[0].name.name, d.name.name, d.params[1].name.name)),
            };
            D::s(local(d.local)).then(head).t(" == ").then(expr(&d.body))
        }
    }
}

fn instance(i: &vf_tla::Instance) -> D {
    let mut d = D::s(if i.local { "LOCAL " } else { "" }).t("INSTANCE ").t(&i.module.name);
    if !i.subs.is_empty() {
        d = d.t(" WITH ").then(D::join(i.subs.iter().map(|(n, e)| D::s(&n.name).t(" <- ").then(expr(e))), ", "));
    }
    d
}

// ---------------------------------------------------------------- PlusCal

pub fn var_decl(v: &VarDecl) -> D {
    match &v.init {
        VarInit::None => D::s(&v.name.name),
        VarInit::Eq(e) => D::s(&v.name.name).t(" = ").then(expr(e)),
        VarInit::In(e) => D::s(&v.name.name).t(" \\in ").then(expr(e)),
    }
}

fn lhs(l: &Lhs) -> D {
    match l {
        Lhs::Var(i) => D::s(&i.name),
        Lhs::DollarVariable(_) => D::s("$variable"),
        Lhs::Index(b, idx, _) => lhs(b).t("[").then(exprs(idx)).t("]"),
    }
}

fn arg(a: &Arg) -> D {
    match a {
        Arg::Ref { name, mapping_count, .. } => D::s("ref ").t(&name.name).t(&"[_]".repeat((*mapping_count).max(0) as usize)),
        Arg::Expr(e) => expr(e),
    }
}

fn block_of(stmts: &[Stmt]) -> D {
    D::s("{\n").then(statements(stmts, true).indented()).t("\n}")
}

pub fn statement(s: &Stmt) -> D {
    use StmtKind::*;
    match &s.kind {
        Call(t, args) => D::s("call ").t(&t.name).t("(").then(D::join(args.iter().map(arg), ", ")).t(")"),
        Assert(e) => D::s("assert ").then(expr(e)),
        Assign(pairs) => D::join(pairs.iter().map(|p| lhs(&p.lhs).t(" := ").then(expr(&p.rhs))), " || "),
        Await(e) => D::s("await ").then(expr(e)),
        Either(cases) => D::s("either ").then(D::join(cases.iter().map(|c| block_of(c)), " or ")),
        Goto(l) => D::s("goto ").t(l),
        If(c, yes, no) => {
            let mut d = D::s("if (").then(expr(c)).t(") ").then(block_of(yes));
            if !no.is_empty() {
                d = d.t(" else ").then(block_of(no));
            }
            d
        }
        Labeled(label, body) => {
            // PGo prints the modifiers the other way round; we match its output.
            let m = match label.modifier {
                LabelModifier::Plus => "-",
                LabelModifier::Minus => "+",
                LabelModifier::None => "",
            };
            D::s(&label.name).t(m).t(":\n").then(statements(body, false).indented())
        }
        MacroCall(t, args) => D::s(&t.name).t("(").then(exprs(args)).t(")"),
        Print(e) => D::s("print ").then(expr(e)),
        Return => D::s("return"),
        Skip => D::s("skip"),
        While(c, body) => D::s("while (").then(expr(c)).t(") ").then(block_of(body)),
        With(decls, body) => {
            let b = block_of(body);
            if decls.len() > 1 {
                let ds = D::join(decls.iter().map(|d| D::s("\n").then(var_decl(d))), ", ").indented();
                D::s("with (").then(ds).t("\n) ").then(b)
            } else {
                D::s("with (").then(D::join(decls.iter().map(var_decl), ", ")).t(") ").then(b)
            }
        }
        Yield(e) => D::s("yield ").then(expr(e)),
    }
}

pub fn statements(stmts: &[Stmt], tail_semicolon: bool) -> D {
    if tail_semicolon {
        D::concat(stmts.iter().map(|s| statement(s).t(";").ensure_break_before()))
    } else {
        D::join(stmts.iter().map(|s| statement(s).ensure_break_before()), ";")
    }
}

fn fairness_prefix(f: Fairness) -> &'static str {
    match f {
        Fairness::Unfair => "",
        Fairness::Weak => "fair ",
        Fairness::Strong => "fair+ ",
    }
}

fn variables_line(vars: &[VarDecl]) -> D {
    D::s("\nvariables").then(D::concat(vars.iter().map(|v| D::s(" ").then(var_decl(v)).t(";")))).indented()
}

fn param_decl(p: &Param, default: Option<&Expr>) -> D {
    let d = D::s(&p.name.name);
    match default {
        Some(v) => d.t(" = ").then(expr(v)),
        None => d,
    }
}

/// A plain PlusCal algorithm (no archetypes/instances) in PGo's layout.
pub fn algorithm(b: &Block) -> D {
    let header = match b.fairness {
        Fairness::Unfair => "--algorithm",
        Fairness::Weak => "--fair algorithm",
        Fairness::Strong => "--fair+ algorithm",
    };
    let mut d = D::s(header).t(" ").t(&b.name.name).t(" {");
    if !b.vars.is_empty() {
        d = d.then(variables_line(&b.vars));
    }
    if !b.defns.is_empty() {
        let units = D::concat(b.defns.iter().filter(|u| !matches!(u, Unit::Separator)).map(|u| D::s("\n").then(unit(u)).indented()));
        d = d.then(D::s("\ndefine{").then(units).t("\n}").indented());
    }
    let macros = D::concat(b.macros.iter().map(|m| {
        let params = m.params.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ");
        D::s("\n\nmacro ").t(&m.name.name).t("(").t(&params).t(") {").then(statements(&m.body, true).indented()).t("\n}")
    }));
    d = d.then(macros.indented());
    let procs = D::concat(b.mpcal_procedures.iter().chain(&b.procedures).map(|p| {
        let params = D::join(p.params.iter().zip(&p.param_defaults).map(|(q, dft)| param_decl(q, dft.as_ref())), ", ");
        let mut pd = D::s("\n\nprocedure ").t(&p.name.name).t("(").then(params).t(")");
        if !p.locals.is_empty() {
            let locals = D::concat(p.locals.iter().map(|v| {
                let init = match &v.init {
                    VarInit::Eq(e) | VarInit::In(e) => D::s(" = ").then(expr(e)),
                    VarInit::None => D::new(),
                };
                D::s(" ").t(&v.name.name).then(init).t(";")
            }));
            pd = pd.then(D::s("\nvariables").then(locals).indented());
        }
        pd.t("\n{").then(statements(&p.body, true).indented()).t("\n}")
    }));
    d = d.then(procs.indented());
    match &b.body {
        Some(stmts) => d = d.t("\n{").then(statements(stmts, true).indented()).t("\n}"),
        None => {
            let procs = D::concat(b.processes.iter().map(|p| {
                let mut pd = D::s("\n\n").t(fairness_prefix(p.fairness)).t("process (").then(var_decl(&p.self_decl)).t(")");
                if !p.locals.is_empty() {
                    pd = pd.then(variables_line(&p.locals));
                }
                pd.t("\n{\n").then(statements(&p.body, true).indented()).t("\n}")
            }));
            d = d.then(procs.indented());
        }
    }
    d.t("\n}")
}
