//! PlusCal (C and P syntax) and Modular PlusCal parser. It runs on the TLA+ token stream of the
//! algorithm comment (lexed in PlusCal mode) and uses `vf_tla::Parser` for expressions and
//! `define` blocks, so spans are byte offsets into the whole file.

use crate::ast::*;
use vf_tla::lexer::{Kind, Lexer, Token};
use vf_tla::{Diagnostic, Expr, ExprKind, Ident, Span};

pub type PResult<T> = Result<T, Diagnostic>;

/// Where the algorithm block is: offset of `--mpcal`/`--algorithm`/`--fair` and of the end of the
/// comment that contains it.
#[derive(Clone, Copy, Debug)]
pub struct BlockLocation {
    pub start: usize,
    pub comment_end: usize,
}

/// Finds the first `--mpcal`, `--algorithm` or `--fair algorithm` inside a `(* *)` comment.
pub fn locate_block(src: &str) -> Option<BlockLocation> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    let mut found: Option<usize> = None;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'*') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b[i] == b'(' && b.get(i + 1) == Some(&b'*') {
            depth += 1;
            i += 2;
            continue;
        }
        if b[i] == b'*' && b.get(i + 1) == Some(&b')') && depth > 0 {
            depth -= 1;
            i += 2;
            if depth == 0 {
                if let Some(start) = found {
                    return Some(BlockLocation { start, comment_end: i - 2 });
                }
            }
            continue;
        }
        if depth > 0 && found.is_none() && b[i] == b'-' && b.get(i + 1) == Some(&b'-') {
            let rest = &src[i + 2..];
            let is_tag = |w: &str| rest.starts_with(w) && !rest[w.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_');
            if is_tag("mpcal") || is_tag("algorithm") || (is_tag("fair") && rest[4..].trim_start().starts_with("algorithm")) {
                found = Some(i);
            }
        }
        i += 1;
    }
    found.map(|start| BlockLocation { start, comment_end: src.len() })
}

pub struct PcalParser {
    pub p: vf_tla::Parser,
    syntax: Syntax,
    is_mpcal: bool,
    /// Inside a mapping macro: `yield` and `$variable` are allowed.
    in_mapping_macro: bool,
}

fn ident_of(t: &Token) -> Ident {
    Ident { name: t.text.clone(), span: Span::new(t.start, t.end) }
}

impl PcalParser {
    pub fn new(src: &str, loc: BlockLocation) -> PResult<Self> {
        let mut lx = Lexer::slice(src, loc.start, loc.comment_end);
        lx.pcal = true;
        let toks = lx.tokenize()?;
        let mut p = vf_tla::Parser::new(toks);
        p.pcal = true;
        Ok(PcalParser { p, syntax: Syntax::C, is_mpcal: false, in_mapping_macro: false })
    }

    fn peek(&self) -> &Token {
        self.p.peek()
    }
    fn is_word(&self, w: &str) -> bool {
        let t = self.peek();
        t.kind == Kind::Ident && t.text == w
    }
    fn is_word_n(&self, n: usize, w: &str) -> bool {
        let t = self.p.peek_n(n);
        t.kind == Kind::Ident && t.text == w
    }
    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.p.advance();
            true
        } else {
            false
        }
    }
    fn expect_word(&mut self, w: &str) -> PResult<Token> {
        if self.is_word(w) {
            Ok(self.p.advance())
        } else {
            Err(self.p.error_here(&format!("`{w}`")))
        }
    }
    fn sym(&mut self, s: &str) -> PResult<Token> {
        self.p.expect_sym(s)
    }
    fn expr(&mut self) -> PResult<Expr> {
        self.p.parse_expr()
    }

    // ------------------------------------------------------------ block

    pub fn parse_block(&mut self) -> PResult<Block> {
        let start = self.peek().start;
        self.sym("--")?;
        let mut fairness = Fairness::Unfair;
        if self.eat_word("mpcal") {
            self.is_mpcal = true;
        } else if self.eat_word("fair") {
            fairness = if self.p.eat_sym("+") { Fairness::Strong } else { Fairness::Weak };
            self.expect_word("algorithm")?;
        } else {
            self.expect_word("algorithm")?;
        }
        let name = self.p.expect_ident()?;
        self.syntax = if self.peek().is_sym("{") { Syntax::C } else { Syntax::P };
        if self.syntax == Syntax::C {
            self.sym("{")?;
        }
        let mut b = Block {
            is_mpcal: self.is_mpcal,
            syntax: self.syntax,
            fairness,
            name,
            defns: vec![],
            macros: vec![],
            mpcal_procedures: vec![],
            mapping_macros: vec![],
            archetypes: vec![],
            vars: vec![],
            instances: vec![],
            procedures: vec![],
            body: None,
            processes: vec![],
            span: Span::new(start, start),
        };
        let mut seen_state = false;
        loop {
            let t = self.peek().clone();
            if self.syntax == Syntax::C && t.is_sym("}") {
                self.p.advance();
                break;
            }
            if self.syntax == Syntax::P && self.is_word("end") && self.is_word_n(1, "algorithm") {
                self.p.advance();
                self.p.advance();
                break;
            }
            if t.kind == Kind::Eof {
                return Err(self.p.error_here("end of the algorithm block"));
            }
            if self.is_word("define") {
                b.defns = self.parse_define()?;
            } else if self.is_word("variables") || self.is_word("variable") {
                b.vars.extend(self.parse_var_decls()?);
                seen_state = true;
            } else if self.is_word("macro") {
                b.macros.push(self.parse_macro()?);
            } else if self.is_word("procedure") {
                let proc = self.parse_procedure()?;
                if self.is_mpcal && !seen_state && b.archetypes.is_empty() && b.mapping_macros.is_empty() {
                    b.mpcal_procedures.push(proc);
                } else {
                    b.procedures.push(proc);
                }
            } else if self.is_word("mapping") && self.is_word_n(1, "macro") {
                b.mapping_macros.push(self.parse_mapping_macro()?);
            } else if self.is_word("archetype") {
                b.archetypes.push(self.parse_archetype()?);
            } else if self.is_word("fair") || self.is_word("process") {
                seen_state = true;
                self.parse_process_or_instance(&mut b)?;
            } else if (self.syntax == Syntax::C && t.is_sym("{")) || (self.syntax == Syntax::P && self.is_word("begin")) {
                b.body = Some(self.parse_body("algorithm")?);
                self.p.eat_sym(";");
                if self.syntax == Syntax::P {
                    break; // `begin ... end algorithm` closes the block
                }
            } else {
                return Err(self.p.error_here("a PlusCal declaration, process or body"));
            }
        }
        b.span = Span::new(start, self.p.last_end());
        Ok(b)
    }

    fn parse_define(&mut self) -> PResult<Vec<vf_tla::Unit>> {
        self.expect_word("define")?;
        let c = self.syntax == Syntax::C || self.peek().is_sym("{");
        if c {
            self.sym("{")?;
        }
        let mut units = Vec::new();
        loop {
            if c && self.peek().is_sym("}") {
                self.p.advance();
                break;
            }
            if !c && self.is_word("end") && self.is_word_n(1, "define") {
                self.p.advance();
                self.p.advance();
                break;
            }
            units.push(self.p.parse_unit()?);
        }
        self.p.eat_sym(";");
        Ok(units)
    }

    fn looks_like_var_decl(&self) -> bool {
        let t = self.peek();
        if t.kind != Kind::Ident {
            return false;
        }
        let n = self.p.peek_n(1);
        n.is_sym("=") || n.is_sym("\\in") || n.is_sym(";") || n.is_sym(",")
    }

    fn parse_var_decl(&mut self, allow_empty: bool) -> PResult<VarDecl> {
        let name = self.p.expect_ident()?;
        let start = name.span.start;
        let init = if self.p.eat_sym("=") {
            VarInit::Eq(self.expr()?)
        } else if self.p.eat_sym("\\in") {
            VarInit::In(self.expr()?)
        } else if allow_empty {
            VarInit::None
        } else {
            return Err(self.p.error_here("`=` or `\\in`"));
        };
        Ok(VarDecl { name, init, span: Span::new(start, self.p.last_end()) })
    }

    fn parse_var_decls(&mut self) -> PResult<Vec<VarDecl>> {
        self.p.advance(); // variables
        let mut v = Vec::new();
        while self.looks_like_var_decl() {
            v.push(self.parse_var_decl(true)?);
            if !(self.p.eat_sym(";") || self.p.eat_sym(",")) {
                // P syntax allows the last declaration without a separator before `begin`.
                if self.syntax == Syntax::P {
                    break;
                }
                return Err(self.p.error_here("`;` or `,` after variable declaration"));
            }
        }
        Ok(v)
    }

    /// `ref x[_]`, `ref x^` or `x`.
    fn parse_param(&mut self) -> PResult<Param> {
        let start = self.peek().start;
        if self.eat_word("ref") {
            let name = self.p.expect_ident()?;
            let count = self.parse_ref_suffix();
            return Ok(Param { name, is_ref: true, mapping_count: count, span: Span::new(start, self.p.last_end()) });
        }
        let name = self.p.expect_ident()?;
        Ok(Param { name, is_ref: false, mapping_count: 0, span: Span::new(start, self.p.last_end()) })
    }

    fn parse_ref_suffix(&mut self) -> i32 {
        if self.p.eat_sym("^") {
            return -1;
        }
        let mut n = 0;
        while self.peek().is_sym("[") && self.p.peek_n(1).is_sym("_") && self.p.peek_n(2).is_sym("]") {
            self.p.advance();
            self.p.advance();
            self.p.advance();
            n += 1;
        }
        n
    }

    fn parse_arg(&mut self) -> PResult<Arg> {
        if self.is_word("ref") && self.p.peek_n(1).kind == Kind::Ident {
            let start = self.p.advance().start;
            let name = self.p.expect_ident()?;
            let count = self.parse_ref_suffix();
            return Ok(Arg::Ref { name, mapping_count: count, span: Span::new(start, self.p.last_end()) });
        }
        Ok(Arg::Expr(self.expr()?))
    }

    fn parse_args(&mut self) -> PResult<Vec<Arg>> {
        self.sym("(")?;
        let mut args = Vec::new();
        if !self.peek().is_sym(")") {
            args.push(self.parse_arg()?);
            while self.p.eat_sym(",") {
                args.push(self.parse_arg()?);
            }
        }
        self.sym(")")?;
        Ok(args)
    }

    fn parse_macro(&mut self) -> PResult<Macro> {
        let start = self.expect_word("macro")?.start;
        let name = self.p.expect_ident()?;
        self.sym("(")?;
        let mut params = Vec::new();
        if !self.peek().is_sym(")") {
            params.push(self.p.expect_ident()?);
            while self.p.eat_sym(",") {
                params.push(self.p.expect_ident()?);
            }
        }
        self.sym(")")?;
        let body = self.parse_body("macro")?;
        self.p.eat_sym(";");
        Ok(Macro { name, params, body, span: Span::new(start, self.p.last_end()) })
    }

    fn parse_procedure(&mut self) -> PResult<Procedure> {
        let start = self.expect_word("procedure")?.start;
        let name = self.p.expect_ident()?;
        self.sym("(")?;
        let mut params = Vec::new();
        let mut defaults = Vec::new();
        if !self.peek().is_sym(")") {
            loop {
                params.push(self.parse_param()?);
                defaults.push(if self.p.eat_sym("=") { Some(self.expr()?) } else { None });
                if !self.p.eat_sym(",") {
                    break;
                }
            }
        }
        self.sym(")")?;
        let mut locals = Vec::new();
        if self.eat_word("variables") || self.eat_word("variable") {
            loop {
                locals.push(self.parse_var_decl(true)?);
                let sep = self.p.eat_sym(";") || self.p.eat_sym(",");
                if !sep || !self.looks_like_var_decl() {
                    break;
                }
            }
        }
        let body = self.parse_body("procedure")?;
        self.p.eat_sym(";");
        Ok(Procedure { name, params, param_defaults: defaults, locals, body, span: Span::new(start, self.p.last_end()) })
    }

    fn parse_mapping_macro(&mut self) -> PResult<MappingMacro> {
        let start = self.expect_word("mapping")?.start;
        self.expect_word("macro")?;
        let name = self.p.expect_ident()?;
        self.sym("{")?;
        self.in_mapping_macro = true;
        self.expect_word("read")?;
        let read = self.compound()?;
        self.expect_word("write")?;
        let write = self.compound()?;
        self.in_mapping_macro = false;
        self.sym("}")?;
        self.p.eat_sym(";");
        Ok(MappingMacro { name, read, write, span: Span::new(start, self.p.last_end()) })
    }

    fn parse_archetype(&mut self) -> PResult<Archetype> {
        let start = self.expect_word("archetype")?.start;
        let name = self.p.expect_ident()?;
        self.sym("(")?;
        let mut params = Vec::new();
        if !self.peek().is_sym(")") {
            params.push(self.parse_param()?);
            while self.p.eat_sym(",") {
                params.push(self.parse_param()?);
            }
        }
        self.sym(")")?;
        let mut locals = Vec::new();
        if self.is_word("variables") || self.is_word("variable") {
            locals = self.parse_var_decls()?;
        }
        let body = self.compound()?;
        self.p.eat_sym(";");
        Ok(Archetype { name, params, locals, body, span: Span::new(start, self.p.last_end()) })
    }

    fn parse_process_or_instance(&mut self, b: &mut Block) -> PResult<()> {
        let start = self.peek().start;
        let mut fairness = Fairness::Unfair;
        if self.eat_word("fair") {
            fairness = if self.p.eat_sym("+") { Fairness::Strong } else { Fairness::Weak };
        }
        self.expect_word("process")?;
        let paren = self.p.eat_sym("(");
        let self_decl = self.parse_var_decl(false)?;
        if paren {
            self.sym(")")?;
        }
        if self.p.eat_sym("==") {
            self.expect_word("instance")?;
            let archetype = self.p.expect_ident()?;
            let args = self.parse_args()?;
            let mut mappings = Vec::new();
            while self.is_word("mapping") {
                mappings.push(self.parse_mapping(&args)?);
            }
            self.sym(";")?;
            b.instances.push(Instance { fairness, name: self_decl, archetype, args, mappings, span: Span::new(start, self.p.last_end()) });
            return Ok(());
        }
        let mut locals = Vec::new();
        if self.is_word("variables") || self.is_word("variable") {
            locals = self.parse_var_decls()?;
        }
        let body = self.parse_body("process")?;
        self.p.eat_sym(";");
        b.processes.push(Process { fairness, self_decl, locals, body, span: Span::new(start, self.p.last_end()) });
        Ok(())
    }

    fn parse_mapping(&mut self, args: &[Arg]) -> PResult<Mapping> {
        let start = self.expect_word("mapping")?.start;
        let tstart = self.peek().start;
        let (position, target_name) = if self.p.eat_sym("@") {
            let t = self.p.advance();
            let n: usize = t.text.parse().map_err(|_| Diagnostic::parse(t.start, "expected a position after `@`"))?;
            if n == 0 || n > args.len() {
                return Err(Diagnostic::new("MappingIndexOutOfBounds", t.start, format!("mapping position {n} is out of bounds (1..{})", args.len())));
            }
            (Some(n - 1), None)
        } else {
            let id = self.p.expect_ident()?;
            let pos = args.iter().position(|a| matches!(a, Arg::Ref { name, .. } if name.name == id.name));
            if pos.is_none() {
                return Err(Diagnostic::new("MappingLookupError", id.span.start, format!("`{}` is not a ref argument of this instance", id.name)));
            }
            (pos, Some(id))
        };
        let count = self.parse_ref_suffix();
        let target_span = Span::new(tstart, self.p.last_end());
        self.expect_word("via")?;
        let macro_name = self.p.expect_ident()?;
        Ok(Mapping { position, target_name, mapping_count: count, target_span, macro_name, span: Span::new(start, self.p.last_end()) })
    }

    // ------------------------------------------------------------ statements

    fn parse_body(&mut self, suffix: &str) -> PResult<Vec<Stmt>> {
        if self.syntax == Syntax::C {
            return self.compound();
        }
        self.expect_word("begin")?;
        let stmts = self.p_stmts(&["end"])?;
        self.expect_word("end")?;
        self.expect_word(suffix)?;
        Ok(stmts)
    }

    /// C syntax `{ stmts; ... }`.
    fn compound(&mut self) -> PResult<Vec<Stmt>> {
        self.p.enter()?;
        let r = self.compound_inner();
        self.p.leave();
        r
    }

    fn compound_inner(&mut self) -> PResult<Vec<Stmt>> {
        self.sym("{")?;
        let mut out = Vec::new();
        loop {
            out.extend(self.c_stmts()?);
            let semi = self.p.eat_sym(";");
            if self.peek().is_sym("}") {
                self.p.advance();
                return Ok(out);
            }
            if !semi {
                return Err(self.p.error_here("`;` or `}`"));
            }
        }
    }

    fn at_label(&self) -> bool {
        self.peek().kind == Kind::Ident && self.p.peek_n(1).is_sym(":")
    }

    fn c_stmts(&mut self) -> PResult<Vec<Stmt>> {
        if self.peek().is_sym("{") {
            return self.compound();
        }
        if self.at_label() {
            return Ok(vec![self.labeled(Syntax::C)?]);
        }
        Ok(vec![self.unlabeled()?])
    }

    fn label(&mut self) -> PResult<Label> {
        let t = self.p.advance();
        self.sym(":")?;
        let modifier = if self.p.eat_sym("+") {
            LabelModifier::Plus
        } else if self.p.eat_sym("-") {
            LabelModifier::Minus
        } else {
            LabelModifier::None
        };
        Ok(Label { name: t.text.clone(), modifier, span: Span::new(t.start, t.end) })
    }

    fn labeled(&mut self, syntax: Syntax) -> PResult<Stmt> {
        self.p.enter()?;
        let r = self.labeled_inner(syntax);
        self.p.leave();
        r
    }

    fn labeled_inner(&mut self, syntax: Syntax) -> PResult<Stmt> {
        let start = self.peek().start;
        let label = self.label()?;
        let mut body = Vec::new();
        if syntax == Syntax::C && self.peek().is_sym("{") {
            body = self.compound()?;
        } else {
            body.push(self.unlabeled()?);
            // A label extends over the following unlabeled statements.
            loop {
                let save = self.p.pos;
                if !self.p.eat_sym(";") {
                    break;
                }
                if self.at_label() || !self.starts_unlabeled() {
                    self.p.pos = save;
                    break;
                }
                body.push(self.unlabeled()?);
            }
            if syntax == Syntax::P {
                self.sym(";")?;
            }
        }
        Ok(Stmt { kind: StmtKind::Labeled(label, body), span: Span::new(start, self.p.last_end()) })
    }

    fn starts_unlabeled(&self) -> bool {
        let t = self.peek();
        match t.kind {
            Kind::Ident => {
                const KW: &[&str] = &["if", "while", "either", "with", "await", "when", "print", "assert", "skip", "return", "goto", "call", "yield"];
                if KW.contains(&t.text.as_str()) {
                    return true;
                }
                if ["end", "or", "else", "elsif", "begin", "do", "then"].contains(&t.text.as_str()) {
                    return false;
                }
                let n = self.p.peek_n(1);
                n.is_sym("(") || n.is_sym("[") || n.is_sym(".") || n.is_sym(":=")
            }
            Kind::Kw => self.p.peek_n(1).is_sym(":="),
            _ => false,
        }
    }

    fn unlabeled(&mut self) -> PResult<Stmt> {
        self.p.enter()?;
        let r = self.unlabeled_inner();
        self.p.leave();
        r
    }

    fn unlabeled_inner(&mut self) -> PResult<Stmt> {
        let t = self.peek().clone();
        let start = t.start;
        let mk = |s: &Self, kind| Stmt { kind, span: Span::new(start, s.p.last_end()) };
        if t.kind == Kind::Kw && self.p.peek_n(1).is_sym(":=") {
            return self.parse_assignment();
        }
        if t.kind != Kind::Ident {
            return Err(self.p.error_here("a statement"));
        }
        let word = t.text.as_str();
        let is_kw_here = |s: &Self| !s.p.peek_n(1).is_sym(":=");
        match word {
            "if" if is_kw_here(self) => self.parse_if(),
            "while" if is_kw_here(self) => {
                self.p.advance();
                if self.syntax == Syntax::C {
                    self.sym("(")?;
                    let c = self.expr()?;
                    self.sym(")")?;
                    let body = self.c_stmts()?;
                    Ok(mk(self, StmtKind::While(c, body)))
                } else {
                    let c = self.expr()?;
                    self.expect_word("do")?;
                    let body = self.p_stmts(&["end"])?;
                    self.expect_word("end")?;
                    self.expect_word("while")?;
                    Ok(mk(self, StmtKind::While(c, body)))
                }
            }
            "either" if is_kw_here(self) => {
                self.p.advance();
                let mut cases = Vec::new();
                if self.syntax == Syntax::C {
                    cases.push(self.c_stmts()?);
                    loop {
                        let save = self.p.pos;
                        self.p.eat_sym(";");
                        if !self.eat_word("or") {
                            self.p.pos = save;
                            break;
                        }
                        cases.push(self.c_stmts()?);
                    }
                } else {
                    cases.push(self.p_stmts(&["or", "end"])?);
                    while self.eat_word("or") {
                        cases.push(self.p_stmts(&["or", "end"])?);
                    }
                    self.expect_word("end")?;
                    self.expect_word("either")?;
                }
                Ok(mk(self, StmtKind::Either(cases)))
            }
            "with" if is_kw_here(self) => {
                self.p.advance();
                let c = self.syntax == Syntax::C;
                if c {
                    self.sym("(")?;
                }
                let mut decls = vec![self.parse_var_decl(false)?];
                loop {
                    let save = self.p.pos;
                    if self.p.eat_sym(";") || self.p.eat_sym(",") {
                        if self.peek().kind == Kind::Ident && !self.is_word("do") {
                            decls.push(self.parse_var_decl(false)?);
                            continue;
                        }
                        if c {
                            self.p.pos = save;
                        }
                    }
                    break;
                }
                let body = if c {
                    self.sym(")")?;
                    self.c_stmts()?
                } else {
                    self.expect_word("do")?;
                    let b = self.p_stmts(&["end"])?;
                    self.expect_word("end")?;
                    self.expect_word("with")?;
                    b
                };
                Ok(mk(self, StmtKind::With(decls, body)))
            }
            "await" | "when" if is_kw_here(self) => {
                self.p.advance();
                let e = self.expr()?;
                Ok(mk(self, StmtKind::Await(e)))
            }
            "print" if is_kw_here(self) => {
                self.p.advance();
                let e = self.expr()?;
                Ok(mk(self, StmtKind::Print(e)))
            }
            "assert" if is_kw_here(self) => {
                self.p.advance();
                let e = self.expr()?;
                Ok(mk(self, StmtKind::Assert(e)))
            }
            "yield" if self.in_mapping_macro && is_kw_here(self) => {
                self.p.advance();
                let e = self.expr()?;
                Ok(mk(self, StmtKind::Yield(e)))
            }
            "skip" if is_kw_here(self) => {
                self.p.advance();
                Ok(mk(self, StmtKind::Skip))
            }
            "return" if is_kw_here(self) => {
                self.p.advance();
                Ok(mk(self, StmtKind::Return))
            }
            "goto" if is_kw_here(self) => {
                self.p.advance();
                let l = self.p.expect_ident()?;
                Ok(mk(self, StmtKind::Goto(l.name)))
            }
            "call" if is_kw_here(self) => {
                self.p.advance();
                let target = self.p.expect_ident()?;
                let args = self.parse_args()?;
                Ok(mk(self, StmtKind::Call(target, args)))
            }
            _ if self.p.peek_n(1).is_sym("(") => {
                let target = self.p.expect_ident()?;
                self.sym("(")?;
                let mut args = Vec::new();
                if !self.peek().is_sym(")") {
                    args = self.p.parse_comma_exprs()?;
                }
                self.sym(")")?;
                Ok(mk(self, StmtKind::MacroCall(target, args)))
            }
            _ => self.parse_assignment(),
        }
    }

    fn parse_if(&mut self) -> PResult<Stmt> {
        let start = self.p.advance().start;
        if self.syntax == Syntax::C {
            self.sym("(")?;
            let c = self.expr()?;
            self.sym(")")?;
            let yes = self.c_stmts()?;
            let save = self.p.pos;
            self.p.eat_sym(";");
            let no = if self.eat_word("else") {
                self.c_stmts()?
            } else {
                self.p.pos = save;
                Vec::new()
            };
            return Ok(Stmt { kind: StmtKind::If(c, yes, no), span: Span::new(start, self.p.last_end()) });
        }
        let stmt = self.p_if_rest(start)?;
        self.expect_word("end")?;
        self.expect_word("if")?;
        Ok(stmt)
    }

    /// P syntax: after `if`/`elsif`: `cond then stmts [elsif ...|else stmts]` (without `end if`).
    fn p_if_rest(&mut self, start: usize) -> PResult<Stmt> {
        self.p.enter()?;
        let r = self.p_if_rest_inner(start);
        self.p.leave();
        r
    }

    fn p_if_rest_inner(&mut self, start: usize) -> PResult<Stmt> {
        let c = self.expr()?;
        self.expect_word("then")?;
        let yes = self.p_stmts(&["elsif", "else", "end"])?;
        let no = if self.is_word("elsif") {
            let s = self.p.advance().start;
            vec![self.p_if_rest(s)?]
        } else if self.eat_word("else") {
            self.p_stmts(&["end"])?
        } else {
            Vec::new()
        };
        Ok(Stmt { kind: StmtKind::If(c, yes, no), span: Span::new(start, self.p.last_end()) })
    }

    /// P syntax statement list up to one of `stops`; every statement ends with `;`.
    fn p_stmts(&mut self, stops: &[&str]) -> PResult<Vec<Stmt>> {
        let mut out = Vec::new();
        loop {
            if stops.iter().any(|w| self.is_word(w)) && !self.p.peek_n(1).is_sym(":=") {
                if out.is_empty() {
                    return Err(self.p.error_here("a statement"));
                }
                return Ok(out);
            }
            if self.at_label() {
                out.push(self.labeled(Syntax::P)?);
            } else {
                out.push(self.unlabeled()?);
                self.sym(";")?;
            }
        }
    }

    fn parse_lhs(&mut self) -> PResult<Lhs> {
        let t = self.peek().clone();
        let mut lhs = if t.text == "$variable" {
            self.p.advance();
            Lhs::DollarVariable(Span::new(t.start, t.end))
        } else if t.kind == Kind::Kw {
            self.p.advance();
            Lhs::Var(Ident { name: t.text.clone(), span: Span::new(t.start, t.end) })
        } else {
            Lhs::Var(self.p.expect_ident()?)
        };
        loop {
            if self.p.eat_sym("[") {
                let idx = self.p.parse_comma_exprs()?;
                self.sym("]")?;
                lhs = Lhs::Index(Box::new(lhs), idx, Span::new(t.start, self.p.last_end()));
            } else if self.peek().is_sym(".") {
                self.p.advance();
                let f = self.p.advance();
                let s = Expr::new(ExprKind::Str(f.text.clone()), Span::new(f.start, f.end));
                lhs = Lhs::Index(Box::new(lhs), vec![s], Span::new(t.start, self.p.last_end()));
            } else {
                return Ok(lhs);
            }
        }
    }

    fn parse_assignment(&mut self) -> PResult<Stmt> {
        let start = self.peek().start;
        let mut pairs = Vec::new();
        loop {
            let pstart = self.peek().start;
            let lhs = self.parse_lhs()?;
            self.sym(":=")?;
            let rhs = self.expr()?;
            pairs.push(AssignPair { lhs, rhs, span: Span::new(pstart, self.p.last_end()) });
            if !self.p.eat_sym("||") {
                break;
            }
        }
        Ok(Stmt { kind: StmtKind::Assign(pairs), span: Span::new(start, self.p.last_end()) })
    }
}

/// Parses the algorithm block of a file (`--mpcal` or `--algorithm`).
pub fn parse_block(src: &str) -> PResult<(Block, BlockLocation)> {
    let loc = locate_block(src).ok_or_else(|| {
        Diagnostic::parse(0, "no `--mpcal` or `--algorithm` block found in a comment")
    })?;
    let mut pp = PcalParser::new(src, loc)?;
    let b = pp.parse_block()?;
    Ok((b, loc))
}

#[allow(dead_code)]
fn _ident(t: &Token) -> Ident {
    ident_of(t)
}

/// The `--algorithm` block inside `\* BEGIN PLUSCAL TRANSLATION` ... `\* END PLUSCAL TRANSLATION`.
pub fn locate_translation(src: &str) -> Option<BlockLocation> {
    let begin = src.find("\\* BEGIN PLUSCAL TRANSLATION")?;
    let end = begin + src[begin..].find("\\* END PLUSCAL TRANSLATION")?;
    let start = begin + src[begin..end].find("--")?;
    Some(BlockLocation { start, comment_end: end })
}

/// Parses the generated PlusCal algorithm of an `.expectpcal`-style file.
pub fn parse_translation(src: &str) -> PResult<Block> {
    let loc = locate_translation(src).ok_or_else(|| Diagnostic::parse(0, "no PlusCal translation block"))?;
    let mut pp = PcalParser::new(src, loc)?;
    pp.parse_block()
}
