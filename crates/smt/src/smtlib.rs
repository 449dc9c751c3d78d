//! SMT-LIB2 text: printing terms and queries, and reading what solvers print
//! back (answers, errors, `get-value` results).
//!
//! Shared sub-terms (used more than once) are printed once as
//! `(define-fun vf!tN () S body)` and referenced by name, so DAG-shaped
//! formulas from the bpf track stay linear in size. The `vf!` prefix is
//! reserved for these names.

use crate::error::SmtError;
use crate::eval::{ArrayValue, Value};
use crate::term::{FuncDecl, Op, Sort, Term};
use crate::BitVec;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

/// `name` as an SMT-LIB symbol: bare when it is a simple symbol, else `|name|`.
pub fn quote_symbol(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    let reserved = matches!(
        name,
        "true" | "false" | "as" | "let" | "forall" | "exists" | "!" | "_" | "par" | "NUMERAL" | "DECIMAL" | "STRING"
    );
    if simple && !reserved {
        name.to_string()
    } else {
        // `|` and `\` cannot occur inside a quoted symbol.
        format!("|{}|", name.replace(['|', '\\'], "_"))
    }
}

/// A term printed in full (no sharing); used for `Debug`/`Display`.
pub fn term_to_string(t: &Term) -> String {
    let mut out = String::new();
    write_term(t, &HashMap::new(), &mut out);
    out
}

fn leaf_text(t: &Term) -> Option<String> {
    match t.op() {
        Op::Var(name, _) => Some(quote_symbol(name)),
        Op::BoolConst(b) => Some(b.to_string()),
        Op::BvConst(v) => Some(v.to_smtlib()),
        _ => None,
    }
}

/// Writes `t`, using `names` for already defined nodes. Iterative, so deep
/// terms (long store chains) cannot overflow the stack.
fn write_term(t: &Term, names: &HashMap<Term, String>, out: &mut String) {
    enum Item<'a> {
        Term(&'a Term),
        Close,
        Space,
    }
    let mut stack = vec![Item::Term(t)];
    while let Some(item) = stack.pop() {
        match item {
            Item::Close => out.push(')'),
            Item::Space => out.push(' '),
            Item::Term(t) => {
                if let Some(n) = names.get(t) {
                    out.push_str(n);
                } else if let Some(leaf) = leaf_text(t) {
                    out.push_str(&leaf);
                } else if t.args().is_empty() {
                    // nullary uninterpreted function: a bare symbol, not `(f )`
                    out.push_str(&t.op().smtlib_name());
                } else {
                    match t.op() {
                        Op::ConstArray { .. } => {
                            let _ = write!(out, "((as const {}) ", t.sort().to_smtlib());
                        }
                        op => {
                            let _ = write!(out, "({} ", op.smtlib_name());
                        }
                    }
                    stack.push(Item::Close);
                    for (i, a) in t.args().iter().enumerate().rev() {
                        stack.push(Item::Term(a));
                        if i > 0 {
                            stack.push(Item::Space);
                        }
                    }
                }
            }
        }
    }
}

#[derive(Default)]
struct EmitFrame {
    /// Variables declared in this scope: name -> (sort, solver symbol).
    vars: HashMap<Arc<str>, (Sort, String)>,
    funcs: HashMap<String, Arc<FuncDecl>>,
    /// Shared nodes defined in this scope.
    defined: Vec<Term>,
    /// Solver symbols created in this scope.
    symbols: Vec<String>,
}

/// Incremental SMT-LIB2 writer: remembers, per push level, which symbols are
/// declared and which shared nodes are defined, so each is sent once.
///
/// In `global` mode (the Bitwuzla session: declarations survive `pop` in the
/// solver) symbols are never forgotten: a variable re-declared after a pop
/// reuses its old symbol, and one re-declared with another sort gets a fresh
/// alias `vf!aN`.
pub(crate) struct Emitter {
    frames: Vec<EmitFrame>,
    names: HashMap<Term, String>,
    next_name: usize,
    global: bool,
    /// Symbols the solver currently knows.
    live: std::collections::HashSet<String>,
    /// Global mode: declarations of popped scopes, still valid in the solver.
    dormant: HashMap<(Arc<str>, Sort), String>,
}

impl Emitter {
    pub(crate) fn new() -> Emitter {
        Emitter::with_mode(false)
    }

    pub(crate) fn with_mode(global: bool) -> Emitter {
        Emitter {
            frames: vec![EmitFrame::default()],
            names: HashMap::new(),
            next_name: 0,
            global,
            live: Default::default(),
            dormant: HashMap::new(),
        }
    }

    pub(crate) fn push(&mut self) {
        self.frames.push(EmitFrame::default());
    }

    pub(crate) fn pop(&mut self) {
        if self.frames.len() <= 1 {
            return;
        }
        let f = self.frames.pop().expect("frame");
        if self.global {
            for (name, (sort, sym)) in f.vars {
                self.dormant.insert((name, sort), sym);
            }
            return;
        }
        for t in f.defined {
            self.names.remove(&t);
        }
        for sym in f.symbols {
            self.live.remove(&sym);
        }
    }

    fn declared_var(&self, name: &str) -> Option<&(Sort, String)> {
        self.frames.iter().rev().find_map(|f| f.vars.get(name))
    }

    fn declared_func(&self, name: &str) -> Option<&Arc<FuncDecl>> {
        self.frames.iter().rev().find_map(|f| f.funcs.get(name))
    }

    /// The solver symbol of a variable in scope.
    pub(crate) fn var_symbol(&self, name: &str, sort: Sort) -> Option<&str> {
        self.declared_var(name).filter(|(s, _)| *s == sort).map(|(_, sym)| sym.as_str())
    }

    /// Declares the free symbols of `roots` and defines their shared nodes;
    /// after this, `print` can write any of `roots`.
    pub(crate) fn prepare(&mut self, roots: &[Term], out: &mut String) -> Result<(), SmtError> {
        let order = Term::postorder(roots);
        self.declare(&order, out)?;
        self.define_shared(&order, out);
        Ok(())
    }

    fn new_symbol(&mut self, sym: String) {
        self.live.insert(sym.clone());
        self.frames.last_mut().expect("frame").symbols.push(sym);
    }

    fn declare_var(&mut self, t: &Term, name: &Arc<str>, sort: Sort, out: &mut String) -> Result<(), SmtError> {
        if name.starts_with("vf!") {
            return Err(SmtError::Usage(format!("variable name `{name}`: the prefix vf! is reserved")));
        }
        match self.declared_var(name) {
            Some((s, _)) if *s == sort => return Ok(()),
            Some((s, _)) => return Err(SmtError::Usage(format!("variable `{name}` used with sorts {s} and {sort}"))),
            None => {}
        }
        if self.declared_func(name).is_some() {
            return Err(SmtError::Usage(format!("`{name}` is both a variable and a function")));
        }
        let sym = match self.dormant.remove(&(name.clone(), sort)) {
            Some(sym) => sym,
            None => {
                let plain = quote_symbol(name);
                let sym = if self.live.contains(&plain) {
                    let alias = format!("vf!a{}", self.next_name);
                    self.next_name += 1;
                    alias
                } else {
                    plain
                };
                let _ = writeln!(out, "(declare-const {sym} {})", sort.to_smtlib());
                self.new_symbol(sym.clone());
                sym
            }
        };
        if sym != quote_symbol(name) {
            self.names.insert(t.clone(), sym.clone());
        }
        self.frames.last_mut().expect("frame").vars.insert(name.clone(), (sort, sym));
        Ok(())
    }

    fn declare(&mut self, order: &[Term], out: &mut String) -> Result<(), SmtError> {
        for t in order {
            match t.op() {
                Op::Var(name, sort) => self.declare_var(t, name, *sort, out)?,
                Op::Apply(f) => match (self.declared_func(&f.name), self.declared_var(&f.name)) {
                    (Some(g), _) if **g == **f => {}
                    (Some(_), _) | (None, Some(_)) => {
                        return Err(SmtError::Usage(format!("function `{}` declared twice with different sorts", f.name)))
                    }
                    (None, None) => {
                        let sym = quote_symbol(&f.name);
                        if !self.live.contains(&sym) {
                            let dom: Vec<String> = f.domain.iter().map(|s| s.to_smtlib()).collect();
                            let _ = writeln!(out, "(declare-fun {sym} ({}) {})", dom.join(" "), f.range.to_smtlib());
                            self.new_symbol(sym);
                        } else if !self.global {
                            return Err(SmtError::Usage(format!("function `{}` clashes with a live symbol", f.name)));
                        }
                        self.frames.last_mut().expect("frame").funcs.insert(f.name.clone(), f.clone());
                    }
                },
                _ => {}
            }
        }
        Ok(())
    }

    /// Defines every non-leaf node that has more than one parent in `order`.
    fn define_shared(&mut self, order: &[Term], out: &mut String) {
        let mut parents: HashMap<&Term, u32> = HashMap::new();
        for t in order {
            for a in t.args() {
                *parents.entry(a).or_insert(0) += 1;
            }
        }
        for t in order {
            let shared = parents.get(t).copied().unwrap_or(0) > 1;
            if !shared || t.args().is_empty() || self.names.contains_key(t) {
                continue;
            }
            let name = format!("vf!t{}", self.next_name);
            self.next_name += 1;
            let mut body = String::new();
            write_term(t, &self.names, &mut body);
            let _ = writeln!(out, "(define-fun {name} () {} {body})", t.sort().to_smtlib());
            self.names.insert(t.clone(), name);
            self.frames.last_mut().expect("frame").defined.push(t.clone());
        }
    }

    /// Writes `t` using the names defined so far (call `prepare` first).
    pub(crate) fn print(&self, t: &Term, out: &mut String) {
        write_term(t, &self.names, out);
    }

    pub(crate) fn assert(&mut self, terms: &[Term], out: &mut String) -> Result<(), SmtError> {
        self.prepare(terms, out)?;
        for t in terms {
            out.push_str("(assert ");
            self.print(t, out);
            out.push_str(")\n");
        }
        Ok(())
    }
}

/// A self-contained satisfiability question: assertions, optional
/// assumptions (for `check-sat-assuming`). Export with [`Query::to_smtlib2`].
#[derive(Clone, Debug, Default)]
pub struct Query {
    pub assertions: Vec<Term>,
    pub assumptions: Vec<Term>,
}

impl Query {
    pub fn new() -> Query {
        Query::default()
    }

    pub fn assert(&mut self, t: &Term) -> &mut Query {
        self.assertions.push(t.clone());
        self
    }

    /// The narrowest standard logic covering the query.
    pub fn logic(&self) -> &'static str {
        let all: Vec<Term> = self.assertions.iter().chain(&self.assumptions).cloned().collect();
        let order = Term::postorder(&all);
        let arrays = order.iter().any(|t| matches!(t.sort(), Sort::Array { .. }));
        let ufs = order.iter().any(|t| matches!(t.op(), Op::Apply(_)));
        match (arrays, ufs) {
            (false, false) => "QF_BV",
            (true, false) => "QF_ABV",
            (false, true) => "QF_UFBV",
            (true, true) => "QF_AUFBV",
        }
    }

    /// A complete SMT-LIB2 script (set-logic, declarations, definitions of
    /// shared sub-terms, assertions, check-sat or check-sat-assuming, exit)
    /// that any SMT-LIB2 solver can re-check.
    pub fn to_smtlib2(&self) -> Result<String, SmtError> {
        let mut out = String::new();
        let _ = writeln!(out, "; vf-smt query ({} assertions)", self.assertions.len());
        let _ = writeln!(out, "(set-logic {})", self.logic());
        let mut em = Emitter::new();
        em.assert(&self.assertions, &mut out)?;
        if self.assumptions.is_empty() {
            out.push_str("(check-sat)\n");
        } else {
            em.prepare(&self.assumptions, &mut out)?;
            out.push_str("(check-sat-assuming (");
            for (i, a) in self.assumptions.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                em.print(a, &mut out);
            }
            out.push_str("))\n");
        }
        out.push_str("(exit)\n");
        Ok(out)
    }
}

// ---------------------------------------------------------------- reading

/// A parsed S-expression of solver output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Atom(String),
    /// A `"..."` string literal, unescaped.
    Str(String),
    List(Vec<Sexp>),
}

impl Sexp {
    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(a) => Some(a),
            _ => None,
        }
    }

    pub fn list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(l) => Some(l),
            _ => None,
        }
    }
}

/// Parses all S-expressions in `text` (solver output).
pub fn parse_sexps(text: &str) -> Result<Vec<Sexp>, String> {
    let bytes = text.as_bytes();
    let mut pos = 0;
    let mut stack: Vec<Vec<Sexp>> = vec![Vec::new()];
    while pos < bytes.len() {
        let c = bytes[pos];
        match c {
            b'(' => {
                stack.push(Vec::new());
                pos += 1;
            }
            b')' => {
                if stack.len() < 2 {
                    return Err(format!("unbalanced ')' at byte {pos}"));
                }
                let done = stack.pop().expect("list");
                stack.last_mut().expect("outer").push(Sexp::List(done));
                pos += 1;
            }
            b';' => {
                while pos < bytes.len() && bytes[pos] != b'\n' {
                    pos += 1;
                }
            }
            b'"' => {
                let mut s = String::new();
                pos += 1;
                loop {
                    match bytes.get(pos) {
                        None => return Err("unterminated string".into()),
                        Some(b'"') if bytes.get(pos + 1) == Some(&b'"') => {
                            s.push('"');
                            pos += 2;
                        }
                        Some(b'"') => {
                            pos += 1;
                            break;
                        }
                        Some(_) => {
                            let ch = text[pos..].chars().next().expect("char");
                            s.push(ch);
                            pos += ch.len_utf8();
                        }
                    }
                }
                stack.last_mut().expect("list").push(Sexp::Str(s));
            }
            b'|' => {
                let end = text[pos + 1..].find('|').ok_or("unterminated |symbol|")?;
                let sym = &text[pos + 1..pos + 1 + end];
                stack.last_mut().expect("list").push(Sexp::Atom(sym.to_string()));
                pos += end + 2;
            }
            c if c.is_ascii_whitespace() => pos += 1,
            _ => {
                let start = pos;
                while pos < bytes.len() && !bytes[pos].is_ascii_whitespace() && !b"()\";|".contains(&bytes[pos]) {
                    pos += 1;
                }
                stack.last_mut().expect("list").push(Sexp::Atom(text[start..pos].to_string()));
            }
        }
    }
    if stack.len() != 1 {
        return Err("unbalanced '(' at end of output".into());
    }
    Ok(stack.pop().expect("top"))
}

/// Parses a value a solver printed for a term of sort `sort`.
pub(crate) fn parse_value(s: &Sexp, sort: Sort) -> Result<Value, String> {
    parse_value_in(s, sort, &HashMap::new())
}

fn parse_value_in(s: &Sexp, sort: Sort, env: &HashMap<String, Sexp>) -> Result<Value, String> {
    if let Sexp::Atom(a) = s {
        if let Some(bound) = env.get(a) {
            return parse_value_in(bound, sort, env);
        }
    }
    match sort {
        Sort::Bool => match s.atom() {
            Some("true") => Ok(Value::Bool(true)),
            Some("false") => Ok(Value::Bool(false)),
            _ => Err(format!("expected a Bool value, got {s:?}")),
        },
        Sort::Bv(w) => {
            let text = sexp_text(s);
            match BitVec::parse_smtlib(&text) {
                Some(b) if b.width() == w => Ok(Value::Bv(b)),
                _ => Err(format!("expected a (_ BitVec {w}) value, got {text}")),
            }
        }
        Sort::Array { index, elem } => {
            let l = s.list().ok_or_else(|| format!("expected an array value, got {s:?}"))?;
            let head = l.first().map(sexp_text).unwrap_or_default();
            if head == "let" && l.len() == 3 {
                let mut env2 = env.clone();
                for b in l[1].list().ok_or("bad let bindings")? {
                    let pair = b.list().filter(|p| p.len() == 2).ok_or("bad let binding")?;
                    env2.insert(sexp_text(&pair[0]), pair[1].clone());
                }
                return parse_value_in(&l[2], sort, &env2);
            }
            if head == "store" && l.len() == 4 {
                let base = parse_value_in(&l[1], sort, env)?;
                let i = parse_value_in(&l[2], Sort::Bv(index), env)?;
                let v = parse_value_in(&l[3], Sort::Bv(elem), env)?;
                let arr = base.as_array().expect("array").store(i.as_bv().expect("bv"), v.as_bv().expect("bv"));
                return Ok(Value::Array(arr));
            }
            if l.len() == 2 && sexp_text(&l[0]).starts_with("(as const") {
                let d = parse_value_in(&l[1], Sort::Bv(elem), env)?;
                return Ok(Value::Array(ArrayValue::constant(index, d.as_bv().expect("bv").clone())));
            }
            Err(format!("unsupported array value form: {}", sexp_text(s)))
        }
    }
}

/// Canonical text of an S-expression (single spaces).
pub fn sexp_text(s: &Sexp) -> String {
    match s {
        Sexp::Atom(a) => a.clone(),
        Sexp::Str(t) => format!("\"{}\"", t.replace('"', "\"\"")),
        Sexp::List(l) => format!("({})", l.iter().map(sexp_text).collect::<Vec<_>>().join(" ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_subterms_are_defined_once() {
        let x = Term::bv_var("x", 32);
        let s = x.bvmul(&x).bvadd(&Term::bv_const(32, 1));
        let q = Query { assertions: vec![s.eq(&s.bvmul(&s))], assumptions: vec![] };
        let text = q.to_smtlib2().unwrap();
        assert_eq!(text.matches("define-fun").count(), 1, "{text}");
        assert_eq!(text.matches("(bvmul x x)").count(), 1, "{text}");
        assert!(text.contains("(set-logic QF_BV)"));
        assert!(text.contains("(declare-const x (_ BitVec 32))"));
    }

    #[test]
    fn conflicting_declarations_are_rejected() {
        let q = Query { assertions: vec![Term::bv_var("x", 8).eq(&Term::bv_const(8, 0)), Term::bool_var("x")], assumptions: vec![] };
        assert!(q.to_smtlib2().is_err());
    }

    #[test]
    fn nullary_functions_print_as_symbols() {
        let f = FuncDecl::new("get_prandom", vec![], Sort::Bv(32));
        let t = Term::apply(&f, &[]).eq(&Term::bv_const(32, 4));
        assert_eq!(term_to_string(&t), "(= get_prandom #x00000004)");
        let q = Query { assertions: vec![t], assumptions: vec![] };
        assert!(q.to_smtlib2().unwrap().contains("(declare-fun get_prandom () (_ BitVec 32))"));
    }

    #[test]
    fn odd_names_are_quoted() {
        assert_eq!(quote_symbol("r0.next"), "r0.next");
        assert_eq!(quote_symbol("mem[3]"), "|mem[3]|");
        assert_eq!(quote_symbol("1x"), "|1x|");
    }

    #[test]
    fn deep_terms_print_without_recursion() {
        let mut m = Term::array_var("m", 64, 8);
        for i in 0..100_000u64 {
            m = m.store(&Term::bv_const(64, i), &Term::bv_const(8, i));
        }
        assert!(term_to_string(&m).starts_with("(store (store"));
    }

    #[test]
    fn reads_array_values_with_let_and_store() {
        let out = parse_sexps("((a (let ((b ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x07))) (store b #x1 #b00000101))))").unwrap();
        let v = out[0].list().unwrap()[0].list().unwrap()[1].clone();
        let a = parse_value(&v, Sort::Array { index: 4, elem: 8 }).unwrap();
        let a = a.as_array().unwrap();
        assert_eq!(a.get(&BitVec::from_u64(4, 1)), BitVec::from_u64(8, 5));
        assert_eq!(a.get(&BitVec::from_u64(4, 2)), BitVec::from_u64(8, 7));
    }
}
