//! Prints a TLA+ AST as source that parses back to the same tree. Every compound operand is
//! parenthesised (the tree keeps no parentheses), and bulleted lists are laid out one item per line
//! at the bullet's column, so the column rule re-creates exactly the same lists.

use crate::ast::*;
use crate::parser::{infix_prec, is_postfix, prefix_prec};

#[derive(Default)]
pub struct Printer {
    pub out: String,
    col: usize,
}

pub fn print_expr(e: &Expr) -> String {
    let mut p = Printer::default();
    p.expr(e);
    p.out
}

pub fn print_module(m: &Module) -> String {
    let mut p = Printer::default();
    p.module(m);
    p.out
}

/// Operands that never need parentheses.
fn is_atomic(e: &Expr) -> bool {
    !matches!(
        e.kind,
        ExprKind::Prefix(..)
            | ExprKind::Infix(..)
            | ExprKind::Times(..)
            | ExprKind::If(..)
            | ExprKind::Case(..)
            | ExprKind::Let(..)
            | ExprKind::Quant(..)
            | ExprKind::QuantUnbounded(..)
            | ExprKind::TemporalQuant(..)
            | ExprKind::Choose { .. }
            | ExprKind::JunctionList(..)
            | ExprKind::Lambda(..)
            | ExprKind::Postfix(..)
    )
}

/// Infix operators that TLA+ defines as left-associative: `a op b op c` means `(a op b) op c`.
fn is_left_assoc(op: &str) -> bool {
    matches!(
        op,
        "/\\" | "\\/" | "+" | "-" | "*" | "++" | "--" | "**" | "\\union" | "\\cup" | "\\intersect" | "\\cap" | "\\o"
            | "\\cdot" | "@@" | "||" | "&&" | "(+)" | "(-)" | "(.)" | "\\sqcap" | "\\sqcup" | "\\uplus" | "%%"
    )
}

pub fn escape_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Printer {
    pub fn w(&mut self, s: &str) {
        match s.rfind('\n') {
            Some(i) => self.col = s[i + 1..].chars().count(),
            None => self.col += s.chars().count(),
        }
        self.out.push_str(s);
    }

    fn newline_at(&mut self, col: usize) {
        self.w("\n");
        self.w(&" ".repeat(col));
    }

    fn operand(&mut self, e: &Expr) {
        if is_atomic(e) {
            self.expr(e);
        } else {
            self.w("(");
            self.expr(e);
            self.w(")");
        }
    }

    fn list(&mut self, es: &[Expr]) {
        for (i, e) in es.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.expr(e);
        }
    }

    fn idents(&mut self, ids: &[Ident]) {
        let names: Vec<&str> = ids.iter().map(|i| i.name.as_str()).collect();
        self.w(&names.join(", "));
    }

    fn bounds(&mut self, bs: &[Bound]) {
        for (i, b) in bs.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            if b.tuple {
                self.w("<<");
                self.idents(&b.names);
                self.w(">>");
            } else {
                self.idents(&b.names);
            }
            self.w(" \\in ");
            self.expr(&b.set);
        }
    }

    pub fn expr(&mut self, e: &Expr) {
        use ExprKind::*;
        match &e.kind {
            Name(n) => self.w(n),
            Apply(n, args) => {
                self.w(n);
                self.w("(");
                self.list(args);
                self.w(")");
            }
            Qualified(parts) => {
                for (i, (n, args)) in parts.iter().enumerate() {
                    if i > 0 {
                        self.w("!");
                    }
                    self.w(n);
                    if !args.is_empty() {
                        self.w("(");
                        self.list(args);
                        self.w(")");
                    }
                }
            }
            Num { digits, base } => {
                let prefix = match base {
                    2 => "\\b",
                    8 => "\\o",
                    16 => "\\h",
                    _ => "",
                };
                self.w(prefix);
                self.w(digits);
            }
            Decimal(d) => self.w(d),
            Str(s) => self.w(&escape_string(s)),
            Bool(b) => self.w(if *b { "TRUE" } else { "FALSE" }),
            At => self.w("@"),
            OpRef(op) => self.w(op),
            Prefix(op, a) => {
                self.w(op);
                if op.chars().all(|c| c.is_ascii_alphabetic()) {
                    self.w(" ");
                }
                self.operand(a);
            }
            Infix(op, _, _) => {
                // A chain `a op b op c` of one left-associative operator is printed without
                // recursion and without parentheses (it re-parses to the same left-deep tree), so
                // long chains print in linear time and their output stays within the parser's
                // nesting limit.
                let mut spine = Vec::new();
                let mut cur = e;
                while let Infix(o, a, b) = &cur.kind {
                    if !spine.is_empty() && (o != op || !is_left_assoc(op)) {
                        break;
                    }
                    spine.push(&**b);
                    cur = a;
                }
                self.operand(cur);
                for b in spine.iter().rev() {
                    self.w(" ");
                    self.w(op);
                    self.w(" ");
                    self.operand(b);
                }
            }
            Postfix(op, a) => {
                self.operand(a);
                self.w(op);
            }
            Times(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        self.w(" \\X ");
                    }
                    self.operand(p);
                }
            }
            Dot(a, f) => {
                self.operand(a);
                self.w(".");
                self.w(f);
            }
            FnApp(f, args) => {
                self.operand(f);
                self.w("[");
                self.list(args);
                self.w("]");
            }
            SetEnum(items) => {
                self.w("{");
                self.list(items);
                self.w("}");
            }
            SetFilter(b, p) => {
                self.w("{");
                self.bounds(std::slice::from_ref(b));
                self.w(" : ");
                self.expr(p);
                self.w("}");
            }
            SetMap(body, bs) => {
                self.w("{");
                self.expr(body);
                self.w(" : ");
                self.bounds(bs);
                self.w("}");
            }
            Tuple(items) => {
                self.w("<<");
                self.list(items);
                self.w(">>");
            }
            Record(fields) | RecordSet(fields) => {
                let sep = if matches!(e.kind, Record(_)) { " |-> " } else { " : " };
                self.w("[");
                for (i, (n, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.w(n);
                    self.w(sep);
                    self.expr(v);
                }
                self.w("]");
            }
            FnCons(bs, body) => {
                self.w("[");
                self.bounds(bs);
                self.w(" |-> ");
                self.expr(body);
                self.w("]");
            }
            FnSet(a, b) => {
                self.w("[");
                self.expr(a);
                self.w(" -> ");
                self.expr(b);
                self.w("]");
            }
            Except(f, specs) => {
                self.w("[");
                self.expr(f);
                self.w(" EXCEPT ");
                for (i, s) in specs.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.w("!");
                    for k in &s.path {
                        match k {
                            ExceptKey::Index(idx) => {
                                self.w("[");
                                self.list(idx);
                                self.w("]");
                            }
                            ExceptKey::Field(f) => {
                                self.w(".");
                                self.w(f);
                            }
                        }
                    }
                    self.w(" = ");
                    self.expr(&s.value);
                }
                self.w("]");
            }
            If(c, a, b) => {
                self.w("IF ");
                self.expr(c);
                self.w(" THEN ");
                self.expr(a);
                self.w(" ELSE ");
                self.expr(b);
            }
            Case(arms, other) => {
                self.w("CASE ");
                for (i, (g, v)) in arms.iter().enumerate() {
                    if i > 0 {
                        self.w(" [] ");
                    }
                    self.operand(g);
                    self.w(" -> ");
                    self.operand(v);
                }
                if let Some(o) = other {
                    self.w(" [] OTHER -> ");
                    self.operand(o);
                }
            }
            Let(defs, body) => {
                let col = self.col;
                self.w("LET");
                for d in defs {
                    self.newline_at(col + 4);
                    self.unit(d);
                }
                self.newline_at(col);
                self.w("IN  ");
                self.expr(body);
            }
            Quant(q, bs, body) => {
                self.w(if *q == crate::ast::Quant::All { "\\A " } else { "\\E " });
                self.bounds(bs);
                self.w(" : ");
                self.expr(body);
            }
            QuantUnbounded(q, names, body) | TemporalQuant(q, names, body) => {
                let t = matches!(e.kind, TemporalQuant(..));
                self.w(match (q, t) {
                    (crate::ast::Quant::All, false) => "\\A ",
                    (crate::ast::Quant::Exists, false) => "\\E ",
                    (crate::ast::Quant::All, true) => "\\AA ",
                    (crate::ast::Quant::Exists, true) => "\\EE ",
                });
                self.idents(names);
                self.w(" : ");
                self.expr(body);
            }
            Choose { names, tuple, set, body } => {
                self.w("CHOOSE ");
                if *tuple {
                    self.w("<<");
                    self.idents(names);
                    self.w(">>");
                } else {
                    self.idents(names);
                }
                if let Some(s) = set {
                    self.w(" \\in ");
                    self.expr(s);
                }
                self.w(" : ");
                self.expr(body);
            }
            JunctionList(j, items) => {
                let col = self.col;
                let bullet = if *j == Junction::And { "/\\ " } else { "\\/ " };
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        self.newline_at(col);
                    }
                    self.w(bullet);
                    self.expr(it);
                }
            }
            BoxAction(a, v) => {
                self.w("[");
                self.expr(a);
                self.w("]_");
                self.operand(v);
            }
            AngleAction(a, v) => {
                self.w("<<");
                self.expr(a);
                self.w(">>_");
                self.operand(v);
            }
            Fairness { strong, vars, action } => {
                self.w(if *strong { "SF_" } else { "WF_" });
                self.operand(vars);
                self.w("(");
                self.expr(action);
                self.w(")");
            }
            Lambda(names, body) => {
                self.w("LAMBDA ");
                self.idents(names);
                self.w(" : ");
                self.expr(body);
            }
        }
    }

    fn opdecl(&mut self, d: &OpDecl) {
        let n = &d.name.name;
        let symbolic = !n.chars().next().map(|c| c.is_ascii_alphanumeric() || c == '_').unwrap_or(false);
        if !symbolic {
            self.w(n);
            if d.arity > 0 {
                self.w("(");
                self.w(&vec!["_"; d.arity].join(", "));
                self.w(")");
            }
        } else if d.arity == 2 || infix_prec(n).is_some() && prefix_prec(n).is_none() && !is_postfix(n) {
            self.w(&format!("_ {n} _"));
        } else if is_postfix(n) {
            self.w(&format!("_{n}"));
        } else {
            self.w(&format!("{n} _"));
        }
    }

    fn opdecls(&mut self, ds: &[OpDecl]) {
        for (i, d) in ds.iter().enumerate() {
            if i > 0 {
                self.w(", ");
            }
            self.opdecl(d);
        }
    }

    fn instance(&mut self, i: &Instance) {
        if i.local {
            self.w("LOCAL ");
        }
        self.w("INSTANCE ");
        self.w(&i.module.name);
        if !i.subs.is_empty() {
            self.w(" WITH ");
            for (k, (n, e)) in i.subs.iter().enumerate() {
                if k > 0 {
                    self.w(", ");
                }
                self.w(&n.name);
                self.w(" <- ");
                self.expr(e);
            }
        }
    }

    pub fn unit(&mut self, u: &Unit) {
        match u {
            Unit::Constants(ds) => {
                self.w("CONSTANTS ");
                self.opdecls(ds);
            }
            Unit::Recursive(ds) => {
                self.w("RECURSIVE ");
                self.opdecls(ds);
            }
            Unit::Variables(vs) => {
                self.w("VARIABLES ");
                self.idents(vs);
            }
            Unit::Assume { name, body, .. } | Unit::Theorem { name, body, .. } => {
                let kw = match u {
                    Unit::Theorem { keyword, .. } => keyword.as_str(),
                    _ => "ASSUME",
                };
                self.w(kw);
                self.w(" ");
                if let Some(n) = name {
                    self.w(&n.name);
                    self.w(" == ");
                }
                self.expr(body);
            }
            Unit::OpDef(d) => {
                if d.local {
                    self.w("LOCAL ");
                }
                match d.shape {
                    DefShape::Normal => {
                        self.w(&d.name.name);
                        if !d.params.is_empty() {
                            self.w("(");
                            self.opdecls(&d.params);
                            self.w(")");
                        }
                    }
                    DefShape::Infix => self.w(&format!("{} {} {}", d.params[0].name.name, d.name.name, d.params[1].name.name)),
                    DefShape::Prefix => self.w(&format!("{} {}", d.name.name, d.params[0].name.name)),
                    DefShape::Postfix => self.w(&format!("{}{}", d.params[0].name.name, d.name.name)),
                }
                self.w(" == ");
                self.expr(&d.body);
            }
            Unit::FnDef(d) => {
                if d.local {
                    self.w("LOCAL ");
                }
                self.w(&d.name.name);
                self.w("[");
                self.bounds(&d.bounds);
                self.w("] == ");
                self.expr(&d.body);
            }
            Unit::Instance(i) => self.instance(i),
            Unit::ModuleDef { local, name, params, instance } => {
                if *local {
                    self.w("LOCAL ");
                }
                self.w(&name.name);
                if !params.is_empty() {
                    self.w("(");
                    self.opdecls(params);
                    self.w(")");
                }
                self.w(" == ");
                self.instance(instance);
            }
            Unit::Separator => self.w("----"),
        }
    }

    pub fn module(&mut self, m: &Module) {
        self.w(&format!("---- MODULE {} ----\n", m.name));
        if !m.extends.is_empty() {
            self.w("EXTENDS ");
            self.idents(&m.extends);
            self.w("\n");
        }
        for u in &m.units {
            self.w("\n");
            self.unit(u);
            self.w("\n");
        }
        self.w("====\n");
    }
}
